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
