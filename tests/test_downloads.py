"""Every downloadable example runs as a learner runs it: ``python x.py`` and a notebook runner."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from torch_notes import sitewide
from torch_notes.build import build_site

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
    result = subprocess.run(
        [sys.executable, path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return "ok" if result.returncode == 0 else f"exit {result.returncode}:\n{result.stderr[-3000:]}"


def run_notebook(path: Path) -> str:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.read(path, as_version=4)
    try:
        NotebookClient(
            notebook,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
        ).execute()
    except CellExecutionError as error:
        return str(error)[-3000:]
    return "ok"


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize("example", EXAMPLES)
def test_python_download_runs(site, language, example):
    assert run_once(download(site, language, f"{example}.py"), run_script) == "ok"


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize("example", EXAMPLES)
def test_notebook_download_runs(site, language, example):
    assert run_once(download(site, language, f"{example}.ipynb"), run_notebook) == "ok"


def catalog_strings(example: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    source = next((build_site.ROOT / "gallery").rglob(f"{example}.py"))
    po = (
        build_site.DOCS
        / "locales"
        / "zh_CN"
        / "LC_MESSAGES"
        / "auto_examples"
        / source.parent.name
        / f"{example}.po"
    )
    with po.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and m.string}


def script_parts(path: Path) -> tuple[list[str], list[str]]:
    from sphinx_gallery.py_source_parser import split_code_and_text_blocks

    _, blocks = split_code_and_text_blocks(path)
    return (
        [b.content for b in blocks if b.type == "code"],
        [b.content for b in blocks if b.type == "text"],
    )


def notebook_cells(path: Path, kind: str) -> list[str]:
    import nbformat

    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == kind]


@pytest.mark.parametrize("example", EXAMPLES)
def test_chinese_downloads_carry_the_catalog_text_around_the_same_code(site, example):
    strings = catalog_strings(example)
    en_code, en_text = script_parts(download(site, "en", f"{example}.py"))
    zh_script = download(site, "zh_CN", f"{example}.py")
    zh_code, zh_text = script_parts(zh_script)
    assert zh_code == en_code
    title = en_text[0].strip().splitlines()[0]
    assert zh_text[0].strip().startswith(strings[title] + "\n")
    assert all(sitewide.CJK.search(text) for text in zh_text)

    zh_notebook = download(site, "zh_CN", f"{example}.ipynb")
    en_notebook = download(site, "en", f"{example}.ipynb")
    assert notebook_cells(zh_notebook, "code") == notebook_cells(en_notebook, "code")
    markdown = notebook_cells(zh_notebook, "markdown")
    assert markdown[0].startswith(f"# {strings[title]}\n")
    assert all(sitewide.CJK.search(cell) for cell in markdown)
    assert not [cell for cell in markdown if "\\ " in cell]  # rST's escaped spaces are dropped

    import zipfile

    with zipfile.ZipFile(download(site, "zh_CN", f"{example}.zip")) as archive:
        assert archive.read(f"{example}.py") == zh_script.read_bytes()
        assert archive.read(f"{example}.ipynb") == zh_notebook.read_bytes()
