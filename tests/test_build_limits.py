"""The build never hangs: it runs from a checkout at any path, every run has a time limit, and
Sphinx's parallel read is refused at once (torch_notes.time_limits, paths.build_scratch)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
import types
from pathlib import Path

import pytest

from torch_notes import paths, time_limits
from torch_notes.commands import build_site
from torch_notes.evidence.execution import snippet_runner

ROOT_OF_TEST = Path(__file__).parent / "roots" / "test-gallery-runs"
# The build as build_site arranges it: a scratch folder of its own, Sphinx in this process.
BUILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from torch_notes import paths
    from torch_notes.commands.build_site import build_main, sphinx_command
    assert paths.ROOT == Path.cwd(), (paths.ROOT, Path.cwd())  # the deep checkout's package
    with paths.build_scratch():
        sys.exit(build_main(sphinx_command(Path("docs"), Path("_build/html"))[3:]))
    """
)


def deep_checkout(tmp_path: Path, depth: int = 150) -> Path:
    """A copy of the package and of the test root at a path of at least ``depth`` characters."""
    checkout = tmp_path
    while len(str(checkout)) < depth:
        checkout /= "a-folder-deep-down-like-a-long-home-directory"
    shutil.copytree(
        paths.ROOT / "torch_notes",
        checkout / "torch_notes",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copytree(ROOT_OF_TEST, checkout / "docs")
    return checkout


def plant(checkout: Path, name: str, code: str) -> None:
    runs = checkout / "docs" / "examples" / "runs"
    (runs / name).write_text(code, encoding="utf-8")
    header = runs / "GALLERY_HEADER.rst"
    header.write_text(header.read_text(encoding="utf-8") + f"   {name}\n", encoding="utf-8")


def build(checkout: Path, limit: float) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {
        **os.environ,
        "PYTHONPATH": str(checkout),
        time_limits.LIMIT_VARIABLE: str(limit),
        "MPLBACKEND": "agg",
    }
    env.pop(paths.SCRATCH_VARIABLE, None)  # the build makes its own
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", BUILD],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=limit + time_limits.GRACE_SECONDS + 120,
        check=False,
    )
    return result, time.monotonic() - started


def test_a_deep_checkout_builds_an_example_with_worker_processes(tmp_path):
    checkout = deep_checkout(tmp_path)
    assert len(str(checkout)) >= 150
    # Before the scratch folder left the checkout, this build waited forever for a batch.
    result, _ = build(checkout, limit=60)
    assert result.returncode == 0, result.stderr[-3000:]
    page = checkout / "_build" / "html" / "auto_examples" / "runs" / "plot_two_workers.html"
    assert "[[12.0, 13.0], [14.0, 15.0]]" in page.read_text(encoding="utf-8")
    assert not list(checkout.rglob("pymp-*")), "multiprocessing's sockets are not in the checkout"


def test_an_example_past_its_limit_fails_the_build_naming_file_cell_and_child(tmp_path):
    checkout = deep_checkout(tmp_path, depth=0)
    plant(
        checkout,
        "plot_sleeps.py",
        '"""\nSleeps\n======\n\nA cell whose child process never ends.\n"""\n\n'
        "# %% naps\nimport subprocess\nimport sys\n\n"
        'subprocess.run([sys.executable, "-c", "import time; time.sleep(600)"], check=True)\n',
    )
    limit = 5
    result, seconds = build(checkout, limit=limit)
    assert result.returncode != 0
    assert seconds < limit + time_limits.GRACE_SECONDS, seconds
    message = result.stdout + result.stderr
    assert "TimeLimitExceeded" in message, message[-3000:]
    assert "plot_sleeps.py, cell naps" in message, message[-3000:]
    assert f"time limit of {limit} s ({time_limits.LIMIT_VARIABLE})" in message
    assert "time.sleep(600)" in message, "the child process still running is named"


def test_a_run_that_swallows_its_limit_is_ended_by_the_watchdog(tmp_path):
    script = textwrap.dedent(
        """
        import time
        from torch_notes import time_limits
        time_limits.GRACE_SECONDS = 1
        with time_limits.time_limit("planted.py", seconds=1):
            try:
                time.sleep(60)
            except Exception:  # swallows the limit: the watchdog must end the process
                time.sleep(60)
        """
    )
    planted = tmp_path / "planted.py"
    planted.write_text(script, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(paths.ROOT)}
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(planted)], env=env, capture_output=True, text=True, timeout=30,
        check=False,
    )  # fmt: skip
    assert result.returncode == time_limits.EXIT_STATUS
    assert time.monotonic() - started < 15
    assert "planted.py: still running after its time limit of 1 s" in result.stderr
    assert "had not stopped" in result.stderr and "time.sleep(60)" in result.stderr


def test_a_fragment_past_its_limit_fails_naming_its_line(monkeypatch):
    monkeypatch.setenv(time_limits.LIMIT_VARIABLE, "0.5")
    with pytest.raises(time_limits.TimeLimitExceeded) as raised:
        snippet_runner.run_fragment("import time\n\ntime.sleep(30)\n", "naps.py")
    assert "naps.py, line 3: still running after its time limit of 0.5 s" in str(raised.value)


@pytest.mark.parametrize("value", ["0", "-3", "soon"])
def test_a_limit_that_is_no_number_of_seconds_is_refused(monkeypatch, value):
    monkeypatch.setenv(time_limits.LIMIT_VARIABLE, value)
    with pytest.raises(ValueError, match=time_limits.LIMIT_VARIABLE):
        time_limits.limit_seconds()


@pytest.mark.parametrize("option", [["-j", "2"], ["-j2"], ["--jobs=auto"], ["--jobs", "2"]])
def test_parallel_read_is_refused_at_once(option, capsys):
    started = time.monotonic()
    assert build_site.build(option) == 2
    assert time.monotonic() - started < 1, "refused before anything is cleaned or built"
    assert "fork-safe" in capsys.readouterr().err


def test_the_scratch_folder_is_short_whatever_the_checkout_and_goes_away():
    with paths.build_scratch() as folder:
        assert os.environ["TMPDIR"] == str(folder) == os.environ[paths.SCRATCH_VARIABLE]
        assert not folder.is_relative_to(paths.ROOT)
        assert len(str(folder)) + paths.SOCKET_SUFFIX <= paths.SOCKET_PATH_MAX
    assert not folder.exists()


def test_a_fragment_both_languages_need_at_once_runs_once(tmp_path):
    """The Chinese build reads while the English one does (build_site.build_languages)."""
    snippets, runs = tmp_path / "snippets", tmp_path / "runs.txt"
    snippets.mkdir()
    (snippets / "counts.py").write_text(
        f"import time\nwith open({str(runs)!r}, 'a') as f:\n    f.write('ran\\n')\n"
        "time.sleep(1)\nprint('done')\n",
        encoding="utf-8",
    )
    ask = (
        "import sys; from pathlib import Path\n"
        "from torch_notes.evidence.execution.snippet_runner import SnippetRunner\n"
        "print(SnippetRunner(Path(sys.argv[1]), Path(sys.argv[2])).result('counts').output)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(paths.ROOT)}
    command = [sys.executable, "-c", ask, str(snippets), str(tmp_path / "cache")]
    both = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) for _ in "ab"]
    outputs = [process.communicate(timeout=120)[0] for process in both]
    assert [process.returncode for process in both] == [0, 0]
    assert outputs == ["done\n\n", "done\n\n"]
    assert runs.read_text(encoding="utf-8") == "ran\n", "the second waited for the first's run"


# A build with neither fragments nor probes: nothing to run beside the gallery.
NOTHING_BESIDE = types.SimpleNamespace(
    config=types.SimpleNamespace(snippets_dir="", evidence_probes_dir="")
)


def test_a_language_waits_for_the_gallery_another_build_runs(tmp_path, monkeypatch):
    from sphinx.errors import ExtensionError

    from torch_notes.gallery import shared_run

    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    monkeypatch.setenv(shared_run.VARIABLE, f"{sleeper.pid} {tmp_path}")
    try:
        (tmp_path / "index.doctree").write_bytes(b"")  # the first page read: the gallery ran
        shared_run.wait_for_the_gallery(NOTHING_BESIDE)  # type: ignore[arg-type]
        (tmp_path / "index.doctree").unlink()
        # The child that ran beside the gallery is waited for as the build ends.
        assert len(shared_run._beside) == 1
        shared_run.end_beside_the_gallery(stop=False)
        assert not shared_run._beside
    finally:
        sleeper.kill()
        sleeper.wait()
    started = time.monotonic()
    with pytest.raises(ExtensionError, match="ended before running it"):
        shared_run.wait_for_the_gallery(NOTHING_BESIDE)  # type: ignore[arg-type]  # it ended, no page
    assert time.monotonic() - started < 1
    monkeypatch.delenv(shared_run.VARIABLE)
    shared_run.wait_for_the_gallery(None)  # type: ignore[arg-type]  # one language: no wait


def test_the_waiting_language_runs_every_fragment_and_probe_beside_the_gallery(tmp_path):
    from torch_notes.evidence.execution.snippet_runner import SnippetRunner
    from torch_notes.evidence.execution.statement_probes import ProbeRunner
    from torch_notes.gallery import shared_run

    snippets, probes, srcdir = (
        tmp_path / "snippets",
        tmp_path / "probes" / "section",
        tmp_path / "docs",
    )
    (snippets / "exercises").mkdir(parents=True)
    probes.mkdir(parents=True)
    (snippets / "adds.py").write_text("print(1 + 1)\n", encoding="utf-8")
    (snippets / "exercises" / "solves.py").write_text("print('solved')\n", encoding="utf-8")
    (probes / "holds.py").write_text(
        '"""Two is two."""\n\n\ndef case_two():\n    assert 2 == 2\n', encoding="utf-8"
    )
    config = types.SimpleNamespace(
        snippets_dir=str(snippets), evidence_probes_dir=str(tmp_path / "probes")
    )
    env = types.SimpleNamespace(config=config, srcdir=str(srcdir))
    shared_run.run_beside_the_gallery(types.SimpleNamespace(config=config, env=env))  # type: ignore[arg-type]
    ran = sorted(p.name.rsplit("-", 1)[0] for p in (srcdir / "_generated").rglob("*.json"))
    assert ran == ["adds", "exercises.solves", "section.holds"]
    # What a page then asks for is read from those runs (same source, same release).
    runner = SnippetRunner.for_env(env)  # type: ignore[arg-type]
    assert runner.result("adds").output == "2\n"
    assert runner.result("exercises/solves").output == "solved\n"
    assert ProbeRunner.for_env(env).result("section/holds").cases[0].outcome == "holds"  # type: ignore[arg-type]


def beside_the_gallery(tmp_path):
    """A build's config and env holding one fragment that prints its process's niceness."""
    snippets, srcdir = tmp_path / "snippets", tmp_path / "docs"
    snippets.mkdir()
    (snippets / "niceness.py").write_text("import os\nprint(os.nice(0))\n", encoding="utf-8")
    config = types.SimpleNamespace(snippets_dir=str(snippets), evidence_probes_dir="")
    env = types.SimpleNamespace(config=config, srcdir=str(srcdir))
    return types.SimpleNamespace(config=config, env=env), srcdir


def test_what_runs_beside_the_gallery_runs_in_a_child_at_the_lowest_priority(tmp_path):
    from torch_notes.evidence.execution.snippet_runner import SnippetRunner
    from torch_notes.gallery import shared_run

    app, _ = beside_the_gallery(tmp_path)
    child = shared_run.start_beside_the_gallery(app, until=lambda: False)  # type: ignore[arg-type]
    assert child not in (0, os.getpid())
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    lowest = min(os.nice(0) + shared_run.LOWEST_PRIORITY, shared_run.LOWEST_PRIORITY)
    assert SnippetRunner.for_env(app.env).result("niceness").output == f"{lowest}\n"  # type: ignore[arg-type]


def test_nothing_more_runs_beside_the_gallery_once_it_has_run(tmp_path):
    from torch_notes.gallery import shared_run

    app, srcdir = beside_the_gallery(tmp_path)
    child = shared_run.start_beside_the_gallery(app, until=lambda: True)  # type: ignore[arg-type]
    os.waitpid(child, 0)
    assert not list(srcdir.rglob("*.json"))  # left to the pages that ask for it


def test_a_language_build_is_seen_running_until_it_reports():
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a build that takes a moment, then reports success without warnings
        time.sleep(0.5)
        os.write(write, b"0 0")
        os._exit(0)
    os.close(write)
    child = build_site.LanguageBuild("zh_CN", pid=pid, report=read)
    assert child.running(0.05)
    while child.running(0.05):
        pass
    assert child.wait() == (0, 0)
    assert not child.running(0)


def test_openmp_threads_spin_briefly_unless_the_caller_says_otherwise(monkeypatch):
    from torch_notes import openmp_spin

    monkeypatch.delenv(openmp_spin.VARIABLE, raising=False)
    openmp_spin.spin_briefly()
    assert os.environ[openmp_spin.VARIABLE] == str(openmp_spin.SPIN_COUNT)
    monkeypatch.setenv(openmp_spin.VARIABLE, "5")
    openmp_spin.spin_briefly()
    assert os.environ[openmp_spin.VARIABLE] == "5"


def test_the_build_sets_the_spin_before_pytorch_loads():
    """GNU OpenMP reads the variable once, when PyTorch loads it: importing the build's
    module must not load PyTorch, and its preload sets the variable first."""
    script = (
        "import os, sys\n"
        "os.environ.pop('GOMP_SPINCOUNT', None)\n"
        "from torch_notes.commands import build_site\n"
        "assert 'torch' not in sys.modules, 'build_site imports torch'\n"
        "build_site.preload()\n"
        "print(os.environ['GOMP_SPINCOUNT'], 'torch' in sys.modules)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=paths.ROOT, capture_output=True, text=True, check=True
    )
    assert run.stdout.split() == ["10000", "True"]


def test_a_build_that_fails_ends_the_child_beside_the_gallery(tmp_path):
    from torch_notes.gallery import shared_run

    app, _ = beside_the_gallery(tmp_path)
    (tmp_path / "snippets" / "niceness.py").write_text(
        "import time\ntime.sleep(60)\n", encoding="utf-8"
    )
    shared_run._beside.append(shared_run.start_beside_the_gallery(app, until=lambda: False))  # type: ignore[arg-type]
    time.sleep(0.5)
    started = time.monotonic()
    shared_run.end_beside_the_gallery(stop=True)
    assert time.monotonic() - started < 5
    assert not shared_run._beside
