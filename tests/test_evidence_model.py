"""Verdicts come from a row's explicit fields (torch_notes/evidence/model/verdicts.py), and facts
are typed (torch_notes/evidence/model/records.py), never recognised by spelling."""

from __future__ import annotations

from pathlib import Path

import pytest

from torch_notes.evidence.execution import fact_store
from torch_notes.evidence.model import attributes, values
from torch_notes.evidence.model.records import (
    Executed,
    Outcome,
    Printed,
    Raised,
    Row,
    RowSource,
    TorchBuild,
    Warned,
    is_error,
)
from torch_notes.evidence.model.verdicts import Verdict, derive, verdict_of

SNIPPET, ERRATUM, QUOTE = RowSource.SNIPPET, RowSource.ERRATUM, RowSource.QUOTE


@pytest.mark.parametrize(
    ("source", "outcome", "expected"),
    [
        (SNIPPET, Outcome(matches_note=True), Verdict.HOLDS),
        (SNIPPET, Outcome(matches_note=None), Verdict.HOLDS),  # printed nothing; it runs
        (SNIPPET, Outcome(matches_note=False), Verdict.CHANGED),
        (
            SNIPPET,
            Outcome(matches_note=True, warned=(Warned("FutureWarning", "old"),)),
            Verdict.DEPRECATED,
        ),
        (SNIPPET, Outcome(warned=(Warned("UserWarning", "hm"),)), Verdict.HOLDS),
        (SNIPPET, Outcome(raised=Raised("TypeError", "unexpected keyword")), Verdict.REMOVED),
        (SNIPPET, Outcome(raised=Raised("NameError", "name 'x'")), Verdict.TYPO),
        (ERRATUM, Outcome(raised=Raised("SyntaxError")), Verdict.TYPO),
        # The same AttributeError: a declared misspelling of the note, or an API that went away.
        (
            ERRATUM,
            Outcome(raised=Raised("AttributeError"), note_typo="paramters"),
            Verdict.TYPO,
        ),
        (ERRATUM, Outcome(raised=Raised("AttributeError")), Verdict.REMOVED),
        (ERRATUM, Outcome(warned=(Warned("FutureWarning"),)), Verdict.DEPRECATED),
        (ERRATUM, Outcome(), Verdict.CHANGED),
        (ERRATUM, Outcome(note_states_property=True), Verdict.NEVER_RIGHT),
        (
            ERRATUM,
            Outcome(note_states_property=True, raised=Raised("RuntimeError")),
            Verdict.NEVER_RIGHT,
        ),
        (QUOTE, Outcome(), Verdict.HOLDS),
        # A cited document decides over what ran: renamed, deprecated, always so.
        (ERRATUM, Outcome(note_states_property=True, history="renamed"), Verdict.CHANGED),
        (ERRATUM, Outcome(history="deprecated"), Verdict.DEPRECATED),
        (ERRATUM, Outcome(raised=Raised("RuntimeError"), history="always"), Verdict.NEVER_RIGHT),
        (ERRATUM, Outcome(raised=Raised("RuntimeError"), history="changed"), Verdict.CHANGED),
    ],
)
def test_verdict_follows_the_explicit_fields(source, outcome, expected):
    assert derive(source, outcome).verdict is expected


def test_a_value_that_looks_like_an_error_is_not_one():
    """A fact whose value is spelled like an exception name is a value, not an error."""
    store = fact_store.FactStore()
    store.add("ex", values.from_plain({"name": "RuntimeError"}), Path("ex.facts.json"))
    assert not isinstance(store.lookup("ex.name"), Raised)
    assert not is_error(store.lookup("ex.name"))
    # A key spelled like a fragment's error is not an error either: its value decides.
    store.add("snippets.x", {"error": "TypeError: x", "error_type": Raised("TypeError")}, Path("x"))
    assert not is_error(store.lookup("snippets.x.error"))
    assert is_error(store.lookup("snippets.x.error_type"))
    row = Row(ERRATUM, "001", "words", "now", Outcome(), (), "page", "", TorchBuild("2", "cpu"))
    assert verdict_of(row) is Verdict.CHANGED


def test_exceptions_and_warnings_are_recorded_as_such():
    error = RuntimeError("grad can be implicitly created only for scalar outputs")
    assert values.to_plain(error, "e") == {"raised": "RuntimeError", "message": str(error)}
    assert values.to_plain(AttributeError, "e") == {"raised": "AttributeError"}
    assert values.to_plain(FutureWarning, "w") == {"warned": "FutureWarning"}
    raised = values.from_plain(values.to_plain(error, "e"))
    assert raised == Raised("RuntimeError", str(error))
    # A claim states an exception by its type or its message; shown, it is its message.
    assert values.matches("RuntimeError", raised) and values.matches(str(error), raised)
    assert not values.matches("TypeError", raised)
    assert values.format_value(raised) == str(error)
    assert values.format_value(Raised("AttributeError")) == "AttributeError"


def test_printed_output_is_recorded_as_such_and_compared_as_a_reader_reads_it():
    printed = Printed("tensor([1., 2.])\n\n")
    assert values.to_plain(printed, "p") == {"printed": "tensor([1., 2.])\n\n"}
    assert values.from_plain(values.to_plain(printed, "p")) == printed
    assert values.matches("tensor([1., 2.])", printed)  # trailing blank lines aside
    assert not values.matches("tensor([1., 3.])", printed)
    assert values.format_value(Printed("RuntimeError")) == "RuntimeError"
    assert not is_error(Printed("RuntimeError"))  # printed text, not a recorded exception


def test_rows_keep_the_evidence_and_the_release_they_were_made_with():
    row = Row(
        SNIPPET,
        "001",
        "x",
        "y",
        Outcome(matches_note=False),
        (Executed(("snippets.x",)),),
        "page",
        "snippet-x",
        TorchBuild("2.13.0+cpu", "cpu"),
        expected_output="x",
    )
    assert verdict_of(row) is Verdict.CHANGED
    assert row.torch.kind == "cpu" and str(row.torch) == "2.13.0+cpu"
    assert row.evidence == (Executed(("snippets.x",)),)


def test_every_verdict_has_a_definition():
    assert all(v.definition.endswith(".") for v in Verdict)


def test_history_sentences_mask_code_and_keep_what_the_reader_sees():
    from docutils import nodes

    from torch_notes.evidence.checks.history_statements import HISTORY, sentences

    paragraph = nodes.paragraph()
    paragraph += nodes.Text("Call ")
    paragraph += nodes.literal(text="x.renamed()")
    paragraph += nodes.Text(" first. It was deprecated in ")
    cited = nodes.reference(text="#1", refuri="https://example.org/1")
    cited[attributes.CITED_URL] = "https://example.org/1"
    paragraph += cited
    paragraph += nodes.Text(". Older tutorials differ.")
    found = sentences(paragraph)
    assert [shown for _, shown in found] == [
        "Call `x.renamed()` first.",
        "It was deprecated in ….",
        "Older tutorials differ.",
    ]
    flagged = [shown for prose, shown in found if HISTORY.search(prose)]
    assert flagged == ["It was deprecated in ….", "Older tutorials differ."]
