"""A PDF and an EPUB per language, from the same sources as the site (``nox -s books``).

    python -m torch_notes.commands.books     # after nox -s docs; writes _build/site/<lang>/_books/

For each language, two more Sphinx builds of ``docs/`` (strict, like the site's; the gallery's
outputs are reused, its scripts are not run again when unchanged):

* ``singlehtml``, printed to PDF by the Chromium the browser tests use (Playwright's
  ``page.pdf``): every closed box opened and every lazy image loaded first, code wrapped at
  the page edge instead of cut (``books.css``), the headings as the PDF's outline, page numbers
  in the footer, fonts embedded (Chromium embeds what it draws: the CJK font for Chinese);
* ``epub``, made valid for epubcheck (scripts, sphinx-gallery's ``tooltip`` attributes,
  repeated ids and links to files outside the book removed; ``mathml`` declared where a page
  has formulas) and checked with ``epubcheck`` where it is installed (always under CI).

Each edition opens with the same line: the site's commit and the PyTorch release that made
its outputs, in its language. Chromium prints, Sphinx's epub builder writes: no LaTeX
toolchain, and the pages' own HTML (MathML, figures, the outputs) is what gets printed.
"""

from __future__ import annotations

import base64
import html
import io
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
import zipfile
from pathlib import Path
from urllib.parse import quote

from babel.messages.pofile import read_po
from sphinx.locale import get_translation

from torch_notes import sitewide
from torch_notes.commands import local_browser
from torch_notes.commands.build_site import sphinx_command
from torch_notes.evidence.model.records import installed_torch
from torch_notes.paths import BUILD, DOCS, ROOT, SITE, build_scratch

BOOKS = BUILD / "books"
PRINT_CSS = Path(__file__).with_name("books.css")
EPUB_CSS = Path(__file__).with_name("books-epub.css")
CATALOG = ROOT / "torch_notes" / "locale" / "{language}" / "LC_MESSAGES" / "torch_notes.po"
EPUBCHECK = Path("/usr/share/java/epubcheck.jar")
_ = get_translation("torch_notes")  # the message is looked up in the catalog by translated()
EDITION = _("torch-notes {edition}: made from the site's commit {commit} with PyTorch {torch}.")
CONTENTS = _("Contents")
# CJK text in both books (the notes are quoted in Chinese). Chromium prints OpenType-CFF fonts
# such as Noto Sans CJK as Type 3 glyphs, and fakes the bold WenQuanYi lacks, also as Type 3;
# this TrueType family has a real bold (Debian: fonts-lxgw-wenkai).
CJK_FONT = "LXGW WenKai"
CJK_FAMILY = "Book CJK"  # the name books.css asks for: the font above, cut down (cjk_faces)


# The footer's placeholder (docs/_templates/books.html), linked or not yet.
OFFLINE_BOOKS = re.compile(
    r'<p class="offline-books"(?: hidden)? data-book="(?P<book>[^"]*)">'
    r"(?P<label><span>[^<]*</span>).*?</p>",
    re.DOTALL,
)


def link_editions(folder: Path, sizes: dict[str, int]) -> int:
    """Link the editions from every page of a language's site, with their sizes; the footer
    stays hidden until they exist, so a site built without them has no dead link. Returns
    how many pages were linked. ``sizes``: bytes by suffix (``.pdf``, ``.epub``)."""

    def linked(match: re.Match[str]) -> str:
        book = match["book"]
        links = " · ".join(
            f'<a href="{book}{suffix}">{suffix[1:].upper()}</a> ({size / 1e6:.1f} MB)'
            for suffix, size in sizes.items()
        )
        return f'<p class="offline-books" data-book="{book}">{match["label"]} {links}</p>'

    count = 0
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        new, found = OFFLINE_BOOKS.subn(linked, text)
        if found and new != text:
            page.write_text(new, encoding="utf-8")
        count += bool(found)
    return count


def book_name(language: str) -> str:
    return f"torch-notes-{language}"


def translated(language: str, message: object) -> str:
    """``message`` in ``language``, from the package's interface catalog (no Sphinx runs)."""
    message = str(message)
    path = Path(str(CATALOG).format(language=language))
    if language == sitewide.SOURCE_LANGUAGE.code or not path.is_file():
        return message
    with path.open("rb") as handle:
        found = read_po(handle).get(message)
    return str(found.string) if found is not None and found.string else message


def edition_line(language: str, edition: str) -> str:
    torch = installed_torch()
    return translated(language, EDITION).format(
        edition=edition,
        commit=sitewide.site_commit()[:12] or "?",
        torch=f"{torch.release} ({torch.kind})",
    )


def sphinx(builder: str, language: str, out: Path, *options: str) -> None:
    command = sphinx_command(
        DOCS, out, "-D", f"language={language}",
        "-d", str(BUILD / "doctrees" / f"{builder}-{language}"), *options, builder=builder,
    )  # fmt: skip
    print(f"$ {' '.join(command)}", flush=True)
    with build_scratch():  # TMPDIR: what the build runs writes there (paths.build_scratch)
        subprocess.run(command, check=True, cwd=ROOT)


def hosted(language: str, path: str) -> str | None:
    """The public address of ``path`` (relative to a language's root) on the hosted site.

    None when the site has no address (``TORCH_NOTES_BASE_URL``) or does not publish that file:
    a book never links to a local server, and never to a page that is not there.
    """
    base = sitewide.base_url()
    path = path.lstrip("/")
    if not base or not path or not (SITE / language / path).is_file():
        return None
    return f"{base}{quote(language)}/{quote(path)}"


def book_metadata(language: str) -> dict[str, str]:
    """Title and description of the book: those of the site's home page in that language."""
    home = (SITE / language / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<h1[^>]*>(.*?)(?:<a class=\"headerlink|</h1>)", home, re.DOTALL)
    description = re.search(r'<meta name="description" content="([^"]*)"', home)
    return {
        "title": html.unescape(re.sub(r"<[^>]+>", "", title[1])).strip() if title else "",
        "description": html.unescape(description[1]) if description else "",
    }


def book_identifier(language: str) -> str:
    """A stable identifier per language: the same for every build of that book, another per language."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"{sitewide.repository_url()}#book-{language}").urn


# -- PDF ----------------------------------------------------------------------------------

FOOTER = (
    '<div style="font-size:8px;width:100%;text-align:center;color:#555">'
    '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)


# The singlehtml page inlines every page where its toctree stood, so the tags say how deep a
# heading sits in the HTML (the home page's chapters all fall under its last section), not in
# the book. Each title gets the level of the book's structure (aria-level, which Chromium's
# outline follows): chapters at 1, their pages at 2, a page's sections below. The home page's
# own overview sections repeat the chapters' names, so they are no headings in the book.
STRUCTURE = """([edition, contentsTitle]) => {
  const main = document.querySelector('article.bd-article') || document.body;
  document.querySelectorAll('details').forEach(d => d.open = true);
  document.querySelectorAll('img[loading="lazy"]').forEach(i => i.loading = 'eager');
  const levels = new Map();
  const entries = [];
  for (const heading of main.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const section = heading.parentElement;
    if (section.tagName !== 'SECTION') continue;
    const outer = section.parentElement.closest('section, div.toctree-wrapper');
    let level = 1;
    if (outer && outer.tagName === 'SECTION') {
      level = levels.get(outer) + 1;
    } else if (outer) {
      const holder = outer.closest('section');
      level = outer.parentElement.closest('div.toctree-wrapper') ? levels.get(holder) + 1 : 1;
    }
    levels.set(section, level);
    if (!section.closest('div.toctree-wrapper') && level > 1) {
      heading.setAttribute('role', 'presentation');
      continue;
    }
    heading.setAttribute('aria-level', String(Math.min(level, 6)));
    heading.dataset.bookLevel = String(Math.min(level, 6));
    if (!section.closest('div.toctree-wrapper')) continue;
    if (level === 1) section.classList.add('book-chapter');
    if (level <= 2) {
      const title = heading.cloneNode(true);
      title.querySelectorAll('.headerlink').forEach(a => a.remove());
      entries.push([level, section.id, title.textContent.trim()]);
    }
  }
  const contents = document.createElement('nav');
  contents.className = 'book-contents';
  const title = document.createElement('p');
  title.className = 'book-contents-title';
  title.setAttribute('role', 'heading');
  title.setAttribute('aria-level', '1');
  title.textContent = contentsTitle;
  contents.append(title);
  const list = document.createElement('ol');
  let chapter = null;
  for (const [level, id, text] of entries) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = '#' + id;
    link.textContent = text;
    item.append(link);
    if (level === 1 || !chapter) {
      list.append(item);
      chapter = document.createElement('ol');
      item.append(chapter);
    } else {
      chapter.append(item);
    }
  }
  contents.append(list);
  const line = document.createElement('p');
  line.className = 'book-edition';
  line.textContent = edition;
  const home = main.querySelector('section h1');
  home.after(line);
  line.after(contents);
}"""

# Every link that leaves the page (downloads, full-size figures, the site's data files, the
# editions): its path below the singlehtml folder, which is where the site keeps the same file.
OUTSIDE_LINKS = """() => {
  const here = location.pathname.replace(/index\\.html$/, '');
  const folder = here.replace(/[^/]*$/, '');
  const paths = new Set();
  for (const a of document.querySelectorAll('a[href]')) {
    const url = new URL(a.href);
    if (url.origin !== location.origin) continue;
    if (url.pathname.replace(/index\\.html$/, '') === here) continue;
    paths.add(decodeURIComponent(url.pathname.slice(folder.length)));
  }
  return [...paths];
}"""

# A link to a hosted file stays a link; without one, the words stay and name the file, and a
# figure that linked to its full-size image is the figure alone.
RELINK = """(addresses) => {
  const folder = location.pathname.replace(/[^/]*$/, '');
  for (const a of [...document.querySelectorAll('a[href]')]) {
    const url = new URL(a.href);
    if (url.origin !== location.origin) continue;
    const path = decodeURIComponent(url.pathname.slice(folder.length));
    if (!(path in addresses)) continue;
    if (addresses[path]) { a.href = addresses[path]; continue; }
    if (a.querySelector('img') && !a.textContent.trim()) { a.replaceWith(...a.childNodes); continue; }
    const name = path.split('/').pop();
    const span = document.createElement('span');
    span.className = a.className;
    span.append(...a.childNodes);
    if (!span.textContent.includes(name)) span.append(' (' + name + ')');
    a.replaceWith(span);
  }
}"""


def cjk_faces(text: str) -> str:
    """``@font-face`` rules for the CJK font, cut down to the characters ``text`` holds.

    Given the installed font whole (16 MB a weight), Chromium embedded one of its uses whole:
    the Chinese PDF weighed 18 MB. Cut down to the book's few thousand characters, it is subset
    like any other font.
    """
    from fontTools import subset
    from fontTools.ttLib import TTFont

    rules = []
    for weight, style in ((400, "Regular"), (700, "Bold")):
        found = subprocess.run(
            ["fc-match", "-f", "%{file}", f"{CJK_FONT}:style={style}"],
            capture_output=True, text=True, check=False,
        ).stdout  # fmt: skip
        if CJK_FONT.replace(" ", "") + f"-{style}" not in Path(found).name:
            raise SystemExit(
                f"{CJK_FONT} {style} is not installed (apt-get install fonts-lxgw-wenkai)"
            )
        font = TTFont(found)
        options = subset.Options()
        options.layout_features = ["*"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes={ord(c) for c in text})
        subsetter.subset(font)
        data = io.BytesIO()
        font.save(data)
        source = base64.b64encode(data.getvalue()).decode("ascii")
        rules.append(
            f"@font-face {{ font-family: '{CJK_FAMILY}'; font-weight: {weight};"
            f" src: url(data:font/ttf;base64,{source}) format('truetype'); }}"
        )
    return "\n".join(rules)


def print_pdf(singlehtml: Path, language: str, target: Path) -> None:
    from playwright.sync_api import sync_playwright

    with (
        local_browser.served(singlehtml.parent) as url,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=local_browser.CHROMIUM, args=local_browser.CHROMIUM_FLAGS
        )
        page = browser.new_page()
        page.goto(f"{url}/{singlehtml.name}/index.html", wait_until="networkidle")
        page.evaluate(STRUCTURE, [edition_line(language, "PDF"), translated(language, CONTENTS)])
        paths = page.evaluate(OUTSIDE_LINKS)
        page.evaluate(RELINK, {path: hosted(language, path) for path in paths})
        page.add_style_tag(content=cjk_faces(page.evaluate("document.body.textContent")))
        page.add_style_tag(content=PRINT_CSS.read_text(encoding="utf-8"))
        page.evaluate("document.fonts.ready.then(() => true)")
        page.wait_for_function("[...document.images].every(i => i.complete)", timeout=120_000)
        page.emulate_media(media="print")
        printed = target.with_suffix(".printed.pdf")
        page.pdf(
            path=str(printed),
            format="A4",
            print_background=True,
            outline=True,  # the headings, as bookmarks (Chromium needs the tagged structure)
            tagged=True,
            display_header_footer=True,
            header_template="<span></span>",
            footer_template=FOOTER,
            margin={"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"},
        )
        browser.close()
    compact(printed, target)
    printed.unlink()


def compact(printed: Path, target: Path) -> None:
    """Pack the PDF's objects into compressed object streams (qpdf).

    Chromium writes the tagged structure (one object per element of the page, some 75,000)
    uncompressed: about 7 MB of each book, more than its figures and fonts together.
    """
    qpdf = shutil.which("qpdf")
    if qpdf is None:
        raise SystemExit("qpdf is not installed (apt-get install qpdf)")
    subprocess.run(
        [qpdf, "--object-streams=generate", "--compression-level=9", "--recompress-flate",
         "--deterministic-id", "--warning-exit-0", str(printed), str(target)],
        check=True,
    )  # fmt: skip


# -- EPUB ---------------------------------------------------------------------------------

SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>\s*", re.DOTALL)
TOOLTIP = re.compile(r'\s+tooltip="[^"]*"')
ID = re.compile(r"""\sid=(["'])(.+?)\1""")
LINK = re.compile(r'<link\b[^>]*\bhref="([^"]+)"[^>]*/?>\s*')
HAS_RULE = re.compile(r"[^{}]*:has\([^{]*\{[^{}]*\}")
ANCHOR = re.compile(r'<a\b([^>]*)\bhref="([^"#:]+)(#[^"]*)?"([^>]*)>(.*?)</a>', re.DOTALL)


def fixed_page(text: str, name: str, members: set[str], edition: str, language: str) -> str:
    """One XHTML page of the book, made valid: what a reading system cannot use goes."""
    folder = Path(name).parent
    text = SCRIPT.sub("", text)
    text = TOOLTIP.sub("", text)
    seen: set[str] = set()

    def once(match: re.Match[str]) -> str:
        if match[2] in seen:
            return ""
        seen.add(match[2])
        return match[0]

    text = ID.sub(once, text)

    def inside(href: str) -> str:
        return os.path.normpath(folder / html.unescape(href)).replace(os.sep, "/")

    def present(href: str) -> bool:
        return inside(href) in members

    def relinked(match: re.Match[str]) -> str:
        if present(match[2]):
            return match[0]
        path = inside(match[2])
        address = hosted(language, path)
        if address:  # the same file on the hosted site (a download, a data file)
            return f'<a{match[1]}href="{html.escape(address)}"{match[4]}>{match[5]}</a>'
        name = path.rsplit("/", 1)[-1]
        words = match[5] if name in html.unescape(match[5]) else f"{match[5]} ({html.escape(name)})"
        return f"<span>{words}</span>"

    text = LINK.sub(lambda m: m[0] if present(m[1]) else "", text)
    text = ANCHOR.sub(relinked, text)
    # Reading systems choose fonts, hyphenation and speech by the page's language.
    tag = sitewide.language(language).hreflang
    text = re.sub(r"<html\b(?![^>]*\blang=)", f'<html lang="{tag}" xml:lang="{tag}"', text, count=1)
    if edition:
        text = re.sub(
            r"(<body[^>]*>)",
            lambda m: f'{m[1]}\n<p class="book-edition">{html.escape(edition)}</p>',
            text,
            count=1,
        )
    return text


def fix_epub(epub: Path, edition: str, language: str) -> None:
    """Rewrite ``epub`` with each page made valid and ``mathml`` declared where it is used."""
    tag = sitewide.language(language).hreflang  # zh-CN: EPUB wants a language tag, not zh_CN
    with zipfile.ZipFile(epub) as original:
        names = original.namelist()
        contents = {name: original.read(name) for name in names}
    members = set(names)
    with_math: set[str] = set()
    first_page = "index.xhtml"  # the root document (conf.py's root_doc), where a reader starts
    for name in names:
        if name.endswith(".xhtml"):
            text = contents[name].decode("utf-8")
            text = fixed_page(text, name, members, edition if name == first_page else "", language)
            if "<math" in text:
                with_math.add(name)
            contents[name] = text.encode("utf-8")
    opf = next(n for n in names if n.endswith(".opf"))
    package = contents[opf].decode("utf-8")
    for name in [n for n in names if n.endswith(".css")]:
        # epubcheck's CSS parser reads no :has() (the site's wide-table layout rules).
        contents[name] = HAS_RULE.sub("", contents[name].decode("utf-8")).encode("utf-8")
    # A reading system's page cannot scroll sideways: code wraps at its edge instead.
    contents["_static/epub.css"] += b"\n" + EPUB_CSS.read_bytes()
    # Sphinx names the contents in English whatever the book's language.
    contents["nav.xhtml"] = (
        contents["nav.xhtml"]
        .decode("utf-8")
        .replace(">Table of Contents<", f">{html.escape(translated(language, CONTENTS))}<")
        .encode("utf-8")
    )
    # Static files no page or stylesheet names (sphinx-gallery's badges) stay out of the book.
    texts = b"\n".join(d for n, d in contents.items() if n.endswith((".xhtml", ".css")))
    for name in [n for n in names if "/_static/" in f"/{n}" and not n.endswith(".css")]:
        if Path(name).name.encode() not in texts:
            del contents[name]
            href = re.escape(os.path.relpath(name, Path(opf).parent).replace(os.sep, "/"))
            package = re.sub(rf'\s*<item\b[^>]*href="{href}"[^>]*/>', "", package)
    for name in with_math:
        href = re.escape(os.path.relpath(name, Path(opf).parent).replace(os.sep, "/"))
        package = re.sub(
            rf'(<item\b[^>]*href="{href}"[^>]*?)(\s*/>)',
            lambda m: m[1] + ' properties="mathml"' + m[2] if "properties=" not in m[1] else m[0],
            package,
        )
    contents[opf] = package.encode("utf-8")
    # Sphinx writes epub_uid (the identifier's XML id) where the NCX wants the identifier itself.
    found = re.search(r"<dc:identifier\b[^>]*>([^<]*)<", package)
    if found is None:
        raise RuntimeError(f"{opf}: Sphinx wrote no dc:identifier")
    identifier = html.unescape(found[1])
    contents["toc.ncx"] = re.sub(
        rb'(<meta name="dtb:uid" content=")[^"]*"',
        lambda m: m[1] + html.escape(identifier).encode("utf-8") + b'"',
        contents["toc.ncx"],
    )
    for name in [n for n in names if n.endswith((".xhtml", ".opf", ".ncx"))]:
        text = contents[name].decode("utf-8")
        text = re.sub(rf'(lang=")({re.escape(language)})"', rf'\g<1>{tag}"', text)
        text = text.replace(
            f"<dc:language>{language}</dc:language>", f"<dc:language>{tag}</dc:language>"
        )
        contents[name] = text.encode("utf-8")
    with zipfile.ZipFile(epub, "w") as rewritten:
        # The mimetype comes first and uncompressed, as the format requires.
        rewritten.writestr(zipfile.ZipInfo("mimetype"), contents.pop("mimetype"))
        for name, data in contents.items():
            rewritten.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)


def epubcheck(epub: Path) -> None:
    """Validate with epubcheck; required under CI, skipped (and said so) elsewhere without it."""
    java = shutil.which("java")
    if not EPUBCHECK.is_file() or java is None:
        if os.environ.get("CI"):
            raise SystemExit("epubcheck is not installed (apt-get install epubcheck)")
        print(f"epubcheck: not installed, {epub.name} not validated (apt-get install epubcheck)")
        return
    result = subprocess.run(
        [java, "-jar", str(EPUBCHECK), str(epub)], capture_output=True, text=True, check=False
    )
    if result.returncode:
        print(result.stdout[-6000:], result.stderr[-6000:], file=sys.stderr)
        raise SystemExit(f"epubcheck: {epub} is not valid")
    print(f"epubcheck: {epub.name} valid")


# -- Both editions of every language ------------------------------------------------------


def main() -> int:
    if not (SITE / sitewide.SOURCE_LANGUAGE.code / "index.html").is_file():
        print("no site in _build/site: run nox -s docs first", file=sys.stderr)
        return 2
    release = installed_torch().release
    for language in sitewide.LANGUAGE_CODES:
        started = time.perf_counter()
        out = BOOKS / language
        shutil.rmtree(out, ignore_errors=True)
        target = SITE / language / "_books"
        target.mkdir(parents=True, exist_ok=True)
        name = book_name(language)

        sphinx("singlehtml", language, out / "singlehtml")
        pdf = target / f"{name}.pdf"
        print_pdf(out / "singlehtml", language, pdf)

        metadata = book_metadata(language)
        sphinx(
            "epub", language, out / "epub",
            "-D", "templates_path=",  # the site's templates extend the HTML theme's layout
            "-D", f"version={release}", "-D", f"epub_basename={name}",
            "-D", f"epub_title={metadata['title']}",
            "-D", f"epub_description={metadata['description']}",
            "-D", f"epub_identifier={book_identifier(language)}",
        )  # fmt: skip
        epub = target / f"{name}.epub"
        shutil.copy(out / "epub" / f"{name}.epub", epub)
        fix_epub(epub, edition_line(language, "EPUB"), language)
        epubcheck(epub)
        sizes = {".pdf": pdf.stat().st_size, ".epub": epub.stat().st_size}
        pages = link_editions(SITE / language, sizes)
        print(
            f"books: {language}: {pages} pages link them; "
            f"{pdf.name} {pdf.stat().st_size / 1e6:.1f} MB, "
            f"{epub.name} {epub.stat().st_size / 1e6:.1f} MB, "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
