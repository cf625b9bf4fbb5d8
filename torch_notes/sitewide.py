"""Every site-wide fact, defined once: languages, the public address, examples, CJK.

Everything else in the package, ``docs/conf.py`` and the tests read these names. Adding a
language means adding a :class:`Language` to ``LANGUAGES`` and its catalogs
(``docs/locales/<code>/``, ``torch_notes/locale/<code>/``); no other Python changes.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

# -- Languages ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Language:
    code: str  # Sphinx's `language` and the site's folder: en/, zh_CN/
    name: str  # as the language switcher shows it, in that language
    hreflang: str  # BCP 47, for <html lang> and <link rel="alternate" hreflang>
    og_locale: str  # Open Graph's locale


LANGUAGES = (
    Language("en", "English", "en", "en_US"),
    Language("zh_CN", "简体中文", "zh-CN", "zh_CN"),
)
SOURCE_LANGUAGE = LANGUAGES[0]  # the pages are written in it; the others come from catalogs
LANGUAGE_CODES = tuple(language.code for language in LANGUAGES)


def language(code: str) -> Language:
    for candidate in LANGUAGES:
        if candidate.code == code:
            return candidate
    raise LookupError(f"no language {code!r} in torch_notes.sitewide.LANGUAGES ({LANGUAGE_CODES})")


# -- Hosting --------------------------------------------------------------------------------

BASE_URL_VARIABLE = "TORCH_NOTES_BASE_URL"  # the folder holding en/ and zh_CN/, e.g. https://x.github.io/torch-notes/


def normalise_base_url(url: str) -> str:
    """``""`` stays unset; anything else must be an absolute http(s) address, ending in ``/``."""
    url = url.strip()
    if not url:
        return ""
    if not url.startswith(("https://", "http://")):
        raise ValueError(f"the site's address must start with https:// or http://, not {url!r}")
    return url if url.endswith("/") else url + "/"


def base_url() -> str:
    """The site's public address from ``TORCH_NOTES_BASE_URL``; ``""`` when unset."""
    return normalise_base_url(os.environ.get(BASE_URL_VARIABLE, ""))


# Where readers report an error ("Report an error" on every page opens a new issue there).
REPOSITORY_VARIABLE = "TORCH_NOTES_REPOSITORY"
DEFAULT_REPOSITORY = "https://github.com/torch-notes/torch-notes"


@cache
def site_commit() -> str:
    """The commit the site is built from: git's HEAD, or GitHub Actions' GITHUB_SHA; ""."""
    try:
        found = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).parents[1],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        found = os.environ.get("GITHUB_SHA", "")
    return found if re.fullmatch(r"[0-9a-f]{40}", found) else ""


def build_moment() -> datetime:
    """When the site is built, in UTC; ``SOURCE_DATE_EPOCH`` when set (reproducible builds).
    The pages' provenance and the dataset's ``__meta.built`` both say it."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return datetime.fromtimestamp(int(epoch), UTC) if epoch else datetime.now(UTC)


def repository_url() -> str:
    """The project's GitHub repository: ``TORCH_NOTES_REPOSITORY``; in GitHub Actions the
    repository being built (``GITHUB_SERVER_URL``/``GITHUB_REPOSITORY``, set by Actions itself);
    else ``DEFAULT_REPOSITORY``. No trailing ``/``."""
    url = os.environ.get(REPOSITORY_VARIABLE, "").strip()
    if not url and os.environ.get("GITHUB_REPOSITORY"):
        server = os.environ.get("GITHUB_SERVER_URL", "https://github.com")
        url = f"{server}/{os.environ['GITHUB_REPOSITORY']}"
    url = (url or DEFAULT_REPOSITORY).rstrip("/")
    if not url.startswith("https://"):
        raise ValueError(f"{REPOSITORY_VARIABLE} must be an https:// address, not {url!r}")
    return url


# -- Gallery examples -----------------------------------------------------------------------

EXAMPLE_PREFIX = "plot_"  # sphinx-gallery executes only files named so
EXAMPLE_PATTERN = f"/{EXAMPLE_PREFIX}"  # its `filename_pattern`, a regex on the path


def is_example(path: str | Path) -> bool:
    path = Path(path)
    return path.suffix == ".py" and path.name.startswith(EXAMPLE_PREFIX)


def example_name(path: str | Path) -> str:
    """``gallery/autograd/plot_autograd_basics.py`` -> ``autograd_basics`` (its facts' prefix)."""
    return Path(path).stem.removeprefix(EXAMPLE_PREFIX)


def example_script(srcdir: str | Path, config: Any, docname: str) -> Path | None:
    """The script a gallery page was generated from (resolved); None for any other page."""
    conf = getattr(config, "sphinx_gallery_conf", None) or {}
    folders = zip(conf.get("examples_dirs", []), conf.get("gallery_dirs", []), strict=True)
    for examples, gallery in folders:
        if docname.startswith(f"{gallery}/"):
            script = Path(srcdir, examples, docname.removeprefix(f"{gallery}/") + ".py")
            return script.resolve() if script.is_file() else None
    return None


# The class sphinx-gallery gives a cell's output block (the code cells have none).
OUTPUT_CLASS = "sphx-glr-script-out"
# A comment with the word "volatile" in a gallery cell's code: its output changes on every run
# (a timing). The page marks that output (gallery.volatile_output), and recording an example
# again keeps the output a release's record already holds (history.probe.record_again).
VOLATILE_MARK = re.compile(r"#.*\bvolatile\b")
# The builders whose pages offer the gallery's downloads; an EPUB (torch_notes/commands/books.py)
# holds the examples' pages but no files to download.
DOWNLOAD_BUILDERS = ("html", "dirhtml", "singlehtml")


# -- Chinese text ---------------------------------------------------------------------------

# CJK punctuation (U+3000-303F), ideographs (U+4E00-9FFF) and full-width forms (U+FF00-FFEF).
CJK_RANGES = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"
CJK = re.compile(f"[{CJK_RANGES}]")
# Chinese characters alone, without CJK punctuation: "Note：" reads as English.
HAN_RANGES = "\u3400-\u4dbf\u4e00-\u9fff"
HAN = re.compile(f"[{HAN_RANGES}]")
# A number written with thousands separators, as English writes it: 1,797 (Chinese writes 1797).
THOUSANDS = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\d,]*\d)(?!\.\d)")
