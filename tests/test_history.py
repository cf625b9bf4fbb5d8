"""The release history: probing a release, grouping rows by release, and the record's check."""

from __future__ import annotations

import json
import re

import pytest

from torch_notes.evidence.execution.release_records import Record, Status, spans, status
from torch_notes.evidence.model.records import Outcome, Row, RowSource, TorchBuild, installed_torch
from torch_notes.evidence.reports.release_changes import describe
from torch_notes.history import probe


def test_cells_split_where_sphinx_gallery_does_and_keep_line_numbers():
    source = '"""Title."""\nx = 1\n# %%\n# Text.\ny = x + 1\n# %%\nz = 3\n'
    found = probe.cells(source)
    assert len(found) == 3
    assert found[2].count("\n") == source.count("\n") and found[2].strip() == "# %%\nz = 3"
    assert found[1].splitlines()[2] == "# %%"  # the cell starts on its own line of the script


def test_a_cell_that_fails_loses_its_facts_only(tmp_path):
    script = tmp_path / "plot_sample.py"
    script.write_text(
        "facts = {}\n"
        "facts['before'] = 1\n"
        "# %%\n"
        "import torch\n"
        "torch.not_in_this_release()\n"
        "facts['lost'] = 2\n"
        "# %%\n"
        "facts['after'] = [1.0, 2.0]\n",
        encoding="utf-8",
    )
    facts, failures, _ = probe.run_example(script)
    assert facts == {"sample.before": 1, "sample.after": [1.0, 2.0]}
    assert list(failures) == ["sample#2"]
    assert (
        "AttributeError" in failures["sample#2"] and "not_in_this_release" in failures["sample#2"]
    )


def test_each_named_cell_keeps_what_it_printed_as_the_gallery_shows_it(tmp_path):
    script = tmp_path / "plot_sample.py"
    script.write_text(
        "x = 2\n"
        "# %% printed\n"
        "print('at', hex(id(x)) and '0x7f00deadbeef')\n"
        "# %% last_value\n"
        "[x, x]\n"
        "# %% both\n"
        "print('printed')\n"
        "x\n"
        "# %% silent\n"
        "None\n",
        encoding="utf-8",
    )
    _, failures, outputs = probe.run_example(script)
    assert failures == {}
    assert outputs == {
        "sample.setup": "",
        "sample.printed": "at 0x…",  # normalised as the build compares outputs
        "sample.last_value": "[2, 2]",  # a last expression's value, as sphinx-gallery shows it
        "sample.both": "printed\n\n2",  # after what the cell printed, and a blank line
        "sample.silent": "",
    }


def record(release: str, facts: dict, failures: dict | None = None) -> Record:
    return Record(release, "cpu", "2026-12-01", "3.11", facts, failures or {})


ROW = Row(
    source=RowSource.ERRATUM,
    note="004",
    words="x",
    now="…",
    outcome=Outcome(),
    evidence=(),
    docname="page",
    anchor="erratum-1",
    torch=TorchBuild("2.13.0", "cpu"),
    claims=(("4.5", "example.grad"),),
)


def test_a_row_on_each_release_is_as_now_different_or_cannot_run():
    missing = record("2.0.1", {}, {"example#3": "AttributeError: no accelerator"})
    assert status(ROW, missing) == (Status.CANNOT_RUN, "AttributeError: no accelerator")
    assert status(ROW, record("2.1.2", {"example.grad": 4.6})) == (Status.DIFFERENT, "4.6")
    assert status(ROW, record("2.2.2", {"example.grad": 4.5})) == (Status.SAME, "")


def test_releases_with_the_same_result_are_grouped():
    recorded = (
        record("2.0.1", {}, {"example#3": "AttributeError: no accelerator"}),
        record("2.1.2", {}, {"example#3": "AttributeError: no accelerator"}),
        record("2.2.2", {"example.grad": 4.5}),
        record("2.10.0", {"example.grad": 4.5}),
    )
    assert [describe(span) for span in spans(ROW, recorded)] == [
        "2.0–2.1: cannot run (AttributeError: no accelerator)",
        "2.2–2.10: as now",
    ]


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_record_that_disagrees_with_this_build_fails_it(app, tmp_path):
    history = tmp_path / "history"
    history.mkdir()
    release = installed_torch().release
    data = {
        "provenance": {"release": release, "build": "cpu", "date": "2026-12-01", "python": "3.11"},
        "failures": {},
        "facts": {"example.grad": 4.6, "example.name": "AddBackward0", "gone.key": 1},
    }
    (history / f"torch-{release}.json").write_text(json.dumps(data), encoding="utf-8")
    app.config.release_history_dir = str(history)
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    assert f"history/torch-{release.split('+')[0]}.json records example.grad = '4.6'" in warnings
    assert "but this build ran '4.5'" in warnings and "nox -s history --" in warnings
    assert "example.name" not in warnings  # the facts that agree pass
    assert "gone.key" not in warnings


def write_records(folder, records: dict[str, dict]) -> None:
    folder.mkdir()
    for release, facts in records.items():
        data = {
            "provenance": {
                "release": release,
                "build": "cuda",
                "date": "2026-12-01",
                "python": "3",
            },
            "failures": {},
            "facts": facts,
        }
        (folder / f"torch-{release}.json").write_text(json.dumps(data), encoding="utf-8")


def newer(by: int) -> str:
    major, minor = installed_torch().release.split("+")[0].split(".")[:2]
    return f"{major}.{int(minor) + by}.0"


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_claim_that_holds_only_in_newer_releases_must_say_since_when(app, tmp_path):
    from tests.test_facts import edit

    write_records(tmp_path / "history", {newer(1): {"example.grad": 9.5}})
    app.config.release_history_dir = str(tmp_path / "history")
    edit(app, "The name now ends in a number.", "The gradient becomes {claim}`9.5 <example.grad>`.")
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    label = ".".join(newer(1).split(".")[:2])
    assert f"example.grad has its stated value only from PyTorch {label} on" in warnings
    assert "say so in the paragraph with {since}`example.grad`" in warnings
    assert "claim does not hold" not in warnings  # it holds, bounded by release


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_since_names_the_release_and_bounds_the_claims_and_facts_of_its_paragraph(app, tmp_path):
    from tests.test_facts import edit

    write_records(tmp_path / "history", {newer(1): {"example.grad": 9.5}})
    app.config.release_history_dir = str(tmp_path / "history")
    edit(
        app,
        "The name now ends in a number.",
        "From PyTorch {since}`example.grad` on, the gradient is {claim}`9.5 <example.grad>` "
        "({fact}`example.grad`).",
    )
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    assert "example.grad" not in warnings, warnings
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    label = ".".join(newer(1).split(".")[:2])
    assert f'From PyTorch <span class="checked-fact">{label}</span> on' in html
    assert '(<span class="checked-fact">9.5</span>)' in html  # the releases it names
