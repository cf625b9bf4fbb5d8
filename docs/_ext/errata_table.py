"""A reference table of everything the build checked against the notes, with computed verdicts.

A page holds the placeholder::

    ```{errata-table}
    ```

and every build replaces it with one row per piece of evidence about the notes:

* each ``{snippet}`` with ``:note:`` (the note's code and what the note printed, run today);
* each ``{erratum}`` (its ``:quote:``, its ``:now:`` claim and optional ``:note-claims:``);
* each ``{note}`` quote whose paragraph states checked values (``{claim}``), unless an
  erratum or snippet of the same page already covers the same words.

Columns: note, the note's words, what PyTorch does now (executed: a snippet's output or
error, the value behind a claim), the verdict, the PyTorch version the build ran, and a link
to the page and anchor that explains it. Nobody types a verdict; it is computed from the
evidence, in this order:

0. **was never right** (stated): an erratum whose ``:note-claims:`` states a yes/no
   property (``True``, ``False``, ``None``) that fails today (rule 4 says why).
1. **now raises** / **was never right** (raised): the code (or the ``:now:`` fact) raises.
   It *was never right* when Python rejects the note's own text whatever the PyTorch version:
   ``SyntaxError``, ``IndentationError``, ``NameError`` (a name the fragment never defines),
   or an ``AttributeError`` on a near miss (difflib ratio >= 0.85, not differing only by a
   trailing ``_``, PyTorch's renaming convention) of a name that ``torch``, ``torch.Tensor``
   or ``torch.nn.Module`` defines: a typo. Any other exception *now raises*.
2. **deprecated**: the code or the ``:now:`` fact carries a ``DeprecationWarning`` or
   ``FutureWarning`` (or the ``:now:`` value names one of those categories).
3. Snippets: **holds** when the output equals what the note printed, or when the note
   printed nothing and the code runs; **output changed** otherwise.
4. Errata with a plain ``:now:`` value: ``:note-claims: value <fact key>`` states what the
   NOTE says, as a claim that must *fail* today (the build warns when it holds: then the note
   is right and the erratum is not one). When the note's statement is a yes/no property
   (stated ``True``, ``False`` or ``None``) that PyTorch contradicts without raising or
   warning, there is no sign it ever held: PyTorch deprecates, then removes, what it
   changes, so the verdict is **was never right**. A printed value (a name, a number) that
   differs is **output changed**, as it is for errata without ``:note-claims:``. This errs
   towards blaming the note when PyTorch silently flipped a property; the erratum's body
   says what is known of the history.
5. Quotes: **holds** when every claim of the paragraph holds (the build fails otherwise);
   **output changed** when the quote is code-like (no CJK) and a claim of the paragraph
   states the same name with another number (``MeanBackward1`` -> ``MeanBackward0``).

The rows are collected at ``doctree-read`` (after translation) in
``env.torch_notes_rows[docname]`` (purged and merged, so parallel reads are safe) and written
to ``<doctreedir>/errata.json`` with the verdict counts, which ``tools/build_site.py``
prints. Table text comes in the page's language (``LABELS``), like the snippet labels.
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import json
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import facts

logger = logging.getLogger(__name__)

EVIDENCE = "torch_notes_evidence"  # node attribute set by snippets.py and errata.py
VERDICTS = ("holds", "output changed", "deprecated", "now raises", "was never right")
LANGUAGE_ERRORS = {"SyntaxError", "IndentationError", "NameError"}
YES_NO = ("True", "False", "None")
DEPRECATIONS = ("DeprecationWarning", "FutureWarning")
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
MAX_WORDS = 160
LABELS = {
    "en": {
        "columns": (
            "Note",
            "The note's words",
            "PyTorch now",
            "Verdict",
            "Checked with",
            "Explained in",
        ),
        "verdicts": dict(zip(VERDICTS, VERDICTS, strict=True)),
        "count": "{rows} rows: {counts}.",
        "nothing": "(prints nothing)",
    },
    "zh_CN": {
        "columns": ("笔记", "笔记原文", "PyTorch 现在", "结论", "检验版本", "详见"),
        "verdicts": dict(
            zip(VERDICTS, ("仍然成立", "输出已改变", "已弃用", "现在报错", "从来不对"), strict=True)
        ),
        "count": "共 {rows} 行：{counts}。",
        "nothing": "（无输出）",
    },
}


# -- Verdicts -------------------------------------------------------------------------------


@functools.cache
def _torch_names() -> frozenset[str]:
    import torch

    return frozenset(dir(torch)) | frozenset(dir(torch.Tensor)) | frozenset(dir(torch.nn.Module))


def is_typo(message: str) -> bool:
    """``'Net' object has no attribute 'paramters'``: a near miss of a name PyTorch defines."""
    match = re.search(r"has no attribute '(\w+)'", message or "")
    if not match:
        return False
    missing = match[1]
    close = difflib.get_close_matches(missing, _torch_names(), n=3, cutoff=0.85)
    return any(name.strip("_") != missing.strip("_") for name in close)


def raised_verdict(error_type: str, message: str) -> str:
    if error_type in LANGUAGE_ERRORS or (error_type == "AttributeError" and is_typo(message)):
        return "was never right"
    return "now raises"


def deprecated(warnings: list[str]) -> bool:
    return any(w.startswith(DEPRECATIONS) for w in warnings)


def verdict(evidence: dict[str, Any]) -> str:
    """The verdict of one row (see the module docstring for the rules)."""
    source = evidence["source"]
    if source == "erratum" and (evidence.get("note_claims_stated") or "").strip() in YES_NO:
        return "was never right"
    if evidence.get("error_type"):
        return raised_verdict(evidence["error_type"], evidence.get("error") or "")
    if deprecated(evidence.get("warnings", [])):
        return "deprecated"
    if source == "snippet":
        return "holds" if evidence.get("same") in (True, None) else "output changed"
    if source == "erratum":
        return "output changed"
    return "output changed" if evidence.get("renamed") else "holds"


def value_evidence(key: str, value: Any, lookup) -> dict[str, Any]:
    """What a fact tells about raising and warning: by its value's form, or its name."""
    evidence: dict[str, Any] = {"warnings": []}
    text = str(value)
    if re.fullmatch(r"[A-Z]\w*(Error|Exception)", text):
        evidence["error_type"] = text
        try:  # `x.typo_error_type` -> `x.typo_error`, `snippets.n.error_type` -> `.error`
            evidence["error"] = str(lookup(key.removesuffix("_type")))
        except LookupError:
            evidence["error"] = ""
    elif re.fullmatch(r"[A-Z]\w*Warning", text):
        evidence["warnings"] = [text]
    elif re.search(r"(^|[._])error$", key):
        evidence["error_type"] = "Error"
        evidence["error"] = text
    if key.startswith("snippets."):
        with contextlib.suppress(LookupError):
            evidence["warnings"] += lookup(key.rsplit(".", 1)[0] + ".warnings")
    return evidence


# -- Collecting -----------------------------------------------------------------------------


def shorten(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MAX_WORDS else text[: MAX_WORDS - 1] + "…"


def quote_rows(doctree: nodes.document, covered: list[tuple[str, str]]) -> list[dict[str, Any]]:
    rows = []
    for paragraph in doctree.findall(nodes.paragraph):
        quotes = [
            n
            for n in paragraph.findall(nodes.Element)
            if isinstance(n, nodes.literal | nodes.inline) and n.get("note")
        ]
        claims = [n for n in paragraph.findall(nodes.Element) if n.get("claim_key")]
        if not quotes or not claims:
            continue
        for quote in quotes:
            words = quote.astext().strip("“”")  # prose quotes are shown in quotation marks
            squeezed = re.sub(r"\s+", "", words)
            if any(
                note == quote["note"] and (squeezed in other or other in squeezed)
                for note, other in covered
            ):
                continue
            stem = re.sub(r"\d+$", "", words)
            renamed = (
                not CJK.search(words)
                and re.fullmatch(r"[\w<>=.]+", words)
                and any(
                    re.sub(r"\d+$", "", c["claim_text"]) in stem and c["claim_text"] not in words
                    for c in claims
                )
            )
            if (
                not CJK.search(words)
                and not renamed
                and not any(c["claim_text"] in words for c in claims)
            ):
                continue  # code whose paragraph states other values: no pairing to make
            if not quote["ids"]:
                quote["ids"].append(f"note-quote-{len(rows) + 1}")
            now = "; ".join(f"{c['claim_key']} = {c['claim_text']}" for c in claims)
            rows.append(
                {
                    "source": "quote",
                    "note": quote["note"],
                    "words": words,
                    "now": now,
                    "anchor": quote["ids"][0],
                    "renamed": bool(renamed),
                }
            )
    return rows


def collect_rows(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    if facts.extracting_messages(env):
        return
    rows, covered = [], []
    for node in doctree.findall(nodes.Element):
        evidence = node.get(EVIDENCE)
        if evidence and evidence.get("note"):
            rows.append({**evidence, "anchor": node["ids"][0] if node["ids"] else ""})
            covered.append((evidence["note"], re.sub(r"\s+", "", evidence["words"])))
    rows += quote_rows(doctree, covered)
    for row in rows:
        row["verdict"] = verdict(row)
        row["docname"] = env.docname
        row["torch"] = version("torch")
        row["concerns"] = "old-API code" if row["source"] == "snippet" else "version-sensitive fact"
    if not hasattr(env, "torch_notes_rows"):
        env.torch_notes_rows = {}
    env.torch_notes_rows[env.docname] = rows


def purge_rows(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    getattr(env, "torch_notes_rows", {}).pop(docname, None)
    getattr(env, "torch_notes_table_pages", set()).discard(docname)


def merge_rows(app: Sphinx, env: BuildEnvironment, docnames, other: BuildEnvironment) -> None:
    facts.merge_per_page(env, other, docnames, "torch_notes_rows")
    env.torch_notes_table_pages = getattr(env, "torch_notes_table_pages", set()) | getattr(
        other, "torch_notes_table_pages", set()
    )


def all_rows(env: BuildEnvironment) -> list[dict[str, Any]]:
    rows = [row for page in getattr(env, "torch_notes_rows", {}).values() for row in page]
    order = {"snippet": 0, "erratum": 1, "quote": 2}
    return sorted(rows, key=lambda r: (r["note"], r["docname"], order[r["source"]], r["anchor"]))


# -- The table ------------------------------------------------------------------------------


class errata_table(nodes.General, nodes.Element):
    """Placeholder, replaced by :class:`FillErrataTable` once every page has been read."""


class ErrataTableDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        return [errata_table()]


def cell(*children: nodes.Node) -> nodes.entry:
    entry = nodes.entry()
    entry += nodes.paragraph("", "", *children)
    return entry


class FillErrataTable(SphinxPostTransform):
    default_priority = 5  # before reference resolution is irrelevant: links are built here

    def run(self, **kwargs: Any) -> None:
        placeholders = list(self.document.findall(errata_table))
        if not placeholders:
            return
        labels = LABELS.get(self.config.language, LABELS["en"])
        rows = all_rows(self.env)
        for placeholder in placeholders:
            placeholder.replace_self([self.summary(rows, labels), self.table(rows, labels)])

    def summary(self, rows: list[dict[str, Any]], labels: dict[str, Any]) -> nodes.paragraph:
        counts = ", ".join(
            f"{sum(r['verdict'] == v for r in rows)} {labels['verdicts'][v]}" for v in VERDICTS
        )
        return nodes.paragraph(
            text=labels["count"].format(rows=len(rows), counts=counts), classes=["errata-count"]
        )

    def table(self, rows: list[dict[str, Any]], labels: dict[str, Any]) -> nodes.table:
        table = nodes.table(classes=["errata-table"])
        group = nodes.tgroup(cols=6)
        table += group
        for width in (6, 30, 30, 12, 10, 12):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        header = nodes.row()
        for title in labels["columns"]:
            header += cell(nodes.Text(title))
        head += header
        group += head
        body = nodes.tbody()
        for row in rows:
            body += self.table_row(row, labels)
        group += body
        return table

    def table_row(self, row: dict[str, Any], labels: dict[str, Any]) -> nodes.row:
        line = nodes.row(classes=[f"verdict-{row['verdict'].replace(' ', '-')}"])
        line += cell(nodes.Text(row["note"]))
        line += cell(nodes.literal(text=shorten(row["words"]), classes=["note-quote"]))
        line += cell(nodes.literal(text=shorten(row["now"]) or labels["nothing"]))
        line += cell(nodes.strong(text=labels["verdicts"][row["verdict"]]))
        line += cell(nodes.Text(row["torch"]))
        uri = self.app.builder.get_relative_uri(self.env.docname, row["docname"])
        if row["anchor"]:
            uri += f"#{row['anchor']}"
        title = self.env.titles.get(row["docname"])
        link = nodes.reference(
            "", title.astext() if title else row["docname"], refuri=uri, internal=True
        )
        line += cell(link)
        return line


def always_refresh(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The table shows every page's rows: re-write its page on every build."""
    return sorted(getattr(env, "torch_notes_table_pages", ()))


def note_table_pages(app: Sphinx, doctree: nodes.document) -> None:
    pages = getattr(app.env, "torch_notes_table_pages", set())
    if any(doctree.findall(errata_table)):
        pages.add(app.env.docname)
    app.env.torch_notes_table_pages = pages


def write_report(app: Sphinx, exception: Exception | None) -> None:
    """``<doctreedir>/errata.json``: every row and the verdict counts (for the build summary)."""
    if exception is not None or facts.extracting_messages(app.env):
        return
    rows = all_rows(app.env)
    report = {
        "torch": version("torch"),
        "rows": rows,
        "verdicts": {v: sum(r["verdict"] == v for r in rows) for v in VERDICTS},
    }
    Path(app.doctreedir, "errata.json").write_text(
        json.dumps(report, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8"
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("facts")
    app.add_node(errata_table)
    app.add_directive("errata-table", ErrataTableDirective)
    app.add_post_transform(FillErrataTable)
    app.connect("doctree-read", collect_rows)
    app.connect("doctree-read", note_table_pages)
    app.connect("env-purge-doc", purge_rows)
    app.connect("env-merge-info", merge_rows)
    app.connect("env-get-updated", always_refresh)
    app.connect("build-finished", write_report)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
