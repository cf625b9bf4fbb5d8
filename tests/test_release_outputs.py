"""Each output block that a recorded release prints differently says so
(torch_notes/pages/release_outputs.py)."""

from __future__ import annotations

import html

import pytest
from docutils import nodes

from torch_notes.evidence.execution.release_records import Record, Status
from torch_notes.pages import release_outputs
from torch_notes.pages.notes_aside import notes_said


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
    (error,) = box.findall(nodes.literal_block)
    assert error.astext() == "AttributeError: no accelerator"
    (diff,) = box.findall(release_outputs.release_diff)
    assert diff.astext().splitlines() == ["- new", "+ old", "  same"]
    assert diff["lines"][:2] == [("-", (("new", False),), ""), ("+", (("old", False),), "")]
    runs_shown = [c for c in box.children if "release-run" in c["classes"]]
    assert [c["classes"][1:] for c in runs_shown] == [
        ["first-2.0", "last-2.0"],
        ["first-2.5", "last-2.6"],
    ]


def test_a_recording_machines_path_is_shown_as_the_scripts_name():
    text = "/home/x/torch-notes/gallery/networks/plot_save_load.py:91: FutureWarning: old"
    assert release_outputs.shown(text) == "plot_save_load.py:91: FutureWarning: old"


SCRIPT = """\
# %% load
net = torch.load(path)
# sphinx_gallery_start_ignore
loaded = torch.load(path)
facts["allowed"] = torch.load(path) == 1
# sphinx_gallery_end_ignore
"""
LONG = (
    "FutureWarning: You are using `torch.load` with `weights_only=False` (the current default "
    "value), which uses the default pickle module implicitly. It is possible to construct "
    "malicious pickle data which will execute arbitrary code during unpickling."
)


@pytest.fixture
def script(tmp_path) -> release_outputs.Script:
    path = tmp_path / "plot_x.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return release_outputs.Script.read(path)


def test_a_warning_about_a_hidden_line_is_left_out_quoted_line_and_all(script):
    assert script.hidden == {3, 4, 5, 6}
    printed = (
        f"plot_x.py:2: {LONG}\n  net = torch.load(path)\n"
        f"plot_x.py:4: {LONG}\n  loaded = torch.load(path)\n"
        f'plot_x.py:5: {LONG}\n  facts["allowed"] = torch.load(path) == 1\n'
        "done"
    )
    found = release_outputs.entries(printed, script)
    assert [e.lines[0][:12] for e in found] == ["plot_x.py:2:", "done"]
    shown = release_outputs.diff_node(release_outputs.diff([], found)).astext()
    assert "loaded" not in shown and "facts" not in shown
    assert "net = torch.load(path)" in shown  # the page shows that line
    # Without the script, the planted warnings are all there: the check can fail.
    assert (
        "facts"
        in release_outputs.diff_node(
            release_outputs.diff([], release_outputs.entries(printed, None))
        ).astext()
    )


def test_a_record_of_an_older_script_is_matched_by_the_quoted_text(script):
    # Line 9 is past the end now; line 2 reads otherwise: the quoted text decides.
    assert script.shows(9, "  net = torch.load(path)")
    assert not script.shows(2, "  loaded = torch.load(path)")
    assert not script.shows(9, "  print(gone)")
    # Nothing quoted (Python could not read the line): the number decides.
    assert script.shows(2, None) and not script.shows(4, None)


def test_a_long_warning_folds_to_its_first_sentence(script):
    (warning,) = release_outputs.entries(f"plot_x.py:2: {LONG}\n  net = torch.load(path)", script)
    first, rest = warning.folded()
    assert first == "plot_x.py:2: " + LONG.split(" It is")[0]
    assert (
        rest == "It is possible to construct malicious pickle data which will execute "
        "arbitrary code during unpickling.\n  net = torch.load(path)"
    )
    # What a cell prints itself is never folded, however long.
    (line,) = release_outputs.entries(LONG, script)
    assert line.folded() == (LONG, "")


def test_the_changed_words_of_a_changed_line_are_marked():
    page = release_outputs.entries("x\nwhich is output 0 of Sigmoid, is at version 1", None)
    other = release_outputs.entries(
        "x\nwhich is output 0 of SigmoidBackward0, is at version 1", None
    )
    lines = release_outputs.diff(page, other)
    assert [sign for sign, _p, _r in lines] == [" ", "-", "+"]
    assert [p for p, changed in lines[1][1] if changed] == ["Sigmoid"]
    assert [p for p, changed in lines[2][1] if changed] == ["SigmoidBackward0"]
    # Lines with little in common are shown whole, unmarked.
    apart = release_outputs.diff(
        release_outputs.entries("True 1.41", None), release_outputs.entries("weights refused", None)
    )
    assert all(not changed for _s, pieces, _r in apart for _p, changed in pieces)


class Writer:
    """What visit_diff_html needs of Sphinx's HTML translator."""

    def __init__(self):
        self.body: list[str] = []

    encode = staticmethod(html.escape)
    attval = staticmethod(html.escape)


def test_the_diff_marks_words_and_folds_warnings_in_html(script):
    page = release_outputs.entries("a Sigmoid <b>", None)
    other = release_outputs.entries(
        f"a SigmoidBackward0 <b>\nplot_x.py:2: {LONG}\n  net = torch.load(path)", script
    )
    writer = Writer()
    with pytest.raises(nodes.SkipNode):
        release_outputs.visit_diff_html(
            writer, release_outputs.diff_node(release_outputs.diff(page, other))
        )
    out = "".join(writer.body)
    assert '<mark class="release-change">SigmoidBackward0</mark> &lt;b&gt;' in out
    assert '<details class="release-fold"><summary><span class="gi">+ plot_x.py:2:' in out
    assert "<pre>" not in out.split("<summary>")[1].split("</summary>")[0]
    assert "It is possible" in out.split("</summary>")[1]


def test_one_picker_a_page_before_its_first_box_outside_a_closed_aside():
    runs = release_outputs.runs(RECORDS, "ex.cell", 3, "2.13")
    page = nodes.section()
    aside = notes_said()
    aside += [
        nodes.literal_block("new", "new"),
        release_outputs.box(runs, "ex.cell", "new", RECORDS, "2.13"),
    ]
    page += [
        nodes.paragraph(text="lesson"),
        aside,
        release_outputs.box(runs, "ex.cell", "new", RECORDS, "2.13"),
    ]
    release_outputs.place_picker(page, RECORDS, "2.13")
    pickers = list(page.findall(release_outputs.release_picker))
    assert len(pickers) == 1 and pickers[0].parent is page
    assert page.index(pickers[0]) == page.index(aside) - 1
    writer = Writer()
    with pytest.raises(nodes.SkipNode):
        release_outputs.visit_picker_html(writer, pickers[0])
    (html_,) = writer.body
    assert html_.startswith('<p class="release-picker"><label>Show the output of PyTorch <select>')
    assert (
        '<option value="">the page&#x27;s (2.13)</option><option value="2.0">2.0</option>' in html_
    )
    # Before the aside, not in it, where a reader would have to open the aside to reach it.
    assert not list(aside.findall(release_outputs.release_picker))
    # A page without boxes has no picker.
    bare = nodes.section()
    release_outputs.place_picker(bare, RECORDS, "2.13")
    assert not list(bare.findall(release_outputs.release_picker))


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


def test_a_new_cell_that_no_release_has_recorded_says_so_on_the_page():
    # The records predate the cell (CONTRIBUTING, "Changing a cell", step 4): the reader is
    # told which releases have not recorded it, and the picker finds a run for each of them.
    older = tuple(record(r, {"ex.other": "x"}) for r in ("2.6.0", "2.13.0", "2.14.1"))
    runs = release_outputs.runs(older, "ex.new", 3, "2.13")
    assert [(r.first, r.last, r.status) for r in runs] == [
        ("2.6", "2.14", release_outputs.NOT_RECORDED)
    ]
    assert release_outputs.summary(runs) == "not yet recorded on 2.6–2.14"
    box = release_outputs.box(runs, "ex.new", "x", older, "2.13")
    (run,) = [c for c in box.children if "release-run" in c["classes"]]
    assert run["classes"][1:] == ["first-2.6", "last-2.14"]
    assert run.astext() == "The history has no output of this cell from PyTorch 2.6–2.14 yet."
    assert not list(box.findall(nodes.literal_block))


def test_a_cell_recorded_on_some_releases_names_only_the_others():
    # Recorded on the page's release and 2.14 (nox -s history -- --only=ex 2.13.0 2.14.1),
    # not yet on 2.6: only 2.6 is named.
    partly = (
        record("2.6.0", {"ex.other": "x"}),
        record("2.13.0", {"ex.new": "y"}),
        record("2.14.1", {"ex.new": "y"}),
    )
    runs = release_outputs.runs(partly, "ex.new", 3, "2.13")
    assert release_outputs.summary(runs) == "not yet recorded on 2.6"


def test_a_librarys_warning_is_shown_from_the_package_on_and_releases_group():
    warning = (
        "{root}/torch-{release}/lib/python3.11/site-packages/torch/nn/modules/lazy.py:180: "
        "UserWarning: Lazy modules are a new feature under heavy development.\nLinear(...)"
    )
    recorded = (
        *(
            record(release, {"ex.cell": warning.format(root=f"/tmp/history-{i}", release=release)})
            for i, release in enumerate(("2.0.1", "2.1.2"))
        ),
        record("2.13.0", {"ex.cell": "Linear(...)"}),
    )
    runs = release_outputs.runs(recorded, "ex.cell", 2, "2.13")
    assert [(r.first, r.last) for r in runs if r.status is Status.DIFFERENT] == [("2.0", "2.1")]
    assert runs[0].text.startswith("torch/nn/modules/lazy.py:180: UserWarning")
