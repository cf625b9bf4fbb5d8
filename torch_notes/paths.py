"""Where things are in the repository, defined once for the package and the tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GALLERY = ROOT / "gallery"
SNIPPETS = ROOT / "snippets"
NOTES = ROOT / "notes"
HISTORY = ROOT / "history"
LOCKS = ROOT / "locks"
BUILD = ROOT / "_build"  # everything a build writes, and nothing else does
SITE = BUILD / "site"
# Where fragments, solutions and examples run and write their files (a saved model): emptied
# by each build, which also points TMPDIR here, so nothing they write lands beside a source.
SCRATCH = BUILD / "scratch"
# What the build computes from content alone (a font cut to some icons), kept by that content's
# hash, so the second language, and the next build, reuse it: never stale, not emptied.
CACHE = BUILD / "cache"
