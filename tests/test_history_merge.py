"""The release history recorded in parallel: the workflow's matrix is the release list, and its
last job's merge (torch_notes.history.merge) takes only whole records of today's gallery."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from torch_notes.history import merge
from torch_notes.paths import GALLERY, HISTORY, ROOT
from torch_notes.release_list import RELEASES

WORKFLOW = ROOT / ".github" / "workflows" / "history.yml"


def artifacts(tmp_path: Path, *releases: str) -> Path:
    """The merge job's download: one folder per job, each with its release's record, made
    from the committed one and holding every cell of today's gallery (a committed record may
    predate a new cell: the build counts what is not yet recorded, and this tests the merge)."""
    folder = tmp_path / "recorded"
    cells = merge.named_cells(GALLERY)
    for release in releases:
        (folder / f"history-{release}").mkdir(parents=True)
        record = json.loads((HISTORY / f"torch-{release}.json").read_text(encoding="utf-8"))
        record["outputs"] |= {cell: "" for cell in cells - record["outputs"].keys()}
        (folder / f"history-{release}" / f"torch-{release}.json").write_text(
            json.dumps(record), encoding="utf-8"
        )
    return folder


def test_two_releases_recorded_apart_merge_into_history(tmp_path, capsys):
    history = tmp_path / "history"
    history.mkdir()
    (history / "torch-2.6.0.json").write_text("{}", encoding="utf-8")  # an older record
    assert merge.merge(artifacts(tmp_path, "2.6.0", "2.14.1"), history, GALLERY) == []
    for release in ("2.6.0", "2.14.1"):
        merged = (history / f"torch-{release}.json").read_bytes()
        recorded = tmp_path / "recorded" / f"history-{release}" / f"torch-{release}.json"
        assert merged == recorded.read_bytes()
    assert capsys.readouterr().out.splitlines() == [
        "torch-2.14.1.json: updated",
        "torch-2.6.0.json: updated",
    ]


def test_a_record_without_a_cell_of_today_is_refused_and_nothing_is_written(tmp_path):
    folder = artifacts(tmp_path, "2.6.0", "2.14.1")
    stale = folder / "history-2.14.1" / "torch-2.14.1.json"
    record = json.loads(stale.read_text(encoding="utf-8"))
    del record["outputs"]["load_batches.two_workers"], record["outputs"]["draw_graph.control_flow"]
    stale.write_text(json.dumps(record), encoding="utf-8")
    history = tmp_path / "history"
    problems = merge.merge(folder, history, GALLERY)
    assert problems == [
        (
            f"{stale}: lacks 2 cells of today's gallery (draw_graph.control_flow, "
            "load_batches.two_workers): it was recorded before they existed, or from other "
            "sources; record them: nox -s history -- --only=draw_graph,load_batches 2.14.1"
        )
    ]
    assert not history.exists()


def test_a_record_of_another_release_or_a_missing_one_is_named(tmp_path):
    folder = artifacts(tmp_path, "2.6.0")
    wrong = folder / "history-2.6.0" / "torch-2.7.1.json"
    (folder / "history-2.6.0" / "torch-2.6.0.json").rename(wrong)
    problems = merge.merge(folder, tmp_path / "history", GALLERY, every=True)
    assert problems[0] == f"{wrong}: its provenance says torch 2.6.0, not 2.7.1"
    assert problems[1].startswith(f"{folder}: no record of 2.0.1, 2.1.2,")
    assert "2.6.0" in problems[1] and "2.7.1" not in problems[1]


def test_the_workflow_records_each_release_in_its_own_job_then_merges():
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    listed = subprocess.run(
        [sys.executable, "-m", "torch_notes.release_list"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert json.loads(listed) == list(RELEASES)
    assert "torch_notes.release_list" in jobs["releases"]["steps"][-1]["run"]
    matrix = jobs["record"]["strategy"]["matrix"]["release"]
    assert matrix == "${{ fromJSON(needs.releases.outputs.releases) }}"
    runs = [step.get("run", "") for step in jobs["record"]["steps"]]
    assert "nox -s history -- ${{ matrix.release }}" in runs
    merged = [step.get("run", "") for step in jobs["merge"]["steps"]]
    assert "python -m torch_notes.history.merge recorded --all" in merged
    assert any("gh pr create" in run for run in merged)
    triggers = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))[True]  # YAML reads "on" so
    assert "workflow_dispatch" in triggers
    assert set(triggers["push"]["paths"]) == {"gallery/**", "snippets/**"}


def test_a_new_cell_without_records_is_named_with_the_command_and_fails_nothing(tmp_path):
    """CONTRIBUTING, "Changing a cell": a cell the records predate passes the build; its
    summary names the cell, the releases and the command that records it."""
    from torch_notes.commands.build_site import unrecorded_cells

    gallery = tmp_path / "gallery" / "tensors"
    gallery.mkdir(parents=True)
    (gallery / "plot_sample.py").write_text("x = 1\n# %% old\nx\n# %% new\nx + 1\n")
    history = tmp_path / "history"
    history.mkdir()
    record = {"outputs": {"sample.setup": "", "sample.old": "1"}}
    for release in ("2.6.0", "2.14.1"):
        (history / f"torch-{release}.json").write_text(json.dumps(record), encoding="utf-8")
    assert unrecorded_cells(history, tmp_path / "gallery") == {
        "2.6.0": ["sample.new"],
        "2.14.1": ["sample.new"],
    }
    record["outputs"]["sample.new"] = "2"
    (history / "torch-2.14.1.json").write_text(json.dumps(record), encoding="utf-8")
    assert unrecorded_cells(history, tmp_path / "gallery") == {"2.6.0": ["sample.new"]}
