"""Named facts from executed code, and the roles that state them in prose.

A gallery script records the values its page talks about in a module-level dict named
``facts`` (a plain dict, so the downloaded script runs anywhere)::

    facts = {}
    ...
    facts["leaf_grad"] = x.grad[0, 0].item()
    facts["view_error_type"] = type(error)      # an exception class: "it raises this"
    facts["vector_error"] = error               # an exception: its type and message
    facts["old_name_warning_category"] = caught[0].category   # a warning category

The keys are published as ``<example>.<key>`` (``plot_autograd_basics.py`` ->
``autograd_basics.leaf_grad``); snippets (``snippets.py``) publish ``snippets.<name>.output``,
``.error``, ``.error_type`` and ``.warnings``. Exceptions and warnings stay typed
(:class:`~torch_notes.evidence.model.Raised`, :class:`~torch_notes.evidence.model.Warned`):
that a fact is an error is recorded, never guessed from its name or value.

Values that change from run to run (timings) are listed by the script in
``volatile_facts = {"cpu_growth"}``; ``{fact}`` marks them with the class ``volatile``, which
``torch_notes.commands.determinism`` ignores when it compares two builds.

Pages state facts in one short line, in either language:

* ``{fact}`autograd_basics.leaf_grad``` inserts the executed value
  (``{fact}`autograd_basics.leaf_grad:.2f``` formats it);
* ``{claim}`4.5 <autograd_basics.leaf_grad>``` shows the author's text and fails the
  build, naming page, claim, expected and actual, when the executed value differs.
"""

from __future__ import annotations

import json
import math
import random
import re
import warnings
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes import sitewide
from torch_notes.evidence.domain import EvidenceDomain
from torch_notes.evidence.model import Check, CheckKind, Raised, Warned

logger = logging.getLogger(__name__)

FACTS_SUFFIX = ".facts.json"
SNIPPET_PREFIX = "snippets"  # snippets.<name>.<result>: the facts of a note's code fragment
VOLATILE_KEY = "__volatile__"  # in a facts file: the keys whose values differ on every run
_CLAIM_SYNTAX = re.compile(r"^(?P<text>.*?)\s*<(?P<key>[^<>]+)>$", re.DOTALL)


# -- Recording (runs inside sphinx-gallery) -----------------------------------------------


def to_plain(value: Any, where: str) -> Any:
    """Turn a recorded value into JSON: numbers, strings, bools, None, lists of them, and
    exceptions and warnings as ``{"raised": type, "message": ...}`` / ``{"warned": ...}``."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [to_plain(item, where) for item in value]
    if isinstance(value, warnings.WarningMessage):
        return {"warned": value.category.__name__, "message": str(value.message)}
    if isinstance(value, type) and issubclass(value, Warning):
        return {"warned": value.__name__}
    if isinstance(value, type) and issubclass(value, BaseException):
        return {"raised": value.__name__}
    if isinstance(value, BaseException):
        return {"raised": type(value).__name__, "message": str(value)}
    if hasattr(value, "tolist"):  # torch tensors and numpy arrays or scalars
        return to_plain(value.tolist(), where)
    raise TypeError(
        f"{where} is a {type(value).__name__}; record a number, string, bool or list "
        "(for example `type(obj).__name__`, `str(dtype)` or `tensor.tolist()`), "
        "an exception or a warning"
    )


def from_plain(value: Any) -> Any:
    """The inverse of :func:`to_plain` for the typed records."""
    if isinstance(value, dict) and "raised" in value:
        return Raised(value["raised"], value.get("message"))
    if isinstance(value, dict) and "warned" in value:
        return Warned(value["warned"], value.get("message"))
    if isinstance(value, list):
        return [from_plain(item) for item in value]
    return value


def record_facts(block, block_vars: dict[str, Any], gallery_conf: dict[str, Any]) -> str:
    """sphinx-gallery image scraper that stores the example's ``facts`` dict after each block.

    Scrapers are the one hook sphinx-gallery calls with the example's namespace. The file
    sits beside the generated example, so it lives and dies with the example's outputs
    (it is reused exactly when sphinx-gallery reuses them).
    """
    recorded = block_vars["example_globals"].get("facts")
    if isinstance(recorded, dict):
        name = sitewide.example_name(block_vars["src_file"])
        plain = {
            key: to_plain(value, f"facts[{key!r}] in {name}") for key, value in recorded.items()
        }
        volatile = block_vars["example_globals"].get("volatile_facts")
        if volatile:
            plain[VOLATILE_KEY] = sorted(volatile)
        target = Path(block_vars["target_file"]).with_suffix(FACTS_SUFFIX)
        target.write_text(json.dumps(plain, indent=1, sort_keys=True), encoding="utf-8")
    return ""


def seed_everything(gallery_conf: dict[str, Any], fname: str, when: str = "before") -> None:
    """sphinx-gallery reset hook: every example starts from the same random state."""
    random.seed(0)
    try:
        import numpy
        import torch
    except ImportError:
        return
    numpy.random.seed(0)
    torch.manual_seed(0)


# -- The store ------------------------------------------------------------------------------

Provider = Callable[[str], tuple[dict[str, Any], Path, Any]]


class FactStore:
    """All facts known to this build: ``{qualified key: value}`` plus where each came from."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.sources: dict[str, Path] = {}
        self.volatile: set[str] = set()
        # The record behind a fact computed on demand (a snippet's run), by qualified key.
        self.origins: dict[str, Any] = {}
        # First key segment -> callable(name) that computes facts on demand (snippets).
        self.providers: dict[str, Provider] = {}

    def load_dir(self, folder: Path) -> None:
        for path in sorted(folder.rglob(f"*{FACTS_SUFFIX}")):
            name = sitewide.example_name(path.name.removesuffix(FACTS_SUFFIX))
            values = json.loads(path.read_text(encoding="utf-8"))
            self.volatile |= {f"{name}.{key}" for key in values.pop(VOLATILE_KEY, [])}
            self.add(name, {key: from_plain(value) for key, value in values.items()}, path)

    def add(self, prefix: str, values: dict[str, Any], source: Path, origin: Any = None) -> None:
        for key, value in values.items():
            self.values[f"{prefix}.{key}"] = value
            self.sources[f"{prefix}.{key}"] = source
            if origin is not None:
                self.origins[f"{prefix}.{key}"] = origin

    def lookup(self, key: str) -> Any:
        if key in self.values:
            return self.values[key]
        kind, _, rest = key.partition(".")
        if kind in self.providers and "." in rest:
            name = rest.rpartition(".")[0]
            self.add(f"{kind}.{name}", *self.providers[kind](name))
            if key in self.values:
                return self.values[key]
        prefix = key.rpartition(".")[0]
        siblings = sorted(k for k in self.values if k.startswith(prefix + "."))
        hint = (
            f"; {prefix} has: {', '.join(siblings)}"
            if siblings
            else "; known examples: "
            + (", ".join(sorted({k.rsplit(".", 1)[0] for k in self.values})) or "none")
        )
        raise KeyError(f"no executed fact named {key!r}{hint}")


_stores: weakref.WeakKeyDictionary[BuildEnvironment, FactStore] = weakref.WeakKeyDictionary()


def domain(env: BuildEnvironment) -> EvidenceDomain:
    return env.get_domain(EvidenceDomain.name)  # type: ignore[return-value]


def extracting_messages(env: BuildEnvironment) -> bool:
    """The gettext builder runs nothing, so there is nothing to check against."""
    return domain(env).extracting_messages


def fact_store(env: BuildEnvironment) -> FactStore:
    """The build's store, loaded on first use (after sphinx-gallery has run the examples)."""
    store = _stores.get(env)
    if store is None:
        store = FactStore()
        for folder in fact_dirs(env):
            store.load_dir(folder)
        from torch_notes.evidence.snippets import SnippetRunner  # it reads facts too

        store.providers[SNIPPET_PREFIX] = SnippetRunner.for_env(env).facts
        _stores[env] = store
    return store


def fact_dirs(env: BuildEnvironment) -> Iterable[Path]:
    srcdir = Path(env.srcdir)
    conf = getattr(env.config, "sphinx_gallery_conf", None) or {}
    for folder in [*conf.get("gallery_dirs", []), *env.config.facts_dirs]:
        if (srcdir / folder).is_dir():
            yield srcdir / folder


def reset_store(app, env: BuildEnvironment, docnames: list[str]) -> None:
    """Facts are re-read from disk each build: sphinx-gallery may have rewritten them."""
    _stores.pop(env, None)


# -- Comparing and showing ------------------------------------------------------------------


def format_value(value: Any, spec: str = "") -> str:
    if isinstance(value, list):
        return ", ".join(format_value(item, spec) for item in value)
    if isinstance(value, float) and not spec:
        return f"{value:g}"
    if isinstance(value, Raised | Warned):
        return str(value)
    return format(value, spec) if spec else str(value)


def matches(stated: str, actual: Any) -> bool:
    """Whether the text an author wrote states the executed value.

    Numbers compare as numbers (``0.002`` states float32's 0.0020000000949949026), lists as
    comma-separated items, exceptions and warnings by type (or category) or message, everything
    else as exact text.
    """
    stated = stated.strip()
    if isinstance(actual, bool) or actual is None:
        return stated == str(actual)
    if isinstance(actual, Raised | Warned):
        return actual.states(stated)
    if isinstance(actual, int | float):
        try:
            number = float(stated)
        except ValueError:
            return False
        return math.isclose(number, actual, rel_tol=1e-6, abs_tol=1e-12)
    if isinstance(actual, list):
        parts = [part for part in re.split(r"\s*,\s*", stated.strip("[]()")) if part]
        return len(parts) == len(actual) and all(map(matches, parts, actual))
    return stated == str(actual)


def record_check(env: BuildEnvironment, kind: CheckKind, subject: str, holds: bool, **kw) -> None:
    """Remember one check of this page for the build summary (see ``domain.py``)."""
    domain(env).note_check(env.docname, Check(kind, subject, holds, **kw))


def parse_claim(claim: str) -> tuple[str, str]:
    """``"4.5 <autograd_basics.first_grad>"`` -> ``("4.5", "autograd_basics.first_grad")``."""
    match = _CLAIM_SYNTAX.match(claim.strip())
    if not match:
        raise ValueError(f"claim {claim!r} must read `stated value <fact key>`")
    return match["text"], match["key"].strip()


def check_claim(env: BuildEnvironment, claim: str) -> list[str]:
    """Problems with one claim (empty when it holds); notes the fact as a dependency."""
    try:
        text, key = parse_claim(claim)
        store = fact_store(env)
        actual = store.lookup(key)
    except (LookupError, ValueError) as err:
        return [f"{err.args[0]} (in claim {claim!r})"]
    env.note_dependency(str(store.sources[key]))
    holds = matches(text, actual) or bool(bounded_release(env, key, text))
    record_check(env, CheckKind.CLAIM, claim, holds)
    if holds:
        return []
    source = store.sources[key].name.removesuffix(FACTS_SUFFIX)
    problem = (
        f"claim does not hold: the page states {text!r} for {key}, "
        f"but executing {source} gives {format_value(actual)!r}"
    )
    return [problem]


def bounded_release(env: BuildEnvironment, key: str, stated: str | None = None) -> str:
    """The release (``2.7``) from which the fact has the value the pages state, when this
    build's release is older (``torch_notes.evidence.releases``); "" otherwise."""
    from torch_notes.evidence.releases import release_bound  # it builds on this module

    return release_bound(env, key, stated)


def mark_bound(node: nodes.Element, key: str, release: str) -> None:
    """The paragraph must say so with ``{since}`` (``releases.check_bounded_claims``)."""
    node["release_bound"], node["release_bound_key"] = release, key


class FactRole(SphinxRole):
    """``{fact}`key``` or ``{fact}`key:format```: the executed value itself."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key, _, spec = self.text.partition(":")
        key = key.strip()
        if extracting_messages(self.env):
            return [nodes.literal(self.rawtext, self.text)], []
        store = fact_store(self.env)
        try:
            value = store.lookup(key)
            shown = format_value(value, spec)
        except (LookupError, ValueError) as err:
            logger.warning(
                "%s (in {fact}`%s`)",
                err.args[0],
                self.text,
                location=self.get_location(),
                type="facts",
                subtype="unknown",
            )
            return [nodes.problematic(self.rawtext, self.rawtext)], []
        self.env.note_dependency(str(store.sources[key]))
        record_check(self.env, CheckKind.FACT, key, True)
        node = fact_node(self.rawtext, shown, value)
        node["fact_key"] = key  # a translation must keep it (torch_notes.i18n.parity)
        node["fact_spec"] = spec  # a paragraph bounded by {since} may show a newer release's
        if key in store.volatile:
            node["classes"].append("volatile")
        return [node], []


class ClaimRole(SphinxRole):
    """``{claim}`text <key>```: the author's text, checked against the executed value."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            text, key = parse_claim(self.text)
        except ValueError:
            text, key = self.text, ""
        if not extracting_messages(self.env):
            for problem in check_claim(self.env, self.text):
                logger.warning(problem, location=self.get_location(), type="facts", subtype="claim")
        value = fact_store(self.env).values.get(key) if key else None
        node = fact_node(self.rawtext, text, value)
        if key:  # the errata table pairs quotes with the claims of their paragraph
            node["claim_key"], node["claim_text"] = key, text
            bound = "" if extracting_messages(self.env) else self.bound(key, text)
            if bound:
                mark_bound(node, key, bound)
        return [node], []

    def bound(self, key: str, text: str) -> str:
        try:
            if matches(text, fact_store(self.env).lookup(key)):
                return ""  # holds on this release: nothing to bound
        except LookupError:
            return ""  # reported by check_claim
        return bounded_release(self.env, key, text)


def fact_node(rawtext: str, shown: str, value: Any) -> nodes.Node:
    node_class = nodes.literal if isinstance(value, str | Raised | Warned) else nodes.inline
    return node_class(rawtext, shown, classes=["checked-fact"])
