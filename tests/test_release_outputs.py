"""Each output block that a recorded release prints differently says so
(torch_notes/pages/release_outputs.py)."""

from __future__ import annotations

from docutils import nodes

from torch_notes.evidence.execution.release_records import Record, Status
from torch_notes.pages import release_outputs


def record(release, outputs, failures=None, build="cuda"):
    return Record(release, build, "2026-12-04", "3.11", {}, failures or {}, outputs)


RECORDS = (
    record("2.0.1", {}, {"ex#3": "AttributeError: no accelerator"}),
    record("2.5.1", {"ex.cell": "old\nsame"}),
    record("2.6.0", {"ex.cell": "old\nsame"}),
    record("2.13.0", {"ex.cell": "new\nsame"}),
    record("2.14.1", {"ex.cell": "new\nsame"}),
)


def test_releases_are_grouped_by_what_they_print_against_the_pages_release():
    runs = release_outputs.runs(RECORDS, "ex.cell", 3, "2.13")
    assert [(r.first, r.last, r.status) for r in runs] == [
        ("2.0", "2.0", Status.CANNOT_RUN),
        ("2.5", "2.6", Status.DIFFERENT),
        ("2.13", "2.14", Status.SAME),
    ]
    assert release_outputs.summary(runs) == "cannot run on 2.0 · 2.5–2.6 prints something else"


def test_a_cell_every_release_prints_alike_says_nothing():
    alike = tuple(record(r, {"ex.cell": "x"}) for r in ("2.6.0", "2.13.0", "2.14.1"))
    assert release_outputs.runs(alike, "ex.cell", 2, "2.13") == []
    # Without the page's own release in the history there is nothing to compare with.
    assert release_outputs.runs(alike, "ex.cell", 2, "2.12") == []


def test_a_difference_of_build_kind_alone_is_never_shown():
    # The page's release is a CPU build; its record (a CUDA wheel) is what others are held to.
    kinds = (record("2.13.0", {"ex.cell": "a"}), record("2.14.1", {"ex.cell": "a"}))
    assert release_outputs.runs(kinds, "ex.cell", 2, "2.13") == []


def test_the_box_shows_each_release_as_a_diff_and_the_error_that_stops_it():
    runs = release_outputs.runs(RECORDS, "ex.cell", 3, "2.13")
    box = release_outputs.box(runs, "ex.cell", "new\nsame", RECORDS, "2.13")
    assert box["summary"].startswith("cannot run on 2.0")
    assert box["releases"] == "2.0 2.5 2.6 2.13 2.14"
    assert box["page_release"] == "the page's (2.13)"
    blocks = list(box.findall(nodes.literal_block))
    assert blocks[0].astext() == "AttributeError: no accelerator"
    assert blocks[1]["language"] == "diff"
    assert blocks[1].astext().splitlines() == ["- new", "+ old", "  same"]
    runs_shown = [c for c in box.children if "release-run" in c["classes"]]
    assert [c["classes"][1:] for c in runs_shown] == [
        ["first-2.0", "last-2.0"],
        ["first-2.5", "last-2.6"],
    ]


def test_a_recording_machines_path_is_shown_as_the_scripts_name():
    text = "/home/x/torch-notes/gallery/networks/plot_save_load.py:91: FutureWarning: old"
    assert release_outputs.shown(text) == "plot_save_load.py:91: FutureWarning: old"


def test_a_cell_that_failed_in_the_examples_own_code_is_never_shown():
    own = Record(
        "2.10.0", "cuda", "2026-12-04", "3.11", {}, {"ex#3": "NameError: name 'x' is not defined"},
        {"ex.cell": ""}, frozenset({"ex#3"}),
    )  # fmt: skip
    recorded = (*RECORDS[1:3], own, *RECORDS[3:])
    runs = release_outputs.runs(recorded, "ex.cell", 3, "2.13")
    assert [(r.first, r.last, r.status) for r in runs] == [
        ("2.5", "2.6", Status.DIFFERENT),
        ("2.13", "2.14", Status.SAME),
    ]
