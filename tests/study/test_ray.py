"""Tournaments and studies on a local Ray cluster give the results of ``--workers 2``
for the same seed (issue 15)."""

import pytest

from tycoon.study.ladder import run_ladder
from tycoon.study.runner import check_parallel
from tycoon.study.simulate import simulate
from tycoon.study.stats import run_stats
from tycoon.study.tournament import run_tournament

ray = pytest.importorskip("ray")

# One local Ray cluster at a time: the module's tests run on one xdist worker (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("ray")


def _plain(results):
    out = []
    for r in results:
        d = dict(vars(r))
        d.pop("think", None)
        out.append(d)
    return out


def test_a_local_cluster_starts_without_rays_notices():
    """``--ray`` alone starts a cluster for the run: the output is the study's, not Ray's
    notice that its cluster has token authentication. (First in the module: before the
    module's own cluster is started.)"""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "tycoon.cli", "simulate", "deal", "--games",
                          "2", "--ray"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Token authentication" not in run.stderr and "2 games (2 finished" in run.stdout


def no_head_running(seconds: float = 60) -> None:
    """Wait, for at most ``seconds``, until no Ray node of an earlier run is left on this
    machine (found as Ray finds them, by their processes)."""
    import time

    from ray._private.services import find_gcs_addresses

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        find_gcs_addresses.cache_clear()
        if not find_gcs_addresses():
            return
        time.sleep(0.5)


def test_a_local_cluster_is_the_runs_own_whatever_cluster_the_machine_knows(tmp_path):
    """``--ray`` alone starts a cluster for the run even where Ray would join another: the
    last ``ray start`` of the machine is in Ray's address file after its head has gone (a
    head run with ``--block`` and stopped, or crashed), and Ray, asked for no address, joined
    it and waited for it without end, saying every 5 s that it could not reach it. ``--ray
    auto``, which means such a cluster, waited so too: it is now refused at once. (Given
    here through ``RAY_ADDRESS``, the first place ``auto`` looks: after the address file Ray
    joins any node running on the machine, and a CI run had one still running, of unknown
    origin, after waiting 60 s for it.)"""
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import tempfile

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        gone = f"127.0.0.1:{free.getsockname()[1]}"  # nothing listens there once closed
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's sockets live under it
    try:
        os.makedirs(f"{temp}/ray")
        with open(f"{temp}/ray/ray_current_cluster", "w") as file:
            file.write(gone)
        env = {**os.environ, "RAY_TMPDIR": temp}
        run = subprocess.run([sys.executable, "-m", "tycoon.cli", "simulate", "deal", "--games",
                              "2", "--ray"], capture_output=True, text=True, timeout=120, env=env)
        # "auto" is refused at once, as an address where nothing answers
        auto = subprocess.run([sys.executable, "-m", "tycoon.cli", "simulate", "deal",
                               "--games", "2", "--ray", "auto"], capture_output=True, text=True,
                              timeout=120, env={**env, "RAY_ADDRESS": gone})
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    assert run.returncode == 0, run.stderr
    assert "2 games (2 finished" in run.stdout and gone not in run.stderr
    assert auto.returncode == 2
    assert ", the address auto finds (Connection refused)" in auto.stderr, auto.stderr


def test_a_cluster_of_ray_start_is_joined_by_its_address_and_by_ray_client():
    """docs/bots.md: a cluster started with ``ray start --head`` plays a study's games given
    ``--ray HOST:PORT`` or ``--ray ray://HOST:PORT`` (Ray Client), with the results of
    ``--workers 2``. ``tycoon[ray]`` installed the plain ``ray``, without which ``ray://``
    ended in Ray's "Ray Client requires pip package ray[client]" and a head started no Ray
    Client server; it installs ``ray[client]`` now. The head asks for a token (Ray's token
    authentication, ``RAY_AUTH_TOKEN`` here): without it the run is refused, saying how to
    give it."""
    import json
    import os
    import secrets
    import shutil
    import socket
    import subprocess
    import sys
    import tempfile
    import time
    from pathlib import Path

    def free_port() -> int:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]

    # each run says its own RAY_AUTH_* (a local cluster sets RAY_AUTH_MODE in its process)
    bare = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
    token = {**bare, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}

    def tournament(*flags: str, env: dict[str, str]) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tycoon.cli", "tournament", "deal",
                               "--bots", "medium,easy", "--games", "8", "--seed", "3",
                               "--json", *flags], capture_output=True, text=True, timeout=300,
                              env=env)

    def results(*flags: str) -> list[dict]:
        run = tournament(*flags, env=token)
        # Ray Client's own log says why its server for this run did not start
        logs = "".join(f"\n{f}:\n{f.read_text()[-3000:]}"
                       for f in Path(temp).glob("session_latest/logs/ray_client_server*"))
        assert run.returncode == 0, run.stderr + logs
        return [{k: v for k, v in r.items() if k != "think"}
                for r in json.loads(run.stdout)["results"]]

    no_head_running()  # before the module's own cluster, and once the runs before have ended
    gcs, client = free_port(), free_port()
    # its own temporary folder (short: Ray's sockets live under it), so that the machine's
    # Ray keeps no address of a head that has gone
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")
    head = subprocess.Popen(
        [str(Path(sys.executable).with_name("ray")), "start", "--head", "--block",
         f"--port={gcs}", f"--ray-client-server-port={client}", "--include-dashboard=false",
         "--num-cpus=2", "--disable-usage-stats", f"--temp-dir={temp}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=token)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert head.poll() is None, head.stderr.read()
            try:
                socket.create_connection(("127.0.0.1", client), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "ray start --head did not come up"
                time.sleep(0.5)
        on_workers = results("--workers", "2")
        assert results("--ray", f"127.0.0.1:{gcs}") == on_workers
        assert results("--ray", f"ray://127.0.0.1:{client}") == on_workers
        refused = tournament("--ray", f"127.0.0.1:{gcs}", env=bare)
        assert refused.returncode == 2
        assert "asks for its token" in refused.stderr and "RAY_AUTH_MODE=token" in refused.stderr
    finally:
        head.terminate()  # --block: the head stops every process of its node
        head.wait(timeout=60)
        shutil.rmtree(temp, ignore_errors=True)


def test_ray_client_is_asked_again_when_its_server_fails_to_start(monkeypatch):
    """On a loaded head Ray Client's server for a connection may die as it starts ("Starting
    Ray client server failed", a CI run of the ray start test below met it): the run asks
    again, twice, before it gives up saying why; any other refusal is told at once."""
    from tycoon.study import runner

    asked: list[str] = []

    class FakeRay:
        def __init__(self, failures: int, words: str) -> None:
            self.failures, self.words = failures, words

        def init(self, address: str, **_kwargs) -> None:
            asked.append(address)
            if len(asked) <= self.failures:
                raise RuntimeError(self.words)

        def shutdown(self) -> None:
            pass

    monkeypatch.setattr(runner.time, "sleep", lambda _s: None)
    failed = "Starting Ray client server failed. See ray_client_server_23000.err for details."
    runner._ray_join(FakeRay(2, failed), "ray://h:1")
    assert asked == ["ray://h:1"] * 3
    asked.clear()
    with pytest.raises(ValueError, match=r"could not join the Ray cluster at ray://h:1 \(Start"):
        runner._ray_join(FakeRay(3, failed), "ray://h:1")
    assert len(asked) == 3
    asked.clear()
    with pytest.raises(ValueError, match="could not join"):
        runner._ray_join(FakeRay(1, "Version mismatch"), "ray://h:1")
    assert len(asked) == 1


@pytest.fixture(scope="module")
def cluster():
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_tournament_on_ray_equals_one_on_two_workers(cluster, tmp_path):
    bots = ["ismcts:iterations=10", "random"]
    on_ray = run_tournament("toy", bots, 8, seed=11, ray="local", records=tmp_path / "ray")
    on_pool = run_tournament("toy", bots, 8, seed=11, workers=2, records=tmp_path / "pool")
    assert _plain(on_ray.results) == _plain(on_pool.results)
    # the games' records come back from the cluster, the same as from worker processes
    recorded = sorted(p.name for p in (tmp_path / "ray").iterdir())
    assert recorded == [f"game-{i:05d}.json" for i in range(8)]
    for name in recorded:
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "pool" / name).read_text()
    # resumable on Ray from a save file written by worker processes
    save = tmp_path / "t.jsonl"
    run_tournament("toy", bots, 4, seed=11, workers=2, save=save)
    counted = []
    resumed = run_tournament("toy", bots, 8, seed=11, ray="local", save=save,
                             progress=counted.append)
    assert counted[0] == 4 and sum(counted) == 8
    assert _plain(resumed.results) == _plain(on_pool.results)


def test_simulate_stats_and_ladder_on_ray_equal_two_workers(cluster):
    a = simulate("toy", 6, seed=2, ray="local")
    b = simulate("toy", 6, seed=2, workers=2)
    assert _plain(a.outcomes) == _plain(b.outcomes)
    on_ray = run_stats("toy", 4, 3, {"bots": "random"}, ray="local")
    on_pool = run_stats("toy", 4, 3, {"bots": "random"}, workers=2)
    assert on_ray.pop("seconds") >= 0 and on_pool.pop("seconds") >= 0
    assert on_ray == on_pool
    la = run_ladder("toy", ["random", "firstpick"], 2, seed=1, ray="local", resamples=10)
    lb = run_ladder("toy", ["random", "firstpick"], 2, seed=1, workers=2, resamples=10)
    assert _plain(la.results) == _plain(lb.results) and la.table() == lb.table()


def test_ray_missing_is_a_clear_error(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ValueError, match=r"pip install 'tycoon\[ray\]'"):
        check_parallel(1, "local")


def test_bad_parallel_settings_are_refused():
    with pytest.raises(ValueError, match="workers"):
        check_parallel(0, None)
    with pytest.raises(ValueError, match="--ray"):
        check_parallel(1, "  ")


def test_a_ray_address_where_nothing_answers_is_refused_at_once():
    """Ray would wait without end for a cluster that is not there: --ray refuses an address
    at which nothing answers, or that is not one, before any game is played."""
    import socket

    from typer.testing import CliRunner

    from tycoon.cli import app

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # closed when the block ends: nothing listens there
    with pytest.raises(ValueError, match=f"no Ray cluster answers at 127.0.0.1:{port}"):
        check_parallel(1, f"127.0.0.1:{port}")
    with pytest.raises(ValueError, match="--ray takes host:port"):
        check_parallel(1, "ray://head")
    told = CliRunner().invoke(app, ["tournament", "toy", "--bots", "random,firstpick",
                                    "--games", "2", "--ray", f"ray://127.0.0.1:{port}"])
    assert told.exit_code != 0 and "no Ray cluster answers" in told.output, told.output


def test_a_ray_address_where_another_service_answers_is_refused(cluster):
    """Something else at the address (Redis on Ray's usual port 6379, a web server, a silent
    service) is refused at once: Ray would retry it without end. The local cluster's own head
    passes the same check."""
    import contextlib
    import socket
    import threading

    from tycoon.study.runner import check_ray_address

    gcs = ray.get_runtime_context().gcs_address
    check_ray_address(gcs)  # Ray's head answers HTTP/2 as gRPC servers do

    def serve(listener, reply):
        conn, _ = listener.accept()
        with conn, contextlib.suppress(OSError):
            conn.recv(64)
            if reply != b"":  # b"": closes at once; None: silent until the check gives up
                conn.sendall(reply or b"")
                conn.recv(64)

    replies = (b"-ERR unknown command 'PRI'\r\n", b"HTTP/1.1 400 Bad Request\r\n\r\n", b"", None)
    for reply in replies:
        with socket.socket() as listener:
            listener.bind(("127.0.0.1", 0))
            listener.listen()
            port = listener.getsockname()[1]
            threading.Thread(target=serve, args=(listener, reply), daemon=True).start()
            with pytest.raises(ValueError, match=f"at 127.0.0.1:{port} is not a Ray cluster"):
                check_ray_address(f"127.0.0.1:{port}", timeout=1)


def test_a_cluster_that_refuses_to_be_joined_is_told_with_its_reason():
    """Ray 2.59 and later start clusters that ask for a token; joining one without it ends,
    after Ray's retries, in a ConnectionError whose cause is the AuthenticationError: the
    user is told what to set, not shown Ray's traceback."""
    from tycoon.study.runner import _ray_refused

    try:
        try:
            raise ray.exceptions.AuthenticationError("RPC error: InvalidAuthToken: missing")
        except ray.exceptions.AuthenticationError as auth:
            raise RuntimeError("Failed to connect to GCS.") from auth
    except RuntimeError as failed:
        try:
            raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.5:6379") from failed
        except ConnectionError as exc:
            told = _ray_refused("10.0.0.5:6379", exc)
    assert "asks for its token" in told and "RAY_AUTH_MODE=token" in told
    other = _ray_refused("10.0.0.5:6379", ConnectionError("Failed to connect\nto the GCS"))
    assert other == ("--ray: could not join the Ray cluster at 10.0.0.5:6379 (to the GCS); is "
                     "the address the one `ray start --head` printed?")


def test_the_tournament_command_on_ray(cluster):
    import json

    from typer.testing import CliRunner

    from tycoon.cli import app

    runner = CliRunner()
    base = ["tournament", "toy", "--bots", "random,firstpick", "--games", "4", "--json"]
    a = runner.invoke(app, [*base, "--ray", "local"])
    b = runner.invoke(app, [*base, "--workers", "2"])
    assert a.exit_code == 0, a.output
    assert "toy tournament: 4/4" in a.stderr
    ra, rb = (json.loads(r.stdout)["results"] for r in (a, b))
    for rs in (ra, rb):
        for r in rs:
            r.pop("think")
    assert ra == rb
