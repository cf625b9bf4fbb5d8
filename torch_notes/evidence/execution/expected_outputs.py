"""Every output a reader sees is compared with a reviewed expected output kept in git.

Each executed source has its expected outputs beside it, one block per output, keyed by the
name of the cell that printed it (``--- cell add ---``; a fragment's one output is
``--- output ---``), in the order the page shows them, so that a cell inserted in the middle
of an example adds one block and leaves every other byte as it was::

    gallery/autograd/plot_autograd_basics.py   ->  gallery/autograd/plot_autograd_basics.expected.txt
    snippets/autograd_add_two.py               ->  snippets/autograd_add_two.expected.txt

On every build each output block (a gallery cell's output, a snippet's output, with the errors
and warnings they print) is normalised by :data:`RULES` and compared with the expected block of
its cell; a difference fails the build, naming page and cell, with a diff, and so does an output
with no expected block and a block whose cell shows no output any more, each naming the file
and ``nox -s accept``, which writes it. When the outputs change on
purpose, ``nox -s accept`` rewrites the expected files, and the change is reviewed in
``git diff``.

Normalising is declared here, once, each rule tested (``tests/test_outputs.py``); nothing else
is exempt:

* memory addresses (``0x7f3a...``) differ on every run;
* PyTorch's own source locations in its warnings (``Triggered internally at .../X.h:493``)
  differ between releases;
* timings: a gallery cell whose code says ``# volatile`` has its output marked volatile by
  ``torch_notes.gallery.volatile_output``, and is not compared;
* floats: a gallery cell whose code says ``# output tolerance: 1e-4`` compares the numbers it
  prints within that relative tolerance.

Outputs are written so that they do not depend on the release or on the build kind (CPU or
CUDA wheel); the build fails where one does. The common file holds the outputs of the release
of ``evidence_expected_release`` (the pin). A build on another recorded release compares each
gallery output with what that release printed, as its record in ``history/`` holds it under
the cell's name (``execution.release_records.recorded_outputs``): every release 2.0-2.14 is
recorded, so each builds against its own outputs, not the pin's text. On a release with no
record, a declared exception may stand beside the common file
(``plot_save_load.torch-2.6.expected.txt``): ``nox -s accept`` there writes a release's file
only where its outputs differ from the common ones, and removes it where they agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from torch_notes.evidence.model.records import installed_torch
from torch_notes.evidence.model.text import comparable, diff, same
from torch_notes.release_list import minor

SUFFIX = ".expected.txt"


HEADER = (
    "# Expected outputs of {name}, one block per output, by cell. Accept changes: nox -s accept\n"
)
SNIPPET_KEY = "output"  # a fragment's one output


BLOCK = re.compile(r"^--- (?:cell )?(.+?) ---\n", re.MULTILINE)


def expected_path(source: Path, release: str = "") -> Path:
    """The expected outputs of ``source``; with a release (``2.6``), that release's file."""
    return source.with_name(source.stem + (f".torch-{release}" if release else "") + SUFFIX)


def read_expected(path: Path) -> dict[str, str]:
    """``{cell: expected output}``, in the file's order."""
    if not path.is_file():
        return {}
    parts = BLOCK.split(path.read_text(encoding="utf-8"))
    return {
        key: text.removesuffix("\n") for key, text in zip(parts[1::2], parts[2::2], strict=True)
    }


def write_expected(path: Path, outputs: dict[str, str]) -> None:
    body = "".join(
        f"--- {key if key == SNIPPET_KEY else 'cell ' + key} ---\n{comparable(text)}\n"
        for key, text in outputs.items()
    )
    path.write_text(HEADER.format(name=path.name.removesuffix(SUFFIX)) + body, encoding="utf-8")


# What records a release: one release here, or every release as a matrix of jobs.
RECORD_COMMAND = "nox -s history -- {release}"
RECORD_WORKFLOW = '.github/workflows/history.yml ("Release history", run by hand or on a change)'


@dataclass(frozen=True)
class Recorded:
    """The expected outputs of one source as a release record holds them."""

    name: str  # ``history/torch-2.9.1.json``
    blocks: list[str | None]  # one per compared output, None where the record has none
    cells: list[str]  # the cell of each block
    release: str  # ``2.9.1``

    def missing(self) -> str | None:
        """What to do when the record lacks cells: every one named, and what records them."""
        cells = [cell for cell, block in zip(self.cells, self.blocks, strict=True) if block is None]
        if not cells:
            return None
        return (
            f"has cells that {self.name} does not record ({', '.join(cells)}): record them "
            f"with `{RECORD_COMMAND.format(release=self.release)}`, or every release with "
            f"{RECORD_WORKFLOW}"
        )


@dataclass
class Comparison:
    """The outputs of one source, compared (or accepted) as a page shows them."""

    source: Path
    accept: bool
    release: str = ""  # the installed release (``2.6``)
    common_release: str = ""  # the release whose outputs the common file holds; "" = any

    def path(self) -> Path:
        own = expected_path(self.source, self.release)
        return own if self.release and own.is_file() else expected_path(self.source)

    def check(
        self,
        outputs: list[tuple[str, str, float | None]],
        warn: Callable[[int, str], None],
        recorded: Recorded | None = None,
    ) -> list[bool]:
        """Compare each (cell, output, tolerance) with its cell's expected block; whether each
        holds.

        ``recorded``: on a recorded release other than the common one, what that release
        printed (its record's name and each output's block there, None where it has none),
        which is then the expected output instead of any file."""
        if self.accept and recorded is None:
            self.write({key: text for key, text, _ in outputs})
            return [True] * len(outputs)
        if recorded is not None:
            name = recorded.name
            expected: dict[str, str | None] = dict(
                zip(recorded.cells, recorded.blocks, strict=True)
            )
            if missing := recorded.missing():
                warn(0, missing)
        else:
            path = self.path()
            if not path.is_file():
                warn(0, f"has no expected outputs ({path.name}): review them, then nox -s accept")
                return [False] * len(outputs)
            name, expected = path.name, dict(read_expected(path))
            shown = {key for key, _, _ in outputs}
            if gone := [key for key in expected if key not in shown]:
                warn(
                    0,
                    f"shows no output of {', '.join(gone)}, which {name} expects: "
                    "nox -s accept removes them",
                )
        holds = []
        for number, (key, actual, tolerance) in enumerate(outputs, 1):
            cell = "" if key == SNIPPET_KEY else f"(cell {key}) "
            if key not in expected:
                warn(
                    number,
                    f"{cell}has no expected output in {name}: review it, then nox -s accept "
                    "writes it",
                )
                holds.append(False)
                continue
            wanted = expected[key]
            holds.append(wanted is not None and same(wanted, actual, tolerance))
            if wanted is not None and not holds[-1]:
                warn(number, f"{cell}differs from {name}:\n{diff(wanted, actual)}")
        return holds

    def write(self, outputs: dict[str, str]) -> None:
        """Accept: the common file on the common release, else this release's own file, kept
        only where its outputs differ from the common ones."""
        common = expected_path(self.source)
        if not self.common_release or self.release == self.common_release:
            write_expected(common, outputs)
            return
        own = expected_path(self.source, self.release)
        expected = read_expected(common)
        agree = expected.keys() == outputs.keys() and all(
            same(expected[key], text) for key, text in outputs.items()
        )
        if agree:
            own.unlink(missing_ok=True)
        else:
            write_expected(own, outputs)


def comparison(source: Path, config: Any) -> Comparison:
    """How the build compares ``source``'s outputs with the installed release."""
    return Comparison(
        source,
        config.evidence_accept_outputs,
        minor(installed_torch().release),
        config.evidence_expected_release,
    )
