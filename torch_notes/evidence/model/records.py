"""The records the evidence extension keeps: typed values, checks, and the rows of the notes.

Producers own their records: a role or directive creates a :class:`Check` for everything it
checked, and the snippet and erratum directives and the errata table's quote collector create
a :class:`Row` for every claim of the notes they cover. Records are plain frozen dataclasses,
stored per page in the ``evidence`` domain (``store.domain``) and written to JSON for the build
summary. A row holds evidence, not its verdict: ``model.verdicts`` derives that from the row's
explicit fields, never from how a name or a value is spelled.

A recorded fact is an object of its kind: a plain value (number, string, bool, list), a
:class:`Raised` exception, a :class:`Warned` warning, or a :class:`Printed` output. What a fact
is follows from its type, never from its key: ``facts["x_error"] = "ValueError"`` is a string,
and where a claim expects an error it is refused (``markup.facts``).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache

# -- Values that executed code can produce -------------------------------------------------


@dataclass(frozen=True)
class Raised:
    """An exception, recorded as such: its class name and, if the producer kept it, its message.

    Shown (and compared with a claim) as its message when it has one, else as its type.
    """

    type: str
    message: str | None = None

    def __str__(self) -> str:
        return self.message if self.message is not None else self.type

    def states(self, text: str) -> bool:
        return text in (self.type, self.message)


@dataclass(frozen=True)
class Warned:
    """A warning, recorded as such: its category name and, if kept, its message."""

    category: str
    message: str | None = None

    def __str__(self) -> str:
        return self.message if self.message is not None else self.category

    def states(self, text: str) -> bool:
        return text in (self.category, self.message)

    @property
    def deprecation(self) -> bool:
        return self.category in DEPRECATION_CATEGORIES


@dataclass(frozen=True)
class Printed:
    """What code printed (a fragment's output, or what a page shows of it), compared as a
    reader reads it: line ends and trailing blank lines aside (``model.text.printed_text``)."""

    text: str

    def __str__(self) -> str:
        return self.text


def is_error(value: object) -> bool:
    """Whether a fact says its code raised: only an exception recorded as such."""
    return isinstance(value, Raised)


# The name of an exception class, as a stated value or a string fact ("ValueError",
# "_pickle.UnpicklingError"): where a claim states one, the fact must be a recorded exception.
EXCEPTION_NAME = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception)$")


def names_exception(text: str) -> bool:
    return bool(EXCEPTION_NAME.match(text.strip()))


DEPRECATION_CATEGORIES = frozenset({"DeprecationWarning", "FutureWarning"})
# Exceptions Python raises for the note's own text before PyTorch is involved.
NOT_VALID_PYTHON = frozenset({"SyntaxError", "IndentationError", "NameError"})


@dataclass(frozen=True)
class TorchBuild:
    """The PyTorch a record was made with: release and build kind (``cpu``, ``cuda``, ``rocm``)."""

    release: str
    kind: str

    def __str__(self) -> str:
        return self.release


@cache
def installed_torch() -> TorchBuild:
    from importlib.metadata import version

    import torch

    kind = "cuda" if torch.version.cuda else "rocm" if torch.version.hip else "cpu"
    return TorchBuild(version("torch"), kind)


# -- Checks: everything the build verified on a page ---------------------------------------


class CheckKind(enum.Enum):
    CLAIM = "claim"  # {claim}`text <key>`
    FACT = "fact"  # {fact}`key`: inserted, so it holds by construction
    QUOTE = "quote"  # {note}`id:words`
    SNIPPET = "snippet"  # {snippet}: ran, and its :expect: held
    ERRATUM = "erratum"  # {erratum}: its quote and its :now: claim held
    NOTE_CLAIM = "note-claim"  # :note-claims: of an erratum: refuted, as it must be
    OUTPUT = "output"  # an output block: equal to its reviewed expected output
    CODE = "code"  # a Python block shown on a page: it ran in this build
    HISTORY = "history"  # a sentence about PyTorch's past: it holds a claim, fact or citation
    # A general statement, found by its words or its meaning: a claim, a bound, or a probe
    # (detail: how it is backed: claim, bound, probe, site, or none when it is not).
    ABSOLUTE = "absolute"
    WORDING = "wording"  # a Chinese page: the glossary's terms and Chinese punctuation
    RUNNABLE = (
        "runnable"  # shown code: it runs as shown (names shown, check alone, no hidden output)
    )


@dataclass(frozen=True)
class Check:
    kind: CheckKind
    subject: str
    holds: bool
    detail: str = ""  # a snippet's :expect:; how a general statement is backed

    def merged(self, other: Check) -> Check:
        """A translated paragraph is parsed again: the same check counts once, holding only
        if it held every time."""
        return Check(self.kind, self.subject, self.holds and other.holds, self.detail)


# -- Rows of the errata table: one claim of the notes each -------------------------------


class RowSource(enum.Enum):
    SNIPPET = "snippet"  # a fragment of a note's code, run today
    ERRATUM = "erratum"  # a box on a page: the note's words and a claim about today
    QUOTE = "quote"  # a quote of the notes in a paragraph whose claims hold


@dataclass(frozen=True)
class Executed:
    """Evidence from running code in this build: the facts or the snippet it rests on."""

    subjects: tuple[str, ...]


@dataclass(frozen=True)
class Cited:
    """Evidence from a document for history no installable release can show (before 2.0)."""

    url: str
    title: str = ""


@dataclass(frozen=True)
class Outcome:
    """What running the row's code, or reading its facts, showed: the fields a verdict needs."""

    raised: Raised | None = None
    warned: tuple[Warned, ...] = ()
    # A snippet's output against what the note printed; None when the note printed nothing.
    matches_note: bool | None = None
    # An erratum's :note-claims: states a yes/no property (True, False, None) refuted today.
    note_states_property: bool = False
    # An erratum's :note-typo:: the name the note misspells (the code never ran as printed).
    note_typo: str = ""
    # An erratum's :corrected:: whether the note's code with its spelling corrected raised
    # too (True), ran (False), or was not run (None).
    corrected_raised: bool | None = None
    # An erratum's :holds-when:: the note is right in part, and the case where its words hold
    # was executed: whether that claim held (True), or None when none is declared.
    holds_when: bool | None = None
    # An erratum's :history:, backed by cited evidence: what a document says happened to
    # what the note describes ("renamed" or otherwise "changed", "deprecated", or "always" as
    # it is today).
    history: str = ""


@dataclass(frozen=True)
class Row:
    source: RowSource
    note: str  # three-digit id of the note
    words: str  # the note's words
    now: str  # what PyTorch does now, as shown in the table
    outcome: Outcome
    evidence: tuple[Executed | Cited, ...]
    docname: str
    anchor: str
    torch: TorchBuild
    expected_output: str | None = None  # what the note printed, for a snippet
    covers: str = ""  # the anchor of a row this one replaces (an erratum about a snippet)
    # (stated value, fact key): what "now" rests on, checked again on every recorded release
    # (torch_notes.evidence.execution.release_records); a snippet's is its shown output, ``snippets.<name>.shown``.
    claims: tuple[tuple[str, str], ...] = ()
    words_en: str = ""  # the note's words in English, for Chinese words (English pages show it)


def row_order(row: Row) -> tuple[str, str, int, str]:
    """The table's order: by note, then page, then snippets, errata and quotes, then anchor."""
    return (row.note, row.docname, list(RowSource).index(row.source), row.anchor)
