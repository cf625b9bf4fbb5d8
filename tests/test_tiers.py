"""The tiers that read the built site (tests/conftest.py) stop once on a missing or stale site,
before any test, with one message naming the command that builds it."""

from __future__ import annotations

from conftest import tier_problem

from torch_notes.commands import build_site


def test_a_stale_site_stops_the_site_and_browser_tiers_once(tmp_path):
    (tmp_path / build_site.BUILD_INFO).write_text('{"fingerprint": "old"}', encoding="utf-8")
    for tier in ("site and not browser", "browser"):
        assert tier_problem(tier, tmp_path) == (
            f"the site in {tmp_path} is older than the sources: run `nox -s docs` first"
        )
    assert tier_problem("browser", tmp_path / "missing").startswith("no built site in")
    assert tier_problem("not site and not drift", tmp_path) is None
    assert tier_problem("drift", tmp_path) is None
