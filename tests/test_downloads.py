"""Every downloadable example runs as a learner runs it: ``python x.py`` and a notebook runner."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from tools import build_site, check_site

pytestmark = pytest.mark.site

EXAMPLES = sorted(p.stem for p in (build_site.ROOT / "gallery").rglob("plot_*.py"))
_outcomes: dict[str, str] = {}  # the same bytes run once per session, whichever page offers them


def download(site: Path, language: str, name: str) -> Path:
    found = sorted((site / language / "_downloads").rglob(name))
    assert len(found) == 1, f"{language}: expected one download named {name}, found {found}"
    return found[0]


def run_once(path: Path, runner) -> str:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest not in _outcomes:
        _outcomes[digest] = runner(path)
    return _outcomes[digest]


def run_script(path: Path) -> str:
    result = subprocess.run([sys.executable, path.name], cwd=path.parent, capture_output=True,
                            text=True, timeout=600, check=False)
    return "ok" if result.returncode == 0 else f"exit {result.returncode}:\n{result.stderr[-3000:]}"


def run_notebook(path: Path) -> str:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.read(path, as_version=4)
    try:
        NotebookClient(notebook, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    except CellExecutionError as error:
        return str(error)[-3000:]
    return "ok"


@pytest.mark.parametrize("language", check_site.LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLES)
def test_python_download_runs(site, language, example):
    assert run_once(download(site, language, f"{example}.py"), run_script) == "ok"


@pytest.mark.parametrize("language", check_site.LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLES)
def test_notebook_download_runs(site, language, example):
    assert run_once(download(site, language, f"{example}.ipynb"), run_notebook) == "ok"
