"""Expected outputs (torch_notes/evidence/execution/expected_outputs.py, model/text.py): each normalising rule, the comparison,
the expected files, and a build that fails on a changed output and accepts it on request."""

from __future__ import annotations

import re
import shutil

import pytest

from torch_notes.evidence.execution import expected_outputs
from torch_notes.evidence.model import text


@pytest.mark.parametrize(
    ("rule", "printed", "normalised"),
    [
        (
            "memory address",
            "<AddBackward0 object at 0x7f3a1c2b9d60>",
            "<AddBackward0 object at 0x…>",
        ),
        (
            "PyTorch source location",
            (
                "UserWarning: x (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/"
                "core/TensorBody.h:493.)"
            ),
            "UserWarning: x (Triggered internally at <PyTorch source>.)",
        ),
        ("terminal colour", "\x1b[31mError\x1b[0m", "Error"),
    ],
)
def test_each_rule_normalises_only_its_volatile_part(rule, printed, normalised):
    assert rule in {r.name for r in text.RULES}
    assert text.comparable(printed) == normalised
    assert text.same(normalised, printed)


def test_everything_else_must_be_equal():
    assert not text.same("tensor([1., 2.])", "tensor([1., 3.])")
    assert not text.same("grad_fn=<AddBackward0>", "grad_fn=<AddBackward>")
    assert text.same("x  \n", "x")  # trailing spaces are not output


def test_a_declared_tolerance_compares_numbers_within_it():
    assert text.same("loss 0.35720", "loss 0.35721", tolerance=1e-4)
    assert not text.same("loss 0.3572", "loss 0.3600", tolerance=1e-4)
    assert not text.same("loss 0.3572", "cost 0.3572", tolerance=1e-4)  # text still equal
    assert not text.same("loss 0.35720", "loss 0.35721")  # no tolerance, no slack


def test_expected_files_round_trip(tmp_path):
    path = expected_outputs.expected_path(tmp_path / "plot_x.py")
    assert path.name == "plot_x.expected.txt"
    outputs = {"two_lines": "a\nb", "tensor": "tensor([1.])", "address": "object at 0x7f00aa"}
    expected_outputs.write_expected(path, outputs)
    assert expected_outputs.read_expected(path) == outputs | {"address": "object at 0x…"}
    assert path.read_text(encoding="utf-8").startswith("# Expected outputs of plot_x")
    assert "--- cell two_lines ---\na\nb\n--- cell tensor ---" in path.read_text(encoding="utf-8")


def test_a_cell_inserted_mid_example_changes_only_its_own_block(tmp_path):
    """Outputs are keyed by cell: a new cell's block is added, every other byte stays, and the
    check names the cell that has no expected output and the command that writes it."""
    source = tmp_path / "plot_x.py"
    path = expected_outputs.expected_path(source)
    expected_outputs.write_expected(path, {"first": "1", "last": "3"})
    before = path.read_text(encoding="utf-8")
    shown = [("first", "1", None), ("middle", "2", None), ("last", "3", None)]
    warnings = []
    check = expected_outputs.Comparison(source, accept=False)
    assert check.check(shown, lambda n, p: warnings.append((n, p))) == [True, False, True]
    assert warnings == [
        (
            2,
            (
                "(cell middle) has no expected output in plot_x.expected.txt: review it, then "
                "nox -s accept writes it"
            ),
        )
    ]
    expected_outputs.Comparison(source, accept=True).check(shown, lambda n, p: None)
    after = path.read_text(encoding="utf-8")
    added = [line for line in after.splitlines() if line not in before.splitlines()]
    assert added == ["--- cell middle ---", "2"]
    assert after.replace("--- cell middle ---\n2\n", "") == before
    # A cell that shows no output any more is named too.
    gone = []
    check.check([("first", "1", None)], lambda n, p: gone.append(p))
    assert gone == [
        (
            "shows no output of middle, last, which plot_x.expected.txt expects: nox -s accept "
            "removes them"
        )
    ]


def test_a_release_that_prints_otherwise_has_its_own_expected_outputs(tmp_path):
    source = tmp_path / "plot_x.py"
    common = expected_outputs.expected_path(source)
    expected_outputs.write_expected(common, {"cell": "message in 2.13"})
    on_old = expected_outputs.Comparison(source, accept=False, release="2.6", common_release="2.13")
    warnings = []
    shown_old = [("cell", "message in 2.6", None)]
    assert on_old.check(shown_old, lambda n, p: warnings.append(p)) == [False]
    assert "(cell cell) differs from plot_x.expected.txt" in warnings[0]
    # Accepting on 2.6 declares the exception beside the common file, which stays the pin's.
    accepting = expected_outputs.Comparison(
        source, accept=True, release="2.6", common_release="2.13"
    )
    accepting.check(shown_old, lambda n, p: None)
    own = expected_outputs.expected_path(source, "2.6")
    assert own.name == "plot_x.torch-2.6.expected.txt"
    assert expected_outputs.read_expected(own) == {"cell": "message in 2.6"}
    assert expected_outputs.read_expected(common) == {"cell": "message in 2.13"}
    assert on_old.check(shown_old, lambda n, p: None) == [True]
    # Another release compares with the common file; once 2.6 agrees, its file goes.
    on_new = expected_outputs.Comparison(
        source, accept=False, release="2.14", common_release="2.13"
    )
    shown_new = [("cell", "message in 2.13", None)]
    assert on_new.check(shown_new, lambda n, p: None) == [True]
    accepting.check(shown_new, lambda n, p: None)
    assert not own.exists()


def test_a_recorded_release_compares_with_what_its_record_printed(tmp_path):
    """On a recorded release other than the pin, the record's outputs are the expected ones,
    whatever the files say; an output the record lacks asks for the release to be recorded."""
    source = tmp_path / "plot_x.py"
    expected_outputs.write_expected(
        expected_outputs.expected_path(source), {"setup": "pin's text", "walk": "b"}
    )
    on_2_9 = expected_outputs.Comparison(source, accept=True, release="2.9", common_release="2.13")
    record = expected_outputs.Recorded(
        "history/torch-2.9.1.json", ["2.9's text", None, None], ["setup", "walk", "draw"], "2.9.1"
    )
    warnings = []
    holds = on_2_9.check(
        [("setup", "2.9's text", None), ("walk", "b", None), ("draw", "c", None)],
        lambda n, p: warnings.append((n, p)),
        record,
    )
    assert holds == [True, False, False]
    # One message for the example, naming every missing cell and what records them.
    assert warnings == [
        (
            0,
            (
                "has cells that history/torch-2.9.1.json does not record (walk, draw): record "
                "them with `nox -s history -- 2.9.1`, or every release with "
                '.github/workflows/history.yml ("Release history", run by hand or on a change)'
            ),
        )
    ]
    wrong = []
    on_2_9.check(
        [("setup", "pin's text", None), ("walk", "b", None), ("draw", "c", None)],
        lambda n, p: wrong.append(p),
        record,
    )
    assert wrong[1].startswith("(cell setup) differs from history/torch-2.9.1.json")
    # Accepting writes no file where a record decides.
    assert not expected_outputs.expected_path(source, "2.9").exists()


def build_claims(make_app, rootdir, tmp_path, **confoverrides):
    srcdir = tmp_path / "claims"
    if not srcdir.exists():
        shutil.copytree(rootdir / "test-claims", srcdir)
    app = make_app("html", srcdir=srcdir, freshenv=True, confoverrides=confoverrides)
    try:
        app.build()
    finally:
        app.cleanup()  # the next build in the same test starts from Sphinx's defaults
    return srcdir, re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())


def test_a_changed_output_fails_naming_page_and_snippet_and_accept_takes_it(
    make_app, rootdir, tmp_path
):
    srcdir, warnings = build_claims(make_app, rootdir, tmp_path)
    assert warnings == ""
    expected = srcdir / "snippets" / "adds.expected.txt"
    text = expected.read_text(encoding="utf-8")
    expected.write_text(text.replace("AddBackward0>)", "AddBackward9>)"), encoding="utf-8")
    _, warnings = build_claims(make_app, rootdir, tmp_path)
    assert re.search(
        r"index\.md:\d+: WARNING: snippet adds: its output differs from adds\.expected\.txt:\n"
        r"(.*\n)*    -.*AddBackward9>\)\n    \+.*AddBackward0>\)",
        warnings,
    ), warnings
    _, warnings = build_claims(make_app, rootdir, tmp_path, evidence_accept_outputs=True)
    assert warnings == ""
    assert expected.read_text(encoding="utf-8") == text


def test_a_source_without_expected_outputs_fails(make_app, rootdir, tmp_path):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    (srcdir / "snippets" / "fails.expected.txt").unlink()
    _, warnings = build_claims(make_app, rootdir, tmp_path)
    assert "snippet fails: its output has no expected outputs (fails.expected.txt)" in warnings
