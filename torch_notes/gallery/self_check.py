"""The check at the end of every downloaded example: does the learner's PyTorch agree?

Each downloaded script and notebook ends with a short cell a learner can read: the values the
site's pages state about the example, each next to the plain expression that computes it in
the script, compared with what the learner's run computes, numbers within a relative 1e-4. It
prints, in the download's language, either that this PyTorch agrees with the site (naming the
release the site ran) or which values differ and what the site recorded, and then exits with
status 1, so that a script run by hand, by a shell or by CI says so too (in a notebook the
cell stops with an error). The message names both causes a learner may meet, another PyTorch
release and an edit of the code, and blames neither.

What goes in: the facts of the example that a page states (a ``{claim}``), whose recording
expression (``facts["k"] = <expression>``, ``execution.fact_code``) uses only names the
learner's script defines and, evaluated at the end of that script on this build's PyTorch,
gives the value the page states, as far as the guard of the hidden blocks can tell (below).
Left out: volatile facts (timings), errors and warnings, values of no plain type, anything
that depends on the machine's devices (an expression with a word of a name among
:data:`MACHINE`: a device, CUDA, MPS, an accelerator, a clock, threads or process ids), so
that a GPU reader is not told that the site disagrees, and expressions that visibly change
what they read (an in-place method, ``backward``, ``step``, ``next``: :data:`SIDE_EFFECTS`, a
screen of the source only).

The end of the learner's script is not run a second time: the gallery's run of the whole
example stands for it, because each hidden block runs inside ``gallery.hidden_blocks``' guard,
which fails the example on the changes to the learner's state it can see (its docstring says
which it cannot). After the example's last code block, the scraper :func:`record_end_values`
evaluates each expression in the example's namespace, each from the random states the script
ended with, and writes the values beside the example's outputs, so that they live and die with
them (a second language that reuses the outputs reuses them too). It leaves out an expression
that draws random numbers; if the expressions changed the namespace or torch's settings, it
keeps no value and warns, naming the expressions that changed settings and those that read
what changed. ``gallery.downloads`` reads them (:func:`end_values`) when it writes the
downloads. ``tests/test_downloads.py`` runs every download as a learner does and demands the
agreement this promises.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import inspect
import io
import json
import math
import re
import textwrap
import warnings
from functools import cache
from pathlib import Path
from typing import Any

from sphinx.locale import get_translation
from sphinx.util import logging

from torch_notes.evidence.execution.fact_code import assignments
from torch_notes.gallery import hidden_blocks

_ = get_translation("torch_notes")
logger = logging.getLogger(__name__)

# Names whose values depend on the machine, not on PyTorch's behaviour.
# A word of a name counts, so ``x.is_cuda`` and ``x.get_device()`` are out too.
MACHINE = re.compile(
    r"(?<![A-Za-z0-9])(device|devices|cuda|mps|accelerator|perf_counter|time|timeit|Timer|"
    r"benchmark|threads|getpid|pids|seconds|sizes)(?![A-Za-z0-9])"
)
# Calls that change what they read: an in-place method (``add_``), a step, a backward pass.
SIDE_EFFECTS = re.compile(r"\w_\(|\b(backward|step|zero_grad|next|pop|append|update|send)\(")
RELATIVE_TOLERANCE = 1e-4
CHECK_MARK = "check_against_the_site"  # the function the check cell defines


def plain(value: Any) -> bool:
    if isinstance(value, bool | int | float | str):
        return not (isinstance(value, float) and not math.isfinite(value))
    if isinstance(value, list):
        return all(plain(item) for item in value)
    return False


# The check cell holds this very source (check_cell): it is the learner's rule as well as the
# build's, so it keeps to what every Python that runs PyTorch 2.6 understands.
def agrees_with_site(mine: object, site: object) -> bool:
    """Whether your value is the site's: lists item by item, numbers within a relative 1e-4."""
    if isinstance(site, list) or isinstance(mine, list):
        return (
            isinstance(mine, list)
            and isinstance(site, list)
            and len(mine) == len(site)
            and all(agrees_with_site(mine[i], site[i]) for i in range(len(site)))
        )
    if isinstance(mine, bool) or isinstance(site, bool):
        return type(mine) is type(site) and mine == site
    if isinstance(site, (int, float)) or isinstance(mine, (int, float)):
        if not isinstance(mine, (int, float)) or not isinstance(site, (int, float)):
            return False
        return math.isclose(mine, site, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-12)
    return type(mine) is type(site) and mine == site


def admissible(code: str) -> bool:
    """Whether an expression may go into the check, judged by its source alone."""
    return bool(code) and not MACHINE.search(code) and not SIDE_EFFECTS.search(code)


def candidates(facts: dict[str, Any], codes: dict[str, str]) -> dict[str, tuple[str, Any]]:
    """``{key: (expression, value)}`` for the facts that may go into the check."""
    return {
        key: (code, value)
        for key, value in facts.items()
        if (code := codes.get(key, "")) and admissible(code) and plain(value)
    }


END_VALUES_SUFFIX = ".end_values.json"  # beside the example's facts file, as its outputs


@cache
def _last_code_line(script: str, stamp: int) -> int:
    """The first line of the example's last code block, as sphinx-gallery numbers it."""
    from sphinx_gallery.py_source_parser import split_code_and_text_blocks

    _conf, blocks, *_rest = split_code_and_text_blocks(script)
    return int(max(block[2] for block in blocks if block[0] == "code"))


def learner_names(source: str) -> frozenset[str]:
    """The names the learner's script binds at its top level (its hidden blocks left out)."""
    from sphinx_gallery.py_source_parser import remove_ignore_blocks

    found: set[str] = set()
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.comprehension)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.add(child.name)
            elif isinstance(child, ast.alias):
                found.add((child.asname or child.name).split(".")[0])
            elif isinstance(child, ast.ExceptHandler) and child.name:
                found.add(child.name)
            elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                found.add(child.id)
            if not isinstance(child, scopes):
                visit(child)

    visit(ast.parse(remove_ignore_blocks(source)))
    return frozenset(found)


def free_names(code: str) -> set[str] | None:
    """The names an expression reads from where it is evaluated (not those it binds itself);
    None if it is no expression on one line (``fact_code`` joins a multi-line expression's
    lines, and a comment inside one then swallows the rest)."""
    try:
        tree = ast.parse(code, mode="eval")
    except SyntaxError:
        return None
    bound = {
        name.id
        for node in ast.walk(tree)
        if isinstance(node, ast.comprehension | ast.NamedExpr)
        for name in ast.walk(node.target)
        if isinstance(name, ast.Name)
    }
    bound |= {
        a.arg for node in ast.walk(tree) if isinstance(node, ast.Lambda) for a in node.args.args
    }
    loaded = {
        n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    return loaded - bound - set(dir(builtins))


def learner_expressions(script: Path) -> dict[str, str]:
    """``{key: expression}`` of the facts the check may show: admissible, and reading only
    names the learner's script binds (a name only a hidden block binds is not there)."""
    names = learner_names(script.read_text(encoding="utf-8"))
    return {
        key: code
        for key, code in assignments(script, script.stat().st_mtime_ns).items()
        if admissible(code) and (free := free_names(code)) is not None and free <= names
    }


def record_end_values(
    block: tuple[str, str, int], block_vars: dict[str, Any], gallery_conf: dict[str, Any]
) -> str:
    """sphinx-gallery image scraper: after the example's last code block, each expression of
    :func:`learner_expressions` evaluated in the example's namespace, written beside its
    outputs (``<example>.end_values.json``), for the downloads' check.

    Every hidden block ran inside ``hidden_blocks.kept_apart``, so this namespace holds what
    the learner's script leaves, as far as the guard can see. Each expression is evaluated
    from the random states the script ended with, which are put back afterwards; output and
    warnings are discarded. An expression that draws random numbers is left out (the check
    cell evaluates its expressions one after another, so its value would depend on which
    others go in); if the expressions changed what the script left, nothing is kept and a
    warning names the ones that read what changed: the values after it could not be trusted.
    """
    script = Path(block_vars["src_file"])
    if block[2] != _last_code_line(str(script), script.stat().st_mtime_ns):
        return ""
    namespace = block_vars["example_globals"]
    before = hidden_blocks.snapshot(namespace)
    put_back = hidden_blocks.saved_randomness(before.generators)
    expressions = learner_expressions(script)
    found: dict[str, Any] = {}
    culprits: list[str] = []  # expressions that changed torch's global settings
    try:
        with (
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore")
            for key, expression in expressions.items():
                put_back()
                try:
                    value = eval(expression, namespace)  # the example's own code
                except Exception:  # noqa: BLE001, S112 - the learner's script cannot compute it either
                    continue  # left out of the check
                now = hidden_blocks.randomness(before.generators)
                if now[hidden_blocks.SETTINGS] != before.randomness[hidden_blocks.SETTINGS]:
                    culprits.append(f"facts[{key!r}] = {expression}")
                if now != before.randomness:
                    continue  # it drew random numbers (or changed a setting): left out
                if not hasattr(value, "tolist"):  # a tensor or an array: no plain value
                    found[key] = value
    finally:
        put_back()
    # One walk after them all: an expression that changed what the script left spoils the
    # values after it, so the build stops, naming the expressions that read what changed.
    changed = hidden_blocks.changes(before.state, hidden_blocks.snapshot(namespace).state)
    if changed or culprits:
        roots = {match.group() for path in changed if (match := re.match(r"\w+", path))}
        suspects = [
            f"facts[{key!r}] = {expression}"
            for key, expression in expressions.items()
            if (free_names(expression) or set()) & roots
        ]
        logger.warning(
            "%s: evaluating the downloads' check after the script changed what it left (%s); "
            "an expression that changes what it reads or torch's settings cannot go into the "
            "check: compute the value into a name in the visible code and record that (%s)",
            script,
            "; ".join([*changed[:4], *(["torch's global settings"] if culprits else [])]),
            "; ".join(
                [f"changed torch's settings: {'; '.join(culprits)}"] * bool(culprits)
                + [f"read what changed, the culprit among them: {'; '.join(suspects)}"]
                * bool(suspects)
            ),
        )
        found = {}
    target = Path(block_vars["target_file"]).with_suffix(END_VALUES_SUFFIX)
    plain_values = json.loads(json.dumps(found, default=lambda v: None))
    target.write_text(json.dumps(plain_values, indent=1, sort_keys=True), encoding="utf-8")
    return ""


def end_values(generated_script: Path) -> dict[str, Any] | None:
    """What :func:`record_end_values` wrote for the example sphinx-gallery generated as
    ``generated_script`` (``auto_examples/<section>/plot_x.py``); None if it wrote nothing."""
    path = generated_script.with_suffix(END_VALUES_SUFFIX)
    if not path.is_file():
        return None
    values: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return values


MOST = 15  # a check a learner reads at a glance


def kept(
    candidates_: dict[str, tuple[str, Any]], computed: dict[str, Any], source: str = ""
) -> list[tuple[str, Any]]:
    """``(expression, value)`` of the candidates whose end-of-script value is the page's, in
    the order the script first writes each expression, at most :data:`MOST`."""
    found: dict[str, Any] = {}
    for key, (code, value) in candidates_.items():
        if key in computed and agrees_with_site(computed[key], value) and code not in found:
            found[code] = value
    order = sorted(found, key=lambda code: (source.find(code) % (len(source) + 1), code))
    return [(code, found[code]) for code in order[:MOST]]


def check_cell(values: list[tuple[str, Any]], release: str) -> tuple[str, str]:
    """The check as (text, code): the text in reStructuredText for the script's comment block
    (Markdown in a notebook reads it the same), the code with messages in the page's language."""
    text = _(
        "Does your PyTorch agree with this page?\n"
        "----------------------------------------\n"
        "The site ran this example on PyTorch {release} and its pages state the values below. "
        "Run this cell after the others: it compares each with what your run computed "
        "(numbers within a relative 1e-4). Timings and values that depend on your devices are "
        "left out. If a value differs, the cell names it and stops with an error (exit status 1)."
    ).format(release=release)
    agree = _("Your PyTorch ({mine}) agrees with the site (PyTorch {site}) on {count} values.")
    differ = _(
        "These values differ from what the site recorded on PyTorch {site}: your PyTorch "
        "({mine}), or an edit of the code above, changed them."
    )
    line = _("  {code}: yours {mine!r}, the site recorded {site!r}")
    rows = "\n".join(f"        ({code!r}, {code}, {value!r})," for code, value in values)
    agree, differ, line = (repr(str(message)) for message in (agree, differ, line))
    columns = _("values: (the code, what your run gives, what the site recorded)")
    # The expressions are evaluated where the call is, at the script's top level, among its
    # names; the functions' own names say what they are for, so that none hides one of them.
    # Its docstring in the reader's language too (a site test fails on one left in English).
    rule = inspect.getsource(agrees_with_site).replace(
        str(agrees_with_site.__doc__),
        str(
            _(
                "Whether your value is the site's: lists item by item, numbers within a relative 1e-4."
            )
        ),
        1,
    )
    code = f"""import math

RELATIVE_TOLERANCE = {RELATIVE_TOLERANCE}


{rule}

def {CHECK_MARK}(values, site_release):
    # {columns}
    differ = [(code, mine, site) for code, mine, site in values if not agrees_with_site(mine, site)]
    if not differ:
        message = {agree}
        print(message.format(mine=torch.__version__, site=site_release, count=len(values)))
        return
    print({differ}.format(mine=torch.__version__, site=site_release))
    for code, mine, site in differ:
        print({line}.format(code=code, mine=mine, site=site))
    raise SystemExit(1)


{CHECK_MARK}(
    [
{rows}
    ],
    site_release={release!r},
)
"""
    return text, code


def as_script_cell(text: str, code: str) -> str:
    lines = [
        wrapped
        for paragraph in text.splitlines()
        for wrapped in (textwrap.wrap(paragraph, 86, break_on_hyphens=False) or [""])
    ]
    comment = "\n".join(f"# {line}".rstrip() for line in lines)
    return f"\n\n# %%\n{comment}\n\n{code}"


def as_notebook_cells(text: str, code: str) -> list[dict[str, Any]]:
    title, _underline, *rest = text.splitlines()
    markdown = f"## {title}\n" + "\n".join(rest)
    return [
        {"cell_type": "markdown", "metadata": {}, "source": markdown},
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {"collapsed": False},
            "outputs": [],
            "source": code.rstrip("\n"),
        },
    ]
