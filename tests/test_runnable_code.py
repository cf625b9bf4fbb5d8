"""Code a reader can run as shown: names the page has shown, check blocks alone, no hidden output.

Each check of ``torch_notes.evidence.checks.runnable_code`` and ``checks.hidden_output`` is
planted here on a bad page, cell or script, and must fail naming page, cell and name.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from docutils import nodes
from docutils.utils import new_document

from torch_notes.evidence.checks import hidden_output, runnable_code
from torch_notes.evidence.execution.snippet_runner import CHECK_MARK, run_fragment, split_check
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.names import defined_names, free_names, imported_names
from torch_notes.sitewide import OUTPUT_CLASS


def warnings_of(app) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())


def test_free_names_are_read_in_every_scope():
    code = textwrap.dedent(
        """
        import math
        def f(a):
            return [g(v) + math.pi for v in a]
        class K:
            z = w
        print(y, len([1]))
        q = 1
        """
    )
    assert free_names(code) == {"g", "w", "y"}
    assert imported_names(code) == {"math"}
    assert defined_names(code) == {"f", "K"}


def cell(name: str, code: str, output: str = "") -> nodes.container:
    box = nodes.container(classes=["example-cell"])
    box[attributes.EXAMPLE_CELL] = name
    block = nodes.literal_block(code, code, language="python", classes=["cell-code"])
    block.source, block.line = "index.md", 10
    box += block
    if output:
        box += nodes.literal_block(output, output, language="none", classes=[OUTPUT_CLASS])
    return box


def page(*parts: nodes.Element) -> nodes.document:
    document = new_document("index.md")
    for part in parts:
        document += part
    return document


def check(app, document: nodes.document) -> str:
    app.env.temp_data["docname"] = "index"
    runnable_code.check_runnable_code(app, document)
    return warnings_of(app)


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_cell_using_a_name_of_a_cell_the_page_leaves_out_fails_naming_page_cell_and_name(app):
    setup = cell("stop.setup", "import torch\n")
    detached = cell("stop.detached_copy", "d = y.detach()\nprint(d.requires_grad)\n")
    warnings = check(app, page(setup, detached))
    assert re.search(
        r"index\.md:10: WARNING: cell stop\.detached_copy uses `y`, which the page has not "
        r"shown",
        warnings,
    )


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_cell_whose_import_the_page_does_not_show_fails(app):
    warnings = check(app, page(cell("stop.detach", "x = torch.ones(2)\n")))
    assert "cell stop.detach uses `torch`, which the page has not shown" in warnings


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_cells_that_use_only_what_the_page_showed_pass(app):
    setup = cell("stop.setup", "import torch\n")
    detach = cell("stop.detach", "x = torch.ones(2)\ny = x * 2\n")
    copy = cell("stop.detached_copy", "d = y.detach()\ndef f():\n    return d + x\n")
    # The notes' own bug, shown with the NameError it raises, is what the reader gets.
    bug = cell("stop.bug", "xavier(d)\n", "NameError: name 'xavier' is not defined")
    assert check(app, page(setup, detach, copy, bug)) == ""


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_name_of_another_example_is_not_shown_for_this_one(app):
    setup = cell("a.setup", "import torch\n")
    other = cell("a.data", "y = torch.ones(2)\n")
    mine = cell("b.copy", "d = y.detach()\n")
    assert "cell b.copy uses `y`, which the page has not shown" in check(
        app, page(setup, other, mine)
    )


SOLUTION = f"""\
import math

import torch


def halve(x):
    return x / 2


scale = 3.0


{CHECK_MARK} halve
def check(halve):
    assert halve(torch.tensor(2.0)).item() == 1.0
    print(math.floor(halve(3.0)))


check(halve)
"""


def check_block(app, tmp_path: Path, source: str) -> str:
    solution = tmp_path / "halve.py"
    solution.write_text(source, encoding="utf-8")
    shown = split_check(source)[1].strip()
    block = nodes.literal_block(shown, shown, language="python", source=str(solution))
    block.source, block.line = "index.md", 20
    return check(app, page(block))


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_check_block_without_its_imports_fails_naming_page_and_names(app, tmp_path):
    warnings = check_block(app, tmp_path, SOLUTION)
    assert re.search(
        r"index\.md:20: WARNING: the check block of halve\.py uses `math`, `torch`, which it "
        r"does not import",
        warnings,
    )


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_check_block_with_its_imports_passes(app, tmp_path):
    fixed = SOLUTION.replace(
        f"{CHECK_MARK} halve\n", f"{CHECK_MARK} halve\nimport math\n\nimport torch\n"
    )
    assert check_block(app, tmp_path, fixed) == ""


def test_the_build_runs_a_check_block_alone_with_only_the_answer(tmp_path):
    run = run_fragment(SOLUTION, str(tmp_path / "halve.py"))
    assert run.raised is not None and run.raised.message == "NameError: name 'torch' is not defined"
    fixed = SOLUTION.replace(
        f"{CHECK_MARK} halve\n", f"{CHECK_MARK} halve\nimport math\n\nimport torch\n"
    )
    assert run_fragment(fixed, str(tmp_path / "halve.py")).output == "1\n"
    # The answer's other names stay behind: the reader's answer need not define them.
    uses_scale = fixed.replace("check(halve)\n", "check(halve)\nprint(scale)\n")
    run = run_fragment(uses_scale, str(tmp_path / "halve.py"))
    assert run.raised is not None and "name 'scale' is not defined" in run.raised.message


def test_a_traceback_of_a_check_block_names_the_solution_s_own_line(tmp_path):
    answer, block = split_check(SOLUTION)
    assert answer.endswith("scale = 3.0\n\n\n")
    assert block.count("\n", 0, block.index("def check")) == SOLUTION.count(
        "\n", 0, SOLUTION.index("def check")
    )


SCRIPT = '''\
"""
Title
=====
"""

import torch
# sphinx_gallery_start_ignore
facts = {}
# sphinx_gallery_end_ignore

# %% quiet
model = torch.nn.Linear(1, 1)
print(model.training)
# sphinx_gallery_start_ignore
facts["training"] = model.training
print("bookkeeping")
model.train()
# sphinx_gallery_end_ignore

# %% loud
model.eval()
# sphinx_gallery_start_ignore
_ = model.train()
# sphinx_gallery_end_ignore
'''


def test_hidden_code_that_prints_is_attributed_to_its_cell_and_line(tmp_path):
    script = tmp_path / "plot_model.py"
    script.write_text(SCRIPT, encoding="utf-8")
    found = hidden_output.hidden_output(script)
    assert [(line, cell) for line, cell, _ in found] == [(16, "quiet"), (17, "quiet")]
    assert "calls print()" in found[0][2]
    assert "last statement, model.train(), is hidden code" in found[1][2]


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_gallery_page_whose_hidden_code_prints_fails_naming_script_cell_and_line(
    app, tmp_path, monkeypatch
):
    script = tmp_path / "plot_model.py"
    script.write_text(SCRIPT, encoding="utf-8")
    monkeypatch.setattr(hidden_output, "example_script", lambda *args: script)
    app.env.temp_data["docname"] = "auto_examples/plot_model"
    hidden_output.check_hidden_output(app, page())
    warnings = warnings_of(app)
    assert "plot_model.py, cell quiet, line 16: hidden code calls print(), which prints" in warnings
    assert (
        "plot_model.py, cell quiet, line 17: the cell's last statement, model.train()" in warnings
    )
    assert "cell loud" not in warnings
