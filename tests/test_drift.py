"""The premise of the site: when PyTorch's behaviour changes, the build fails and says where.

Each test builds a small scratch project with the real extensions, the real snippets and
notes, the real gallery script ``plot_init_weights.py``, and pages made of blocks cut from the
real pages, in a Python whose PyTorch ``tests/drift/sitecustomize.py`` alters on import. The
unaltered build passes with ``-W``; each alteration fails it, naming the page and the claim.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from torch_notes import paths
from torch_notes.commands import build_site

pytestmark = pytest.mark.drift

ROOT = paths.ROOT
SHIM = Path(__file__).parent / "drift"

# Scratch page -> (real page, markers of the blocks to copy from it).
PAGES = {
    "autograd/basics": (
        "autograd/basics",
        ["{snippet} autograd_accumulate", "{snippet} autograd_add_two"],
    ),
    "autograd/stopping": ("autograd/stopping", ["{snippet} autograd_requires_grad_inplace"]),
    "autograd/lifetime": ("autograd/lifetime", ["retain_variables"]),
    "networks/init": (
        "networks/init",
        # the erratum's claim counts as shown only with the cell that records it on the page,
        # and that cell runs as shown only after the cells that import and define what it uses
        [
            "{example-cell} init_weights.setup",
            "{example-cell} init_weights.one_layer",
            "{example-cell} init_weights.old_names",
            ":now: FutureWarning",
            "{snippet} networks_init_layer",
        ],
    ),
}
GALLERY_PAGES = {"networks/init"}  # pages that need plot_init_weights.py to run
CONF = """\
from pathlib import Path
from torch_notes.gallery import gallery_conf
extensions = ["myst_nb", "torch_notes.evidence"]
if (Path(__file__).parents[1] / "gallery" / "GALLERY_HEADER.rst").is_file():
    extensions.append("sphinx_gallery.gen_gallery")
sphinx_gallery_conf = gallery_conf()
evidence_topic_exercises = False  # the pages are cut from the real ones
snippets_dir = {snippets!r}
notes_dir = {notes!r}
exclude_patterns = ["_build", "_generated", "**.ipynb", "**.md5", "**/GALLERY_HEADER.rst"]
suppress_warnings = ["config.cache"]
myst_enable_extensions = ["colon_fence"]
"""


def blocks(text: str) -> list[str]:
    """A MyST page as its paragraphs and fenced blocks (headings and lists count as paragraphs);
    front matter, if any, is left out."""
    if text.startswith("---\n"):
        text = text.split("\n---\n", 1)[1]
    found, current, fence = [], [], None
    for line in text.splitlines():
        if fence is None and line.strip() in (":::{notes-said}", ":::"):
            line = ""  # an aside only groups blocks: each counts on its own
        opening = re.match(r"(`{3,}|:{3,})", line)
        if fence is None and opening:
            if current:
                found.append("\n".join(current))
            current, fence = [line], opening[1]
        elif fence is not None:
            current.append(line)
            if line.strip() == fence:
                found.append("\n".join(current))
                current, fence = [], None
        elif not line.strip():
            if current:
                found.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        found.append("\n".join(current))
    return found


def scratch_project(tmp_path: Path, gallery: bool, extra: dict[str, str] | None = None) -> Path:
    """The scratch project; with ``gallery``, also the init page and its example (slower)."""
    project = tmp_path / "project"
    docs = project / "docs"
    pages = [page for page in PAGES if gallery or page not in GALLERY_PAGES]
    for page in pages:
        source, markers = PAGES[page]
        real = blocks((ROOT / "docs" / f"{source}.md").read_text(encoding="utf-8"))
        chosen = [b for b in real if any(marker in b for marker in markers)]
        assert len(chosen) >= len(markers), f"{source}.md lost a block the drift tests use"
        target = docs / f"{page}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        title = real[0]
        target.write_text("\n\n".join([title, *chosen]) + "\n", encoding="utf-8")
    (docs / "errata.md").write_text("# Errata\n\n```{errata-table}\n```\n", encoding="utf-8")
    toctree = "\n".join([*pages, "errata", *(["auto_examples/index"] if gallery else [])])
    (docs / "index.md").write_text(f"# Drift\n\n```{{toctree}}\n{toctree}\n```\n", encoding="utf-8")
    (docs / "conf.py").write_text(
        CONF.format(
            snippets=str(ROOT / "snippets"),
            notes=str(ROOT / "notes"),
        ),
        encoding="utf-8",
    )
    examples = project / "gallery"
    (examples / "networks").mkdir(parents=True)
    if gallery:
        (examples / "GALLERY_HEADER.rst").write_text("Examples\n========\n", encoding="utf-8")
        for name in ("plot_init_weights.py", "plot_init_weights.expected.txt"):
            shutil.copy(ROOT / "gallery" / "networks" / name, examples / "networks")
    for name, code in (extra or {}).items():
        (examples / "networks" / name).write_text(code, encoding="utf-8")
    if gallery:  # the site's gallery configuration wants the teaching order written down
        order = "".join(f"   {p.name}\n" for p in sorted((examples / "networks").glob("plot_*.py")))
        (examples / "networks" / "GALLERY_HEADER.rst").write_text(
            f"Networks\n--------\n\n.. example order:\n{order}", encoding="utf-8"
        )
    return project


def build(
    tmp_path: Path,
    drift: str | None,
    extra: dict[str, str] | None = None,
    gallery: bool | None = None,
) -> subprocess.CompletedProcess:
    gallery = drift in (None, "warning") if gallery is None else gallery
    project = scratch_project(tmp_path, gallery, extra)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SHIM), str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "MPLBACKEND": "agg",
    }
    env.pop("TORCH_NOTES_DRIFT", None)
    if drift:
        env["TORCH_NOTES_DRIFT"] = drift
    result = subprocess.run(
        build_site.sphinx_command(project / "docs", project / "html"),
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )
    result.stderr = re.sub(r"\x1b\[[0-9;]*m", "", result.stderr)
    return result


def test_unaltered_pytorch_passes(tmp_path):
    result = build(tmp_path, None)
    assert result.returncode == 0, result.stderr
    table = (tmp_path / "project" / "html" / "errata.html").read_text(encoding="utf-8")
    assert "deprecated" in table and "removed (now raises)" in table


# drift -> (page, what the failure must say)
DRIFTS = {
    "numeric": (
        "autograd/basics.md",
        (
            r"snippet autograd_accumulate: expected 'same' but PyTorch [\d.+a-z]+ gives:\n"
            r"tensor\(\[\[11\., 11\.\]"
        ),
    ),
    "name": (
        "autograd/stopping.md",
        (
            r"snippet autograd_requires_grad_inplace: expected 'same' but PyTorch [\d.+a-z]+ "
            r"gives:\n(.*\n)*<SumBackward object at 0x…>"
        ),
    ),
    "raises": (
        "autograd/lifetime.md",
        (
            r"erratum: claim does not hold: the page states 'TypeError' for "
            r"snippets\.autograd_retain_variables\.error_type, but executing "
            r"autograd_retain_variables\.py gives 'None'"
        ),
    ),
    "repr": (
        "autograd/basics.md",
        (
            r"snippet autograd_add_two: its output differs from autograd_add_two\.expected\.txt:"
            r"\n(.*\n)*    -        \[3\., 3\.\]\], grad_fn=<AddBackward0>\)\n"
            r"    \+        \[3\., 3\.\]\], grad_fn=<AddBackward>\)"
        ),
    ),
    "warning": (
        "networks/init.md",
        (
            r"erratum: claim does not hold: the page states 'FutureWarning' for "
            r"init_weights\.old_name_warning_category, but executing plot_init_weights "
            r"gives 'DeprecationWarning'"
        ),
    ),
}


@pytest.mark.parametrize("drift", sorted(DRIFTS))
def test_altered_pytorch_fails_naming_page_and_claim(tmp_path, drift):
    page, message = DRIFTS[drift]
    result = build(tmp_path, drift)
    assert result.returncode != 0
    assert re.search(rf"docs/{re.escape(page)}:\d+: WARNING: {message}", result.stderr), (
        result.stderr
    )
    if drift == "raises":  # the fragment itself no longer fails either
        assert re.search(
            r"lifetime\.md:\d+: WARNING: snippet autograd_retain_variables: "
            r"expected 'raises'",
            result.stderr,
        ), result.stderr
    if drift == "warning":  # the example's own check stops it, named by file and line
        assert "plot_init_weights.py" in result.stderr and "FutureWarning" in result.stderr


BROKEN = '''"""
A broken example
================
"""

import torch

x = torch.ones(2)
# %%
y = x.view(3)  # line 10: the shape does not fit
'''


def test_a_broken_example_is_named_with_its_line_and_the_others_still_run(tmp_path):
    result = build(tmp_path, None, extra={"plot_broken.py": BROKEN}, gallery=True)
    assert result.returncode != 0
    assert re.search(
        r'plot_broken\.py", line 10, in <module>\n.*\n.*RuntimeError', result.stderr
    ) or re.search(r"plot_broken\.py.*line 10", result.stderr), result.stderr
    assert "Unexpected failing examples (1)" in result.stderr
    # The working example still ran, and the claims of its page were checked against it.
    html = tmp_path / "project" / "html"
    assert (html / "auto_examples" / "networks" / "plot_init_weights.html").is_file()
    assert not re.search(r"init\.md:\d+: WARNING", result.stderr), result.stderr
    assert "FutureWarning" in (html / "networks" / "init.html").read_text(encoding="utf-8")
