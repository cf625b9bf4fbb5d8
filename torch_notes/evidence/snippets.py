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
the keys are ``output``, ``error`` (``Type: message``), ``error_type``, ``warnings``
and ``line1``, ``line2`` ... (each printed line; a number where it reads as one).
A snippet with ``:note:`` is a row of the errata table.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import os
import tempfile
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.facts import domain, extracting_messages, record_check, seed_everything
from torch_notes.evidence.model import (
    CheckKind,
    Executed,
    Outcome,
    Raised,
    Row,
    RowSource,
    Warned,
    installed_torch,
)
from torch_notes.evidence.outputs import apply_rules, comparison
from torch_notes.evidence.quotes import check_quote
from torch_notes.gallery import quiet_machine_loggers

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")

EXPECTATIONS = ("same", "changed", "raises", "runs")


def mask_addresses(text: str) -> str:
    """What differs on every run (addresses, shown as ``0x…``; terminal colours, dropped),
    by the rules every output is normalised with (outputs.py)."""
    return apply_rules(text, ("memory address", "terminal colour"))


def normalise(text: str) -> str:
    return "\n".join(line.rstrip() for line in mask_addresses(text).strip().splitlines())


@dataclass(frozen=True)
class SnippetRun:
    """What one fragment printed, raised and warned."""

    output: str  # stdout and stderr, with the error's last line appended
    raised: Raised | None
    warned: tuple[Warned, ...]
    name: str = ""  # the snippet's name, once the runner knows it

    @property
    def error(self) -> str | None:
        """``Type: message``, as Python prints an exception's last line."""
        return None if self.raised is None else self.raised.message

    def facts(self) -> dict[str, Any]:
        return {
            **printed_lines(self.output),
            "output": self.output,
            "error": self.error,
            "error_type": None if self.raised is None else Raised(self.raised.type),
            "warnings": [f"{w.category}: {w.message}" for w in self.warned],
        }

    def to_json(self) -> str:
        raised = self.raised and {"type": self.raised.type, "message": self.raised.message}
        warned = [{"category": w.category, "message": w.message} for w in self.warned]
        return json.dumps(
            {"output": self.output, "raised": raised, "warned": warned},
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> SnippetRun:
        data = json.loads(text)
        raised = data["raised"] and Raised(data["raised"]["type"], data["raised"]["message"])
        warned = tuple(Warned(w["category"], w["message"]) for w in data["warned"])
        return cls(data["output"], raised, warned)


def printed_lines(output: str) -> dict[str, Any]:
    """``line1``, ``line2`` ...: each printed line, a number where it reads as one."""
    lines = {}
    for number, line in enumerate(normalise(output).splitlines(), 1):
        try:
            lines[f"line{number}"] = float(line) if line.strip() else line
        except ValueError:
            lines[f"line{number}"] = line
    return lines


def run_fragment(source: str, filename: str) -> SnippetRun:
    """Execute one fragment as a fresh ``__main__``; return what it printed and raised."""
    seed_everything({}, filename)
    quiet_machine_loggers()
    out = io.StringIO()
    raised = None
    cwd = Path.cwd()
    # The build's scratch folder (never the fragment's own folder, nor the repository).
    from torch_notes.paths import SCRATCH

    SCRATCH.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory(prefix="snippet-", dir=SCRATCH) as scratch,
        warnings.catch_warnings(record=True) as caught,
    ):
        warnings.simplefilter("always")
        os.chdir(scratch)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                # The notes' own code, from this repository, is what the page reports on.
                exec(compile(source, filename, "exec"), {"__name__": "__main__"})  # noqa: S102
        except Exception as exc:  # noqa: BLE001 - whatever it raises is the fact we report
            last_line = "".join(traceback.format_exception_only(exc)).strip()
            raised = Raised(type(exc).__name__, mask_addresses(last_line))
        finally:
            os.chdir(cwd)
    printed = out.getvalue()
    if raised:
        printed += ("\n" if printed and not printed.endswith("\n") else "") + raised.message + "\n"
    warned = sorted({(w.category.__name__, str(w.message)) for w in caught})
    return SnippetRun(mask_addresses(printed), raised, tuple(Warned(*w) for w in warned))


def shown_key(name: str) -> str:
    """The key under which release records keep what a page shows of a snippet's run."""
    return f"snippets.{name}.shown"


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

    @classmethod
    def for_env(cls, env: BuildEnvironment) -> SnippetRunner:
        return cls(Path(env.config.snippets_dir), Path(env.srcdir) / "_generated" / "snippets")

    def path(self, name: str) -> Path:
        path = self.snippets_dir / f"{name}.py"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in self.snippets_dir.glob("*.py")))
            raise LookupError(f"no snippet {name!r} in {self.snippets_dir} (known: {known})")
        return path

    def result(self, name: str) -> SnippetRun:
        source = self.path(name).read_text(encoding="utf-8")
        # The cache layout is part of the key: a stale file of another layout is never read.
        key = hashlib.sha256(f"run-v2\n{installed_torch()}\n{source}".encode()).hexdigest()[:16]
        cached = self.cache_dir / f"{name.replace('/', '.')}-{key}.json"  # one flat folder
        if cached.is_file():
            return SnippetRun.from_json(cached.read_text(encoding="utf-8"))
        result = run_fragment(source, str(self.path(name)))
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        cached.write_text(result.to_json(), encoding="utf-8")
        return result

    def facts(self, name: str) -> tuple[dict[str, Any], Path, SnippetRun]:
        """The fact store's provider for ``snippets.<name>.*``."""
        run = dataclasses.replace(self.result(name), name=name)
        return run.facts(), self.path(name), run

    @staticmethod
    def shown(run: SnippetRun) -> str:
        """What a page and the errata table show of a run: its error, or its output."""
        return run.error or normalise(run.output)


class SnippetDirective(SphinxDirective):
    kind = "snippet"  # how its warnings name what it shows
    required_arguments = 1
    has_content = True
    option_spec: ClassVar = {
        "note": directives.unchanged_required,
        "expect": lambda arg: directives.choice(arg, EXPECTATIONS),
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        note = self.options.get("note")
        if extracting_messages(self.env):
            return []
        runner = SnippetRunner.for_env(self.env)
        try:
            path = runner.path(name)
            result = runner.result(name)
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
                    str(check_quote(self.config.notes_dir, note, printed_by_note))
                )
            except LookupError as err:
                problems.append(str(err))
        problems += self.broken_expectation(result, printed_by_note)
        expect = self.options.get("expect", "shown")
        record_check(self.env, CheckKind.SNIPPET, name, not problems, detail=expect)
        for problem in problems:
            self.fail(f"snippet {name}: {problem}")

        container = nodes.container(classes=["snippet"], ids=[f"snippet-{name}"])
        code = path.read_text(encoding="utf-8").rstrip()
        if note:  # the note's words against what runs today: a row of the errata table
            self.note_row(name, note, printed_by_note, code, result)
            container += nodes.paragraph(
                text=_("From note {note}:").format(note=note), classes=["snippet-label"]
            )
        container += self.code_block(code)
        if printed_by_note:
            container += nodes.paragraph(
                text=_("Note {note} printed:").format(note=note), classes=["snippet-label"]
            )
            container += nodes.literal_block(
                printed_by_note, printed_by_note, language="none", classes=["snippet-note-output"]
            )
        container += self.printed(name, path, result)
        return [container]

    @staticmethod
    def code_block(code: str) -> nodes.literal_block:
        return nodes.literal_block(
            code, code, language=highlight_language(code), classes=["snippet-code"]
        )

    def printed(self, name: str, path: Path, result: SnippetRun) -> list[nodes.Node]:
        """What the installed PyTorch prints, labelled, and compared with the expected output."""
        label = nodes.paragraph(
            text=_("PyTorch {torch} prints:").format(torch=installed_torch().release),
            classes=["snippet-label"],
        )
        shown = result.output.rstrip() or "(nothing)"
        output = nodes.literal_block(shown, shown, language="none", classes=["snippet-output"])
        self.set_source_info(output)  # checks of the output name the directive's line
        self.compare_output(name, path, shown)
        return [label, output]

    def compare_output(self, name: str, path: Path, shown: str) -> None:
        """What the page shows against the reviewed expected output (see outputs.py)."""

        def warn(number: int, problem: str) -> None:
            self.fail(f"{self.kind} {name}: its output {problem}")

        (holds,) = comparison(path, self.config).check([(shown, None)], warn)
        record_check(self.env, CheckKind.OUTPUT, f"{path.name}#1", holds)

    def note_row(
        self, name: str, note: str, printed_by_note: str, code: str, result: SnippetRun
    ) -> None:
        outcome = Outcome(
            raised=result.raised,
            warned=result.warned,
            matches_note=(
                normalise(result.output) == normalise(printed_by_note) if printed_by_note else None
            ),
        )
        row = Row(
            source=RowSource.SNIPPET,
            note=note,
            words=printed_by_note or code,
            now=SnippetRunner.shown(result),
            outcome=outcome,
            evidence=(Executed((f"snippets.{name}",)),),
            docname=self.env.docname,
            anchor=f"snippet-{name}",
            torch=installed_torch(),
            expected_output=printed_by_note or None,
            claims=((SnippetRunner.shown(result), shown_key(name)),),
        )
        domain(self.env).note_rows(self.env.docname, [row])

    def broken_expectation(self, result: SnippetRun, printed_by_note: str) -> list[str]:
        expect = self.options.get("expect")
        if expect is None:
            return []
        if expect in ("same", "changed") and not printed_by_note:
            return [f":expect: {expect} compares with the note's output: put it in the body"]
        same = normalise(result.output) == normalise(printed_by_note)
        holds = {
            "same": same,
            "changed": not same,
            "raises": result.raised is not None,
            "runs": result.raised is None,
        }[expect]
        if holds:
            return []
        now = result.error or normalise(result.output)
        return [f"expected {expect!r} but PyTorch {installed_torch()} gives:\n{now}"]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location(), type="snippets", subtype="check")
        return []
