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

import html
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from babel.messages.pofile import read_po
from sphinx.locale import get_translation

from torch_notes import sitewide
from torch_notes.commands import local_browser
from torch_notes.commands.build_site import sphinx_command
from torch_notes.evidence.model.records import installed_torch
from torch_notes.paths import BUILD, DOCS, ROOT, SITE, build_scratch

BOOKS = BUILD / "books"
PRINT_CSS = Path(__file__).with_name("books.css")
CATALOG = ROOT / "torch_notes" / "i18n" / "locale" / "{language}" / "LC_MESSAGES" / "torch_notes.po"
EPUBCHECK = Path("/usr/share/java/epubcheck.jar")
_ = get_translation("torch_notes")  # the message is looked up in the catalog by translated()
EDITION = _("torch-notes {edition}: made from the site's commit {commit} with PyTorch {torch}.")


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


# -- PDF ----------------------------------------------------------------------------------

FOOTER = (
    '<div style="font-size:8px;width:100%;text-align:center;color:#555">'
    '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)


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
        page.add_style_tag(content=PRINT_CSS.read_text(encoding="utf-8"))
        page.evaluate(
            """line => {
              document.querySelectorAll('details').forEach(d => d.open = true);
              document.querySelectorAll('img[loading="lazy"]').forEach(i => i.loading = 'eager');
              const edition = document.createElement('p');
              edition.className = 'book-edition';
              edition.textContent = line;
              document.querySelector('article, main, body').prepend(edition);
            }""",
            edition_line(language, "PDF"),
        )
        page.wait_for_function("[...document.images].every(i => i.complete)", timeout=120_000)
        page.emulate_media(media="print")
        page.pdf(
            path=str(target),
            format="A4",
            print_background=True,
            outline=True,  # the headings, as bookmarks
            tagged=True,
            display_header_footer=True,
            header_template="<span></span>",
            footer_template=FOOTER,
            margin={"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"},
        )
        browser.close()


# -- EPUB ---------------------------------------------------------------------------------

SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>\s*", re.DOTALL)
TOOLTIP = re.compile(r'\s+tooltip="[^"]*"')
ID = re.compile(r"""\sid=(["'])(.+?)\1""")
LINK = re.compile(r'<link\b[^>]*\bhref="([^"]+)"[^>]*/?>\s*')
HAS_RULE = re.compile(r"[^{}]*:has\([^{]*\{[^{}]*\}")
ANCHOR = re.compile(r'<a\b([^>]*)\bhref="([^"#:]+)(#[^"]*)?"([^>]*)>(.*?)</a>', re.DOTALL)


def fixed_page(text: str, name: str, members: set[str], edition: str) -> str:
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

    def present(href: str) -> bool:
        return os.path.normpath(folder / href).replace(os.sep, "/") in members

    text = LINK.sub(lambda m: m[0] if present(m[1]) else "", text)
    text = ANCHOR.sub(lambda m: m[0] if present(m[2]) else f"<span>{m[5]}</span>", text)
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
            text = fixed_page(text, name, members, edition if name == first_page else "")
            if "<math" in text:
                with_math.add(name)
            contents[name] = text.encode("utf-8")
    opf = next(n for n in names if n.endswith(".opf"))
    package = contents[opf].decode("utf-8")
    for name in [n for n in names if n.endswith(".css")]:
        # epubcheck's CSS parser reads no :has() (the site's wide-table layout rules).
        contents[name] = HAS_RULE.sub("", contents[name].decode("utf-8")).encode("utf-8")
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

        sphinx(
            "epub", language, out / "epub",
            "-D", "templates_path=",  # the site's templates extend the HTML theme's layout
            "-D", "epub_exclude_files=404.html",  # a page for a web server's missing addresses
            "-D", f"version={release}", "-D", f"epub_basename={name}",
        )  # fmt: skip
        epub = target / f"{name}.epub"
        shutil.copy(out / "epub" / f"{name}.epub", epub)
        fix_epub(epub, edition_line(language, "EPUB"), language)
        epubcheck(epub)
        print(
            f"books: {language}: {pdf.name} {pdf.stat().st_size / 1e6:.1f} MB, "
            f"{epub.name} {epub.stat().st_size / 1e6:.1f} MB, "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
