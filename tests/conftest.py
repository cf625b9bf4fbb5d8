"""Shared fixtures: Sphinx's test roots, and the real bilingual site built once per session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from torch_notes import paths
from torch_notes.commands import build_site

ROOT = paths.ROOT


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Where Sphinx's ``@pytest.mark.sphinx(testroot=...)`` finds ``test-<name>/``."""
    return Path(__file__).parent / "roots"


@pytest.fixture(scope="session")
def site() -> Path:
    """The bilingual site of the current sources: reused if ``nox -s docs`` built it, else built.

    ``TORCH_NOTES_SITE`` points at another built site (it is then used as it is).
    """
    if "TORCH_NOTES_SITE" in os.environ:
        return Path(os.environ["TORCH_NOTES_SITE"])
    info = paths.SITE / build_site.BUILD_INFO
    current = info.is_file() and (
        json.loads(info.read_text(encoding="utf-8"))["fingerprint"]
        == build_site.source_fingerprint()
    )
    if not current:
        subprocess.run(
            [sys.executable, "-m", "torch_notes.commands.build_site"], cwd=ROOT, check=True
        )
    return paths.SITE
