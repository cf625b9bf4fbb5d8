"""The theme's icon fonts, cut down to the icons the site shows.

pydata-sphinx-theme draws its icons (the search glass, the menu, the colour-mode sun and moon,
the sidebar chevrons, the admonition and download marks) with the Font Awesome fonts, whole:
the solid one alone is 115 KB, for fewer than 40 icons. The theme declares it
``font-display: block``, so a browser fetches it at top priority with the stylesheets, and on a
phone on a slow line the first paint waits for it about half a second (Lighthouse's simulated
slow 4G). After the HTML build, every font in ``_static/vendor/fontawesome/webfonts`` is cut
down (fontTools, WOFF2) to the icons a reader can see:

* an icon named by a ``fa-<name>`` class in a page, or in a script a page loads, looked up in
  the stylesheets' icon rules (``.fa-bars{--fa:"\\f0c9"}``);
* every icon the stylesheets draw themselves, outside those rules (the ``--pst-icon-*``
  variables, ``content`` of pseudo-elements): the Private Use Area characters of their strings.

Rather than let an icon vanish, the build warns, naming the file, about a ``fa-`` class no
stylesheet defines, and about icons used when the theme keeps no fonts, or no icon rules,
where this module looks (a new release of the theme that changed how it ships its icons). ::

    extensions = [..., "torch_notes.pages.icon_font"]
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.paths import CACHE

logger = logging.getLogger(__name__)

FONTS = "_static/vendor/fontawesome/webfonts"  # where the theme puts its Font Awesome files
PRIVATE_USE = range(0xE000, 0xF900)  # where Font Awesome keeps its icons (and letters, digits)
_ICON_RULE = re.compile(
    r"(?P<selectors>\.fa-[\w-]+(?:\s*,\s*\.fa-[\w-]+)*)\s*\{\s*--fa\s*:\s*"
    r"(?P<value>\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*')\s*;?\s*\}"
)
_STRING = re.compile(r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'")
_ESCAPE = re.compile(r"\\(?:(?P<hex>[0-9a-fA-F]{1,6})\s?|(?P<char>.))", re.DOTALL)
_CLASS = re.compile(r"(?<![\w-])fa-[a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])")
_SCRIPT = re.compile(r"<script\b[^>]*\bsrc=\"(?P<src>[^\"?#]+)", re.IGNORECASE)


def css_string(quoted: str) -> str:
    """The characters of a CSS string literal, its escapes (``\\f0c9 ``, ``\\!``) decoded."""
    return _ESCAPE.sub(lambda m: chr(int(m["hex"], 16)) if m["hex"] else m["char"], quoted[1:-1])


@dataclass
class IconStyles:
    """What the stylesheets say about icons."""

    icons: dict[str, str] = field(default_factory=dict)  # class: the characters it shows
    classes: set[str] = field(default_factory=set)  # every fa- class they define (fa-lg too)
    drawn: set[str] = field(default_factory=set)  # icons they show without a class

    def read(self, css: str) -> None:
        for rule in _ICON_RULE.finditer(css):
            value = css_string(rule["value"])
            for selector in rule["selectors"].split(","):
                self.icons[selector.strip()[1:]] = value
        self.classes |= {name for name in _CLASS.findall(css)}
        outside_icon_rules = _ICON_RULE.sub("", css)
        self.drawn |= {
            char
            for string in _STRING.findall(outside_icon_rules)
            for char in css_string(string)
            if ord(char) in PRIVATE_USE
        }


def icons_shown(styles: IconStyles, documents: dict[str, str]) -> tuple[set[str], dict[str, str]]:
    """The characters the icon fonts must keep, and each undefined ``fa-`` class with the first
    document (by name) that uses it."""
    chars = set(styles.drawn)
    undefined: dict[str, str] = {}
    for name, text in sorted(documents.items()):
        for class_ in _CLASS.findall(text):
            if class_ in styles.icons:
                chars |= set(styles.icons[class_])
            elif class_ not in styles.classes:
                undefined.setdefault(class_, name)
    return chars, undefined


def subset_font(path: Path, chars: Iterable[str]) -> tuple[int, int]:
    """Keep only the glyphs of ``chars`` in the font at ``path``; its size before and after.

    The same font cut to the same characters is the same file (``recalcTimestamp=False``), so
    a cut is kept in ``_build/cache/`` by the hash of both, and the other language reuses it.
    """
    before = path.stat().st_size
    unicodes = sorted({ord(char) for char in chars})
    key = hashlib.sha256(path.read_bytes() + repr(unicodes).encode()).hexdigest()[:24]
    cut = CACHE / "icon-fonts" / f"{key}{path.suffix}"
    if not cut.is_file():
        # Imported only to cut (half a second): a build that finds the cut never needs them.
        from fontTools import subset  # fontTools comes with matplotlib; brotli writes WOFF2
        from fontTools.ttLib import TTFont

        font = TTFont(path, recalcTimestamp=False)  # the same bytes on every build
        subsetter = subset.Subsetter(subset.Options())
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        cut.parent.mkdir(parents=True, exist_ok=True)
        # Saved whole, then renamed: the two languages' builds run at once and the other one
        # may look for the cut while this one writes it.
        partial = cut.with_name(f"{cut.name}.{os.getpid()}.part")
        font.save(partial)  # in the font's own format (its flavor): WOFF2 here
        os.replace(partial, cut)
    shutil.copyfile(cut, path)
    return before, path.stat().st_size


def pages_and_scripts(outdir: Path) -> dict[str, str]:
    """Every page of the build and every script a page loads, by path from ``outdir``."""
    documents = {}
    scripts: set[Path] = set()
    for page in outdir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        documents[page.relative_to(outdir).as_posix()] = text
        for match in _SCRIPT.finditer(text):
            if "://" not in match["src"]:
                relative = page.parent.relative_to(outdir).as_posix()
                scripts.add(outdir / posixpath.normpath(posixpath.join(relative, match["src"])))
    for script in scripts:
        if script.is_file():
            documents[script.relative_to(outdir).as_posix()] = script.read_text(encoding="utf-8")
    return documents


def cut_icon_fonts(app: Sphinx, exception: Exception | None) -> None:
    if exception or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    styles = IconStyles()
    for stylesheet in sorted((outdir / "_static").rglob("*.css")):
        styles.read(stylesheet.read_text(encoding="utf-8"))
    chars, undefined = icons_shown(styles, pages_and_scripts(outdir))
    # The files are named in the message: Sphinx reads a location as a document of the project.
    for class_, where in undefined.items():
        logger.warning(
            "%s: icon class %r is defined by no stylesheet in _static: the icon would not show",
            outdir / where, class_, type="icon_font",
        )  # fmt: skip
    fonts = sorted((outdir / FONTS).glob("*.woff2"))
    if chars and not (fonts and styles.icons):
        logger.warning(
            "%s: pages show icons, but %s: this release of the theme ships its icons otherwise "
            "(see torch_notes/pages/icon_font.py)",
            outdir / "_static",
            f"there are no fonts in {FONTS}" if not fonts else "no stylesheet has .fa-<name> rules",
            type="icon_font",
        )  # fmt: skip
        return
    for font in fonts:
        subset_font(font, chars)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("build-finished", cut_icon_fonts)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
