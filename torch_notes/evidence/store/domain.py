"""Where the records live: the ``evidence`` domain, per page, so that every kind of build is right.

Sphinx keeps a domain's data in the pickled environment, calls :meth:`clear_doc` before a
page is read again (incremental builds) and :meth:`merge_domaindata` after parallel reads, so
the checks and rows of a page are exactly those of its last reading. ``data_version`` makes
Sphinx drop an environment pickled with another record layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar, cast

from docutils import nodes
from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment

from torch_notes.evidence.model.ledger import Place
from torch_notes.evidence.model.records import Check, CheckKind, Row, RowSource, row_order
from torch_notes.evidence.model.text import without_whitespace


class EvidenceDomain(Domain):
    name = "evidence"
    label = "Evidence"
    initial_data: ClassVar[dict[str, Any]] = {
        "checks": {},  # docname -> list[Check]
        "rows": {},  # docname -> list[Row]
        "tables": set(),  # docnames that show the errata table
        "shown": {},  # docname -> {claim: whether the code behind it is on the page}
        "ledgers": set(),  # docnames that show the ledger of the notes
        "places": {},  # docname -> list[Place]: the notes' words it quotes, with their anchors
    }
    data_version = 6

    # -- producers ----------------------------------------------------------------------

    def note_check(self, docname: str, check: Check) -> None:
        checks = self.data["checks"].setdefault(docname, [])
        for at, known in enumerate(checks):
            if (known.kind, known.subject) == (check.kind, check.subject):
                checks[at] = known.merged(check)
                return
        checks.append(check)

    def note_rows(self, docname: str, rows: Iterable[Row]) -> None:
        self.data["rows"].setdefault(docname, []).extend(rows)

    def set_page_rows(self, docname: str, rows: Iterable[Row]) -> None:
        self.data["rows"][docname] = list(rows)

    def set_shown(self, docname: str, shown: dict[str, bool]) -> None:
        self.data["shown"][docname] = dict(shown)

    def note_places(self, docname: str, places: Iterable[Place]) -> None:
        self.data["places"].setdefault(docname, []).extend(places)

    def note_ledger_page(self, docname: str) -> None:
        self.data["ledgers"].add(docname)

    def note_table(self, docname: str) -> None:
        self.data["tables"].add(docname)

    # -- readers ------------------------------------------------------------------------

    def checks(self) -> dict[str, list[Check]]:
        return {docname: list(checks) for docname, checks in sorted(self.data["checks"].items())}

    def has_checks(self, docname: str) -> bool:
        return bool(self.data["checks"].get(docname))

    def page_rows(self, docname: str) -> list[Row]:
        return list(self.data["rows"].get(docname, []))

    def rows(self) -> list[Row]:
        """Every claim of the notes once: a quote whose words another row of the same note
        already covers (an erratum, a snippet, the same quote on another page) is left out."""
        rows = sorted((row for rows in self.data["rows"].values() for row in rows), key=row_order)
        kept: list[Row] = []
        for row in sorted(rows, key=lambda r: list(RowSource).index(r.source)):
            words = without_whitespace(row.words)
            if row.source is RowSource.QUOTE and any(
                other.note == row.note
                and (
                    words in without_whitespace(other.words)
                    or without_whitespace(other.words) in words
                )
                for other in kept
            ):
                continue
            kept.append(row)
        return sorted(kept, key=row_order)

    def shown(self, docname: str) -> dict[str, bool]:
        """The page's claims, each with whether the code that produces it is on the page."""
        return dict(self.data["shown"].get(docname, {}))

    def places(self) -> list[Place]:
        """Every quote of the notes on every page (a {note}, an erratum, a snippet's code and
        output), with the anchor it has on its page: what the ledger derives from."""
        return [place for _, places in sorted(self.data["places"].items()) for place in places]

    def ledger_pages(self) -> list[str]:
        return sorted(self.data["ledgers"])

    def table_pages(self) -> list[str]:
        return sorted(self.data["tables"])

    # -- Sphinx's bookkeeping -----------------------------------------------------------

    def clear_doc(self, docname: str) -> None:
        self.data["checks"].pop(docname, None)
        self.data["rows"].pop(docname, None)
        self.data["tables"].discard(docname)
        self.data["ledgers"].discard(docname)
        self.data["shown"].pop(docname, None)
        self.data["places"].pop(docname, None)

    def merge_domaindata(self, docnames: AbstractSet[str], otherdata: dict[str, Any]) -> None:
        for key in ("checks", "rows", "shown", "places"):
            for docname in docnames:
                if docname in otherdata[key]:
                    self.data[key][docname] = otherdata[key][docname]
        self.data["tables"] |= otherdata["tables"] & set(docnames)
        self.data["ledgers"] |= otherdata["ledgers"] & set(docnames)

    def resolve_any_xref(self, *args: Any) -> list[tuple[str, nodes.reference]]:
        return []  # the domain holds records, not cross-reference targets


def evidence_domain(env: BuildEnvironment) -> EvidenceDomain:
    """The build's records (every layer above reads and adds to them through this)."""
    return cast("EvidenceDomain", env.get_domain(EvidenceDomain.name))  # Sphinx: any Domain


def record_check(
    env: BuildEnvironment, kind: CheckKind, subject: str, holds: bool, **kw: Any
) -> None:
    """Remember one check of this page for the build summary."""
    evidence_domain(env).note_check(env.docname, Check(kind, subject, holds, **kw))
