"""A time limit on everything the build runs, set by one variable.

    TORCH_NOTES_TIME_LIMIT=600 nox -s docs      # seconds for each run (default: DEFAULT_SECONDS)

Each gallery example, note fragment, exercise solution and notebook, each child process the
build starts (the history probe) gets that many
seconds. A run past its limit fails the build with one message naming the file, the cell or
line it had reached, the limit, and what was still running (the code's last frames, and the
child processes it had started)::

    with time_limit("gallery/data/plot_load_batches.py", locate=cell_of(script)):
        ...                                 # raises TimeLimitExceeded when the limit passes

Two stages, because a hang need not be in Python. At the limit, ``SIGALRM`` raises
:class:`TimeLimitExceeded` in the main thread: Python's own code unwinds, so a
``subprocess.run`` kills its child and a ``DataLoader`` stops its workers, and the runner
(sphinx-gallery, the snippet runner) reports the failure as it reports any error.
:data:`GRACE_SECONDS` later, if the run has still not ended (the exception was swallowed, or
the main thread is stuck in C code that never returns to Python), a watchdog thread prints the
same message with every thread's stack, kills the process's children and ends the process
with status :data:`EXIT_STATUS`.
"""

from __future__ import annotations

import contextlib
import faulthandler
import linecache
import os
import signal
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

LIMIT_VARIABLE = "TORCH_NOTES_TIME_LIMIT"
# The slowest single run measured is plot_load_batches.py, 1.5 s on the pin (2.13, CPU, 2
# cores; sphinx-gallery's cost files); the whole history probe of a release takes 16-20 s. 120 s
# leaves a slow machine, a GPU's start-up and a busy CI runner 80 times that, and a hang still
# fails within about two and a half minutes.
DEFAULT_SECONDS = 120.0
GRACE_SECONDS = 30.0  # how long a run may take to unwind once its limit has passed
EXIT_STATUS = 124  # what `timeout` exits with


class TimeLimitExceeded(Exception):
    """A run went past its time limit; the message says which, where and what still ran."""


def limit_seconds() -> float:
    """The limit of one run: :data:`LIMIT_VARIABLE`, or :data:`DEFAULT_SECONDS`."""
    text = os.environ.get(LIMIT_VARIABLE, "").strip()
    if not text:
        return DEFAULT_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise ValueError(f"{LIMIT_VARIABLE}={text!r}: give the limit of one run in seconds (> 0)")
    return seconds


def child_processes(pid: int | None = None) -> list[tuple[int, str]]:
    """``(pid, command line)`` of every process below ``pid`` (this one), children first.

    Read from Linux's /proc; elsewhere, multiprocessing's children are all it knows."""
    pid = os.getpid() if pid is None else pid
    tasks = Path(f"/proc/{pid}/task")
    if not tasks.is_dir():
        import multiprocessing

        return [(child.pid or 0, child.name) for child in multiprocessing.active_children()]
    found = []
    for task in sorted(tasks.iterdir()):
        with contextlib.suppress(OSError):
            for child in map(int, (task / "children").read_text().split()):
                with contextlib.suppress(OSError):
                    raw = Path(f"/proc/{child}/cmdline").read_bytes()
                    found.append((child, raw.replace(b"\0", b" ").decode(errors="replace").strip()))
                found += child_processes(child)
    return found


def process_running(pid: int) -> bool:
    """Whether a process runs: a zombie (ended, not yet reaped by its parent) does not.

    Read from Linux's /proc, where a zombie shows as state ``Z``; elsewhere by a signal 0."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        if Path("/proc/self").is_dir():
            return False  # /proc is there, and this process is not in it
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True  # it runs, as another user
        return True
    return stat.rpartition(")")[2].split()[0] != "Z"


def last_frames(frame: FrameType | None, count: int = 3) -> str:
    """The innermost frames of a stack, one line each: ``file:line in function: code``."""
    lines = []
    for summary in traceback.extract_stack(frame)[-count:]:
        code = (summary.line or linecache.getline(summary.filename, summary.lineno or 0)).strip()
        lines.append(f"{summary.filename}:{summary.lineno} in {summary.name}: {code}")
    return "; ".join(lines)


def report(what: str, seconds: float, frame: FrameType | None, locate: Locator | None) -> str:
    where = locate(frame) if locate and frame else ""
    children = child_processes()
    running = "; ".join(f"{pid} {command[:200]}" for pid, command in children) or "none"
    return (
        f"{what}{f', {where}' if where else ''}: still running after its time limit of "
        f"{seconds:g} s ({LIMIT_VARIABLE}). Still running: {last_frames(frame)}. "
        f"Child processes: {running}"
    )


Locator = Callable[[FrameType], str]


def line_in(filename: str) -> Locator:
    """A locator for code compiled from ``filename``: the line its innermost frame there ran."""

    def locate(frame: FrameType) -> str:
        here: FrameType | None = frame
        while here is not None:
            if here.f_code.co_filename == filename:
                code = linecache.getline(filename, here.f_lineno).strip()
                return f"line {here.f_lineno}" + (f" ({code})" if code else "")
            here = here.f_back
        return ""

    return locate


@contextlib.contextmanager
def time_limit(
    what: str, locate: Locator | None = None, seconds: float | None = None
) -> Iterator[None]:
    """Run the block within the limit (see the module's docstring); ``locate`` turns the frame
    the block had reached into words (``cell two_workers``)."""
    seconds = limit_seconds() if seconds is None else seconds
    watchdog = Watchdog(what, seconds, locate)
    watchdog.start()
    try:
        yield
    finally:
        watchdog.stop()


class Watchdog:
    """The two stages of one limit; started and stopped by :func:`time_limit`, or by hooks
    that see only the start and the end of a run (sphinx-gallery's reset hooks)."""

    def __init__(self, what: str, seconds: float, locate: Locator | None = None) -> None:
        self.what, self.seconds, self.locate = what, seconds, locate
        self.main = threading.main_thread().ident
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.last_resort, daemon=True, name="time-limit")
        self.alarm = threading.current_thread() is threading.main_thread() and hasattr(
            signal, "setitimer"
        )
        self.previous: Any = None

    def start(self) -> None:
        if self.alarm:
            self.previous = signal.signal(signal.SIGALRM, self.on_alarm)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        self.thread.start()

    def stop(self) -> None:
        self.done.set()
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous or signal.SIG_DFL)

    def on_alarm(self, signum: int, frame: FrameType | None) -> None:
        raise TimeLimitExceeded(report(self.what, self.seconds, frame, self.locate))

    def last_resort(self) -> None:
        if self.done.wait(self.seconds + GRACE_SECONDS):
            return
        frame = sys._current_frames().get(self.main or 0)
        message = report(self.what, self.seconds, frame, self.locate)
        # The real standard error: the run may have redirected sys.stderr into what it captures.
        stderr = sys.__stderr__ or sys.stderr
        print(
            f"\nERROR: {message}\n{GRACE_SECONDS:g} s later it had not stopped; ending the "
            "build. Every thread's stack:",
            file=stderr,
            flush=True,
        )
        faulthandler.dump_traceback(file=stderr, all_threads=True)
        for pid, _command in reversed(child_processes()):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        os._exit(EXIT_STATUS)


def run(command: list[str], what: str, **options: Any) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run(..., check=True)`` within the limit (``options["timeout"]`` where
    given), failing with :class:`TimeLimitExceeded` that names ``what`` and the command."""
    seconds = options.pop("timeout", None) or limit_seconds()
    try:
        return subprocess.run(command, check=True, timeout=seconds, **options)
    except subprocess.TimeoutExpired as expired:
        raise TimeLimitExceeded(
            f"{what}: still running after its time limit of {seconds:g} s ({LIMIT_VARIABLE}); "
            f"killed: {' '.join(map(str, command))[:300]}"
        ) from expired
