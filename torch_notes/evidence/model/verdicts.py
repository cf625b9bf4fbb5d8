"""The verdict on a claim of the notes, in one place: its kinds, what each means, the rule that
derives it from a row's evidence, and what that evidence must show.

Everything that shows or stores a verdict reads it from here: the errata table and its badges
(``reports.errata_table``), an erratum box's title (``markup.errata``), the compat dataset and
its schema's ``enum`` (``reports.compat_data``), the build summary, and the pins
(``checks.pinned_verdicts``). A :class:`~torch_notes.evidence.model.records.Row` holds the
evidence, never its verdict: :func:`derive` computes it afresh, so no stored row can keep a
verdict its evidence no longer gives.

**Deriving** (:func:`derive`): the first rule that applies decides, and the :class:`Decision`
names it, so that a verdict that differs from its pin says why::

    cited        a cited document says what happened (an erratum's :history:): renamed or
                 changed, deprecated, or PyTorch always behaved so (never right)
    refuted      the note states a yes/no property that PyTorch contradicts: never right
                 (nothing deprecated or removed it: PyTorch deprecates, then removes)
    raises       it raises: when Python rejects the note's own text (a stray character, an
                 undefined or unimported name) or the note misspells a name (declared), a
                 typo in the note, unless the corrected code raises too (never right); else
                 removed (now raises)
    warns        it warns with a deprecation category: deprecated
    output       a fragment: holds when it prints what the note printed (or the note printed
                 nothing and it runs), else renamed or output changed
    erratum      an erratum otherwise: renamed or output changed
    quote        a quote whose claims hold: holds

**Checking** (:func:`unsupported`): each kind's definition (:data:`DEFINITIONS`, shown above
the errata table) is also a check that the row's evidence can bear it; a row that breaks it
fails the build (``checks.verdict_evidence``), naming the row and the rule. Beyond the
definitions, the evidence must show what the verdict says::

    holds          a note's words about shared data ("共享", "shares") rest on a claim whose
                   code compares storage (data_ptr, untyped_storage, np.shares_memory), not
                   on object identity or values alone
    renamed        the row shows the old name and the new one: a name of the note's words
                   that is gone, and one that replaces it (a fragment: both outputs)
    never right,   the case where the note's words fail, executed (a refuted statement, or
    or partly      corrected code that raises) or cited; when the row says "partly right"
    right          (an erratum's :holds-when:), the case where they hold, executed too
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from torch_notes.evidence.model.records import (
    NOT_VALID_PYTHON,
    Cited,
    Executed,
    Outcome,
    Row,
    RowSource,
)


class Verdict(enum.Enum):
    """How a claim of the notes fares with the PyTorch the site is built with.

    The value is the English label; other languages translate it through the package's
    message catalog. Its order is the summary's and the table legend's.
    """

    HOLDS = "holds"
    CHANGED = "renamed or output changed"
    DEPRECATED = "deprecated"
    REMOVED = "removed (now raises)"
    NEVER_RIGHT = "never right, or partly right"
    TYPO = "typo in the note"

    @property
    def definition(self) -> str:
        return DEFINITIONS[self]

    @property
    def slug(self) -> str:
        """For HTML classes (``verdict-badge-<slug>``, coloured in torch-notes.css)."""
        return re.sub(r"[^a-z]+", "-", self.value).strip("-")

    @classmethod
    def labelled(cls, label: str) -> Verdict:
        """The verdict whose label is ``label``, or a LookupError naming the labels."""
        for verdict in cls:
            if verdict.value == label:
                return verdict
        raise LookupError(f"no verdict {label!r}; one of {', '.join(v.value for v in cls)}")


# What each verdict means, shown above the errata table; :func:`unsupported` checks each.
DEFINITIONS = {
    Verdict.HOLDS: (
        "The note's code, run as written, gives what the note says or prints: no error, no "
        "deprecation warning."
    ),
    Verdict.CHANGED: (
        "The same idea runs, but a name or a value it prints differs from the note's (shown "
        "side by side), or a cited document says it was renamed or changed."
    ),
    Verdict.DEPRECATED: (
        "It runs, but PyTorch warns that it is deprecated, or a cited document marks it so."
    ),
    Verdict.REMOVED: (
        "It raises now, and it ran on an older recorded release, or a cited document shows "
        "that it once worked."
    ),
    Verdict.NEVER_RIGHT: (
        "Executed or cited evidence shows it fails where the note says it works: the "
        "statement is wrong, or right only in part."
    ),
    Verdict.TYPO: (
        "The code as printed cannot run, and the corrected spelling (a name, a stray "
        "character, a missing import), executed, does: a line that fails whatever its "
        "spelling is no typo."
    ),
}

# The note's words claim shared data; the code that judges them compares storage.
SHARED_DATA = re.compile(r"共享|\bshar(?:e|es|ed|ing)\b", re.IGNORECASE)
STORAGE_CODE = re.compile(r"data_ptr|untyped_storage|shares_memory|same_memory|storage_offset")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# An erratum's :history: and the verdict a cited document gives.
HISTORIES = {
    "renamed": Verdict.CHANGED,
    "changed": Verdict.CHANGED,
    "deprecated": Verdict.DEPRECATED,
    "always": Verdict.NEVER_RIGHT,
}


@dataclass(frozen=True)
class Decision:
    """A derived verdict and the rule that decided it, in words a reviewer can check."""

    verdict: Verdict
    rule: str


def derive(source: RowSource, outcome: Outcome) -> Decision:
    """The verdict of a row's evidence: the first rule that applies (see the module)."""
    if outcome.history:
        return Decision(HISTORIES[outcome.history], f"cited: a document says {outcome.history}")
    if outcome.note_states_property:
        return Decision(Verdict.NEVER_RIGHT, "refuted: the note's yes/no statement is false")
    if outcome.raised is not None:
        raised = outcome.raised.type
        if raised in NOT_VALID_PYTHON or outcome.note_typo:
            cause = f"misspells {outcome.note_typo!r}" if outcome.note_typo else f"{raised}"
            if outcome.corrected_raised:
                return Decision(
                    Verdict.NEVER_RIGHT, f"raises: {cause}, and the corrected code raises too"
                )
            return Decision(Verdict.TYPO, f"raises: {cause}; the corrected code does not raise")
        return Decision(Verdict.REMOVED, f"raises: {raised}, not a typo")
    if any(warning.deprecation for warning in outcome.warned):
        return Decision(Verdict.DEPRECATED, "warns: a deprecation category")
    if source is RowSource.SNIPPET:
        if outcome.matches_note is False:
            return Decision(Verdict.CHANGED, "output: differs from what the note printed")
        return Decision(Verdict.HOLDS, "output: as the note printed, or it runs")
    if source is RowSource.ERRATUM:
        return Decision(Verdict.CHANGED, "erratum: runs, and states what differs")
    return Decision(Verdict.HOLDS, "quote: its claims hold")


def verdict_of(row: Row) -> Verdict:
    return derive(row.source, row.outcome).verdict


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
    verdict = verdict_of(row)
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
        if SHARED_DATA.search(row.words) and not STORAGE_CODE.search(row.now):
            problems.append(
                "'holds' on words about shared data needs a claim whose code compares "
                "storage (data_ptr, untyped_storage, np.shares_memory), not identity or values"
            )
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
        if row.source is RowSource.ERRATUM and outcome.history != "changed":
            old, new = set(NAME.findall(row.words)), set(NAME.findall(row.now))
            if not (old - new and new - old):
                problems.append(
                    "'renamed' needs the old name and the new one: a name of the note's words "
                    "that the row's code no longer uses, and the name that replaces it"
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
        if outcome.holds_when is False:
            problems.append(
                "'partly right' needs the case where the note's words hold, executed: its "
                ":holds-when: claim does not hold"
            )
    if outcome.holds_when is not None and verdict is not Verdict.NEVER_RIGHT:
        problems.append(
            f":holds-when: declares 'partly right', but the verdict is {verdict.value!r}"
        )
    return problems


def differs(row: Row) -> bool:
    """Whether the row shows a value other than the note's words."""
    if row.source is RowSource.SNIPPET:
        return row.outcome.matches_note is False
    return bool(row.now) and " ".join(row.now.split()) != " ".join(row.words.split())
