"""The ledger of the notes: every item of each note, and where the site treats it.

A note is split into items (``notes/ledger/<note>.toml``): each code line or fragment, each
sentence about PyTorch, Python or numerical behaviour, and each heading, title or link. An
item keeps its words as the note has them, from its first line on::

    [[item]]
    id = "001-014"
    line = 32
    words = '''
    x = torch.arange(1, 3).view(1, 2)
    print(x)'''

and says where the site treats it, or why it needs no treatment:

* nothing: *derived*: some page quotes the item (``{note}``, an ``{erratum}``'s ``:quote:``,
  a ``{snippet}`` with ``:note:``) in words that contain the item's or that it contains;
* ``treated = "page#anchor"``: *declared*: a page and a label or heading anchor on it;
* ``same = "001-042"``: the same words as an item of another note, treated where that is;
* ``exempt = "heading"``: one of :data:`EXEMPTIONS`, the reason it needs no treatment; an
  exemption ``not-behaviour`` also says why, in ``reason``, as a reviewer checked it;
* ``untreated = "page"``: no page treats it yet; the page where it belongs. The build fails
  on it, as on an item with no mapping, until a page treats it.

Nothing here knows the build: :func:`coverage_problems` checks items against a note's text,
:func:`resolve` decides each item's place from what the pages quote.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from torch_notes.evidence.model.text import without_whitespace

# Why an item needs no page (its key in the ledger, and how the about page names it).
EXEMPTIONS = {
    "heading": "a heading",
    "blog-title": "a blog post's title",
    "link": "a link",
    "not-behaviour": "not about behaviour",
}
# Characters (whitespace aside) an item needs to be matched to a quote, and a quote needs to
# treat an item it does not hold whole: `or` and `而` are declared, never matched.
MIN_QUOTE = 4
WORD = re.compile(r"[A-Za-z0-9_]")


@dataclasses.dataclass(frozen=True)
class Item:
    """One item of a note, as the ledger declares it."""

    id: str
    note: str
    line: int  # the note's line where the words start, from 1
    words: str
    treated: str = ""  # declared: "page#anchor"
    same: str = ""  # the id of an item of another note with the same words
    exempt: str = ""  # a key of EXEMPTIONS
    untreated: str = ""  # the page where it belongs, while none treats it
    en: str = ""  # the words in English, for Chinese words (English pages show them)
    reason: str = ""  # why an exemption "not-behaviour" holds, as a reviewer checked it

    @property
    def lines(self) -> range:
        return range(self.line, self.line + self.words.strip("\n").count("\n") + 1)


@dataclasses.dataclass(frozen=True)
class Place:
    """Where a page treats the notes' words: a quote, an erratum, a snippet, a section."""

    docname: str
    anchor: str
    note: str = ""
    words: str = ""


class Status(enum.Enum):
    DERIVED = "treated (derived)"
    DECLARED = "treated (declared)"
    EXEMPT = "exempt"
    UNTREATED = "untreated"


@dataclasses.dataclass(frozen=True)
class Resolved:
    """What the build found for an item: its status, its place, and any problem."""

    item: Item
    status: Status
    place: Place | None = None
    problem: str = ""

    @property
    def treated(self) -> bool:
        return self.status in (Status.DERIVED, Status.DECLARED)


KEYS = {f.name for f in dataclasses.fields(Item)} - {"note"}


def items_of(note: str, data: Mapping[str, Any]) -> tuple[list[Item], list[str]]:
    """The ledger file's items (``data`` as TOML reads it), and what is wrong with its form."""
    items, problems, seen = [], [], set()
    if data.get("note") != note:
        problems.append(f"the ledger names note {data.get('note')!r}, not {note!r}")
    for number, entry in enumerate(data.get("item", []), start=1):
        name = entry.get("id", f"item {number}")
        unknown = set(entry) - KEYS
        if unknown:
            problems.append(f"{name}: unknown keys {sorted(unknown)}")
            continue
        if not str(name).startswith(f"{note}-") or name in seen:
            problems.append(f"{name}: an id is '{note}-<number>', once per ledger")
            continue
        seen.add(name)
        mappings = [k for k in ("treated", "same", "exempt", "untreated") if entry.get(k)]
        if len(mappings) > 1:
            problems.append(f"{name}: one of treated, same, exempt, untreated, not {mappings}")
            continue
        if entry.get("exempt") and entry["exempt"] not in EXEMPTIONS:
            problems.append(f"{name}: exempt is one of {sorted(EXEMPTIONS)}")
            continue
        if (entry.get("exempt") == "not-behaviour") != bool(str(entry.get("reason", "")).strip()):
            problems.append(
                f"{name}: an exemption 'not-behaviour' needs a reason (why the words state "
                "nothing a page could check), and only it has one"
            )
            continue
        if not isinstance(entry.get("line"), int) or not str(entry.get("words", "")).strip():
            problems.append(f"{name}: an item needs line (a number) and words")
            continue
        items.append(Item(note=note, **{k: v for k, v in entry.items() if k in KEYS}))
    return items, problems


def is_filler(character: str) -> bool:
    """What no item needs to hold: whitespace, punctuation, symbols and digits (a list's
    numbers, ``1.``, ``①``); every letter and Chinese character belongs to an item."""
    return not character.isalpha()


def coverage_problems(text: str, items: Sequence[Item]) -> list[tuple[int, str]]:
    """``(line, problem)`` where an item's words are not on its lines, and for each line with
    words that belong to no item (see :func:`is_filler`)."""
    lines = text.split("\n")
    covered = [[False] * len(line) for line in lines]
    problems = []
    for item in items:
        for offset, part in enumerate(item.words.strip("\n").split("\n")):
            number, part = item.line + offset, part.strip()
            line = lines[number - 1] if 0 < number <= len(lines) else ""
            if not part and not line.strip():
                continue  # a blank line inside a fragment
            at = line.find(part)
            if not part or at < 0:
                problems.append(
                    (number, f"{item.id}: the note's line {number} does not hold {part!r}")
                )
                break
            covered[number - 1][at : at + len(part)] = [True] * len(part)
    for number, (line, marks) in enumerate(zip(lines, covered, strict=True), start=1):
        left = "".join(c if not mark else " " for c, mark in zip(line, marks, strict=True))
        if any(not is_filler(c) for c in left):
            problems.append((number, f"line {number}: {left.strip()!r} belongs to no item"))
    return problems


def holds_words(text: str, part: str) -> bool:
    """Whether ``text`` holds ``part``, whitespace aside, and not inside a longer name or
    number: ``or`` is no part of ``pytorch学习记录``, nor ``x`` of ``max``."""
    pattern = words_pattern(without_whitespace(part))
    return pattern is not None and pattern.search(text) is not None


@functools.lru_cache(maxsize=4096)
def words_pattern(part: str) -> re.Pattern[str] | None:
    """:func:`holds_words`' pattern for ``part``, compiled once: the ledger is resolved several
    times a build, each time comparing every item with every quote (more patterns than
    ``re`` keeps compiled)."""
    if not part:
        return None
    pattern = r"\s*".join(map(re.escape, part))
    if WORD.match(part[0]):
        pattern = rf"(?<![A-Za-z0-9_]){pattern}"
    if WORD.match(part[-1]):
        pattern = rf"{pattern}(?![A-Za-z0-9_])"
    return re.compile(pattern)


def quotes_item(quote: str, words: str) -> bool:
    """A page's quote treats an item when one holds the other (whitespace aside, never inside
    a longer name or number); an item shorter than :data:`MIN_QUOTE` (``or``, ``而``) says
    too little to find its place by itself, and a short quote treats only an item it holds."""
    quote_length, words_length = len(without_whitespace(quote)), len(without_whitespace(words))
    if words_length < MIN_QUOTE or not quote_length:
        return False
    return holds_words(quote, words) or (quote_length >= MIN_QUOTE and holds_words(words, quote))


def derived_place(item: Item, quotes: Iterable[Place]) -> Place | None:
    """The page that quotes the item: one that holds all its words first, then the longest."""
    found = [q for q in quotes if q.note == item.note and quotes_item(q.words, item.words)]
    words = without_whitespace(item.words)
    found.sort(
        key=lambda q: (
            words not in without_whitespace(q.words),
            -len(without_whitespace(q.words)) if words not in without_whitespace(q.words) else 0,
            q.docname,
            q.anchor,
        )
    )
    return found[0] if found else None


def resolve(
    items: Sequence[Item],
    quotes: Sequence[Place],
    anchors: Mapping[str, Mapping[str, str]],
) -> list[Resolved]:
    """Each item's status and place. ``quotes``: what the pages quote, with page and anchor;
    ``anchors``: each page's labels and heading anchors, each with the id it has on the page
    (every page, those without any too)."""
    by_id = {item.id: item for item in items}
    first = {item.id: first_pass(item, quotes, anchors) for item in items}
    resolved = []
    for item in items:
        found = first[item.id]
        if item.same:
            other = by_id.get(item.same)
            if other is None:
                found = Resolved(item, Status.UNTREATED, problem=f"same: no item {item.same!r}")
            elif not holds_words(other.words, item.words):
                found = Resolved(
                    item,
                    Status.UNTREATED,
                    problem=f"same: {item.same}'s words do not hold this item's",
                )
            elif first[other.id].treated:
                found = Resolved(item, Status.DECLARED, first[other.id].place)
            else:
                found = Resolved(item, Status.UNTREATED, problem=f"same: {other.id} is untreated")
        resolved.append(found)
    return resolved


def first_pass(
    item: Item, quotes: Sequence[Place], anchors: Mapping[str, Mapping[str, str]]
) -> Resolved:
    if item.exempt:
        return Resolved(item, Status.EXEMPT)
    if item.treated:
        docname, _, anchor = item.treated.partition("#")
        if docname not in anchors:
            problem = f"treated: no page {docname!r}"
        elif not anchor or anchor not in anchors[docname]:
            problem = f"treated: {docname} has no label or heading anchor {anchor!r}"
        else:
            return Resolved(item, Status.DECLARED, Place(docname, anchors[docname][anchor]))
        return Resolved(item, Status.UNTREATED, problem=problem)
    if item.same:
        return Resolved(item, Status.UNTREATED)  # decided by resolve(), from the other item
    place = derived_place(item, quotes)
    if item.untreated:
        if place is not None:
            problem = (
                f"declared untreated, but {place.docname}#{place.anchor} quotes it: "
                "remove `untreated`"
            )
        elif item.untreated not in anchors:
            problem = f"untreated: no page {item.untreated!r}"
        else:
            problem = f"untreated: no page treats it yet; it belongs on {item.untreated}"
        return Resolved(item, Status.UNTREATED, problem=problem)
    if place is None:
        return Resolved(
            item,
            Status.UNTREATED,
            problem="no page quotes it and the ledger maps it nowhere: quote it on a page, or "
            "declare treated, same, exempt or untreated",
        )
    return Resolved(item, Status.DERIVED, place)
