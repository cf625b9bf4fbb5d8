"""Where worker processes are spawned or come from a forkserver, each worker imports the main
script again, as __mp_main__, and receives its arguments pickled: a script's top level runs in
every worker, starting processes there fails with an error in each worker, and code under
if __name__ == "__main__": runs only when the file is run as a program."""

import multiprocessing
import pathlib
import subprocess
import sys
import unittest

PYTHON_DOC = "https://docs.python.org/3/library/multiprocessing.html#contexts-and-start-methods"

GUARDED = """
import multiprocessing, os, sys
os.write(1, f"top {__name__}\\n".encode())  # one write: lines of two processes do not mix

def double(x):
    return 2 * x

if __name__ == "__main__":
    os.write(1, b"guarded\\n")
    context = multiprocessing.get_context(sys.argv[1])
    workers = [context.Process(target=double, args=(i,)) for i in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    os.write(1, f"exitcodes {[worker.exitcode for worker in workers]}\\n".encode())
"""

UNGUARDED = """
import multiprocessing, sys
print("top", __name__, flush=True)

def double(x):
    return 2 * x

worker = multiprocessing.get_context(sys.argv[1]).Process(target=double, args=(1,))
worker.start()
worker.join()
print("exitcode", worker.exitcode, flush=True)
"""


def run(source, *arguments, name="script.py"):
    path = pathlib.Path(name)
    path.write_text(source)
    done = subprocess.run(
        [sys.executable, str(path), *arguments],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout.splitlines(), done.stderr


def needs(method):
    if method not in multiprocessing.get_all_start_methods():
        raise unittest.SkipTest(f"no {method} start method here; documented at {PYTHON_DOC}")


def case_import_runs_top_level():
    """a module imported (not run as a program): its top level runs, its guarded block does not"""
    pathlib.Path("imported_module.py").write_text(
        "ran = ['top']\nif __name__ == '__main__':\n    ran.append('guarded')\n"
    )
    sys.path.insert(0, ".")
    try:
        import imported_module
    finally:
        sys.path.remove(".")
        sys.modules.pop("imported_module", None)
    assert imported_module.ran == ["top"], imported_module.ran


def case_run_as_program():
    """python script.py and python -m script: the guarded block runs"""
    pathlib.Path("program.py").write_text("if __name__ == '__main__':\n    print('guarded')\n")
    for command in (["program.py"], ["-m", "program"]):
        done = subprocess.run(
            [sys.executable, *command],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=".",
        )
        assert done.stdout.split() == ["guarded"], f"{command}: {done.stdout!r} {done.stderr!r}"


def check_reimported(method):
    lines, stderr = run(GUARDED, method)
    tops = [line for line in lines if line.startswith("top")]
    assert lines[-1:] == ["exitcodes [0, 0]"], f"the workers failed: {lines} {stderr[-300:]!r}"
    assert lines.count("guarded") == 1, f"the guarded block ran {lines.count('guarded')} times"
    assert tops[0] == "top __main__", tops
    assert tops[1:] == ["top __mp_main__"] * 2, f"with 2 workers: {tops}"


def case_spawn_reimports():
    """spawn, 2 workers: each imports the script again as __mp_main__"""
    needs("spawn")
    check_reimported("spawn")


def case_forkserver_reimports():
    """forkserver, 2 workers: each imports the script again as __mp_main__"""
    needs("forkserver")
    check_reimported("forkserver")


def case_unguarded_fails_in_each_worker():
    """spawn, a script that starts a process at its top level"""
    needs("spawn")
    lines, stderr = run(UNGUARDED, "spawn")
    assert "RuntimeError" in stderr and "bootstrapping phase" in stderr, stderr[-300:]
    assert lines[-1] == "exitcode 1", f"the main process saw {lines}"


PICKLED = """
import multiprocessing, sys

def call(function):
    assert function() == 1

if __name__ == "__main__":
    worker = multiprocessing.get_context(sys.argv[1]).Process(target=call, args=(lambda: 1,))
    try:
        worker.start()
    except Exception as error:
        print("refused", type(error).__name__, flush=True)
    else:
        worker.join()
        print("exitcode", worker.exitcode, flush=True)
"""


def case_arguments_pickled():
    """spawn, a worker given an argument that cannot be pickled (a lambda): refused at start"""
    needs("spawn")
    lines, stderr = run(PICKLED, "spawn")
    assert lines and lines[-1].startswith("refused"), f"{lines} {stderr[-300:]!r}"


def case_fork_inherits():
    """fork, the same lambda: the forked worker inherits it, nothing is pickled"""
    needs("fork")
    lines, stderr = run(PICKLED, "fork")
    assert lines == ["exitcode 0"], f"{lines} {stderr[-300:]!r}"
