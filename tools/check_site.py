"""Checks of the built bilingual site that no single-language Sphinx build can make.

    python -m tools.check_site [_build/site]

Each check returns a list of problems (empty when it passes), every one naming the file
it is about; ``check`` runs them all. The tests call the same functions.
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

LANGUAGES = ("en", "zh_CN")
HTML_LANG = {"en": "en", "zh_CN": "zh-CN"}
NOT_PAGES = ("_static", "_sources", "_images", "_downloads", "_sphinx_design_static")
CJK = re.compile(r"[\u4e00-\u9fff]")
# Words a Chinese reader searches for on the pages that exist; each must be in the index.
CHINESE_SEARCH_TERMS = ("梯度", "叶子节点", "反向传播", "计算图")


def pages(site: Path, language: str) -> set[str]:
    root = site / language
    return {
        str(p.relative_to(root)) for p in root.rglob("*.html")
        if not set(p.relative_to(root).parts) & set(NOT_PAGES)
    }


class LinkCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.switcher_links: list[str] = []
        self.html_lang: str | None = None
        self.untranslated = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "html":
            self.html_lang = attributes.get("lang")
        if tag == "a" and "language-switcher__link" in classes:
            self.switcher_links.append(attributes.get("href") or "")
        if "untranslated" in classes:
            self.untranslated += 1


def parse(page: Path) -> LinkCollector:
    collector = LinkCollector()
    collector.feed(page.read_text(encoding="utf-8"))
    return collector


def check_same_pages(site: Path) -> list[str]:
    en, zh = pages(site, "en"), pages(site, "zh_CN")
    return [f"en/{p} has no zh_CN counterpart" for p in sorted(en - zh)] + [
        f"zh_CN/{p} has no en counterpart" for p in sorted(zh - en)
    ]


def check_switchers(site: Path) -> list[str]:
    problems = []
    for language in LANGUAGES:
        for name in sorted(pages(site, language)):
            page = site / language / name
            found = parse(page)
            if found.html_lang != HTML_LANG[language]:
                problems.append(f"{language}/{name}: <html lang={found.html_lang!r}>, "
                                f"expected {HTML_LANG[language]!r}")
            if name in ("search.html", "genindex.html"):
                continue
            if not found.switcher_links:  # the theme repeats it in the mobile menu, so >= 1
                problems.append(f"{language}/{name}: no link to the other language")
            for href in found.switcher_links:
                target = (page.parent / unquote(urlsplit(href).path)).resolve()
                if not target.is_file():
                    problems.append(f"{language}/{name}: language link {href!r} leads nowhere")
                elif target.relative_to(site.resolve()).parts[1:] != Path(name).parts:
                    problems.append(f"{language}/{name}: language link {href!r} is another page")
    return problems


def search_terms(site: Path, language: str) -> set[str]:
    text = (site / language / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    # Words of titles are kept apart from body words; json.loads decodes the \uXXXX escapes.
    return set(index["terms"]) | set(index["titleterms"])


def check_chinese_search(site: Path) -> list[str]:
    terms = search_terms(site, "zh_CN")
    chinese = {t for t in terms if CJK.search(t)}
    problems = []
    if not chinese:
        problems.append("zh_CN/searchindex.js holds no Chinese word: is jieba installed?")
    missing = [t for t in CHINESE_SEARCH_TERMS if t not in terms]
    if chinese and missing:
        problems.append(f"zh_CN/searchindex.js lacks {', '.join(missing)} "
                        "(add compound terms to docs/search_dict_zh.txt)")
    return problems


def check_untranslated(site: Path) -> list[str]:
    problems = []
    for name in sorted(pages(site, "zh_CN")):
        count = parse(site / "zh_CN" / name).untranslated
        if count:
            problems.append(f"zh_CN/{name}: {count} untranslated element(s)")
    return problems


CHECKS = (check_same_pages, check_switchers, check_chinese_search, check_untranslated)


def check(site: Path) -> list[str]:
    return [problem for run in CHECKS for problem in run(site)]


if __name__ == "__main__":
    found = check(Path(sys.argv[1] if len(sys.argv) > 1 else "_build/site"))
    print("\n".join(found) or "site checks: all passed")
    sys.exit(1 if found else 0)
