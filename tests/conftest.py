"""Shared fixtures: Sphinx's test roots, and the bilingual site that ``nox -s docs`` built."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from torch_notes import paths
from torch_notes.commands import build_site


@pytest.fixture(scope="session", autouse=True)
def scratch_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What the code under test runs writes in pytest's own temporary folder (short enough
    for multiprocessing's sockets), not in a scratch folder of its own that a pytest-xdist
    worker, ended without its exit handlers, would leave in /tmp (``paths.scratch``)."""
    folder = tmp_path_factory.mktemp("scratch")
    os.environ[paths.SCRATCH_VARIABLE] = str(folder)
    return folder


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Where Sphinx's ``@pytest.mark.sphinx(testroot=...)`` finds ``test-<name>/``.

    Sphinx copies a root into ``sphinx_test_tempdir``, which is pytest's base temporary folder:
    under pytest-xdist each worker has its own (``.../popen-gw0``), so no two share a build.
    """
    return Path(__file__).parent / "roots"


def site_problem(site: Path) -> str | None:
    """Why the site in ``site`` is not the one of the current sources, or None."""
    info = site / build_site.BUILD_INFO
    if not info.is_file():
        return f"no built site in {site}"
    built = json.loads(info.read_text(encoding="utf-8"))["fingerprint"]
    if built != build_site.source_fingerprint():
        return f"the site in {site} is older than the sources"
    return None


# A marker expression that selects the tiers reading the site: "site and not browser",
# "browser"; not "not site and not drift" (the tests' own tier).
READS_SITE = re.compile(r"(?<!not )\b(site|browser)\b")


def tier_problem(markexpr: str, site: Path) -> str | None:
    """Why a run selecting ``markexpr`` cannot start: the site it reads is missing or stale."""
    if not READS_SITE.search(markexpr) or "TORCH_NOTES_SITE" in os.environ:
        return None
    problem = site_problem(site)
    return f"{problem}: run `nox -s docs` first" if problem else None


def pytest_sessionstart(session: pytest.Session) -> None:
    """The site and browser tiers stop once, before any test, on a missing or stale site
    (under pytest-xdist, in the controller: its workers start only after)."""
    if hasattr(session.config, "workerinput"):
        return
    problem = tier_problem(session.config.option.markexpr or "", paths.SITE)
    if problem:
        pytest.exit(problem, returncode=1)


@pytest.fixture(scope="session")
def site() -> Path:
    """The bilingual site that ``nox -s docs`` built into ``_build/site/``; never built here.

    A missing or stale site fails each test that reads it, naming the command to run; the
    site and browser tiers stop before their first test instead (:func:`pytest_sessionstart`).
    ``TORCH_NOTES_SITE`` points at another built site (it is then used as it is).
    """
    if "TORCH_NOTES_SITE" in os.environ:
        return Path(os.environ["TORCH_NOTES_SITE"])
    problem = site_problem(paths.SITE)
    if problem:
        pytest.fail(f"{problem}: run `nox -s docs` first", pytrace=False)
    return paths.SITE


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that reads the built site is marked ``site``, so that `nox -s tests` leaves it out."""
    unmarked = [
        item.nodeid
        for item in items
        if "site" in getattr(item, "fixturenames", ()) and item.get_closest_marker("site") is None
    ]
    if unmarked:
        raise pytest.UsageError(f"tests that read the site lack @pytest.mark.site: {unmarked}")
