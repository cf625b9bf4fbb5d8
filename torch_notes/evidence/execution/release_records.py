"""How each claim of the notes fares on every recorded PyTorch release, and what changed when.

``history/torch-<release>.json`` (written by ``nox -s history``, see ``torch_notes.history``)
holds what every example and snippet recorded on one release, with its provenance. Every row
of the errata table rests on claims, ``(stated value, fact key)`` pairs (``Row.claims``); on
each recorded release a row is

* **as now**: every claim holds there too;
* **different**: a claim's fact has another value there (shown);
* **cannot run**: the code behind a fact fails there (the API does not exist yet, say): the
  error is shown.

Each recorded release is a :class:`Record`; :func:`spans` groups a row's releases by status,
and :func:`since` finds the first release from which a fact has had its newest value.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation

from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX
from torch_notes.evidence.model.records import Row, installed_torch
from torch_notes.evidence.model.values import format_value, from_plain, matches
from torch_notes.release_list import minor, version

_ = get_translation("torch_notes")


class Status(enum.Enum):
    SAME = "as now"
    DIFFERENT = "different"
    CANNOT_RUN = "cannot run"


@dataclass(frozen=True)
class Record:
    """What one release recorded (``history/torch-<release>.json``)."""

    release: str
    build: str
    date: str
    python: str
    facts: dict[str, Any]
    failures: dict[str, str]  # "<example>#<cell>": the error's last line
    # "<example>.<cell>": what the named cell printed, normalised (``model.text.comparable``);
    # empty in a record made before outputs were recorded.
    outputs: dict[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """``2.13`` for ``2.13.0+cpu``: the releases are the latest patch of each minor."""
        return minor(self.release)

    def value(self, key: str) -> Any:
        return self.facts[key]

    def failure(self, key: str) -> str:
        """Why ``key`` was not recorded: the first cell of its example that failed."""
        example = key.split(".", 1)[0]
        if key.startswith(f"{SNIPPET_PREFIX}."):
            return ""
        found = [error for cell, error in self.failures.items() if cell.startswith(f"{example}#")]
        return found[0] if found else ""


@cache
def load_records(folder: str) -> tuple[Record, ...]:
    records = []
    for path in Path(folder).glob("torch-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        facts = {key: from_plain(value) for key, value in data["facts"].items()}
        provenance = data["provenance"]
        records.append(
            Record(
                provenance["release"],
                provenance["build"],
                provenance["date"],
                provenance["python"],
                facts,
                data["failures"],
                data.get("outputs", {}),
            )
        )
    return tuple(sorted(records, key=lambda r: version(r.release)))


def records(env: BuildEnvironment) -> tuple[Record, ...]:
    folder = env.config.release_history_dir
    return load_records(str(folder)) if folder else ()


def own_record(env: BuildEnvironment) -> Record | None:
    """The record of the installed release, when the build runs on a recorded release."""
    installed = version(installed_torch().release)
    return next((r for r in records(env) if version(r.release) == installed), None)


def recorded_outputs(env: BuildEnvironment) -> dict[str, str] | None:
    """What each named cell printed on the installed release, as its record holds it: the
    expected outputs of a build on a recorded release other than the one whose outputs the
    common expected files hold (``evidence_expected_release``). None: compare with the files."""
    record = own_record(env)
    common = env.config.evidence_expected_release
    if record is None or not record.outputs or not common or record.label == common:
        return None
    return record.outputs


def nothing_printed() -> str:
    """What a row shows, in the page's language, for a release on which its code printed nothing."""
    return _("(prints nothing)").strip("()（）")


def status(row: Row, record: Record) -> tuple[Status, str]:
    """The row on one release, with the value or error that makes it differ."""
    for stated, key in row.claims:
        if key not in record.facts:
            return Status.CANNOT_RUN, record.failure(key)
        value = record.value(key)
        if not matches(stated, value):
            shown = format_value(value).strip() or nothing_printed()
            return Status.DIFFERENT, shown
    return Status.SAME, ""


@dataclass(frozen=True)
class Span:
    """Consecutive releases on which a row has the same status."""

    first: str
    last: str
    status: Status
    detail: str

    def releases(self) -> str:
        return self.first if self.first == self.last else f"{self.first}–{self.last}"


def spans(row: Row, recorded: tuple[Record, ...]) -> list[Span]:
    found: list[Span] = []
    for record in recorded:
        state, detail = status(row, record)
        if found and found[-1].status is state and found[-1].detail == detail:
            found[-1] = Span(found[-1].first, record.label, state, detail)
        else:
            found.append(Span(record.label, record.label, state, detail))
    return found


def newest_run(env: BuildEnvironment, key: str) -> tuple[Record, ...]:
    """The newest recorded releases on which ``key`` has the value of the newest record."""
    recorded = [r for r in records(env) if key in r.facts]
    if not recorded:
        return ()
    newest = format_value(recorded[-1].value(key))
    run: list[Record] = []
    for record in reversed(recorded):
        if format_value(record.value(key)) != newest:
            break
        run.insert(0, record)
    return tuple(run)


def since(env: BuildEnvironment, key: str) -> Record | None:
    """The first recorded release from which ``key`` has had its newest value."""
    run = newest_run(env, key)
    return run[0] if run else None


def release_bound(env: BuildEnvironment, key: str, stated: str | None = None) -> str:
    """``2.7`` when this build's release is older than every release on which ``key`` has had
    its newest value (and ``stated`` states that value): a claim that holds from 2.7 on."""
    first = since(env, key)
    if first is None or version(installed_torch().release) >= version(first.release):
        return ""
    if stated is not None and not matches(stated, first.value(key)):
        return ""
    return first.label
