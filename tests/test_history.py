"""The release history: probing a release, grouping rows by release, and the record's check."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from torch_notes.evidence.execution.gallery_cells import script_cells
from torch_notes.evidence.execution.release_records import Record, Status, spans, status
from torch_notes.evidence.model.records import Outcome, Row, RowSource, TorchBuild, installed_torch
from torch_notes.evidence.reports.release_changes import describe
from torch_notes.history import probe


def test_cells_split_where_sphinx_gallery_does_and_keep_line_numbers():
    source = '"""Title."""\nx = 1\n# %%\n# Text.\ny = x + 1\n# %%\nz = 3\n'
    found = script_cells(source)
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

    # The page's own first claim of the gradient is not what this test is about.
    edit(app, "Grad {claim}`4.5 <example.grad>`, ", "")
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

    # The page's own first claim of the gradient is not what this test is about.
    edit(app, "Grad {claim}`4.5 <example.grad>`, ", "")
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


def older(by: int) -> str:
    major, minor = installed_torch().release.split("+")[0].split(".")[:2]
    return f"{major}.{int(minor) - by}.0"


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_claim_that_an_older_supported_release_contradicts_must_be_bounded(app, tmp_path):
    from tests.test_facts import edit

    # The claim (4.5) holds on this build and on the newer record; the older one has 9.5.
    write_records(
        tmp_path / "history", {older(1): {"example.grad": 9.5}, newer(1): {"example.grad": 4.5}}
    )
    app.config.release_history_dir = str(tmp_path / "history")
    edit(app, "The name now ends in a number.", "The gradient is {claim}`4.5 <example.grad>`.")
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    old, new = (".".join(r.split(".")[:2]) for r in (older(1), newer(1)))
    assert "the page states '4.5' for example.grad without a release bound" in warnings
    assert f"records another outcome on a supported release ({old}: 9.5)" in warnings
    assert f"say so in the paragraph with {{since}}`example.grad` (it holds from {new} on)" in (
        warnings
    )


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_claim_bounded_by_since_or_contradicted_before_the_supported_range_passes(app, tmp_path):
    from tests.test_facts import edit

    # The page's own first claim of the gradient is not what this test is about.
    edit(app, "Grad {claim}`4.5 <example.grad>`, ", "")
    write_records(
        tmp_path / "history",
        {
            older(2): {"example.grad": 1.0},
            older(1): {"example.grad": 9.5},
            newer(1): {"example.grad": 4.5},
        },
    )
    app.config.release_history_dir = str(tmp_path / "history")
    # The oldest record is older than the supported range: what it has is no outcome to bound.
    app.config.evidence_supported_from = ".".join(older(1).split(".")[:2])
    edit(
        app,
        "The name now ends in a number.",
        "From PyTorch {since}`example.grad` on, the gradient is {claim}`4.5 <example.grad>`.",
    )
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    assert "without a release bound" not in warnings, warnings


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_claim_that_one_release_in_the_middle_or_the_newest_contradicts_fails(app, tmp_path):
    from tests.test_facts import edit

    # 4.5 on the newest record, but the one before it raised nothing: the claim needs a bound.
    write_records(
        tmp_path / "history",
        {
            older(2): {"example.grad": 4.5, "example.name": "AddBackward0"},
            older(1): {"example.grad": None, "example.name": "AddBackward0"},
            newer(1): {"example.grad": 4.5, "example.name": "Other"},
        },
    )
    app.config.release_history_dir = str(tmp_path / "history")
    edit(app, "The name now ends in a number.", "The gradient is {claim}`4.5 <example.grad>`.")
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    middle, new = (".".join(r.split(".")[:2]) for r in (older(1), newer(1)))
    assert f"another outcome on a supported release ({middle}: None)" in warnings
    assert f"(it holds from {new} on)" in warnings
    # The newest record contradicts the name: no {since} can bound it.
    assert "the page states 'AddBackward0' for example.name without a release bound" in warnings
    assert "the newest record contradicts it: state what every supported release does" in warnings


SCAFFOLDING = (
    "facts = {}\n"
    "# %% refused\n"
    "try:\n"
    "    int('12')\n"
    "except ValueError as error:\n"
    "    message = str(error)\n"
    "print(message)\n"
    "facts['message'] = message\n"
)


def test_a_name_bound_only_in_an_except_branch_stops_the_probe_naming_the_line(tmp_path):
    script = tmp_path / "plot_sample.py"
    script.write_text(SCAFFOLDING, encoding="utf-8")
    with pytest.raises(probe.OwnCodeFailed) as failed:
        probe.run_example(script)
    message = str(failed.value)
    assert "plot_sample.py, cell refused (line 7)" in message
    assert "NameError: name 'message' is not defined" in message
    assert "the example's own code failed, not PyTorch" in message


def test_a_name_missing_because_an_earlier_cell_failed_is_the_releases_outcome(tmp_path):
    script = tmp_path / "plot_sample.py"
    script.write_text(
        "import torch\n"
        "# %% new_api\n"
        "value = torch.not_in_this_release()\n"
        "# %% uses_it\n"
        "print(value)\n",
        encoding="utf-8",
    )
    _, failures, _ = probe.run_example(script)
    assert failures["sample#2"].startswith("AttributeError")
    assert failures["sample#3"] == "NameError: name 'value' is not defined"


def gallery_env(tmp_path, failures: dict[str, str]):
    """An environment with one gallery script (SCAFFOLDING) and one record of 2.10.0."""
    from types import SimpleNamespace

    examples = tmp_path / "gallery"
    (examples / "data").mkdir(parents=True)
    (examples / "data" / "plot_sample.py").write_text(SCAFFOLDING, encoding="utf-8")
    history = tmp_path / "history"
    history.mkdir()
    data = {
        "provenance": {"release": "2.10.0", "build": "cuda", "date": "2026-12-04", "python": "3"},
        "failures": failures,
        "facts": {"sample.other": 1},
        "outputs": {"sample.refused": ""},
    }
    (history / "torch-2.10.0.json").write_text(json.dumps(data), encoding="utf-8")
    config = SimpleNamespace(
        release_history_dir=str(history),
        sphinx_gallery_conf={"examples_dirs": ["gallery"], "gallery_dirs": ["auto"]},
        evidence_supported_from="2.6",
    )
    return SimpleNamespace(srcdir=str(tmp_path), config=config)


def test_a_record_whose_example_failed_in_its_own_code_is_a_failed_recording(tmp_path):
    from torch_notes.evidence.execution.release_records import failed_recordings, records
    from torch_notes.pages import release_outputs

    env = gallery_env(tmp_path, {"sample#2": "NameError: name 'message' is not defined"})
    (failed,) = failed_recordings(env)
    message = failed.message()
    assert message.startswith("history/torch-2.10.0.json: a failed recording, not what PyTorch")
    assert "plot_sample.py, cell 2 (line 7) failed in the example's own code" in message
    assert "nox -s history -- 2.10.0" in message
    # Never shown as what 2.10 does: no release box, no errata span, no outcome of a claim.
    (record_,) = records(env)
    assert record_.own_code == {"sample#2"} and record_.failure("sample.message") == ""
    assert release_outputs.runs(records(env), "sample.refused", 2, "2.10") == []
    row = dataclasses.replace(ROW, claims=(("x", "sample.message"),))
    assert spans(row, records(env)) == []


def test_a_release_that_lacks_an_api_is_no_failed_recording(tmp_path):
    from torch_notes.evidence.execution.release_records import failed_recordings

    env = gallery_env(tmp_path, {"sample#2": "AttributeError: module 'torch' has no attribute 'x'"})
    assert failed_recordings(env) == ()


@pytest.mark.sphinx("html", testroot="markup", freshenv=True)
def test_a_build_on_a_record_that_holds_a_failed_recording_fails_naming_it(app):
    # The root's example reads `y` on line 13: a record in which its own code lacked `y`.
    record = app.srcdir / "history" / "torch-2.1.2.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    data["failures"] = {"example#2": "NameError: name 'y' is not defined"}
    record.write_text(json.dumps(data), encoding="utf-8")
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    assert (
        "history/torch-2.1.2.json: a failed recording, not what PyTorch 2.1.2 does: "
        "plot_example.py, cell 2 (line 13) failed in the example's own code "
        "(NameError: name 'y' is not defined)"
    ) in warnings
    assert "nox -s history -- 2.1.2" in warnings


def test_recording_one_example_again_changes_only_its_new_cell(tmp_path):
    """nox -s history -- --only=<example>: a cell inserted in the middle of an example adds its
    own entries to the record; every other entry, and a timing the record holds, stay as they
    were (history.probe.record_again)."""
    gallery = tmp_path / "gallery" / "tensors"
    gallery.mkdir(parents=True)
    script = gallery / "plot_sample.py"
    first = "import time\nfacts = {}\nvolatile_facts = {'seconds'}\n# %% first\nprint(1)\nfacts['one'] = 1\n"
    last = "# %% last\n# volatile: a timing\nprint(time.perf_counter())\nfacts['seconds'] = time.perf_counter()\n"
    script.write_text(first + last, encoding="utf-8")
    facts, failures, outputs = probe.run_example(script)
    record = {
        "provenance": {"release": "2.13.0"},
        "facts": facts | {"other.kept": 7, "probes.tensors/x.case": "holds"},
        "failures": failures | {"other#2": "ValueError: kept"},
        "outputs": outputs | {"other.cell": "kept"},
    }
    out = tmp_path / "torch-2.13.0.json"
    out.write_text(json.dumps(record), encoding="utf-8")
    script.write_text(first + "# %% middle\nprint(2)\nfacts['two'] = 2\n" + last, encoding="utf-8")
    again = probe.record_again(out, ["sample"], gallery=tmp_path / "gallery")
    added = {k: v for k, v in again["facts"].items() if k not in record["facts"]}
    assert added == {"sample.two": 2}
    assert {k: again["facts"][k] for k in record["facts"]} == record["facts"]  # timing kept
    assert again["outputs"]["sample.last"] == outputs["sample.last"]  # a volatile cell's output
    assert again["failures"] == record["failures"]
    assert {k: v for k, v in again["outputs"].items() if k not in outputs} == {
        "other.cell": "kept",
        "sample.middle": "2",
    }
    with pytest.raises(LookupError, match="no example missing"):
        probe.record_again(out, ["missing"], gallery=tmp_path / "gallery")


def test_history_environments_take_the_cpu_index_where_the_docs_do(monkeypatch):
    from torch_notes.history import record

    monkeypatch.delenv("TORCH_NOTES_CPU_INDEX", raising=False)
    assert record.cpu_index() == []
    monkeypatch.setenv("TORCH_NOTES_CPU_INDEX", "1")
    assert record.cpu_index() == ["--extra-index-url", "https://download.pytorch.org/whl/cpu"]
    monkeypatch.setenv("TORCH_NOTES_CPU_INDEX", "https://mirror.example/whl/cpu")
    assert record.cpu_index() == ["--extra-index-url", "https://mirror.example/whl/cpu"]
