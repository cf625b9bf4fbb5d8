"""Each output block that a recorded release prints differently says so, and shows it.

Every gallery output, on its gallery page and where a topic page embeds its cell, is looked
up by its cell's stable name (``draw_graph.grad_fn_names``) in every release record of
``history/``. Releases that print something else, or cannot run the cell, are grouped into
runs (``2.0–2.5``), and one quiet line follows the block: "2.6 prints something else",
"cannot run on 2.0–2.5", "not yet recorded on 2.6–2.14" (a new cell, before the release
history records it). It opens (a ``<details>``, by click, Enter or Space) on each run's
text, written as a diff against the page's, so the difference is visible. Blocks that every
release prints alike say nothing.

The comparison is between records, never with this build's own text: the records come
from CUDA wheels and the pin is a CPU build, so each release is compared with the record of
the release whose outputs the page shows (``evidence_expected_release``), and a difference
shown to a reader never comes from the build kind alone.

A box shows only what the page's code prints: a warning that Python's ``warnings`` wrote for
a line hidden from the page (sphinx-gallery's ``# sphinx_gallery_start_ignore`` blocks, the
build's scaffolding) is left out, with the source line Python quotes under it, and a warning
that is shown is folded to its first sentence, the rest on demand (a ``<details>``). In a line
that the release changed, the changed words are marked (``<mark>``), and lines wrap, so that
a difference deep in a long line is seen on a phone too.

All the text is in the page; ``_static/release-picker.js`` only chooses: one picker a page,
before its first box (reachable without opening one), where a reader picks a release once
(remembered across pages) and each such block then opens on that release's run. ::

    extensions = [..., "torch_notes.evidence", "torch_notes.pages.release_outputs"]
    release_history_dir = ".../history"     # the records (torch_notes.evidence's setting)
"""

from __future__ import annotations

import difflib
import enum
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation
from sphinx.writers.html5 import HTML5Translator
from sphinx_gallery.py_source_parser import IGNORE_BLOCK_PATTERN

from torch_notes import interface, priorities, sitewide
from torch_notes.evidence.execution.gallery_cells import (
    Cell,
    cell_starts,
    galleries,
    gallery_cells,
)
from torch_notes.evidence.execution.release_records import Record, Status, records
from torch_notes.evidence.markup.exercises import solution
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.text import comparable
from torch_notes.pages.notes_aside import notes_said
from torch_notes.sitewide import OUTPUT_CLASS, example_script

_ = get_translation("torch_notes")

BLOCK_CLASS = "release-outputs"
# A warning in a record made before the probe wrote scripts by name names the recording
# machine's path: the reader sees the script's name.
RECORDING_PATH = re.compile(r"(?:/[^\s:/]+)+/gallery/[^\s:/]+/([^\s:/]+\.py)")
# A warning that a library raised names the file in the recording environment, a temporary
# folder of its own per release: the reader sees the file from the package on
# (``torch/nn/modules/lazy.py``), and releases that print the same warning group together.
LIBRARY_PATH = re.compile(r"(?:/[^\s:/]+)+/(?:site|dist)-packages/")


def shown(text: str) -> str:
    return comparable(LIBRARY_PATH.sub("", RECORDING_PATH.sub(r"\1", text)))


# A warning as Python's ``warnings`` module writes it (``<file>:<line>: <Category>: <message>``),
# followed by the source line it quotes, indented.
PYTHON_WARNING = re.compile(
    r"^(?P<file>\S+\.py):(?P<line>\d+): (?P<category>\w+): (?P<message>.*)$"
)
# A shown warning's first sentence ends at the first ". " after this many characters of its
# message: "FutureWarning: You are using `torch.load` with `weights_only=False` (the current
# default value), which uses the default pickle module implicitly." and not at "e.g. ".
FIRST_SENTENCE_AFTER = 20
SENTENCE_END = re.compile(r"[.!?](?=\s)")


@dataclass(frozen=True)
class Script:
    """A gallery script's lines, and which of them its page hides (sphinx-gallery's own pattern)."""

    name: str  # plot_save_load.py, as a warning names it once shown() has cut the path
    lines: tuple[str, ...]
    hidden: frozenset[int]  # 1-based

    @classmethod
    def read(cls, path: Path) -> Script:
        source = path.read_text(encoding="utf-8")
        hidden: set[int] = set()
        for block in IGNORE_BLOCK_PATTERN.finditer(source):
            first = source.count("\n", 0, block.start()) + 1
            last = source.count("\n", 0, block.end() - 1) + 1
            hidden.update(range(first, last + 1))
        return cls(path.name, tuple(source.splitlines()), frozenset(hidden))

    def shows(self, number: int, quoted: str | None) -> bool:
        """Whether the page shows the line a warning quotes, ``number`` by the warning's count.
        A record made from an older version of the script counts lines differently: then the
        quoted text decides, and only if no hidden line reads the same. Python quotes nothing
        where it cannot read the line: then the number decides."""
        if quoted is None:
            return number not in self.hidden
        text = quoted.strip()
        if 1 <= number <= len(self.lines) and self.lines[number - 1].strip() == text:
            return number not in self.hidden
        where = [n for n, line in enumerate(self.lines, 1) if line.strip() == text]
        return bool(where) and not any(n in self.hidden for n in where)


@dataclass(frozen=True)
class Entry:
    """A line of output, or a warning of Python's with the source lines it quotes under it."""

    lines: tuple[str, ...]
    warning: bool = False

    def folded(self) -> tuple[str, str]:
        """A warning as its first sentence and the rest (``""`` when there is no more)."""
        text = "\n".join(self.lines)
        if not self.warning:
            return text, ""
        first = self.lines[0]
        message = PYTHON_WARNING.match(first)
        start = message.start("message") if message else 0
        end = SENTENCE_END.search(first, start + FIRST_SENTENCE_AFTER)
        cut = end.end() if end else len(first)
        return first[:cut], text[cut:].lstrip(" ")


def entries(text: str, script: Script | None) -> list[Entry]:
    """``text``'s lines, each warning of Python's with the lines it quotes; a warning about a
    line of ``script`` that its page hides is left out, quoted line and all."""
    lines = text.splitlines()
    found: list[Entry] = []
    index = 0
    while index < len(lines):
        warning = PYTHON_WARNING.match(lines[index])
        end = index + 1
        if warning:
            while end < len(lines) and lines[end].startswith("  "):
                end += 1
        group = tuple(lines[index:end])
        index = end
        hidden = (
            warning is not None
            and script is not None
            and warning["file"] == script.name
            and not script.shows(int(warning["line"]), group[1] if len(group) > 1 else None)
        )
        if not hidden:
            found.append(Entry(group, warning=warning is not None))
    return found


class Unrecorded(enum.Enum):
    """What an output block says of a record older than its cell (a new cell, before the
    "Release history" workflow records it); a fact's row (``release_records.Status``) never
    has it: the build's summary line "records:" gives the command that records the cell."""

    NOT_RECORDED = "not yet recorded"


NOT_RECORDED = Unrecorded.NOT_RECORDED


@dataclass(frozen=True)
class Run:
    """Consecutive releases that print the same for one cell."""

    first: str
    last: str
    status: Status | Unrecorded
    text: str  # what they print, or the error that stops the cell

    def releases(self) -> str:
        return self.first if self.first == self.last else f"{self.first}–{self.last}"


def runs(recorded: tuple[Record, ...], key: str, number: int, reference: str) -> list[Run]:
    """The releases grouped by what they print for cell ``key`` (the ``number``-th block of
    its script, as the probe counts them), against the record of release ``reference``;
    ``[]`` when every recorded release prints what ``reference`` does."""
    base = next((r for r in recorded if r.label == reference), None)
    if base is None:
        return []
    example = key.split(".", 1)[0]
    found: list[Run] = []
    for record in recorded:
        failure = record.failures.get(f"{example}#{number}")
        if f"{example}#{number}" in record.own_code:
            continue  # a failed recording, not what the release prints (checks.failed_recordings)
        state: Status | Unrecorded
        if failure:
            state, text = Status.CANNOT_RUN, failure
        elif key not in record.outputs:
            state, text = NOT_RECORDED, ""  # CONTRIBUTING, "Changing a cell", step 4
        elif key not in base.outputs:
            continue  # nothing to compare with until the page's own release records the cell
        elif shown(record.outputs[key]) == shown(base.outputs[key]):
            state, text = Status.SAME, ""
        else:
            state, text = Status.DIFFERENT, shown(record.outputs[key])
        if found and found[-1].status is state and found[-1].text == text:
            found[-1] = Run(found[-1].first, record.label, state, text)
        else:
            found.append(Run(record.label, record.label, state, text))
    return found if any(run.status is not Status.SAME for run in found) else []


def cell_number(script: Path, name: str) -> int:
    """The cell's place among the script's ``# %%`` blocks, 1 for ``setup`` (probe's count)."""
    names = [start.name for start in cell_starts(script)]
    return names.index(name) + 2 if name in names else 1


def summary(found: list[Run]) -> str:
    parts = []
    for run in found:
        if run.status is Status.DIFFERENT:
            parts.append(_("{releases} prints something else").format(releases=run.releases()))
        elif run.status is Status.CANNOT_RUN:
            parts.append(_("cannot run on {releases}").format(releases=run.releases()))
        elif run.status is NOT_RECORDED:
            parts.append(_("not yet recorded on {releases}").format(releases=run.releases()))
    return _(" · ").join(parts)


class release_outputs(nodes.General, nodes.Element):
    """What other releases print for the output block before it; a closed box."""


# A line of a diff: its sign ("-" the page, "+" the release, " " both), its words as
# (text, changed) pieces, and what a folded warning holds back ("" for none).
DiffLine = tuple[str, tuple[tuple[str, bool], ...], str]
WORDS = re.compile(r"\w+|\s+|[^\w\s]")


def marked(old: str, new: str) -> tuple[tuple[tuple[str, bool], ...], tuple[tuple[str, bool], ...]]:
    """Both lines cut into pieces, the words that differ between them marked changed."""
    a, b = WORDS.findall(old), WORDS.findall(new)
    pieces: tuple[list[tuple[str, bool]], list[tuple[str, bool]]] = ([], [])

    def add(side: list[tuple[str, bool]], words: list[str], changed: bool) -> None:
        text = "".join(words)
        if not text:
            return
        if side and side[-1][1] == changed:
            side[-1] = (side[-1][0] + text, changed)
        else:
            side.append((text, changed))

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        add(pieces[0], a[i1:i2], tag != "equal")
        add(pieces[1], b[j1:j2], tag != "equal")
    return tuple(pieces[0]), tuple(pieces[1])


def alike(old: str, new: str) -> bool:
    """Two lines similar enough that marking the words they differ in reads as one change."""
    return difflib.SequenceMatcher(None, old, new, autojunk=False).ratio() >= 0.5


def diff(page: list[Entry], release: list[Entry]) -> list[DiffLine]:
    """The release's entries against the page's, line by line; in a pair of lines that changed,
    the changed words marked; a warning folded to its first sentence."""

    def whole(sign: str, entry: Entry) -> DiffLine:
        shown_, rest = entry.folded()
        return (sign, ((shown_, False),), rest)

    keys = ["\n".join(e.lines) for e in page], ["\n".join(e.lines) for e in release]
    lines: list[DiffLine] = []
    matcher = difflib.SequenceMatcher(None, keys[0], keys[1], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            lines += [whole(" ", entry) for entry in page[i1:i2]]
            continue
        # Each line of the page's pairs with the release's next line like it, in order.
        new, at = release[j1:j2], 0
        for a in page[i1:i2]:
            match = next(
                (
                    k
                    for k in range(at, len(new))
                    if not a.warning and not new[k].warning and alike(a.lines[0], new[k].lines[0])
                ),
                None,
            )
            if match is None:
                lines.append(whole("-", a))
                continue
            lines += [whole("+", b) for b in new[at:match]]
            minus, plus = marked(a.lines[0], new[match].lines[0])
            lines += [("-", minus, ""), ("+", plus, "")]
            at = match + 1
        lines += [whole("+", b) for b in new[at:]]
    return lines


class release_diff(nodes.General, nodes.FixedTextElement):
    """A release's output against the page's (``node["lines"]``, :data:`DiffLine`); its text,
    for search and plain builders, the diff as ``difflib`` writes one."""


def diff_node(lines: list[DiffLine]) -> release_diff:
    text = "\n".join(
        f"{sign} {''.join(piece for piece, _changed in pieces)}{' ' + rest if rest else ''}"
        for sign, pieces, rest in lines
    )
    return release_diff(text, text, lines=lines)


class release_picker(nodes.General, nodes.Element):
    """The page's one picker of a release, before its first box."""


def picker(recorded: tuple[Record, ...], reference: str) -> release_picker:
    return release_picker(
        label=_("Show the output of PyTorch"),
        page_release=_("the page's ({release})").format(release=reference),
        releases=[r.label for r in recorded],
    )


def box(
    found: list[Run],
    key: str,
    page_text: str,
    recorded: tuple[Record, ...],
    reference: str,
    script: Script | None = None,
) -> nodes.Node:
    """The closed box after an output block; ``reference``: the release the page shows,
    ``script``: the gallery script whose output it is (its hidden lines are never shown)."""
    node = release_outputs(classes=[BLOCK_CLASS])
    node["summary"] = summary(found)
    node["cell"] = key
    node["same"] = _("{release} prints what the page shows")  # the script fills it in
    for run in found:
        if run.status is Status.SAME:
            continue
        # The picker reads which releases a run covers from its classes.
        part = nodes.container(classes=["release-run", f"first-{run.first}", f"last-{run.last}"])
        if run.status is NOT_RECORDED:
            # Nothing to show but that: the record predates the cell.
            label = _("The history has no output of this cell from PyTorch {releases} yet.")
            part += nodes.paragraph(
                text=label.format(releases=run.releases()), classes=["release-run-label"]
            )
            node += part
            continue
        if run.status is Status.CANNOT_RUN:
            label = _("PyTorch {releases} cannot run this cell:").format(releases=run.releases())
            body: nodes.Element = nodes.literal_block(run.text, run.text, language="none")
        else:
            label = _("PyTorch {releases} prints (- this page, + {releases}):").format(
                releases=run.releases()
            )
            body = diff_node(
                diff(entries(comparable(page_text), script), entries(run.text, script))
            )
        part += nodes.paragraph(text=label, classes=["release-run-label"])
        part += body
        node += part
    return node


def cell_of(
    app: Sphinx, block: nodes.literal_block, gallery_source: Path | None, number: int
) -> tuple[Path, Cell] | None:
    """The script and cell whose output ``block`` is: an embedded cell says which comparison
    its output is (``plot_x.py#3``), a gallery page's ``number``-th block is its own."""
    script, _sep, position = block.get(attributes.COMPARED_AS, "").partition("#")
    if script:
        found = [p for g in galleries(app.srcdir, app.config) for p in g.examples.rglob(script)]
        gallery_source, number = (found[0] if found else None), int(position)
    if gallery_source is None:
        return None
    cell = gallery_cells(app.srcdir, app.config, gallery_source).get(number)
    return (gallery_source, cell) if cell else None


def add_release_outputs(app: Sphinx, doctree: nodes.document) -> None:
    """After each output block that a recorded release prints otherwise, say so."""
    recorded = records(app.env)
    reference = app.config.evidence_expected_release
    if not recorded or not reference:
        return
    source = example_script(app.srcdir, app.config, app.env.docname)
    number = 0
    for block in list(doctree.findall(nodes.literal_block)):
        if OUTPUT_CLASS not in block["classes"] or "volatile" in block["classes"]:
            continue
        number += 1
        found = cell_of(app, block, source, number)
        if found is None:
            continue
        script, cell = found
        key = f"{sitewide.example_name(script)}.{cell.name}"
        variants = runs(recorded, key, cell_number(script, cell.name), reference)
        if variants:
            block.parent.insert(
                block.parent.index(block) + 1,
                box(variants, key, cell.output or "", recorded, reference, Script.read(script)),
            )
    place_picker(doctree, recorded, reference)


def place_picker(doctree: nodes.Element, recorded: tuple[Record, ...], reference: str) -> None:
    """The page's picker, before its first box, outside whatever closed box holds that (an
    aside, a solution): a reader reaches it without opening anything."""
    first = next(iter(doctree.findall(release_outputs)), None)
    if first is None:
        return
    place: nodes.Element = first
    parent = first.parent
    while parent is not None:
        if isinstance(parent, notes_said | solution):
            place = parent
        parent = parent.parent
    place.parent.insert(place.parent.index(place), picker(recorded, reference))


def visit_picker_html(self: HTML5Translator, node: release_picker) -> None:
    """The page's one picker, before its first box and outside any closed box: reached without
    opening one, and never hidden by one closing while it has the focus. The stylesheet hides it
    where no script runs to make it work; written in the page, it does not push the page down
    when the script runs."""
    options = [("", node["page_release"])] + [(r, r) for r in node["releases"]]
    choices = "".join(
        f'<option value="{self.attval(value)}">{self.encode(text)}</option>'
        for value, text in options
    )
    self.body.append(
        f'<p class="release-picker"><label>{self.encode(node["label"])} '
        f"<select>{choices}</select></label></p>\n"
    )
    raise nodes.SkipNode


def visit_html(self: HTML5Translator, node: release_outputs) -> None:
    data = {"cell": node["cell"], "same": node["same"]}
    attributes_ = " ".join(f'data-{name}="{self.attval(value)}"' for name, value in data.items())
    self.body.append(
        f'<details class="{BLOCK_CLASS}" {attributes_}>'
        f"<summary>{self.encode(node['summary'])}</summary>\n"
    )


def depart_html(self: HTML5Translator, node: release_outputs) -> None:
    self.body.append("</details>\n")


# The theme's colours for a diff (Pygments' "deleted" and "inserted"); a line both print has
# the text's own.
SIGN_CLASS = {"-": ' class="gd"', "+": ' class="gi"', " ": ""}


def visit_diff_html(self: HTML5Translator, node: release_diff) -> None:
    """Lines in ``<pre>``; a folded warning in a ``<details>`` of its own between them (a
    ``<pre>`` holds no ``<details>``). Marked words are ``<mark>``: a difference deep in a
    long line is seen where it is."""

    def line(sign: str, pieces: tuple[tuple[str, bool], ...]) -> str:
        words = "".join(
            f'<mark class="release-change">{self.encode(text)}</mark>'
            if changed
            else self.encode(text)
            for text, changed in pieces
        )
        return f"<span{SIGN_CLASS[sign]}>{self.encode(sign)} {words}</span>"

    out = ['<div class="release-diff notranslate"><div class="highlight">']
    open_pre: list[str] = []

    def close() -> None:
        if open_pre:
            out.append("<pre>" + "\n".join(open_pre) + "\n</pre>")
            open_pre.clear()

    for sign, pieces, rest in node["lines"]:
        if not rest:
            open_pre.append(line(sign, pieces))
            continue
        close()
        held = "\n".join(f"{sign} {text}" for text in rest.splitlines())
        out.append(
            f'<details class="release-fold"><summary>{line(sign, pieces)} …</summary>'
            f"<pre><span{SIGN_CLASS[sign]}>{self.encode(held)}</span>\n</pre></details>"
        )
    close()
    out.append("</div></div>\n")
    self.body.append("".join(out))
    raise nodes.SkipNode


def visit_plain(self: nodes.NodeVisitor, node: release_outputs) -> None:
    pass


def skip(self: nodes.NodeVisitor, node: nodes.Node) -> None:
    raise nodes.SkipNode


def depart_plain(self: nodes.NodeVisitor, node: release_outputs) -> None:
    pass


def add_picker(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """The picker's script, on pages that have such blocks only."""
    if doctree is not None and any(True for _ in doctree.findall(release_picker)):
        app.add_js_file("release-picker.js", loading_method="defer")


def connect(app: Sphinx) -> None:
    """Only for builders that render: the gettext builder extracts the pages' own messages, and
    these lines are the package's interface text, added after the pages were read."""
    if app.builder.name == "gettext":
        return
    app.connect("doctree-read", add_release_outputs, priority=priorities.AFTER_PAGE_CHECKS)
    app.connect("html-page-context", add_picker)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("torch_notes.evidence")  # the records, and the release pages show
    interface.add_catalog(app)
    app.add_node(
        release_outputs,
        html=(visit_html, depart_html),
        text=(visit_plain, depart_plain),
        latex=(visit_plain, depart_plain),
    )
    app.add_node(
        release_picker,
        html=(visit_picker_html, None),
        text=(skip, None),
        latex=(skip, None),
    )
    app.add_node(
        release_diff,
        html=(visit_diff_html, None),
        text=(visit_plain, depart_plain),
        latex=(visit_plain, depart_plain),
    )
    app.connect("builder-inited", connect)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
