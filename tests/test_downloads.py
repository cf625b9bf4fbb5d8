"""Every downloadable example runs as a learner runs it: ``python x.py`` and a notebook runner.

Each language offers every example alone and all of them in two archives, in its own words,
and no download holds what only the build needs (``torch_notes.gallery.downloads``).

The code is run once, in English: a Chinese download holds the same code (checked here, cell
by cell) around translated text, so what differs, the text, is what is checked in Chinese,
down to a script still being valid Python once its docstrings and comments are translated.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from torch_notes import paths, sitewide

pytestmark = pytest.mark.site

EXAMPLES = sorted(p.stem for p in (paths.ROOT / "gallery").rglob("plot_*.py"))
# The same bytes run once per session, whichever page offers them.
_outcomes: dict[str, Outcome] = {}


CODE_SPAN = re.compile(r"``.*?``", re.DOTALL)


def download(site: Path, language: str, name: str) -> Path:
    found = sorted((site / language / "_downloads").rglob(name))
    assert len(found) == 1, f"{language}: expected one download named {name}, found {found}"
    return found[0]


@dataclass(frozen=True)
class Outcome:
    """How a download ended: its exit status (a notebook whose cell raised: 1), what the check
    printed (the script's or the last cell's standard output) and the error, if any."""

    status: int
    printed: str
    error: str = ""

    @property
    def last_line(self) -> str:
        return (self.printed.strip().splitlines() or [""])[-1]

    def __str__(self) -> str:
        return f"exit {self.status}:\n{self.printed[-3000:]}\n{self.error[-3000:]}"


def run_once(path: Path, runner) -> Outcome:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest not in _outcomes:
        _outcomes[digest] = runner(path)
    return _outcomes[digest]


def run_script(path: Path) -> Outcome:
    result = subprocess.run(
        [sys.executable, path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return Outcome(result.returncode, result.stdout, result.stderr)


def run_notebook(path: Path) -> Outcome:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.read(path, as_version=4)
    error = ""
    try:
        NotebookClient(
            notebook,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
        ).execute()
    except CellExecutionError as raised:
        error = f"{raised.ename}: {raised.evalue}\n{raised}"
    last = notebook.cells[-1]
    printed = "".join(
        o.get("text", "") for o in last.get("outputs", []) if o.get("name") == "stdout"
    )
    return Outcome(1 if error else 0, printed, error)


# What the check at the end of each download prints on the site's own PyTorch
# (torch_notes/gallery/self_check.py), in each download's language.
AGREES = {"en": "agrees with the site (PyTorch ", "zh_CN": "与本站（PyTorch "}


@pytest.mark.parametrize("example", EXAMPLES)
def test_python_download_runs_and_agrees_with_the_site(site, example):
    outcome = run_once(download(site, "en", f"{example}.py"), run_script)
    assert outcome.status == 0 and AGREES["en"] in outcome.last_line, outcome


@pytest.mark.parametrize("example", EXAMPLES)
def test_notebook_download_runs_and_agrees_with_the_site(site, example):
    outcome = run_once(download(site, "en", f"{example}.ipynb"), run_notebook)
    assert outcome.status == 0 and AGREES["en"] in outcome.last_line, outcome


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize("kind", [".py", ".ipynb"])
def test_a_download_whose_value_differs_names_it(site, tmp_path, language, kind):
    """The check as a learner on another PyTorch, or with an edited script, meets it: one
    value the site recorded is altered in a copy of the download, and the check names that
    value and fails (exit status 1; in a notebook the cell raises SystemExit), while the
    unaltered download exits 0."""
    original = download(site, language, f"plot_autograd_basics{kind}")
    runner = run_script if kind == ".py" else run_notebook
    unaltered = run_once(original, runner)
    assert unaltered.status == 0 and AGREES[language] in unaltered.last_line, unaltered
    text = original.read_text(encoding="utf-8")
    planted = "'SumBackward0'),"
    assert planted in text
    copy = tmp_path / original.name
    copy.write_text(text.replace(planted, "'SumBackward9'),", 1), encoding="utf-8")
    outcome = runner(copy)
    assert outcome.status == 1, outcome
    if kind == ".ipynb":
        assert outcome.error.startswith("SystemExit: 1"), outcome
    # What the check printed, not the cell's source (a notebook's error quotes the cell).
    assert "SumBackward9" in outcome.printed, outcome
    assert "type(b.grad_fn).__name__" in outcome.printed, outcome
    assert AGREES[language] not in outcome.printed, outcome


def catalog_strings(example: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    source = next((paths.ROOT / "gallery").rglob(f"{example}.py"))
    po = (
        paths.DOCS
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
    compile(zh_script.read_bytes(), str(zh_script), "exec")  # translated docstrings still parse
    zh_code, zh_text = script_parts(zh_script)
    # The same code, but for the messages of the check at the end, in the page's language.
    assert zh_code[:-1] == en_code[:-1]
    title = en_text[0].strip().splitlines()[0]
    assert zh_text[0].strip().startswith(strings[title] + "\n")
    assert all(sitewide.CJK.search(text) for text in zh_text)
    # Read, not rendered: no escaped space of rST, and the check's own rule in Chinese too.
    assert not [text for text in zh_text if "\\ " in CODE_SPAN.sub("", text)]
    checks = [
        node
        for node in ast.walk(ast.parse(zh_script.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "agrees_with_site"
    ]
    assert [sitewide.CJK.search(ast.get_docstring(node) or "") is not None for node in checks] == [
        True
    ]

    zh_notebook = download(site, "zh_CN", f"{example}.ipynb")
    en_notebook = download(site, "en", f"{example}.ipynb")
    assert notebook_cells(zh_notebook, "code")[:-1] == notebook_cells(en_notebook, "code")[:-1]
    markdown = notebook_cells(zh_notebook, "markdown")
    assert markdown[0].startswith(f"# {strings[title]}\n")
    assert all(sitewide.CJK.search(cell) for cell in markdown)
    assert not [cell for cell in markdown if "\\ " in cell]  # rST's escaped spaces are dropped

    with zipfile.ZipFile(download(site, "zh_CN", f"{example}.zip")) as archive:
        assert archive.read(f"{example}.py") == zh_script.read_bytes()
        assert archive.read(f"{example}.ipynb") == zh_notebook.read_bytes()


ARCHIVES = {"auto_examples_python.zip": ".py", "auto_examples_jupyter.zip": ".ipynb"}
# What only the build needs: the facts the pages are checked against, sphinx-gallery's
# markers and options, the site's own code. A learner's download holds none of it.
BOOKKEEPING = ("facts[", "facts = {}", "volatile_facts", "sphinx_gallery_", "_ext", "torch_notes")


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as opened:
        return {member: opened.read(member) for member in opened.namelist()}


def archive(site: Path, language: str, name: str) -> dict[str, bytes]:
    return members(download(site, language, name))


def learner_text(name: str, data: bytes) -> str:
    """What a learner reads and runs: a script whole, a notebook's cells (not its metadata)."""
    text = data.decode("utf-8")
    if name.endswith(".ipynb"):
        return "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"])
    return text


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize(("name", "suffix"), ARCHIVES.items())
def test_the_gallery_offers_all_examples_in_one_archive(site, language, name, suffix):
    index = (site / language / "auto_examples" / "index.html").read_text(encoding="utf-8")
    assert re.search(rf'href="\.\./_downloads/[0-9a-f]+/{re.escape(name)}"', index)
    members = archive(site, language, name)
    assert sorted(Path(member).stem for member in members) == EXAMPLES
    for member, data in members.items():
        assert Path(member).suffix == suffix
        assert data == download(site, language, Path(member).name).read_bytes(), member
        if language != sitewide.SOURCE_LANGUAGE.code:
            assert sitewide.CJK.search(learner_text(member, data)), member


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_no_download_holds_the_builds_bookkeeping(site, language):
    checked, found = 0, []
    for path in sorted((site / language / "_downloads").rglob("*.*")):
        files = members(path) if path.suffix == ".zip" else {path.name: path.read_bytes()}
        for name, data in files.items():
            if not name.endswith((".py", ".ipynb")):
                continue
            checked += 1
            text = learner_text(name, data)
            found += [f"{path.name}: {name}: {word}" for word in BOOKKEEPING if word in text]
    assert found == []
    # Each example alone (2 files), in its own .zip (2) and in the two archives (2).
    assert checked == 6 * len(EXAMPLES)
