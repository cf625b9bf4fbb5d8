"""Checks of the built bilingual site that no single-language Sphinx build can make.

    python -m torch_notes.commands.check_site [_build/site]

Each check returns a list of problems (empty when it passes), every one naming the file
it is about; ``check`` runs them all. The tests call the same functions.
"""

from __future__ import annotations

import functools
import json
import re
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from torch_notes import sitewide
from torch_notes.commands.hosting import NOT_IN_SITEMAP, pages
from torch_notes.i18n.english_left import english_left

# The languages are read from torch_notes.sitewide when a check runs, not copied here.
# Words a Chinese reader searches for on the pages that exist; each must be in the index.
CHINESE_SEARCH_TERMS = ("梯度", "叶子节点", "反向传播", "计算图")


class LinkCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.switcher_links: list[str] = []
        self.html_lang: str | None = None
        self.untranslated = 0
        self.alternates: dict[str, str] = {}  # hreflang -> href, from <link rel="alternate">
        self.meta: dict[str, str] = {}  # property or name -> content
        self.base: str | None = None
        self.urls: list[str] = []  # every href and src

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "link" and attributes.get("rel") == "alternate" and "hreflang" in attributes:
            self.alternates[attributes["hreflang"] or ""] = attributes.get("href") or ""
        if tag == "meta" and "content" in attributes:
            key = attributes.get("property") or attributes.get("name")
            self.meta.setdefault(key or "", attributes["content"] or "")
        if tag == "base" and self.base is None:
            self.base = attributes.get("href")
        if tag != "base":
            self.urls += [value or "" for key, value in attrs if key in ("href", "src")]
        if tag == "html":
            self.html_lang = attributes.get("lang")
        if tag == "a" and "language-switcher__link" in classes:
            self.switcher_links.append(attributes.get("href") or "")
        if "untranslated" in classes:
            self.untranslated += 1


def parse(page: Path) -> LinkCollector:
    """What a page links and declares; each check reads it, so it is parsed once a version."""
    return parsed(*version(page))


def version(page: Path) -> tuple[Path, int, int]:
    """A page and what changes when it is written again: the key of the caches of pages."""
    stat = page.stat()
    return page, stat.st_mtime_ns, stat.st_size


def read_pages(folder: Path, settled_for: float = 0.0) -> None:
    """Read the pages of one language's build ahead of the checks, while another builds, or
    while this one still writes (then only pages unchanged for ``settled_for`` seconds). The
    checks find each page read, unless it has changed since: a page is read again whenever
    its time or size differ (:func:`parse`, :func:`english_left_in`)."""
    translated = folder.name in sitewide.LANGUAGE_CODES[1:]
    for page in folder.rglob("*.html"):
        try:
            if settled_for and time.time() - page.stat().st_mtime < settled_for:
                continue
            parse(page)
            if translated:
                english_left_in(page)
        except FileNotFoundError:  # replaced while the build writes (a temporary file)
            continue


@functools.lru_cache(maxsize=1024)
def parsed(page: Path, mtime_ns: int, size: int) -> LinkCollector:
    collector = LinkCollector()
    collector.feed(page.read_text(encoding="utf-8"))
    return collector


def english_left_in(page: Path) -> tuple[str, ...]:
    """:func:`english_left` of a translated page, read once a version, like :func:`parse`."""
    return _english_left(*version(page))


@functools.lru_cache(maxsize=1024)
def _english_left(page: Path, mtime_ns: int, size: int) -> tuple[str, ...]:
    return tuple(english_left(page.read_text(encoding="utf-8")))


def check_same_pages(site: Path) -> list[str]:
    """Every language has the pages of the source language, and no other."""
    source = sitewide.SOURCE_LANGUAGE.code
    problems = []
    for language in sitewide.LANGUAGE_CODES[1:]:
        theirs, ours = pages(site, source), pages(site, language)
        problems += [f"{source}/{p} has no {language} counterpart" for p in sorted(theirs - ours)]
        problems += [f"{language}/{p} has no {source} counterpart" for p in sorted(ours - theirs)]
    return problems


def check_switchers(site: Path) -> list[str]:
    problems = []
    for language in sitewide.LANGUAGES:
        for name in sorted(pages(site, language.code)):
            page = site / language.code / name
            found = parse(page)
            if found.html_lang != language.hreflang:
                problems.append(
                    f"{language.code}/{name}: <html lang={found.html_lang!r}>, "
                    f"expected {language.hreflang!r}"
                )
            if name in ("search.html", "genindex.html"):
                continue
            where = f"{language.code}/{name}"
            if not found.switcher_links:  # the theme repeats it in the mobile menu, so >= 1
                problems.append(f"{where}: no link to the other language")
            for href in found.switcher_links:
                target = (page.parent / unquote(urlsplit(href).path)).resolve()
                if not target.is_file():
                    problems.append(f"{where}: language link {href!r} leads nowhere")
                elif target.relative_to(site.resolve()).parts[1:] != Path(name).parts:
                    problems.append(f"{where}: language link {href!r} is another page")
    return problems


def search_terms(site: Path, language: str) -> set[str]:
    text = (site / language / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    # Words of titles are kept apart from body words; json.loads decodes the \uXXXX escapes.
    return set(index["terms"]) | set(index["titleterms"])


def check_chinese_search(site: Path) -> list[str]:
    terms = search_terms(site, "zh_CN")
    chinese = {t for t in terms if sitewide.CJK.search(t)}
    problems = []
    if not chinese:
        problems.append("zh_CN/searchindex.js holds no Chinese word: is jieba installed?")
    missing = [t for t in CHINESE_SEARCH_TERMS if t not in terms]
    if chinese and missing:
        problems.append(
            f"zh_CN/searchindex.js lacks {', '.join(missing)} "
            "(add compound terms to docs/search_dict_zh.txt)"
        )
    return problems


def check_untranslated(site: Path) -> list[str]:
    problems = []
    for language in sitewide.LANGUAGE_CODES[1:]:
        for name in sorted(pages(site, language)):
            count = parse(site / language / name).untranslated
            if count:
                problems.append(f"{language}/{name}: {count} untranslated element(s)")
    return problems


def check_english_left(site: Path) -> list[str]:
    """No English word in a translated page's prose or alt/title/aria-label text, but code,
    names and glosses (torch_notes.i18n.english_left)."""
    problems = []
    for language in sitewide.LANGUAGE_CODES[1:]:
        for name in sorted(pages(site, language)):
            found = english_left_in(site / language / name)
            problems += [f"{language}/{name}: English left: {where}" for where in found]
    return problems


def site_file(site: Path, page: Path, href: str, base: str = "") -> Path | None:
    """The file that ``href`` on ``page`` opens; None for a fragment, a script or another host.

    ``base`` is the site root's public address (or its path): absolute links under it map into
    ``site``; other paths starting with ``/`` are taken from the host's root.
    """
    parts = urlsplit(href)
    if parts.scheme in ("javascript", "mailto", "data") or not (parts.path or parts.netloc):
        return None
    for prefix in (base, urlsplit(base).path):
        if len(prefix) > 1 and href.startswith(prefix):
            return site / unquote(urlsplit(href.removeprefix(prefix)).path)
    if parts.netloc:
        return None
    if parts.path.startswith("/"):
        return site / unquote(parts.path.lstrip("/"))
    return (page.parent / unquote(parts.path)).resolve()


def page_base(site: Path, page: Path, language: str, alternates: dict[str, str]) -> str:
    """The site root's address, as the page's own hreflang link states it ("" if relative)."""
    own = alternates.get(sitewide.language(language).hreflang, "")
    suffix = f"{language}/{page.relative_to(site / language).as_posix()}"
    return own.removesuffix(suffix) if own.endswith(suffix) and "://" in own else ""


def check_alternates(site: Path) -> list[str]:
    """Every page names itself, its counterpart and x-default; every one of them exists."""
    problems = []
    by_hreflang = {language.hreflang: language.code for language in sitewide.LANGUAGES}
    wanted = [*by_hreflang, "x-default"]
    for language in sitewide.LANGUAGE_CODES:
        for name in sorted(pages(site, language)):
            page = site / language / name
            found = parse(page).alternates
            base = page_base(site, page, language, found)
            for hreflang in wanted:
                href = found.get(hreflang)
                target = site_file(site, page, href, base) if href else None
                if href is None:
                    problems.append(f"{language}/{name}: no hreflang={hreflang!r} alternate")
                elif target is None or not target.is_file():
                    problems.append(
                        f"{language}/{name}: hreflang={hreflang!r} link {href!r} leads nowhere"
                    )
                elif (
                    hreflang != "x-default"
                    and target.resolve() != (site / by_hreflang[hreflang] / name).resolve()
                ):
                    problems.append(
                        f"{language}/{name}: hreflang={hreflang!r} link {href!r} is another page"
                    )
    return problems


def check_social_meta(site: Path) -> list[str]:
    problems = []
    for language in sitewide.LANGUAGES:
        for name in sorted(pages(site, language.code)):
            meta = parse(site / language.code / name).meta
            if meta.get("og:locale") != language.og_locale:
                problems.append(
                    f"{language.code}/{name}: og:locale is {meta.get('og:locale')!r}, "
                    f"expected {language.og_locale!r}"
                )
            if not meta.get("og:title"):
                problems.append(f"{language.code}/{name}: no og:title")
    return problems


def check_not_found(site: Path) -> list[str]:
    """The 404 pages exist (root and each language) and everything they link to exists."""
    problems = []
    for where in ("", *(f"{lang}/" for lang in sitewide.LANGUAGE_CODES)):
        page = site / where / "404.html"
        if not page.is_file():
            problems.append(f"{where}404.html is missing")
            continue
        found = parse(page)
        language = where.rstrip("/") or sitewide.SOURCE_LANGUAGE.code
        base = page_base(site, site / language / "404.html", language, found.alternates)
        # A <base href> makes relative links resolve as from <language>/404.html at any depth.
        if found.base:
            if found.base.rstrip("/").endswith(language):
                anchor = site / language / "404.html"
                base = base or found.base.removesuffix(f"{language}/")
            else:
                problems.append(
                    f"{where}404.html: <base href={found.base!r}> is not a {language}/ folder"
                )
                continue
        else:
            anchor = page
        for href in found.urls:
            target = site_file(site, anchor, href, base)
            if target is not None and not target.is_file():
                problems.append(f"{where}404.html: link {href!r} leads nowhere")
        if found.meta.get("robots") != "noindex":
            problems.append(f"{where}404.html: not marked noindex")
    return problems


def check_sitemap(site: Path) -> list[str]:
    """When there is a sitemap, every address in it is a file of the site, and every page is in it."""
    sitemap = site / "sitemap.xml"
    if not sitemap.is_file():
        return []
    text = sitemap.read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", text)
    roots = [loc.removesuffix("index.html") for loc in locs if loc.endswith("/index.html")]
    if not roots:
        return ["sitemap.xml: no root index.html entry to take the site's address from"]
    base = min(roots, key=len)
    problems = []
    for url in [*locs, *re.findall(r'<xhtml:link [^>]*href="([^"]+)"', text)]:
        if not url.startswith(base) or not (site / unquote(url.removeprefix(base))).is_file():
            problems.append(f"sitemap.xml: {url} is not a file of the site")
    listed = {unquote(loc.removeprefix(base)) for loc in locs}
    for language in sitewide.LANGUAGE_CODES:
        problems += [
            f"sitemap.xml: {language}/{name} is not listed"
            for name in sorted(pages(site, language))
            if f"{language}/{name}" not in listed and name not in NOT_IN_SITEMAP
        ]
    robots = site / "robots.txt"
    if robots.is_file() and f"Sitemap: {base}sitemap.xml" not in robots.read_text(encoding="utf-8"):
        problems.append("robots.txt does not point to sitemap.xml")
    return problems


CHECKS = (
    check_same_pages,
    check_switchers,
    check_chinese_search,
    check_untranslated,
    check_english_left,
    check_alternates,
    check_social_meta,
    check_not_found,
    check_sitemap,
)


def check(site: Path) -> list[str]:
    return [problem for run in CHECKS for problem in run(site)]


if __name__ == "__main__":
    found = check(Path(sys.argv[1] if len(sys.argv) > 1 else "_build/site"))
    print("\n".join(found) or "site checks: all passed")
    sys.exit(1 if found else 0)
