"""What a web host needs besides the pages: the root 404 page, ``sitemap.xml``, ``robots.txt``.

    python -m torch_notes.commands.hosting [_build/site]     (build_site runs it after both builds)

The site's public address comes from ``TORCH_NOTES_BASE_URL`` (the folder holding ``en/``
and ``zh_CN/``, e.g. ``https://x.github.io/torch-notes/``), the same variable ``docs/conf.py``
reads. A sitemap needs absolute addresses, so without it no sitemap and no robots.txt are
written, and the summary says so; nothing is written with a made-up address.

The sitemap lists every page of both languages (not the search page, the general index or
the 404 page, which no one should land on from a search engine) and the root language
chooser; each entry names its counterparts with ``xhtml:link rel="alternate" hreflang``,
computed by ``language_switcher.alternate_links``, the same function that writes them into
each page's ``<head>``, and restricted to files that exist.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import quote, unquote
from xml.sax.saxutils import escape, quoteattr

from torch_notes import sitewide
from torch_notes.pages.language_switcher import alternate_links

NOT_IN_SITEMAP = ("404.html", "search.html", "genindex.html")  # not pages a search should list
NOT_PAGES = ("_static", "_sources", "_images", "_downloads", "_sphinx_design_static")
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"


def pages(site: Path, language: str) -> set[str]:
    """The HTML pages of one language's folder, relative to it (assets aside)."""
    root = site / language
    return {
        str(p.relative_to(root))
        for p in root.rglob("*.html")
        if not set(p.relative_to(root).parts) & set(NOT_PAGES)
    }


def write_root_not_found(site: Path) -> Path:
    """Copy ``en/404.html`` to the root, where hosts look for it.

    Its ``<base href>`` (set by ``not_found`` when the address is known) already points into
    ``en/``; without one, a relative ``<base href="en/">`` makes it work for missing addresses
    at the top level of the site (deeper ones need the address: see ``not_found``).
    """
    page = site / "404.html"
    text = (site / "en" / "404.html").read_text(encoding="utf-8")
    if not re.search(r"<base\s", text):
        text = re.sub(r"(<head[^>]*>)", r'\1\n<base href="en/" />', text, count=1)
    page.write_text(text, encoding="utf-8")
    return page


def sitemap_entries(site: Path, base: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """``(url, [(hreflang, url), ...])`` for every listed page, alternates that exist only."""

    def exists(url: str) -> bool:
        return (site / unquote(url.removeprefix(base))).is_file()

    names = sorted(set().union(*(pages(site, lang) for lang in sitewide.LANGUAGE_CODES)))
    entries = []
    for name in names:
        if name in NOT_IN_SITEMAP:
            continue
        pagename = quote(name.removesuffix(".html"))
        alternates = [
            (code, href)
            for code, href in alternate_links(pagename, sitewide.LANGUAGES, ".html", base)
            if exists(href)
        ]
        entries += [
            (f"{base}{language}/{pagename}.html", alternates)
            for language in sitewide.LANGUAGE_CODES
            if (site / language / name).is_file()
        ]
    root = alternate_links("index", sitewide.LANGUAGES, ".html", base)
    entries.insert(0, (f"{base}index.html", [(c, h) for c, h in root if exists(h)]))
    return entries


def sitemap_xml(entries: list[tuple[str, list[tuple[str, str]]]]) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<urlset xmlns="{SITEMAP_NS}" xmlns:xhtml="{XHTML_NS}">',
    ]
    for url, alternates in entries:
        lines.append(f"  <url><loc>{escape(url)}</loc>")
        lines += [
            f'    <xhtml:link rel="alternate" hreflang={quoteattr(code)} href={quoteattr(href)}/>'
            for code, href in alternates
        ]
        lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots_txt(base: str) -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {base}sitemap.xml\n"


def publish(site: Path, base: str | None = None) -> list[str]:
    """Write the root 404 page, and the sitemap and robots.txt when the address is known.

    Returns one line per thing done or skipped, for the build summary.
    """
    base = sitewide.base_url() if base is None else sitewide.normalise_base_url(base)
    done = [f"404: {write_root_not_found(site).relative_to(site)} (a copy of en/404.html)"]
    if not base:
        skipped = (
            f"sitemap.xml, robots.txt: skipped, {sitewide.BASE_URL_VARIABLE} is not set "
            "(the site's public address, e.g. https://x.github.io/torch-notes/)"
        )
        return [*done, skipped]
    entries = sitemap_entries(site, base)
    (site / "sitemap.xml").write_text(sitemap_xml(entries), encoding="utf-8")
    (site / "robots.txt").write_text(robots_txt(base), encoding="utf-8")
    counts = {
        lang: sum(url.startswith(f"{base}{lang}/") for url, _ in entries)
        for lang in sitewide.LANGUAGE_CODES
    }
    listed = ", ".join(f"{count} {lang}" for lang, count in counts.items())
    return [
        *done,
        f"sitemap.xml: {sum(counts.values()) + 1} pages ({listed}, root) under {base}",
        "robots.txt: points to sitemap.xml",
    ]


if __name__ == "__main__":
    print("\n".join(publish(Path(sys.argv[1] if len(sys.argv) > 1 else "_build/site"))))
