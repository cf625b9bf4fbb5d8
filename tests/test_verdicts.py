"""Each verdict is a written rule on a row's evidence (torch_notes/evidence/model/verdicts.py),
and the build refuses a row whose evidence cannot support its verdict
(torch_notes/evidence/checks/verdict_evidence.py)."""

from __future__ import annotations

import re
import shutil

import pytest

from torch_notes.evidence.checks.verdict_evidence import note_names
from torch_notes.evidence.model.records import (
    Cited,
    Executed,
    Outcome,
    Raised,
    Row,
    RowSource,
    TorchBuild,
    Warned,
)
from torch_notes.evidence.model.verdicts import Verdict, unsupported, verdict_of
from torch_notes.paths import ROOT

SNIPPET, ERRATUM, QUOTE = RowSource.SNIPPET, RowSource.ERRATUM, RowSource.QUOTE
RAN = (Executed(("example.value",)),)
CITED = (Cited("https://example.org/doc", "a document"),)


def row(source, outcome, evidence=RAN, now="x → 2", words="x", claims=(("2", "example.value"),)):
    return Row(
        source, "001", words, now, outcome, evidence, "page", "", TorchBuild("2.13.0", "cpu"),
        claims=claims,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("planted", "verdict", "rule"),
    [
        # A cited deprecation cannot stand over code that raises.
        (row(ERRATUM, Outcome(raised=Raised("TypeError"), history="deprecated"), RAN + CITED),
         Verdict.DEPRECATED, "needs the code to run, but it raises"),
        # Declared renamed, but the code raises: the same idea does not run.
        (row(ERRATUM, Outcome(raised=Raised("RuntimeError"), history="changed"), RAN + CITED),
         Verdict.CHANGED, "needs the same idea to run"),
        # Removed, but nothing shows that it ever ran.
        (row(SNIPPET, Outcome(raised=Raised("TypeError"))), Verdict.REMOVED,
         "older recorded release on which it ran"),
        # A typo whose corrected code was never run, and one whose corrected code fails too.
        (row(ERRATUM, Outcome(raised=Raised("SyntaxError"))), Verdict.TYPO,
         "needs the corrected code executed"),
        # "always so" with no document to say it.
        (row(ERRATUM, Outcome(history="always")), Verdict.NEVER_RIGHT, "or a cited document"),
        # An erratum that shows the note's own words as today's value shows no change.
        (row(ERRATUM, Outcome(), now="x", words="x"), Verdict.CHANGED, "differs from the note's"),
        (row(QUOTE, Outcome(), claims=()), Verdict.HOLDS, "values that judge the quote"),
        (row(ERRATUM, Outcome(), evidence=()), Verdict.CHANGED, "no evidence"),
        # Shared data judged by identity: "y共享x的数据" rests on `y is x`, not on storage.
        (row(QUOTE, Outcome(), words="y共享x的数据", now="y is x → False"), Verdict.HOLDS,
         "compares storage"),
        # Renamed, but the row shows no new name for the old one.
        (row(ERRATUM, Outcome(), words="y.grad_fn返回：Mul", now="type(y.grad_fn) → Mul"),
         Verdict.CHANGED, "the old name and the new one"),
        # Partly right, but the case where the note's words hold does not hold.
        (row(ERRATUM, Outcome(note_states_property=True, holds_when=False)), Verdict.NEVER_RIGHT,
         "the case where the note's words hold"),
        (row(ERRATUM, Outcome(holds_when=True), now="x → 3"), Verdict.CHANGED,
         ":holds-when: declares 'partly right'"),
    ],
)  # fmt: skip
def test_a_row_whose_evidence_cannot_support_its_verdict_is_refused(planted, verdict, rule):
    assert verdict_of(planted) is verdict
    problems = unsupported(planted, ran_before=False)
    assert any(rule in problem for problem in problems), problems


@pytest.mark.parametrize(
    ("supported", "ran_before"),
    [
        (row(SNIPPET, Outcome(matches_note=True)), False),
        (row(SNIPPET, Outcome(matches_note=False)), False),
        (row(SNIPPET, Outcome(warned=(Warned("FutureWarning"),))), False),
        (row(SNIPPET, Outcome(raised=Raised("TypeError"))), True),  # ran on an older release
        (row(SNIPPET, Outcome(raised=Raised("TypeError")), RAN + CITED), False),
        (row(ERRATUM, Outcome(raised=Raised("SyntaxError"), corrected_raised=False)), False),
        (row(ERRATUM, Outcome(note_states_property=True)), False),
        (row(ERRATUM, Outcome(raised=Raised("NameError"), corrected_raised=True)), False),
        (row(ERRATUM, Outcome(history="always"), RAN + CITED), False),
        (row(QUOTE, Outcome()), False),
        (
            row(QUOTE, Outcome(), words="y共享x的数据", now="y.data_ptr() == x.data_ptr() → True"),
            False,
        ),
        (
            row(ERRATUM, Outcome(), words="y.grad_fn返回：Mul", now="y.grad_fn → MulBackward0"),
            False,
        ),
        (row(ERRATUM, Outcome(note_states_property=True, holds_when=True)), False),
    ],
)
def test_a_row_with_the_evidence_its_rule_asks_for_is_accepted(supported, ran_before):
    assert unsupported(supported, ran_before) == []


def test_a_typo_whose_corrected_code_raises_too_was_never_right():
    moved = row(ERRATUM, Outcome(raised=Raised("NameError"), corrected_raised=True))
    assert verdict_of(moved) is Verdict.NEVER_RIGHT


def test_the_names_of_the_notes_code_come_from_the_quote_or_the_code_a_comment_is_on():
    notes = str(ROOT / "notes")
    # A comment judges the code below it: the GPU branch is about torch.cuda.is_available().
    gpu = note_names(notes, "001", "以下代码只有在PyTorch GPU版本上才会执行")
    assert {"cuda", "is_available"} <= gpu and "accelerator" not in gpu
    assert note_names(notes, "004", "init.xavier_uniform(self.conv1.weight)") >= {"xavier_uniform"}
    assert note_names(notes, "000", "pytorch中，索引操作不会开辟新内存地址") == set()  # prose


PLANTED = """\
# Planted

```{erratum} 001
:quote: grad_fn=<AddBackward>
:now: TypeError <snippets.fails.error_type>
:history: deprecated

Deprecated, says {cited}`a document <https://example.org/doc>`.
```

```{erratum} 001
:quote: x = torch.ones(2, 2, requires_grad=True)
:now: AddBackward0 <example.name>
:shows: type(y.grad_fn).__name__

Shown by code that is not the note's.
```
"""


def test_a_planted_row_whose_evidence_contradicts_its_verdict_fails_the_build(
    make_app, rootdir, tmp_path
):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    (srcdir / "planted.md").write_text(PLANTED, encoding="utf-8")
    app = make_app("html", srcdir=srcdir)
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    planted = [line for line in warnings.splitlines() if "planted" in line and "errata row" in line]
    assert any(
        "(deprecated): 'deprecated' needs the code to run, but it raises" in line
        for line in planted
    ), warnings
    assert any("is not the note's code" in line and "requires_grad" in line for line in planted)
    # The root's own erratum, shown by the note's code, is not refused.
    assert not [
        line for line in warnings.splitlines() if "index.md" in line and "errata row" in line
    ]
