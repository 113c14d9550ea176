"""Running many matches: in this process, on worker processes, or on a Ray cluster.

A study is a list of :class:`Task` (index, lineup, seed). Each task's result depends on the
task alone (its seeds come from the study seed and the index), so the results are identical
in one process, on ``workers`` processes and on Ray; they are returned sorted by index.

A *save file* (JSON Lines) keeps finished tasks: a header line with the study's settings,
then one line per result, written and synced to disk as soon as it ends. Run again with the
same file, only the missing tasks are played, so an interrupted study resumes and a longer
one extends a shorter one. A file of another study, or a line that is not one of its tasks,
is refused with a ``ValueError`` naming the file and line; an unfinished last line (the
writer was killed mid-line) is cut off.

Ray (``pip install tycoon[ray]``): ``ray="local"`` starts a local cluster (all the
machine's cores unless ``workers`` > 1 says how many); any other value is the address of
a running cluster (``ray://host:10001`` or ``host:6379``, or ``auto``), passed to
``ray.init`` once something answers there (Ray itself would wait for it without end).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from tycoon.workers import context as workers_context
from tycoon.workers import known_here, start_worker

from .match import MatchResult

#: ``--ray`` without an address: start a local Ray cluster.
LOCAL = "local"
#: The most games one study plays: its tasks and results are held in memory (about a
#: kilobyte a game), and a million games take hours on a few cores.
MAX_GAMES = 1_000_000


def check_games(games: object, what: str = "games", least: int = 1,
                most: int = MAX_GAMES) -> int:
    """``games`` if it is a whole number from ``least`` to ``most`` (:data:`MAX_GAMES`), else a
    ``ValueError``.

    >>> check_games(0)
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number from 1 to 1,000,000, not 0
    """
    if isinstance(games, bool) or not isinstance(games, int) or not least <= games <= most:
        raise ValueError(f"{what} must be a whole number from {least:,} to {most:,}, "
                         f"not {games!r}")
    return games


def check_rotations(games: int, seats: int, what: str = "games") -> int:
    """``games`` if it is a whole number of seat rotations of ``seats`` bots, else a
    ``ValueError``: the last seed of a duplicate study would favour the seats it was played
    from.

    >>> check_rotations(3, 2)
    Traceback (most recent call last):
    ...
    ValueError: games must be a multiple of 2 (each seed is played once per seat rotation), not 3
    """
    if games % seats:
        raise ValueError(f"{what} must be a multiple of {seats} (each seed is played once per "
                         f"seat rotation), not {games}")
    return games


#: The signals that stop a study (Ctrl-C, ``kill``, the terminal closed).
STOPS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold :data:`STOPS` back until the block ends: a stop that came between a game's line in
    the save file and its count was told one game short. Blocking the signals in this thread
    is not enough: the system may hand one to another thread (a process pool's), and Python
    runs its handler in the main thread all the same. So the block's handlers only note a
    stop, and the first one noted is raised again, to the handler before, when it ends."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers, and only it runs them
        return
    noted: list[int] = []

    def note(signum: int, frame: Any) -> None:
        noted.append(signum)

    # a handler set outside Python (None) cannot be put back, so it is left alone
    kinds = [s for s in STOPS if signal.getsignal(s) is not None]
    before = {s: signal.signal(s, note) for s in kinds}
    try:
        yield
    finally:
        for kind, handler in before.items():
            signal.signal(kind, handler)
        if noted:
            signal.raise_signal(noted[0])


@dataclass(frozen=True)
class Task:
    """One match of a study: its index, who sits where, and the game's seed."""

    index: int
    lineup: tuple[str, ...]
    seed: int


def timing(seconds: float, resumed: int, games: int) -> str:
    """How long a study's run took, for its summary: the ``resumed`` of its ``games`` it took
    from its save file were not played in that time.

    >>> timing(2.5, 0, 10)
    'played in 2.5 s'
    >>> timing(0.5, 2000, 2400)
    '2,000 games from the save file, 400 played in 0.5 s'
    >>> timing(0.01, 2400, 2400)
    'all 2,400 games from the save file'
    """
    if not resumed:
        return f"played in {seconds} s"
    if resumed >= games:
        return f"all {games:,} games from the save file"
    return f"{resumed:,} games from the save file, {games - resumed:,} played in {seconds} s"


# ----------------------------------------------------------------------------- save files
def load_saved(
    path: Path, header: dict[str, Any], tasks: Sequence[Task], kind: type = MatchResult
) -> dict[int, Any]:
    """The results ``path`` already holds for the study ``header`` (index -> result).

    Only results of ``tasks`` are returned (a file of a longer study gives its prefix).
    """
    try:
        if not path.exists() or path.stat().st_size == 0:
            return {}
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    cut = raw.rfind(b"\n") + 1  # what follows the last newline is a half-written line
    lines = raw[:cut].decode("utf-8", errors="replace").splitlines()
    if not lines:
        lines = [raw.decode("utf-8", errors="replace")]

    def bad(n: int, why: str) -> ValueError:
        return ValueError(f"{path}, line {n}: {why}")

    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise bad(1, "not a save file (no JSON header)") from None
    if first != header:
        raise ValueError(
            f"{path} holds another {next(iter(header), 'study')} "
            f"({json.dumps(first)[:200]}); "
            "use another file, or the same game, bots, seed and options"
        )
    names = [f.name for f in fields(kind)]
    wanted = {t.index: t for t in tasks}
    saved: dict[int, Any] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise bad(number, "not JSON") from None
        if not isinstance(data, dict) or sorted(data) != sorted(names):
            raise bad(number, f"a game needs exactly the fields {', '.join(names)}")
        result = kind(**data)
        i = result.index
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise bad(number, f"bad game index {i!r}")
        task = wanted.get(i)
        if task is None:
            continue  # a game of a longer study: kept in the file, not used now
        if result.seed != task.seed or list(result.lineup) != list(task.lineup):
            raise bad(number, f"game {i} does not belong to this study")
        saved[i] = result
    if cut < len(raw):
        with path.open("r+b") as f:
            f.truncate(cut)
    return saved


def cannot_write(path: Path, exc: OSError, more: str = "") -> ValueError:
    """The error of a study's file the system would not write (a full disk, a folder it may
    not write in): "cannot write PATH: REASON" and ``more``, for the command to print."""
    return ValueError(f"cannot write {path}: {exc.strerror or exc}{more}")


@contextmanager
def exclusive(path: Path, busy: str = "", wait: bool = False) -> Iterator[None]:
    """Hold the file ``path`` for one run of one command (an ``flock`` on ``PATH.lock``, gone
    with the run, or with its process however it ends; the folder made if need be), whose
    writes another process's would mix with: while another holds it, ``ValueError(busy)``,
    or with ``wait`` wait for it (for a hold of a moment, such as a merge)."""
    import fcntl

    try:
        if path.is_dir():  # its lock would be beside the folder ("/": nowhere)
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    lock = path.with_name(path.name + ".lock")
    while True:
        try:
            fd = os.open(lock, os.O_CREAT | os.O_RDWR, 0o644)
        except OSError as exc:
            raise cannot_write(path, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise ValueError(busy) from None
        try:  # the lock file a run ending now has removed is held by nobody: take a new one
            if os.stat(lock).st_ino == os.fstat(fd).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(fd)
    try:
        yield
    finally:
        with suppress(OSError):
            os.unlink(lock)
        os.close(fd)


def held_save(save: Path) -> AbstractContextManager[None]:
    """Hold the save file ``save`` for this run: a second run of a study on it would play
    the same games again and append them a second time."""
    return exclusive(save, f"{save} is the save file of a run going on (another command is "
                           "playing its games): let it end, then run the same command to go "
                           "on, or choose another file for --save")


class Saver:
    """Appends finished results to a save file, each synced to disk before the next."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        new = not path.exists() or path.stat().st_size == 0
        self.path = path
        try:
            self.file = path.open("ab", buffering=0)  # nothing held back to fail at close
        except OSError as exc:
            raise cannot_write(path, exc) from None
        if new:
            self.write(header)

    def write(self, data: dict[str, Any]) -> None:
        """Append one JSON line and sync it; ValueError if the file cannot take it (a full
        disk): the lines written before stay, and a cut last line is dropped on resuming."""
        line = memoryview((json.dumps(data) + "\n").encode())
        try:
            while line:
                line = line[self.file.write(line):]
            os.fsync(self.file.fileno())
        except OSError as exc:
            raise cannot_write(self.path, exc, "; the games saved before are kept: run the "
                               "same command again to go on") from None

    def close(self) -> None:
        """Close the file."""
        self.file.close()


# ----------------------------------------------------------------------------- executors
def check_parallel(workers: int, ray: str | None) -> None:
    """Validate ``workers`` and ``ray`` (Ray must be installed when asked for)."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    if ray is not None:
        if not isinstance(ray, str) or not ray.strip():
            raise ValueError("--ray takes a cluster address, or nothing for a local cluster")
        try:
            import ray as _ray  # noqa: F401
        except ImportError:
            raise ValueError(
                "--ray needs Ray: pip install 'tycoon[ray]' (or pip install ray)"
            ) from None
        check_ray_address(ray.strip())


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Refuse an address of a Ray cluster that is not ``host:port`` (``ray://`` allowed),
    :data:`LOCAL` or ``auto``, or at which nothing answers within ``timeout`` seconds.

    >>> check_ray_address("local")
    >>> check_ray_address("10.0.0.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --ray takes host:port (10.0.0.5:6379, or ray://10.0.0.5:10001 ...; not '10.0.0.5'
    """
    if address == LOCAL:
        return
    target = _auto_address() if address == "auto" else address
    if target is None:
        return  # Ray finds no cluster for "auto", and says so when asked to join it
    host, sep, port = target.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("--ray takes host:port (10.0.0.5:6379, or ray://10.0.0.5:10001 for "
                         f"Ray Client), 'auto', or nothing for a local cluster; not {target!r}")
    if target != address:
        address = f"{target}, the address auto finds"
    try:
        conn = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout)
    except OSError as exc:
        raise ValueError(f"--ray: no Ray cluster answers at {address} "
                         f"({exc.strerror or exc}); start one with `ray start --head`, or "
                         "give --ray alone for a local one") from None
    with conn:
        if os.environ.get("RAY_USE_TLS", "0").lower() in ("0", "false") and not _speaks_http2(
                conn):
            raise ValueError(f"--ray: what answers at {address} is not a Ray cluster (it does "
                             "not speak gRPC); `ray start --head` prints the address to give "
                             "(port 6379 unless told otherwise, ray://HOST:10001 for Ray "
                             "Client)")


def _auto_address() -> str | None:
    """The cluster Ray joins for ``auto``: ``RAY_ADDRESS``, else the last ``ray start`` of
    this machine (Ray keeps its address after that head has gone, and then waited for it
    without end), else a head running here; None if there is none."""
    from ray._private.services import canonicalize_bootstrap_address

    if os.environ.get("RAY_ADDRESS"):
        return os.environ["RAY_ADDRESS"]
    try:
        return canonicalize_bootstrap_address("auto")
    except (ConnectionError, ValueError):
        return None


#: An HTTP/2 client's first bytes: the connection preface and an empty SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def _speaks_http2(conn: socket.socket) -> bool:
    """Whether the server on ``conn`` answers HTTP/2's preface as gRPC servers do, with a
    SETTINGS frame (RFC 9113, section 3.4): Ray's head and its Ray Client server do; another
    service (Redis, a web server) closes, answers otherwise, or stays silent until the
    socket's timeout."""
    try:
        conn.sendall(_HTTP2_PREFACE)
        head = b""
        while len(head) < 9:
            chunk = conn.recv(9 - len(head))
            if not chunk:
                return False
            head += chunk
    except OSError:
        return False
    return head[3] == 4


def _ray_refused(address: str, exc: BaseException | None) -> str:
    """Why joining the Ray cluster at ``address`` failed, and what to do about it."""
    causes: list[BaseException] = []
    while exc is not None and all(exc is not c for c in causes):
        causes.append(exc)
        exc = exc.__cause__ or exc.__context__
    if any(type(c).__name__ == "AuthenticationError" or "InvalidAuthToken" in str(c)
           for c in causes):
        return (f"--ray: the Ray cluster at {address} asks for its token (Ray 2.59 and later "
                "start clusters with token authentication): set RAY_AUTH_MODE=token, with the "
                "cluster's token in ~/.ray/auth_token or RAY_AUTH_TOKEN (`ray get-auth-token` "
                "on the head prints it)")
    last = str(causes[0]).strip().splitlines()
    return (f"--ray: could not join the Ray cluster at {address}"
            + (f" ({last[-1]})" if last else "")
            + "; is the address the one `ray start --head` printed?")


def _pool_map(fn: Callable[[Any], Any], items: list[Any], workers: int) -> Iterator[Any]:
    with workers_context().Pool(min(workers, len(items)), initializer=start_worker,
                                initargs=known_here()) as pool:
        yield from pool.imap_unordered(fn, items)


def _chunk(fn: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    return [fn(item) for item in items]


#: The logger of Ray's notice on token authentication when it starts a local cluster.
RAY_AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"


#: Ray Client's words when the server it starts for a connection dies as it starts, as it may
#: on a loaded head: a new connection starts another.
RAY_CLIENT_SERVER_FAILED = "Starting Ray client server failed"


def _ray_join(ray: Any, address: str, tries: int = 3) -> None:
    """``ray.init`` at ``address``; a refusal is a ``ValueError`` saying why
    (:func:`_ray_refused`), after ``tries`` connections where Ray Client's server failed to
    start."""
    for attempt in range(1, tries + 1):
        try:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
            return
        except (ConnectionError, RuntimeError) as exc:
            if attempt == tries or RAY_CLIENT_SERVER_FAILED not in str(exc):
                raise ValueError(_ray_refused(address, exc)) from None
            ray.shutdown()
            time.sleep(attempt)


def _ray_map(fn: Callable[[Any], Any], items: list[Any], address: str,
             workers: int) -> Iterator[Any]:
    """Results of ``fn`` over ``items`` on Ray, as they end; items go in small chunks (about
    eight per CPU of the cluster) so the per-task cost of Ray stays small."""
    import ray

    started = False
    if not ray.is_initialized():
        if address == LOCAL:
            # a cluster of this run only, on this machine: Ray's notice that it is started
            # with token authentication is not news to whoever runs a tournament. Without
            # "local", Ray joins RAY_ADDRESS or the last `ray start` of this machine, and
            # waits without end for one that has gone.
            logging.getLogger(RAY_AUTH_LOGGER).setLevel(logging.ERROR)
            ray.init(address="local", num_cpus=workers if workers > 1 else None,
                     include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            _ray_join(ray, address)
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, len(items) // (cpus * 8))
        remote = ray.remote(_chunk)
        pending = [remote.remote(fn, items[i:i + size]) for i in range(0, len(items), size)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def run_tasks(
    fn: Callable[[Any], Any],
    items: Iterable[Any],
    workers: int = 1,
    ray: str | None = None,
    done: Callable[[Any], None] | None = None,
) -> list[Any]:
    """``fn(item)`` for every item, here, on ``workers`` processes or on Ray (``ray``:
    :data:`LOCAL` or an address); ``done(result)`` is called as each ends (any order).

    ``fn`` must be a module-level function (it is pickled to the workers).
    """
    check_parallel(workers, ray)
    items = list(items)
    out: list[Any] = []
    if not items:
        return out
    if ray is not None:
        results: Iterable[Any] = _ray_map(fn, items, ray, workers)
    elif workers == 1 or len(items) == 1:
        results = (fn(item) for item in items)
    else:
        results = _pool_map(fn, items, workers)
    for r in results:
        out.append(r)
        if done is not None:
            done(r)
    return out


@dataclass(frozen=True)
class Run:
    """What :func:`run_study` hands back: every result sorted by index, the indices of those
    taken from the save file, and how long the run took, in seconds."""

    results: list[Any]
    resumed: frozenset[int]
    seconds: float


def run_study(
    play: Callable[[Any], Any],
    tasks: Sequence[Task],
    make_item: Callable[[Task], Any],
    header: dict[str, Any],
    save: Path | None = None,
    workers: int = 1,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    kind: type = MatchResult,
    on_result: Callable[[Any], Any] | None = None,
    on_saved: Callable[[set[int]], Any] | None = None,
) -> Run:
    """Play ``tasks`` (reusing those in ``save``), saving each result as it ends.

    ``make_item(task)`` is what ``play`` receives; ``progress(k)`` counts results (the
    reused ones first, in one call); ``on_result``, if given, takes in this process what
    ``play`` returned and gives the result to keep (a study that brings back more than its
    result, such as a game's record, writes it there); ``on_saved``, if given, gets the
    indices of the results taken from ``save``, before any is played.
    """
    check_parallel(workers, ray)
    start = time.perf_counter()
    with nullcontext() if save is None else held_save(save):
        saved = load_saved(save, header, tasks, kind) if save is not None else {}
        if on_saved is not None:
            on_saved(set(saved))
        todo = [t for t in tasks if t.index not in saved]
        results: list[Any] = list(saved.values())
        if progress and saved:
            progress(len(saved))
        saver = Saver(save, header) if save is not None and todo else None

        def done(r: Any) -> None:
            if on_result is not None:
                r = on_result(r)
            with signals_held():  # a stop counts the games the file keeps, no fewer
                results.append(r)
                if saver is not None:
                    saver.write(asdict(r))
                if progress:
                    progress(1)

        try:
            run_tasks(play, [make_item(t) for t in todo], workers, ray, done)
        finally:
            if saver is not None:
                saver.close()
        results.sort(key=lambda r: r.index)
        return Run(results, frozenset(saved), time.perf_counter() - start)
