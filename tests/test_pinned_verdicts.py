"""A verdict is pinned like an expected output (torch_notes/evidence/checks/pinned_verdicts.py):
a change that every written rule accepts, but that flips what readers are told, fails the build
with one line; and an error is a recorded exception, never a name written as text
(torch_notes/evidence/markup/facts.py)."""

from __future__ import annotations

import json
import re
import shutil
import tomllib

from torch_notes.evidence.checks.pinned_verdicts import (
    differences,
    pins_text,
    read_pins,
    toml_string,
)
from torch_notes.evidence.model.records import Executed, Outcome, Raised, Row, RowSource, TorchBuild
from torch_notes.evidence.model.verdicts import Verdict, derive

# The Xavier row of note 004, in a root of its own: a fragment that raises NameError (the
# note's `xavier`, defined nowhere), and the corrected code, which raises ValueError too.
PLANTED = """\
# Planted

```{{snippet}} undefined
:expect: raises
```

```{{erratum}} 001
:quote: torch.save(net.state_dict(), 'p.pkl')
:now: NameError <snippets.undefined.error_type>
:corrected: {corrected}

The corrected code: {{claim}}`{corrected}`.
```
"""
FACTS = {
    "dim": 1,
    "bias_error_type": {"raised": "ValueError"},  # as recording.record_facts writes type(error)
    "bias_error_name": "ValueError",  # type(error).__name__: a string, not an exception
}


def build(make_app, rootdir, tmp_path, corrected, accept=False):
    srcdir = tmp_path / "claims"
    if not srcdir.exists():
        shutil.copytree(rootdir / "test-claims", srcdir)
        (srcdir / "snippets" / "undefined.py").write_text("xavier(1)\n", encoding="utf-8")
        (srcdir / "facts" / "plot_typo.facts.json").write_text(json.dumps(FACTS), "utf-8")
    (srcdir / "planted.md").write_text(PLANTED.format(corrected=corrected), encoding="utf-8")
    overrides = {"evidence_verdict_pins": str(srcdir / "verdicts.toml")}
    if accept:
        overrides["evidence_accept_outputs"] = True
    app = make_app("html", srcdir=srcdir, confoverrides=overrides, freshenv=True)
    app.build()
    return srcdir, re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())


def test_a_verdict_flipped_by_a_change_every_rule_accepts_fails_with_one_line(
    make_app, rootdir, tmp_path
):
    srcdir, warnings = build(
        make_app, rootdir, tmp_path, "ValueError <typo.bias_error_type>", accept=True
    )
    pins = tomllib.loads((srcdir / "verdicts.toml").read_text(encoding="utf-8"))["row"]
    planted = [pin for pin in pins if pin["page"] == "planted"]
    assert [pin["verdict"] for pin in planted] == ["never right, or partly right"]
    _, warnings = build(make_app, rootdir, tmp_path, "ValueError <typo.bias_error_type>")
    assert "pinned verdicts" not in warnings, warnings

    # Repointed at a fact that holds no error: every written rule accepts the row ...
    _, warnings = build(make_app, rootdir, tmp_path, "1 <typo.dim>")
    assert "errata row" not in warnings, warnings
    # ... and only the pin catches that readers would now read "typo in the note".
    changed = [line for line in warnings.splitlines() if "pinned verdicts" in line]
    assert len(changed) == 1, warnings
    assert "planted.md" in changed[0]
    assert (
        "note 001 \"torch.save(net.state_dict(), 'p.pkl')\": pinned 'never right, or partly "
        "right', derived 'typo in the note' by rule 'raises: NameError; the corrected code "
        "does not raise'"
    ) in changed[0]


def test_an_exception_recorded_as_its_name_is_refused(make_app, rootdir, tmp_path):
    _, warnings = build(make_app, rootdir, tmp_path, "ValueError <typo.bias_error_name>")
    refused = [line for line in warnings.splitlines() if "not a recorded exception" in line]
    assert refused and "typo.bias_error_name holds 'ValueError'" in refused[0], warnings
    assert "plot_typo" in refused[0]  # names the example that records it


def row(words, outcome, page="page"):
    return Row(
        RowSource.ERRATUM, "004", words, "x → 1", outcome, (Executed(("x.y",)),), page, "a",
        TorchBuild("2.13.0", "cpu"),
    )  # fmt: skip


XAVIER_LINE = (
    "note 004 'xavier(m.bias.data)': pinned 'never right, or partly right', derived 'typo in "
    "the note' by rule 'raises: NameError; the corrected code does not raise'"
)


def test_every_difference_from_the_pins_is_one_line_naming_row_pin_verdict_and_rule():
    typo = row("xavier(m.bias.data)", Outcome(raised=Raised("NameError"), corrected_raised=False))
    unpinned = row("print(x)", Outcome())
    pins = {
        ("004", "page", "xavier(m.bias.data)"): Verdict.NEVER_RIGHT,
        ("004", "gone", "words no page quotes"): Verdict.HOLDS,
    }
    found = differences([typo, unpinned], pins)
    unpinned_line = (
        "note 004 'print(x)': no pinned verdict (derived 'renamed or output changed' by rule "
        "'erratum: runs, and states what differs'); review, then nox -s accept"
    )
    stale_line = (
        "note 004 'words no page quotes': pinned, but no row of the errata table has these "
        "words on this page; nox -s accept"
    )
    assert found == [("page", XAVIER_LINE), ("page", unpinned_line), ("gone", stale_line)]
    assert differences([typo], {("004", "page", "xavier(m.bias.data)"): Verdict.TYPO}) == []


def test_the_pins_file_holds_the_notes_words_exactly(tmp_path):
    words = ["grad_fn返回None的tensor", "it's", "a\nb", "'''", "\nlead", "end'", 'quote "x"']
    rows = [row(w, Outcome()) for w in words]
    path = tmp_path / "verdicts.toml"
    path.write_text(pins_text(rows), encoding="utf-8")
    pins, problems = read_pins(path)
    assert problems == []
    assert set(pins) == {("004", "page", w) for w in words}
    assert toml_string("grad_fn返回None") == "'grad_fn返回None'"  # read as the note has it


def test_a_pin_that_names_no_verdict_is_refused(tmp_path):
    path = tmp_path / "verdicts.toml"
    path.write_text("[[row]]\nnote='004'\npage='p'\nwords='x'\nverdict='typo'\n", "utf-8")
    kinds = (
        "holds, renamed or output changed, deprecated, removed (now raises), never right, or "
        "partly right, typo in the note"
    )
    assert read_pins(path)[1] == [f"verdicts.toml: row 1: no verdict 'typo'; one of {kinds}"]
    assert "nox -s accept" in read_pins(tmp_path / "missing.toml")[1][0]


def test_the_rule_that_decides_is_named_for_each_verdict():
    decided = {
        derive(RowSource.ERRATUM, Outcome(history="renamed")).rule: Verdict.CHANGED,
        derive(RowSource.ERRATUM, Outcome(raised=Raised("TypeError"))).rule: Verdict.REMOVED,
    }
    assert decided == {
        "cited: a document says renamed": Verdict.CHANGED,
        "raises: TypeError, not a typo": Verdict.REMOVED,
    }
