"""The check at the end of every download (torch_notes/gallery/self_check.py)."""

from __future__ import annotations

import types

import pytest

from torch_notes.gallery import self_check

CASES = [
    (2.0, 2.0, True),
    (2.00001, 2.0, True),  # within the relative 1e-4
    (2.1, 2.0, False),
    (True, True, True),
    (1, True, False),  # a bool is no number here
    ([1.0, 2.0], [1.0, 2.00001], True),
    ([1.0], [1.0, 2.0], False),
    ([1.0], 1.0, False),
    ("AddBackward0", "AddBackward0", True),
    ("AddBackward0", "AddBackward1", False),
    (3, 3, True),
    (100005, 100000, True),  # numbers alike, ints too: the cell says "numbers within 1e-4"
    (101, 100, False),
    (1.0, 1, True),
]


def cell_namespace(values):
    """Run a check cell over ``values`` (expression, value in the learner's run, the site's)."""
    _text, code = self_check.check_cell([(c, site) for c, _mine, site in values], "2.13.0")
    namespace = {"torch": types.SimpleNamespace(__version__="9.9.9")}
    for expression, mine, _site in values:
        namespace[expression] = mine  # each expression is a plain name here
    printed = []
    namespace["print"] = printed.append
    try:
        exec(compile(code, "check", "exec"), namespace)  # noqa: S102 - the project's own template
    except SystemExit as exit_:
        printed.append(f"exit {exit_.code}")
    return namespace, printed


@pytest.mark.parametrize(("mine", "recorded", "expected"), CASES)
def test_the_learners_rule_is_the_builds_rule(mine, recorded, expected):
    namespace, _ = cell_namespace([])
    assert self_check.agrees_with_site(mine, recorded) is expected
    assert namespace["agrees_with_site"](mine, recorded) is expected


def test_a_run_that_agrees_says_so_naming_the_sites_release():
    _, printed = cell_namespace([("grad", 4.5, 4.5), ("name", "MulBackward0", "MulBackward0")])
    assert printed == ["Your PyTorch (9.9.9) agrees with the site (PyTorch 2.13.0) on 2 values."]


def test_a_run_that_differs_names_the_value_and_what_the_site_recorded():
    _, printed = cell_namespace([("grad", 4.0, 4.5), ("name", "MulBackward0", "MulBackward0")])
    assert printed == [
        (
            "These values differ from what the site recorded on PyTorch 2.13.0: your PyTorch "
            "(9.9.9), or an edit of the code above, changed them."
        ),
        "  grad: yours 4.0, the site recorded 4.5",
        "exit 1",  # a script run by hand, by a shell or by CI fails
    ]


def test_machine_dependent_and_unplain_values_stay_out():
    facts = {"grad": 4.5, "device": "cpu", "speed": 2.0, "error": object(), "nan": float("nan")}
    facts |= {"on_gpu": False, "index": -1, "threads": 1}
    codes = {
        "on_gpu": "x.is_cuda",  # a word of a name counts
        "index": "x.get_device()",
        "threads": "torch.get_num_interop_threads()",
        "grad": "x.grad.item()",
        "device": "str(device)",
        "speed": "seconds['cpu'][-1]",
        "error": "error",
        "nan": "x.mean().item()",
    }
    assert self_check.candidates(facts, codes) == {"grad": ("x.grad.item()", 4.5)}


def test_a_value_the_learners_script_does_not_reach_stays_out():
    candidates = {"a": ("a", 1.0), "b": ("b", 2.0), "c": ("c", 3.0), "d": ("a", 1.0)}
    assert self_check.kept(candidates, {"a": 1.0, "b": 2.5, "d": 1.0}) == [("a", 1.0)]
    # In the order the script writes them, at most MOST.
    many = {f"k{n}": (f"v{n}x", n) for n in range(40)}
    source = "".join(f"v{n}x = {n}\n" for n in reversed(range(40)))
    found = self_check.kept(many, {f"k{n}": n for n in range(40)}, source)
    assert found[0] == ("v39x", 39) and len(found) == self_check.MOST


def test_the_cell_reads_as_a_script_cell_and_as_notebook_cells():
    text, code = self_check.check_cell([("x", 1)], "2.13.0")
    script = self_check.as_script_cell(text, code)
    assert script.startswith("\n\n# %%\n# Does your PyTorch agree with this page?\n# ---")
    assert all(len(line) <= 88 for line in script.splitlines() if line.startswith("#"))
    markdown, cell = self_check.as_notebook_cells(text, code)
    assert markdown["source"].startswith("## Does your PyTorch agree with this page?\n")
    assert cell["cell_type"] == "code" and "check_against_the_site(" in cell["source"]


HIDDEN_EXAMPLE = '''"""
An example
==========
"""

import torch

torch.manual_seed(0)
x = torch.ones(3, requires_grad=True)
facts = {}
# sphinx_gallery_start_ignore
only_hidden = x.sum()
facts["hidden_sum"] = only_hidden.item()
# sphinx_gallery_end_ignore
y = (x * 2).sum()
facts["sum"] = y.item()
facts["squares"] = [v * v for v in range(3)]
facts["step"] = y.backward()
facts["broken"] = sum(
    v  # a comment inside the expression
    for v in range(3)
)

# %%
# The last block
z = torch.rand(2)
facts["drawn_after"] = torch.rand(1).item()
xs = [3, 1, 2]
facts["least"] = xs.sort() or xs[0]
facts["count"] = len(xs)
'''


def test_the_check_reads_only_names_the_learners_script_binds(tmp_path):
    script = tmp_path / "plot_example.py"
    script.write_text(HIDDEN_EXAMPLE, encoding="utf-8")
    names = self_check.learner_names(HIDDEN_EXAMPLE)
    assert {"torch", "x", "y", "facts", "z"} <= names and "only_hidden" not in names
    assert self_check.free_names("[v * w for v in range(3)]") == {"w"}
    assert self_check.free_names("sum(v # c for v in y)") is None  # a joined multi-line one
    assert self_check.learner_expressions(script) == {
        "sum": "y.item()",
        "squares": "[v * v for v in range(3)]",
        "drawn_after": "torch.rand(1).item()",
        "least": "xs.sort() or xs[0]",  # its side effect shows only when it runs
        "count": "len(xs)",
    }  # not the hidden name, not backward(), not the expression with a comment


def record(tmp_path, source, namespace):
    """Run the scraper after the first and after the last block of ``source``."""
    script = tmp_path / "plot_example.py"
    script.write_text(source, encoding="utf-8")
    target = tmp_path / "out" / "plot_example.py"
    target.parent.mkdir(exist_ok=True)
    block_vars = {"src_file": str(script), "target_file": str(target), "example_globals": namespace}
    assert self_check.record_end_values(("code", "import torch", 6), block_vars, {}) == ""
    assert self_check.end_values(target) is None  # only after the last block
    # The last block's first line, 1-based, as sphinx-gallery numbers it.
    last_line = source.splitlines().index("z = torch.rand(2)") + 1
    self_check.record_end_values(("code", "z = ...", last_line), block_vars, {})
    return self_check.end_values(target)


def test_end_values_are_recorded_after_the_last_block_from_the_state_the_script_left(tmp_path):
    import random

    import numpy
    import torch

    source = HIDDEN_EXAMPLE.replace('facts["least"] = xs.sort() or xs[0]\n', "")
    torch.manual_seed(3)
    ended = (random.getstate(), numpy.random.get_state()[1].tolist(), torch.get_rng_state())
    namespace = {"torch": torch, "y": torch.tensor(6.0), "xs": [3, 1, 2]}
    values = record(tmp_path, source, namespace)
    # The random states are left as the script ended them, for whatever runs next.
    assert random.getstate() == ended[0] and numpy.random.get_state()[1].tolist() == ended[1]
    assert torch.equal(torch.get_rng_state(), ended[2])
    # A drawn value is left out: the check cell's order would change it.
    assert values == {"sum": 6.0, "squares": [0, 1, 4], "count": 3}


def test_an_expression_that_changes_what_the_script_left_stops_the_build(tmp_path, caplog):
    import torch

    namespace = {"torch": torch, "y": torch.tensor(6.0), "xs": [3, 1, 2]}
    assert record(tmp_path, HIDDEN_EXAMPLE, namespace) == {}  # no value can be trusted
    warned = [r.getMessage() for r in caplog.records if "changed what it left" in r.getMessage()]
    assert len(warned) == 1, warned
    assert "(xs changed)" in warned[0]  # the list of numbers, compared whole
    # The expressions that read it are named, the culprit among them.
    assert (
        "read what changed, the culprit among them: "
        "facts['least'] = xs.sort() or xs[0]; facts['count'] = len(xs)"
    ) in warned[0]


def test_an_expression_that_changes_torchs_settings_is_named(tmp_path, caplog):
    import torch

    source = HIDDEN_EXAMPLE.replace(
        'facts["least"] = xs.sort() or xs[0]\n',
        'facts["mode"] = torch.set_grad_enabled(False) is None\n',
    )
    namespace = {"torch": torch, "y": torch.tensor(6.0), "xs": [3, 1, 2]}
    try:
        assert record(tmp_path, source, namespace) == {}
    finally:
        torch.set_grad_enabled(True)
    warned = [r.getMessage() for r in caplog.records if "changed what it left" in r.getMessage()]
    assert len(warned) == 1, warned
    assert "changed torch's settings: facts['mode'] = torch.set_grad_enabled(False)" in warned[0]
