"""Named cells of gallery scripts: read from sphinx-gallery's page, traced to their facts."""

from __future__ import annotations

import json
import textwrap

import pytest

from torch_notes.evidence.execution import gallery_cells, recording
from torch_notes.evidence.execution.fact_code import fact_code

SCRIPT = '''\
"""
Title
=====
"""

import torch

# %% first
# Text of the first cell.

x = torch.ones(2)
print(x)

# %% drawn
# A figure.

plot(x)

# %%
# A cell without a name.

y = x  # volatile: timings
print(y)
'''

GENERATED = """\
.. GENERATED FROM PYTHON SOURCE LINES 1-4

Title
=====

.. GENERATED FROM PYTHON SOURCE LINES 5-7

.. code-block:: Python


    import torch

.. GENERATED FROM PYTHON SOURCE LINES 8-10

Text of the first cell.

.. GENERATED FROM PYTHON SOURCE LINES 10-13

.. code-block:: Python


    x = torch.ones(2)
    print(x)



.. rst-class:: sphx-glr-script-out

 .. code-block:: none

    tensor([1., 1.])



.. GENERATED FROM PYTHON SOURCE LINES 14-16

A figure.

.. GENERATED FROM PYTHON SOURCE LINES 16-18

.. code-block:: Python


    plot(x)



.. image-sg:: /auto_examples/images/sphx_glr_plot_thing_001.png
   :alt: plot
   :srcset: /auto_examples/images/sphx_glr_plot_thing_001.png
   :class: sphx-glr-single-img

.. GENERATED FROM PYTHON SOURCE LINES 19-21

A cell without a name.

.. GENERATED FROM PYTHON SOURCE LINES 21-24

.. code-block:: Python


    y = x  # volatile: timings
    print(y)

.. rst-class:: sphx-glr-script-out

 .. code-block:: none

    tensor([1., 1.])

"""


@pytest.fixture
def gallery(tmp_path):
    (tmp_path / "gallery").mkdir()
    (tmp_path / "auto_examples").mkdir()
    (tmp_path / "gallery" / "plot_thing.py").write_text(SCRIPT, encoding="utf-8")
    (tmp_path / "auto_examples" / "plot_thing.rst").write_text(GENERATED, encoding="utf-8")
    return gallery_cells.Gallery(tmp_path / "gallery", tmp_path / "auto_examples")


def test_cells_are_named_on_their_percent_line_and_keep_code_figures_and_output(gallery):
    script = gallery.script("thing")
    cells = gallery.cell_list(script)
    assert [cell.name for cell in cells] == ["setup", "first", "drawn", ""]
    setup, first, drawn, unnamed = cells
    assert setup.code == "import torch" and setup.output is None
    assert first.code == "x = torch.ones(2)\nprint(x)"
    assert first.output == "tensor([1., 1.])" and first.output_number == 1
    assert drawn.images == ("/auto_examples/images/sphx_glr_plot_thing_001.png",)
    assert drawn.output is None
    # A volatile output is shown but not compared, so it takes no number.
    assert unnamed.volatile and unnamed.output_number is None


def test_an_unnamed_or_repeated_cell_name_is_named_with_its_line(gallery):
    problems = gallery_cells.naming_problems(gallery.cell_list(gallery.script("thing")))
    assert problems == ["line 19: the cell has no name; write '# %% <name>'"]
    script = gallery.script("thing")
    script.write_text(SCRIPT.replace("# %%\n", "# %% first\n"), encoding="utf-8")
    problems = gallery_cells.naming_problems(gallery.cell_list(script))
    assert problems == ["line 21: cell name 'first' is also the cell of line 10"]
    script.write_text(SCRIPT.replace("# %%\n", "# %% Bad Name\n"), encoding="utf-8")
    assert gallery_cells.naming_problems(gallery.cell_list(script)) == [
        "line 19: cell name 'Bad Name' is not lower_case_with_underscores"
    ]


def test_the_scraper_traces_each_fact_to_the_cell_that_first_recorded_it(tmp_path):
    source = tmp_path / "plot_thing.py"
    source.write_text(SCRIPT, encoding="utf-8")
    facts: dict[str, float] = {}
    block_vars = {
        "example_globals": {"facts": facts},
        "src_file": str(source),
        "target_file": str(tmp_path / "out" / "plot_thing.py"),
    }
    (tmp_path / "out").mkdir()
    facts["a"] = 1.0
    recording.record_facts(("code", "x = ...", 10), block_vars, {})
    facts["a"], facts["b"] = 2.0, 3.0
    recording.record_facts(("code", "plot(x)", 16), block_vars, {})
    written = json.loads((tmp_path / "out" / "plot_thing.facts.json").read_text())
    assert written[recording.CELLS_KEY] == {"a": "first", "b": "drawn"}
    assert (written["a"], written["b"]) == (2.0, 3.0)


def test_the_code_behind_a_fact_is_the_expression_assigned_to_it(tmp_path):
    script = tmp_path / "plot_x.py"
    script.write_text(
        textwrap.dedent(
            """\
            facts = {}
            facts["is_node"] = isinstance(
                y.grad_fn, Node
            )
            facts["a"], facts["b"] = names
            """
        ),
        encoding="utf-8",
    )
    assert fact_code(script, "is_node") == "isinstance( y.grad_fn, Node )"
    assert fact_code(script, "a") is None


@pytest.mark.sphinx("html", testroot="claims", confoverrides={"evidence_shown_claims_minimum": 0.9})
def test_a_topic_page_that_hides_the_code_behind_its_claims_fails_naming_them(app):
    app.build()
    warnings = app._warning.getvalue()
    # Only the snippet's claim has its code on the page: 1 of 6.
    assert "the page shows the code behind 1 of its 6 claims (17%, at least 90% needed)" in warnings
    assert "Not shown: 4.5 <example.grad>; 0.002 <example.small>" in warnings


def test_a_claim_is_shown_by_the_cell_that_recorded_it_or_the_snippet_that_ran_it():
    from torch_notes.evidence.checks.claims_shown import shown_claims
    from torch_notes.evidence.model.records import Check, CheckKind

    checks = [
        Check(CheckKind.CLAIM, "4.5 <basics.grad>", True),
        Check(CheckKind.CLAIM, "True <basics.leaf>", True),
        Check(CheckKind.CLAIM, "TypeError <snippets.fails.error_type>", True),
        Check(CheckKind.CLAIM, "5 <snippets.exercises/x.line1>", True),
        Check(CheckKind.SNIPPET, "fails", True),
    ]
    cell_of = {"basics.grad": "basics.backward", "basics.leaf": "basics.leaves"}
    shown = shown_claims(checks, {"basics.backward"}, cell_of)
    assert shown == {
        "4.5 <basics.grad>": True,
        "True <basics.leaf>": False,
        "TypeError <snippets.fails.error_type>": True,
        "5 <snippets.exercises/x.line1>": False,
    }
