"""The names of the node attributes that carry evidence from a role to the checks and reports.

A role or directive sets them; the checks, the errata table and the translation checks
(``torch_notes.i18n.parity``) read them. A translation must keep the keys a paragraph holds.
"""

from __future__ import annotations

FACT_KEY = "fact_key"  # {fact}: the fact's key
FACT_SPEC = "fact_spec"  # {fact}: its format spec (a paragraph bounded by {since} re-shows it)
CLAIM_KEY = "claim_key"  # {claim}: the key of the fact it states
CLAIM_TEXT = "claim_text"  # {claim}: the value as the author wrote it
RELEASE_BOUND = "release_bound"  # {claim}: the release from which it holds, when newer than this
RELEASE_BOUND_KEY = "release_bound_key"  # ... and the fact's key
# {claim}: what the supported releases that contradict it have ("2.10: None"), and the release
# after the last of them ("" when the newest contradicts it); set on any build's release
HISTORY_OUTCOMES = "history_outcomes"
HISTORY_BOUND = "history_bound"
SINCE_KEY = "since_key"  # {since}: the fact's key
CITED_URL = "cited_url"  # {cited}: the address of the document
NOTE = "note"  # {note} and {erratum}: the three-digit id of the note quoted
NOTE_WORDS = "note_words"  # ... the note's words
NOTE_PROSE = "note_prose"  # ... whether they are prose (not code)
NOTE_TRANSLATION = "note_translation"  # ... their English translation (English pages show it)
EXAMPLE_CELL = "example_cell"  # {example-cell}: the cell shown, <example>.<cell>
COMPARED_AS = "compared_as"  # ... its output: the gallery page's comparison (plot_x.py#3)
# What a role or directive leaves for a rendering build to fill in from what ran (its name:
# fact, claim, since, fact-case, snippet, solution, erratum); message extraction leaves it as it is.
PENDING = "evidence_pending"
ROLE_TEXT = "evidence_role_text"  # a pending {claim}: the role's own text, checked when filled in
