"""Snapshots of the HTML each directive and role of the package renders (pytest-regressions).

``tests/roots/test-markup`` uses every directive and role the package registers, each in a
section of its own (``## role claim`` has the id ``role-claim``); each test pins one section's
HTML in ``tests/test_snapshots/<id>.html``. A change of markup fails here with a diff: review
it, then take the new HTML with ``nox -s tests -- --force-regen`` and commit the files.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

import torch_notes
from torch_notes import sitewide
from torch_notes.evidence.model.records import installed_torch

# A directive used only inside another is pinned with that one.
INSIDE = {"case": "directive-fact-case"}


def registered() -> dict[str, str]:
    """``{name: section id}`` for every role and directive the package registers."""
    found = {}
    for path in sorted(Path(torch_notes.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            kind = {"add_role": "role", "add_directive": "directive"}.get(node.func.attr)
            if kind and node.args and isinstance(node.args[0], ast.Constant):
                name = node.args[0].value
                found[name] = INSIDE.get(name, f"{kind}-{name}")
    return found


SECTIONS = sorted(set(registered().values()))


def without_volatile(html: str) -> str:
    """The HTML with what depends on the machine (the PyTorch build, the commit) named."""
    torch = installed_torch()
    html = html.replace(torch.release, "{torch}")
    html = html.replace(f"({torch.kind} build)", "({kind} build)")
    html = html.replace(f"({torch.kind.upper()} build)", "({kind} build)")
    html = html.replace(f"({torch.kind})", "({kind})")
    commit = sitewide.site_commit()[:12]
    return html.replace(commit, "{commit}") if commit else html


@pytest.fixture(scope="module")
def page(rootdir: Path, tmp_path_factory: pytest.TempPathFactory) -> BeautifulSoup:
    """The root's page, built once for the module (in each pytest-xdist worker)."""
    srcdir = tmp_path_factory.mktemp("markup") / "src"
    shutil.copytree(rootdir / "test-markup", srcdir)
    app = SphinxTestApp("html", srcdir=srcdir)
    try:
        app.build()
        warnings = re.sub(r"\x1b\[[0-9;]*m", "", app.warning.getvalue())
        assert warnings == "", warnings
        html = (app.outdir / "index.html").read_text(encoding="utf-8")
    finally:
        app.cleanup()
    return BeautifulSoup(html, "html.parser")


def test_every_role_and_directive_has_a_section(page):
    assert len(registered()) >= 16
    shown = {section["id"] for section in page.select("section[id]")}
    assert set(SECTIONS) <= shown, f"add to tests/roots/test-markup: {set(SECTIONS) - shown}"


@pytest.mark.parametrize("section_id", SECTIONS)
def test_the_html_it_renders(page, section_id, file_regression):
    section = page.find("section", id=section_id)
    assert section is not None, f"tests/roots/test-markup has no section {section_id}"
    section.find("h2").decompose()  # the root's own heading, not the markup's
    html = without_volatile(str(section)) + "\n"
    file_regression.check(html, basename=section_id, extension=".html")
