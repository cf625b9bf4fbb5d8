"""Nothing a build runs writes into the checkout: fragments, solutions and examples save their
files in _build/scratch/, and the build records (and fails on) any file that appears elsewhere."""

from __future__ import annotations

import json

import pytest

from torch_notes import paths
from torch_notes.commands import build_site
from torch_notes.evidence.execution import snippet_runner


@pytest.mark.site
def test_the_built_site_wrote_nothing_outside_build(site):
    info = json.loads((site / build_site.BUILD_INFO).read_text(encoding="utf-8"))
    assert info["written_outside_build"] == [], "a build saved files beside its sources"


def test_a_fragment_saves_its_files_in_the_scratch_folder():
    run = snippet_runner.run_fragment(
        "import os\nopen('saved.pt', 'w').close()\nprint(os.getcwd())\n", "saves.py"
    )
    folder = run.output.strip()
    assert folder.startswith(str(paths.scratch())), folder
    assert not (paths.ROOT / "saved.pt").exists()


def test_a_file_written_beside_the_sources_is_named():
    before = build_site.untracked()
    assert before is not None, "the tests run in a git checkout"
    stray = paths.ROOT / "stray-from-test_scratch.pt"
    try:
        stray.write_bytes(b"model")
        assert build_site.written_outside_build(before, []) == [stray.name]
    finally:
        stray.unlink()
    assert build_site.written_outside_build(before, []) == []
