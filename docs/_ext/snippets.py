"""The notes' own code fragments, executed at build time and shown with what they print now.

Each fragment is a file in ``snippets/``, kept verbatim from a note. A page shows one with::

    ```{snippet} autograd_add_two
    :note: 001
    :expect: changed

    tensor([[3., 3.],
            [3., 3.]], grad_fn=<AddBackward>)
    ```

The page then shows the code, what the note printed (the directive's body, checked to be
in note 001), and what the installed PyTorch prints. ``:expect:`` states how the two relate
and is checked on every build: ``same``, ``changed``, ``raises`` (the fragment now fails)
or ``runs``. Each fragment runs once per source and torch version, in a fresh namespace,
in a temporary folder, with seeded random generators; memory addresses are masked.

Results are facts too: ``{claim}`RuntimeError <snippets.name.error_type>``` (see facts.py);
the keys are ``output``, ``error`` (``Type: message``), ``error_type`` and ``warnings``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import tempfile
import traceback
import warnings
from importlib.metadata import version
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import errata_table
import facts
import note_quotes

logger = logging.getLogger(__name__)

ADDRESS = re.compile(r"0x[0-9a-fA-F]{4,}")
TERMINAL_CODES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
LABELS = {
    "en": {
        "note": "Note {note} printed:",
        "now": "PyTorch {torch} prints:",
        "code": "From note {note}:",
        "raised": "raises",
    },
    "zh_CN": {
        "note": "笔记 {note} 的输出：",
        "now": "PyTorch {torch} 的实际输出：",
        "code": "笔记 {note} 原文代码：",
        "raised": "抛出异常",
    },
}
EXPECTATIONS = ("same", "changed", "raises", "runs")


def mask_addresses(text: str) -> str:
    """Addresses differ on every run; the page shows them as ``0x…``. Terminal colour codes
    (some PyTorch errors carry them) are dropped."""
    return ADDRESS.sub("0x…", TERMINAL_CODES.sub("", text))


def normalise(text: str) -> str:
    return "\n".join(line.rstrip() for line in mask_addresses(text).strip().splitlines())


def run_fragment(source: str, filename: str) -> dict[str, Any]:
    """Execute one fragment as a fresh ``__main__``; return what it printed and raised."""
    facts.seed_everything({}, filename)
    out = io.StringIO()
    error = error_type = None
    cwd = Path.cwd()
    with tempfile.TemporaryDirectory() as scratch, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        os.chdir(scratch)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                # The notes' own code, from this repository, is what the page reports on.
                exec(compile(source, filename, "exec"), {"__name__": "__main__"})  # noqa: S102
        except Exception as exc:  # noqa: BLE001 - whatever it raises is the fact we report
            error_type = type(exc).__name__
            error = "".join(traceback.format_exception_only(exc)).strip()
        finally:
            os.chdir(cwd)
    printed = out.getvalue()
    if error:
        printed += ("\n" if printed and not printed.endswith("\n") else "") + error + "\n"
    return {
        "output": mask_addresses(printed),
        "error": mask_addresses(error) if error else None,
        "error_type": error_type,
        "warnings": sorted({f"{w.category.__name__}: {w.message}" for w in caught}),
    }


def highlight_language(code: str) -> str:
    """Python, unless the note's code is not valid Python (then Pygments would choke on it)."""
    try:
        compile(code, "<snippet>", "exec")
    except SyntaxError:
        return "none"
    return "python"


class SnippetRunner:
    """Runs fragments on demand, caching results on disk so each runs once per source."""

    def __init__(self, snippets_dir: Path, cache_dir: Path) -> None:
        self.snippets_dir = snippets_dir
        self.cache_dir = cache_dir

    def path(self, name: str) -> Path:
        path = self.snippets_dir / f"{name}.py"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in self.snippets_dir.glob("*.py")))
            raise LookupError(f"no snippet {name!r} in {self.snippets_dir} (known: {known})")
        return path

    def result(self, name: str) -> dict[str, Any]:
        source = self.path(name).read_text(encoding="utf-8")
        key = hashlib.sha256(f"{version('torch')}\n{source}".encode()).hexdigest()[:16]
        cached = self.cache_dir / f"{name}-{key}.json"
        if cached.is_file():
            return json.loads(cached.read_text(encoding="utf-8"))
        result = run_fragment(source, str(self.path(name)))
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
        return result

    def facts(self, name: str) -> tuple[dict[str, Any], Path]:
        return self.result(name), self.path(name)


def runner(env: BuildEnvironment) -> SnippetRunner:
    return SnippetRunner(
        Path(env.config.snippets_dir), Path(env.srcdir) / "_generated" / "snippets"
    )


class SnippetDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar = {
        "note": directives.unchanged_required,
        "expect": lambda arg: directives.choice(arg, EXPECTATIONS),
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        note = self.options.get("note")
        labels = LABELS.get(self.config.language, LABELS["en"])
        if facts.extracting_messages(self.env):
            return []
        try:
            path = runner(self.env).path(name)
            result = runner(self.env).result(name)
        except LookupError as err:
            return self.fail(str(err))
        self.env.note_dependency(str(path))
        printed_by_note = "\n".join(self.content)
        problems = []
        if printed_by_note and not note:
            problems.append("a snippet with the note's output needs :note: (which note printed it)")
        if note and printed_by_note:
            try:
                self.env.note_dependency(
                    str(note_quotes.check_quote(self.config.notes_dir, note, printed_by_note))
                )
            except LookupError as err:
                problems.append(str(err))
        problems += self.broken_expectation(result, printed_by_note)
        facts.record_check(
            self.env, f"snippet-{self.options.get('expect', 'shown')}", name, not problems
        )
        for problem in problems:
            self.fail(f"snippet {name}: {problem}")

        container = nodes.container(classes=["snippet"], ids=[f"snippet-{name}"])
        code = path.read_text(encoding="utf-8").rstrip()
        if note:  # what errata_table.py lists: the note's words against what runs today
            container[errata_table.EVIDENCE] = {
                "source": "snippet",
                "note": note,
                "name": name,
                "words": printed_by_note or code,
                "now": result["error"] or normalise(result["output"]),
                "error_type": result["error_type"],
                "error": result["error"] or "",
                "warnings": result["warnings"],
                "same": (
                    normalise(result["output"]) == normalise(printed_by_note)
                    if printed_by_note
                    else None
                ),
            }
        if note:
            container += nodes.paragraph(
                text=labels["code"].format(note=note), classes=["snippet-label"]
            )
        container += nodes.literal_block(
            code, code, language=highlight_language(code), classes=["snippet-code"]
        )
        if printed_by_note:
            container += nodes.paragraph(
                text=labels["note"].format(note=note), classes=["snippet-label"]
            )
            container += nodes.literal_block(
                printed_by_note, printed_by_note, language="none", classes=["snippet-note-output"]
            )
        container += nodes.paragraph(
            text=labels["now"].format(torch=version("torch")), classes=["snippet-label"]
        )
        shown = result["output"].rstrip() or "(nothing)"
        container += nodes.literal_block(shown, shown, language="none", classes=["snippet-output"])
        return [container]

    def broken_expectation(self, result: dict[str, Any], printed_by_note: str) -> list[str]:
        expect = self.options.get("expect")
        if expect is None:
            return []
        if expect in ("same", "changed") and not printed_by_note:
            return [f":expect: {expect} compares with the note's output: put it in the body"]
        same = normalise(result["output"]) == normalise(printed_by_note)
        holds = {
            "same": same,
            "changed": not same,
            "raises": result["error"] is not None,
            "runs": result["error"] is None,
        }[expect]
        if holds:
            return []
        now = result["error"] or normalise(result["output"])
        return [f"expected {expect!r} but PyTorch {version('torch')} gives:\n{now}"]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="snippets", subtype="check")
        return []


def register_provider(app: Sphinx, store: facts.FactStore) -> None:
    store.providers["snippets"] = runner(app.env).facts


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("facts")
    app.add_config_value("snippets_dir", "", "env", types=[str])
    app.add_directive("snippet", SnippetDirective)
    app.connect("facts-store-created", register_provider)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
