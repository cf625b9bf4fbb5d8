"""The six verdicts' definitions, written as checks on a row's own evidence.

:func:`torch_notes.evidence.model.records.verdict` computes a row's verdict from its fields;
:func:`unsupported` then asks whether the row's evidence can bear that verdict, by the rule
the errata page states above the table (``sitewide.VERDICT_DEFINITIONS``)::

    holds          the note's code, run as written, gives what the note says: executed
                   evidence, no error, no deprecation warning, and a fragment's output equal
                   to what the note printed
    changed        the same idea runs (no error) and what it prints differs from the note's,
                   shown side by side; or a cited document says it was renamed or changed
    deprecated     it runs, and PyTorch warns with a deprecation category, or a cited
                   document marks it deprecated
    removed        it raises now, and it ran on an older recorded release or a cited
                   document shows that it once worked
    typo           it raises as printed, and the corrected spelling, executed, runs: a line
                   that fails whatever its spelling is no typo
    never right    executed evidence that it fails where the note says it works (a refuted
                   statement, or corrected code that still raises), or a cited document

A row that breaks its verdict's rule fails the build (``checks.verdict_evidence``), naming the
row and the rule.
"""

from __future__ import annotations

from torch_notes.evidence.model.records import Cited, Executed, Row, RowSource
from torch_notes.sitewide import Verdict


def unsupported(row: Row, ran_before: bool) -> list[str]:
    """Why the row's evidence cannot support its verdict; ``[]`` when it can.

    ``ran_before``: the row's code ran without an error on an older recorded release.
    """
    outcome = row.outcome
    executed = any(isinstance(e, Executed) for e in row.evidence)
    cited = any(isinstance(e, Cited) for e in row.evidence)
    raised = outcome.raised is not None
    deprecation_warning = any(w.deprecation for w in outcome.warned)
    if not (executed or cited):
        return ["it has no evidence, executed or cited"]
    problems: list[str] = []
    verdict = row.verdict
    if verdict is Verdict.HOLDS:
        if not executed:
            problems.append("'holds' needs the note's code executed")
        if raised:
            problems.append("'holds' cannot rest on code that raises")
        if deprecation_warning:
            problems.append("'holds' cannot rest on code that warns of a deprecation")
        if row.source is RowSource.SNIPPET and outcome.matches_note is False:
            problems.append("'holds' needs the output the note printed")
        if row.source is RowSource.QUOTE and not row.claims:
            problems.append("'holds' needs the values that judge the quote")
    elif verdict is Verdict.CHANGED:
        if raised:
            problems.append(
                "'renamed or output changed' needs the same idea to run, but the code raises"
            )
        declared = outcome.history in ("renamed", "changed") and cited
        if not declared and not differs(row):
            problems.append(
                "'renamed or output changed' needs a value that differs from the note's"
            )
    elif verdict is Verdict.DEPRECATED:
        if raised:
            problems.append("'deprecated' needs the code to run, but it raises")
        if not deprecation_warning and not (outcome.history == "deprecated" and cited):
            problems.append(
                "'deprecated' needs a deprecation warning, or a cited document that says so"
            )
    elif verdict is Verdict.REMOVED:
        if not raised:
            problems.append("'removed (now raises)' needs the code to raise now")
        if not (ran_before or cited):
            problems.append(
                "'removed (now raises)' needs an older recorded release on which it ran, or a "
                "cited document that shows it once worked"
            )
    elif verdict is Verdict.TYPO:
        if outcome.corrected_raised is None:
            problems.append(
                "'typo in the note' needs the corrected code executed (:corrected:), to show "
                "that the spelling alone is wrong"
            )
        elif outcome.corrected_raised:
            problems.append("'typo in the note' cannot stand when the corrected code raises too")
    elif verdict is Verdict.NEVER_RIGHT:
        refuted = executed and (outcome.note_states_property or outcome.corrected_raised)
        if not (refuted or (outcome.history == "always" and cited)):
            problems.append(
                "'never right, or partly right' needs executed evidence that it fails where the "
                "note says it works, or a cited document"
            )
    return problems


def differs(row: Row) -> bool:
    """Whether the row shows a value other than the note's words."""
    if row.source is RowSource.SNIPPET:
        return row.outcome.matches_note is False
    return bool(row.now) and " ".join(row.now.split()) != " ".join(row.words.split())
