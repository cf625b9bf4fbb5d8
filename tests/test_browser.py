"""The built site read in headless Chromium, as a reader uses it (marker ``browser``).

Search in both languages, the language switcher, where pages fetch from, accessibility
(axe-core) and the phone-width layout, and screenshots under ``_build/screenshots/``.

Playwright drives Debian's ``chromium`` (``TORCH_NOTES_CHROMIUM`` names another binary):
it never downloads a browser of its own. Each launch gets a fresh temporary profile. The site
is served over http from a thread, because Sphinx's search page fetches its index and pages.
Without Chromium these tests are skipped, except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

from torch_notes import paths, sitewide
from torch_notes.commands import check_site, local_browser

browser_test = pytest.mark.browser
pytestmark = pytest.mark.site

ROOT = paths.ROOT
SCREENSHOTS = ROOT / "_build" / "screenshots"
# One page of each type; the search page with a query that has results in that language.
PAGES = {
    "landing": "index.html",
    "narrative": "autograd/basics.html",
    "gallery": "auto_examples/autograd/plot_autograd_basics.html",
    "search": {"en": "search.html?q=graph", "zh_CN": "search.html?q=" + quote("计算图")},
    "errata": "errata.html",
}
PAGE_CASES = [(kind, language) for kind in PAGES for language in sitewide.LANGUAGE_CODES]
# For the phone-width layout also a page whose prose quotes long unbroken inline code.
PHONE_PAGES = {**PAGES, "inline-code": "tensors/shapes.html", "figure": "autograd/graph.html"}
PHONE_CASES = [(kind, language) for kind in PHONE_PAGES for language in sitewide.LANGUAGE_CODES]
SEARCHES = [  # what a reader types, and the page about it that must be among the results
    ("zh_CN", "广播", "auto_examples/tensors/plot_broadcast_shapes.html"),
    ("zh_CN", "反向传播", "autograd/basics.html"),
    ("zh_CN", "叶子节点", "autograd/graph.html"),
    ("zh_CN", "计算图", "autograd/graph.html"),
    ("zh_CN", "梯度", "autograd/basics.html"),
    ("zh_CN", "损失函数", "together/training.html"),  # one word for jieba via search_dict_zh.txt
    ("en", "broadcasting", "auto_examples/tensors/plot_broadcast_shapes.html"),
    ("en", "backward", "autograd/basics.html"),
    ("en", "leaf", "autograd/graph.html"),
    ("en", "graph", "autograd/graph.html"),
]


def page_path(kind: str, language: str) -> str:
    path = PHONE_PAGES[kind]
    return path[language] if isinstance(path, dict) else path


def chromium_executable() -> str:
    name = local_browser.CHROMIUM
    found = shutil.which(name)
    if found is None:
        message = f"no Chromium at {name} (apt-get install chromium, or set TORCH_NOTES_CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    """``http://127.0.0.1:<free port>`` serving the built site from a thread."""
    with local_browser.served(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    executable = chromium_executable()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, args=local_browser.CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A new tab in a fresh context (no cache, no storage); page errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def search_results(page, base_url: str, language: str, query: str) -> list[str]:
    """Links of the search page's results, once it says the search finished."""
    page.goto(f"{base_url}/{language}/search.html?q={quote(query)}")
    page.wait_for_function(
        "() => document.querySelector('#search-results .search-summary')?.innerText.length > 0",
        timeout=20_000,
    )
    return page.eval_on_selector_all(
        "#search-results ul.search li a", "links => links.map(a => a.getAttribute('href'))"
    )


@browser_test
@pytest.mark.parametrize(("language", "query", "expected"), SEARCHES)
def test_search_page_finds_the_page_about_a_word(page, base_url, site, language, query, expected):
    text = (site / language / expected).read_text(encoding="utf-8")
    assert query in text, f"{language}/{expected} no longer says {query}: update SEARCHES"
    results = search_results(page, base_url, language, query)
    assert expected in {link.split("#")[0] for link in results}, results


def section_ids(page: Path) -> list[str]:
    return re.findall(r'<section id="([^"]+)"', page.read_text(encoding="utf-8"))


def test_section_ids_are_the_same_in_both_languages(site):
    """Anchors come from the English source, so a link with #anchor works in both languages."""
    for name in sorted(check_site.pages(site, "en")):
        assert section_ids(site / "en" / name) == section_ids(site / "zh_CN" / name), name


@browser_test
def test_language_switch_keeps_the_page_and_the_anchor(page, base_url, site):
    anchor = "backward-and-what-lands-in-grad"
    assert anchor in section_ids(site / "en" / "autograd" / "basics.html")
    page.goto(f"{base_url}/en/autograd/basics.html#{anchor}")
    for target, heading in (("zh_CN", sitewide.CJK), ("en", re.compile(r"backward"))):
        page.locator("a.language-switcher__link:visible").first.click()
        page.wait_for_url(f"{base_url}/{target}/autograd/basics.html#{anchor}")
        title = page.locator(f"section#{anchor} > h2").inner_text()
        assert heading.search(title), title
        assert page.evaluate("document.documentElement.lang") == sitewide.language(target).hreflang


def load_recording_requests(page, url: str) -> tuple[list[str], list[str]]:
    """Every URL the page requests until the network is idle, and those that failed."""
    requested: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url} HTTP {r.status}"))
    page.goto(url, wait_until="networkidle")
    return requested, failed


@browser_test
@pytest.mark.parametrize(("kind", "language"), PAGE_CASES)
def test_pages_fetch_nothing_from_other_sites(page, base_url, kind, language):
    requested, failed = load_recording_requests(
        page, f"{base_url}/{language}/{page_path(kind, language)}"
    )
    origin = urlsplit(base_url)
    elsewhere = [
        url
        for url in requested
        if urlsplit(url)[:2] != origin[:2] and not url.startswith(("data:", "blob:"))
    ]
    assert elsewhere == []
    assert failed == []
    assert len(requested) > 10  # the page, its styles, scripts, fonts: recording works
    if kind == "gallery":  # its :math: is MathML, laid out by the browser with no script
        sizes = page.eval_on_selector_all(
            "article math", "ms => ms.map(m => m.getBoundingClientRect().width)"
        )
        assert sizes and all(width > 0 for width in sizes)
        assert not any("mathjax" in url.lower() for url in requested)


@browser_test
@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (375, "zh_CN")])
def test_the_theme_controls_work_with_its_scripts_started_after_the_first_paint(
    browser, base_url, width, language
):
    """The theme's scripts start from a <template> once the page is painted (layout.html):
    its dropdowns (Bootstrap) and the phone's menu (its own script) must still answer."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}/{language}/autograd/basics.html", wait_until="networkidle")
    # The scripts start once the page is painted; on a busy machine, after the first click.
    page.wait_for_function(
        "[...document.scripts].some(s => s.src.includes('pydata-sphinx-theme.js'))"
    )
    if width < 960:  # on a phone the header's controls live in the menu the theme opens
        page.locator("button.primary-toggle:visible").click()
        page.wait_for_function("[...document.querySelectorAll('dialog')].some(d => d.open)")
    dark = page.locator("button.theme-change-button[data-mode=dark]")
    for _ in range(10):
        page.locator("button.theme-switch-button:visible").click()
        try:
            dark.locator("visible=true").first.wait_for(state="visible", timeout=2_000)
            break
        except PlaywrightTimeout:
            continue  # clicked before the theme's script listened: click again
    dark.locator("visible=true").first.click()
    theme = page.evaluate("[document.documentElement.dataset.theme, localStorage.getItem('mode')]")
    started = page.evaluate(
        "[...document.scripts].map(s => s.src.split('/').pop().split('?')[0]).filter(Boolean)"
    )
    context.close()
    assert theme == ["dark", "dark"]
    assert started[-2:] == ["bootstrap.js", "pydata-sphinx-theme.js"]
    assert errors == []


@browser_test
@pytest.mark.parametrize(("kind", "language"), PAGE_CASES)
def test_pages_load_without_console_errors_or_failed_requests(page, base_url, kind, language):
    """What a reader's console would show: no error from the theme (an invalid colour mode
    once), no missing file (the icon once); the search page waits for its results."""
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(f"{m.text} at {m.location}"))
    _, failed = load_recording_requests(page, f"{base_url}/{language}/{page_path(kind, language)}")
    if kind == "search":
        page.wait_for_function(
            "() => document.querySelector('#search-results .search-summary')?.innerText.length > 0",
            timeout=20_000,
        )
    assert page.evaluate("document.documentElement.dataset.theme") in ("light", "dark")
    assert errors == []
    assert failed == []


@browser_test
def test_the_site_root_answers_for_its_icon(page, base_url):
    """Browsers and crawlers ask the host's root for /favicon.ico whatever the pages link."""
    response = page.request.get(f"{base_url}/favicon.ico")
    assert response.status == 200
    assert response.body()[:4] == b"\x00\x00\x01\x00"  # an ICO file
    icon = page.request.get(f"{base_url}/en/_static/favicon.svg")
    assert icon.status == 200 and b"<svg" in icon.body()


@browser_test
@pytest.mark.parametrize(("kind", "language"), PAGE_CASES)
def test_no_serious_accessibility_violations(page, base_url, kind, language):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"{base_url}/{language}/{page_path(kind, language)}", wait_until="networkidle")
    assert page.evaluate("document.documentElement.lang") == sitewide.language(language).hreflang
    violations = Axe().run(page).response["violations"]
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []


# What the page around the article says or labels (the article itself is checked at build
# time by translation_check.py), and the labels stylesheets write; code and math aside.
INTERFACE_TEXT = """() => {
  const outside = n => !n.closest('article, #search-results, pre, code, kbd, math, script, style, [lang="en"], [data-volatile="build-date"]');
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    if (parent && outside(parent)) texts.push(walker.currentNode.textContent.trim());
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]'))
    if (outside(e)) texts.push(...['aria-label', 'title', 'placeholder'].map(a => e.getAttribute(a) || ''));
  for (const e of document.querySelectorAll('body *')) {
    const label = getComputedStyle(e, '::before').content;
    if (/^"[^"]*[A-Za-z]{2}/.test(label)) texts.push(label.slice(1, -1));
  }
  return texts.filter(t => /[A-Za-z]{2}/.test(t) && !/[\u4e00-\u9fff]/.test(t));
}"""
# Names, not words: the site, the generator, the way to the English page, the file formats.
NOT_TRANSLATED = {"torch-notes", "Sphinx", "English", "PyTorch", "PDF", "EPUB"}
SIZE = re.compile(r"\([0-9.]+ MB\)( ·)?")  # an edition's size: a number and its unit


@browser_test
@pytest.mark.parametrize("kind", ["landing", "narrative", "gallery", "search"])
def test_chinese_pages_speak_chinese_around_the_article(page, base_url, kind):
    page.goto(f"{base_url}/zh_CN/{page_path(kind, 'zh_CN')}", wait_until="networkidle")
    english = {t for t in page.evaluate(INTERFACE_TEXT) if not SIZE.fullmatch(t)}
    assert english - NOT_TRANSLATED == set()
    if kind == "gallery":
        label = page.eval_on_selector(
            ".sphx-glr-script-out", "e => getComputedStyle(e, '::before').content"
        )
        assert label == '"输出："'


LAYOUT_SHIFTS = """window.__shifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({type: 'layout-shift', buffered: true});"""


@browser_test
@pytest.mark.parametrize("kind", ["landing", "narrative", "gallery", "figure", "errata"])
def test_the_page_does_not_jump_while_it_arrives(browser, base_url, kind):
    """Cumulative layout shift on a slow line, where the browser paints a page before all of it
    has arrived (the way it used to jump: the sidebar after the article narrowed it)."""
    context = browser.new_context(viewport={"width": 1350, "height": 940})
    page = context.new_page()
    page.add_init_script(LAYOUT_SHIFTS)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 40, "downloadThroughput": 200_000, "uploadThroughput": -1},
    )
    page.goto(f"{base_url}/en/{page_path(kind, 'en')}", wait_until="networkidle")
    page.wait_for_timeout(500)
    shift = sum(page.evaluate("window.__shifts"))
    context.close()
    assert shift < 0.05  # Lighthouse calls below 0.1 good


SCROLLING_ELEMENTS = """() => [...document.querySelectorAll('body *')]
  .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
               && e.scrollWidth > e.clientWidth + 1)
  .map(e => ({tag: e.tagName, cls: String(e.className), scrollWidth: e.scrollWidth,
              codeOrTable: !!e.closest('pre, div.highlight, table, .pst-scrollable-table-container, div.math')
                           || !!e.querySelector(':scope > pre, :scope > table')}))"""


@browser_test
@pytest.mark.parametrize(("kind", "language"), PHONE_CASES)
def test_prose_fits_a_phone_while_code_scrolls_on_its_own(browser, base_url, kind, language):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    try:
        phone = context.new_page()
        phone.goto(f"{base_url}/{language}/{page_path(kind, language)}", wait_until="networkidle")
        width = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page is {width[0]} px wide on a {width[1]} px screen"
        scrolling = phone.evaluate(SCROLLING_ELEMENTS)
        assert [s for s in scrolling if not s["codeOrTable"]] == []
        if kind in ("narrative", "gallery"):  # both show code lines longer than a phone is wide
            assert [s for s in scrolling if s["codeOrTable"]], "no code block scrolls on its own"
    finally:
        context.close()


def topic_pages(site: Path) -> list[str]:
    """Every topic page the build found (``.build-info.json``, ``topics``)."""
    info = json.loads((site / ".build-info.json").read_text(encoding="utf-8"))
    return sorted(info["topics"])


# The blocks that show what code printed: gallery cells, cells in place, the notes' fragments
# (what the note printed and what PyTorch prints now) and other releases' outputs.
OUTPUT_LINES = (
    ".sphx-glr-script-out pre, .cell-output pre, .snippet-output pre, "
    ".snippet-note-output pre, details.release-outputs pre"
)
# Every aside, solution and release is opened first: a reader who opens one reads it all.
MEASURE_READING = """selector => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const formulas = [...document.querySelectorAll('article div.math')].map(box => {
    const range = document.createRange();  // the formula's symbols, whatever box <math> is
    range.selectNodeContents(box.querySelector('math'));
    const ink = range.getBoundingClientRect(), frame = box.getBoundingClientRect();
    return {tex: box.querySelector('math').getAttribute('alttext'), width: frame.width,
            left: ink.left - frame.left, right: frame.right - ink.right,
            scrolls: box.scrollWidth > box.clientWidth,
            overflowX: getComputedStyle(box).overflowX};
  });
  const outputs = [...document.querySelectorAll(selector)];
  const cut = outputs.filter(pre => pre.scrollWidth > pre.clientWidth).map(pre =>
    pre.innerText.split('\\n').reduce((a, b) => (b.length > a.length ? b : a), ''));
  return {formulas, outputs: outputs.length, cut};
}"""


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_formulas_are_centred_and_outputs_show_every_line_at_1366(
    browser, base_url, site, language
):
    """On every topic page at 1366 px: each display formula centred in its box (left and right
    gaps within 10 % of the box's width) and no output block that hides the end of a line.
    On a phone and in a narrower window each formula shows its first symbol and either fits or
    scrolls in its own box."""
    pages = topic_pages(site)
    assert len(pages) >= 10, pages
    off_centre, cut, formulas, outputs = [], [], 0, 0
    wide = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        tab = wide.new_page()
        for name in pages:
            tab.goto(f"{base_url}/{language}/{name}.html", wait_until="networkidle")
            found = tab.evaluate(MEASURE_READING, OUTPUT_LINES)
            formulas += len(found["formulas"])
            outputs += found["outputs"]
            off_centre += [
                (name, f["tex"][:40], round(f["left"]), round(f["right"]), round(f["width"]))
                for f in found["formulas"]
                if abs(f["left"] - f["right"]) > 0.1 * f["width"]
            ]
            cut += [(name, line[:100]) for line in found["cut"]]
    finally:
        wide.close()
    assert formulas and outputs, "no formula or output block measured: is the page the same?"
    assert (off_centre, cut) == ([], []), (
        f"formulas off centre (page, TeX, left, right, width): {off_centre}; "
        f"{len(cut)} output blocks hide part of a line at 1366 px: {cut}"
    )

    for width in (375, 240):  # 240: narrower than the gradient formula of autograd/basics
        narrow = browser.new_context(viewport={"width": width, "height": 740}, is_mobile=True)
        try:
            tab = narrow.new_page()
            tab.goto(f"{base_url}/{language}/{PAGES['narrative']}", wait_until="networkidle")
            found = tab.evaluate(MEASURE_READING, OUTPUT_LINES)["formulas"]
        finally:
            narrow.close()
        assert found, f"{width} px: no display formula measured on {PAGES['narrative']}"
        for formula in found:  # the gradient's definition first, then the chain rule's
            assert formula["left"] >= -1, f"{width} px: the formula's start is cut off: {formula}"
            fits = formula["right"] >= -1
            scrolls = formula["scrolls"] and formula["overflowX"] == "auto"
            assert fits or scrolls, f"{width} px: the formula's end is cut off: {formula}"
        gradient = found[0]
        if width == 240:
            assert gradient["scrolls"] and gradient["overflowX"] == "auto", (
                f"the gradient formula no longer needs to scroll at 240 px: {gradient}"
            )


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize("kind", ["landing", "gallery", "narrative", "figure", "errata"])
@pytest.mark.parametrize("width", [1366, 375])
def test_screenshot_shows_the_page_with_its_images(browser, base_url, kind, language, width):
    """Saves _build/screenshots/<language>-<kind>-<width>.png (artefacts to look at)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=width < 500)
    page = context.new_page()
    page.goto(f"{base_url}/{language}/{page_path(kind, language)}", wait_until="networkidle")
    for image in page.locator("article img").all():  # lazy images load when scrolled to
        image.scroll_into_view_if_needed()
        image.evaluate("i => i.complete || new Promise(done => { i.onload = i.onerror = done; })")
    page.evaluate("window.scrollTo(0, 0)")
    broken = page.eval_on_selector_all(
        "article img",
        "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)",
    )
    assert broken == []
    assert page.locator("article h1").first.is_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / f"{language}-{kind}-{width}.png"
    png = page.screenshot(path=shot, full_page=True)
    context.close()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


ASIDE = "details.notes-said"


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_the_notes_aside_opens_by_keyboard_and_passes_axe_open(page, base_url, language):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"{base_url}/{language}/{PAGES['narrative']}", wait_until="networkidle")
    aside = page.locator(ASIDE).first
    assert aside.evaluate("d => d.open") is False  # closed: the lesson first
    aside.locator("summary").focus()
    page.keyboard.press("Enter")
    assert aside.evaluate("d => d.open") is True
    page.keyboard.press("Space")
    assert aside.evaluate("d => d.open") is False
    page.evaluate(f"document.querySelectorAll('{ASIDE}').forEach(d => d.open = true)")
    violations = Axe().run(page).response["violations"]
    serious = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == []


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_a_row_of_the_errata_table_leads_into_its_closed_aside(page, base_url, language):
    page.goto(f"{base_url}/{language}/errata.html", wait_until="networkidle")
    hrefs = page.eval_on_selector_all(
        "table.errata-table a.reference.internal",
        "links => links.map(a => a.getAttribute('href')).filter(h => h.includes('#erratum-'))",
    )
    assert hrefs
    for href in hrefs[:6]:
        page.goto(f"{base_url}/{language}/{href}", wait_until="networkidle")
        anchor = href.partition("#")[2]
        target = page.locator(f"[id='{anchor}']")
        opened = target.evaluate(
            "e => { const d = e.closest('details'); return d === null || d.open; }"
        )
        assert opened, f"{href}: the erratum stays hidden in a closed aside"
        assert target.is_visible()


# Blocks of what code printed: a gallery cell's output, a snippet's, the note's, a notebook's.
OUTPUT_BLOCKS = ".sphx-glr-script-out, .snippet-output, .snippet-note-output, .output"
COPY_BUTTONS = """outputs => {
  const blocks = [...document.querySelectorAll('article div.highlight')];
  const button = b => b.querySelector(':scope > button.copybtn') !== null;
  const output = b => b.parentElement.matches(outputs);
  return {code: blocks.filter(b => !output(b)).map(button),
          output: blocks.filter(output).map(b => [b.parentElement.className, button(b)])};
}"""


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
@pytest.mark.parametrize(
    ("path", "printed"),
    [
        (PAGES["gallery"], {"sphx-glr-script-out"}),
        (PAGES["narrative"], {"snippet-output", "snippet-note-output"}),
    ],
)
def test_code_blocks_have_a_copy_button_and_outputs_have_none(
    browser, base_url, language, path, printed
):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        page.goto(f"{base_url}/{language}/{path}", wait_until="networkidle")
        blocks = page.evaluate(COPY_BUTTONS, OUTPUT_BLOCKS)
        assert blocks["code"] and all(blocks["code"]), blocks["code"]
        kinds = {kind for classes, _ in blocks["output"] for kind in classes.split()}
        assert printed <= kinds  # the page really shows outputs of each kind
        assert [classes for classes, button in blocks["output"] if button] == []
        # A click copies the code as the page shows it, without a prompt or an output.
        first = page.locator("article div.highlight:has(> button.copybtn)").first
        first.hover()
        first.locator("button.copybtn").click()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.strip() == first.locator("pre").inner_text().strip()
    finally:
        context.close()


RELEASE_BLOCK = "details.release-outputs"


def pages_with_release_outputs(site: Path, language: str) -> list[str]:
    """Pages of the built site with an output block that another release prints otherwise."""
    return sorted(
        str(p.relative_to(site / language))
        for p in (site / language).rglob("*.html")
        if 'class="release-outputs"' in p.read_text(encoding="utf-8")
    )


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_a_release_picked_once_shows_its_output_in_every_block(browser, base_url, site, language):
    from axe_playwright_python.sync_playwright import Axe

    found = pages_with_release_outputs(site, language)
    assert len(found) >= 2, "the history records releases that print otherwise"
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(f"{base_url}/{language}/{found[0]}", wait_until="networkidle")
    block = page.locator(RELEASE_BLOCK).first
    assert block.evaluate("d => d.open") is False  # a quiet line: the page's output first
    block.locator("summary").focus()
    page.keyboard.press("Enter")
    assert block.evaluate("d => d.open") is True
    # The first run's first release, picked in the page's picker.
    first = block.locator(".release-run").first.evaluate(
        "r => [...r.classList].find(c => c.startsWith('first-')).slice(6)"
    )
    page.locator(RELEASE_PICKER).select_option(first)
    assert block.evaluate("d => d.open") is True
    visible = block.locator(".release-run:not(.not-chosen)")
    assert visible.count() == 1
    assert visible.first.evaluate("(r, f) => r.classList.contains('first-' + f)", first)
    assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
    page.evaluate("document.querySelectorAll('details.release-fold').forEach(d => d.open = true)")
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []
    # Remembered on the next page: each block there opens on the release, or says it agrees.
    page.goto(f"{base_url}/{language}/{found[1]}", wait_until="networkidle")
    assert page.locator(RELEASE_PICKER).input_value() == first
    for other in page.locator(RELEASE_BLOCK).all():
        chosen = other.locator(".release-run:not(.not-chosen)").count()
        agrees = other.locator(".release-same").count()
        assert (chosen, agrees) in ((1, 0), (0, 1))
    context.close()
    # Without JavaScript the picker, which could do nothing, is not shown, and every
    # release's text is in the page.
    quiet = browser.new_context(java_script_enabled=False)
    still = quiet.new_page()
    still.goto(f"{base_url}/{language}/{found[0]}", wait_until="networkidle")
    assert not still.locator(RELEASE_PICKER).is_visible()
    assert still.locator(f"{RELEASE_BLOCK} .release-run").count() >= 1
    quiet.close()


RELEASE_PICKER = "p.release-picker select"
# Lines shorter than this are too common to say that a box shows hidden code ("else:").
HIDDEN_LINE_MIN = 16


def hidden_code(site: Path, page: str) -> set[str]:
    """Lines that the gallery scripts shown on ``page`` (``.build-info.json``) hide from it:
    sphinx-gallery's ignore blocks (the facts, the build's asserts), as its downloads lose them."""
    from sphinx_gallery.py_source_parser import remove_ignore_blocks

    info = json.loads((site / ".build-info.json").read_text(encoding="utf-8"))
    hidden: set[str] = set()
    for example in info["topics"][page]["examples"]:
        (script,) = (ROOT / "gallery").rglob(f"{sitewide.EXAMPLE_PREFIX}{example}.py")
        source = script.read_text(encoding="utf-8")
        shown = {line.strip() for line in remove_ignore_blocks(source).splitlines()}
        hidden |= {
            line.strip()
            for line in source.splitlines()
            if len(line.strip()) >= HIDDEN_LINE_MIN and line.strip() not in shown
        }
    return hidden


# Every release box of the page: its whole text (closed boxes and folds included); opened, each
# marked word's place and the box's visible lines; the picker, and the focusable element
# before it in the page's order.
READ_BOXES = """() => {
  const boxes = [...document.querySelectorAll('details.release-outputs')];
  const texts = boxes.map(b => b.textContent);
  const closed = boxes.every(b => !b.open);
  boxes.forEach(b => { b.open = true; });
  const marks = [...document.querySelectorAll('details.release-outputs mark.release-change')]
    .map(m => { const r = m.getBoundingClientRect(), box = m.closest('pre').getBoundingClientRect();
                return {text: m.textContent, left: r.left, right: r.right, width: r.width,
                        inside: r.left >= box.left - 1 && r.right <= box.right + 1}; });
  const lines = boxes.flatMap(b => b.innerText.split('\\n'));
  const wide = document.documentElement.scrollWidth;
  boxes.forEach(b => { b.open = false; });
  const select = document.querySelector('p.release-picker select');
  const focusable = [...document.querySelectorAll('a[href], button, select, input, summary, [tabindex]')]
    .filter(e => e.tabIndex >= 0 && e.getClientRects().length && !e.closest('details:not([open]) > :not(summary)'));
  const before = focusable[focusable.indexOf(select) - 1];
  if (before) { before.setAttribute('data-before-picker', ''); }
  const size = select?.getBoundingClientRect();
  return {texts, closed, marks, lines, wide, pickers: document.querySelectorAll('p.release-picker').length,
          size: size && [size.width, size.height], options: select ? select.options.length : 0,
          before: Boolean(before)};
}"""
FOCUS = """() => { const s = document.querySelector('p.release-picker select');
  return {focused: document.activeElement === s, value: s.value, visible: s.getClientRects().length > 0,
          open: [...document.querySelectorAll('details.release-outputs')].filter(d => d.open).length}; }"""


@browser_test
@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_release_boxes_show_only_what_the_pages_code_prints(browser, base_url, site, language):
    """On every topic page with release boxes, at 375 px: no box holds a line the page hides
    (closed boxes and folded warnings included); a Python warning shows its first sentence
    only; each changed word is marked within the phone's width; one picker, before the boxes,
    is reached with Tab without opening a box, is 44 x 44 px or more, and keeps the focus while
    the arrow keys walk it through every release and back."""
    pages = [
        name
        for name in topic_pages(site)
        if f"{name}.html" in pages_with_release_outputs(site, language)
    ]
    assert len(pages) >= 5, pages
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    problems: list[tuple[str, str]] = []
    marks = 0
    try:
        tab = context.new_page()
        for name in pages:
            tab.goto(f"{base_url}/{language}/{name}.html", wait_until="networkidle")
            found = tab.evaluate(READ_BOXES)
            hidden = hidden_code(site, name)
            problems += [
                (name, f"hidden line shown: {line}")
                for text in found["texts"]
                for line in hidden
                if line in text
            ]
            problems += [
                (name, f"warning not folded: {line[:80]}")
                for line in found["lines"]
                if re.search(r"\.py:\d+: \w+: ", line) and len(line) > 300
            ]
            marks += len(found["marks"])
            problems += [
                (name, f"changed word off the screen: {m}")
                for m in found["marks"]
                if not (m["width"] > 0 and m["inside"] and m["left"] >= -1 and m["right"] <= 376)
            ]
            if found["wide"] > 375:
                problems.append((name, f"the page is {found['wide']} px wide with its boxes open"))
            if found["pickers"] != 1 or not found["closed"] or not found["before"]:
                problems.append(
                    (name, f"pickers: {found['pickers']}, boxes closed: {found['closed']}")
                )
                continue
            if min(found["size"]) < 44:
                problems.append((name, f"the picker is {found['size']} px"))
            tab.focus("[data-before-picker]")
            tab.keyboard.press("Tab")
            state = tab.evaluate(FOCUS)
            if not state["focused"] or state["open"]:
                problems.append(
                    (name, f"Tab does not reach the picker with the boxes closed: {state}")
                )
                continue
            steps = ["ArrowDown"] * (found["options"] - 1) + ["ArrowUp"] * (found["options"] - 1)
            values = []
            for key in steps:
                tab.keyboard.press(key)
                state = tab.evaluate(FOCUS)
                values.append(state["value"])
                if not (state["focused"] and state["visible"]):
                    problems.append((name, f"{key} onto {state['value']!r} loses the focus"))
                    break
            if len(set(values)) != found["options"] and not problems:
                problems.append((name, f"the arrow keys did not walk every release: {values}"))
            tab.evaluate("localStorage.clear()")
    finally:
        context.close()
    assert problems == [], "\n".join(f"{page}: {problem}" for page, problem in problems)
    assert marks, "no changed word marked on any page: are the boxes the same?"
