"""Worker processes (``tycoon.workers``): spawned, knowing this process's run-time games and
bots, and ending with their parent."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PARENT = """
import os, sys
from concurrent.futures import ProcessPoolExecutor
from tycoon.workers import context, known_here, start_worker

if __name__ == "__main__":
    pool = ProcessPoolExecutor(2, mp_context=context(), initializer=start_worker,
                               initargs=known_here())
    pids = {pool.submit(os.getpid).result() for _ in range(8)}
    print(" ".join(map(str, sorted(pids))), flush=True)
    sys.stdin.read()
"""


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_workers_end_when_their_parent_is_killed(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(p) for p in parent.stdout.readline().split()]
        assert workers and all(_alive(p) for p in workers)
        os.kill(parent.pid, signal.SIGKILL)  # no chance to shut its pool down
        parent.wait()
        for _ in range(200):
            if not any(_alive(p) for p in workers):
                break
            time.sleep(0.05)
        assert not any(_alive(p) for p in workers)
    finally:
        parent.kill()
        parent.wait()
