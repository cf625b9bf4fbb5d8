"""``{fact}`` and ``{claim}``: the roles that state executed facts in prose.

Facts are what ran: the ``facts`` dict of each gallery script, published as
``<example>.<key>`` (``execution.recording`` shows how a script records them, volatile ones
included), and each snippet's results, ``snippets.<name>.output``, ``.error``,
``.error_type``, ``.warnings`` (``execution.snippet_runner``). Exceptions and warnings stay
typed (:class:`~torch_notes.evidence.model.records.Raised`, ``Warned``): that a fact is an
error is recorded, never guessed from its name or value. A volatile fact (a timing) is shown
with the class ``volatile``, which ``torch_notes.commands.determinism`` ignores.

Pages state facts in one short line, in either language:

* ``{fact}`autograd_basics.leaf_grad``` inserts the executed value
  (``{fact}`autograd_basics.leaf_grad:.2f``` formats it);
* ``{claim}`4.5 <autograd_basics.leaf_grad>``` shows the author's text and fails the
  build, naming page, claim, expected and actual, when the executed value differs.

The roles only mark what they state (``markup.pending``); a rendering build fills them in on
each page it reads, after its translation (``markup.fill_in``), from the executed values. Message
extraction runs nothing and sees the roles' own text.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.execution.recording import FACTS_SUFFIX
from torch_notes.evidence.execution.release_records import history_bound, release_bound
from torch_notes.evidence.markup.pending import pending, replace
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import CheckKind, Printed, Raised, Warned, names_exception
from torch_notes.evidence.model.values import format_value, matches, parse_claim
from torch_notes.evidence.store.domain import record_check

logger = logging.getLogger(__name__)


def check_claim(env: BuildEnvironment, claim: str) -> list[str]:
    """Problems with one claim (empty when it holds); notes the fact as a dependency."""
    try:
        text, key = parse_claim(claim)
        store = fact_store(env)
        actual = store.lookup(key)
    except (LookupError, ValueError) as err:
        return [f"{err.args[0]} (in claim {claim!r})"]
    env.note_dependency(str(store.sources[key]))
    source = store.sources[key].name.removesuffix(FACTS_SUFFIX)
    if names_exception(text) and isinstance(actual, str):
        record_check(env, CheckKind.CLAIM, claim, False)
        problem = (
            f"claim states the exception {text!r}, but {key} holds {format_value(actual)!r}, "
            f"not a recorded exception: in {source}, record the exception "
            "(facts[...] = type(error), or the error itself), never its name"
        )
        return [problem]
    holds = matches(text, actual) or bool(release_bound(env, key, text))
    record_check(env, CheckKind.CLAIM, claim, holds)
    if holds:
        return []
    problem = (
        f"claim does not hold: the page states {text!r} for {key}, "
        f"but executing {source} gives {format_value(actual)!r}"
    )
    return [problem]


class FactRole(SphinxRole):
    """``{fact}`key``` or ``{fact}`key:format```: the executed value itself."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key, _, spec = self.text.partition(":")
        node = nodes.literal(self.rawtext, self.text)
        node[attributes.FACT_KEY] = key.strip()  # a translation must keep it (i18n.parity)
        node[attributes.FACT_SPEC] = spec  # a paragraph bounded by {since} may re-show it
        return [pending(self, "fact", node)], []


class ClaimRole(SphinxRole):
    """``{claim}`text <key>```: the author's text, checked against the executed value."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            text, key = parse_claim(self.text)
        except ValueError:
            text, key = self.text, ""
        node = nodes.inline(self.rawtext, text, classes=["checked-fact"])
        node[attributes.ROLE_TEXT] = self.text
        if key:  # the errata table pairs quotes with the claims of their paragraph
            node[attributes.CLAIM_KEY], node[attributes.CLAIM_TEXT] = key, text
        return [pending(self, "claim", node)], []


def show_fact(env: BuildEnvironment, node: nodes.Element) -> nodes.Element:
    key, spec = node[attributes.FACT_KEY], node[attributes.FACT_SPEC]
    store = fact_store(env)
    try:
        value = store.lookup(key)
        shown = format_value(value, spec, list_separator(env.config.language))
    except (LookupError, ValueError) as err:
        logger.warning(
            "%s (in {fact}`%s`)",
            err.args[0],
            node.astext(),
            location=node,
            type="facts",
            subtype="unknown",
        )
        return nodes.problematic(node.rawsource, node.rawsource)
    env.note_dependency(str(store.sources[key]))
    record_check(env, CheckKind.FACT, key, True)
    shown_node = fact_node(node.rawsource, shown, value)
    shown_node[attributes.FACT_KEY], shown_node[attributes.FACT_SPEC] = key, spec
    if key in store.volatile:
        shown_node["classes"].append("volatile")
    return shown_node


def list_separator(language: str | None) -> str:
    """How the page's language separates the items of an inserted list: "a, b" or "a、b"."""
    return "、" if (language or "").startswith("zh") else ", "


def show_claim(env: BuildEnvironment, node: nodes.Element) -> nodes.Element:
    for problem in check_claim(env, node[attributes.ROLE_TEXT]):
        logger.warning(problem, location=node, type="facts", subtype="claim")
    key = node.get(attributes.CLAIM_KEY, "")
    text = node.get(attributes.CLAIM_TEXT, node.astext())
    shown = fact_node(node.rawsource, text, fact_store(env).values.get(key) if key else None)
    if key:
        shown[attributes.CLAIM_KEY], shown[attributes.CLAIM_TEXT] = key, text
        bound = claim_bound(env, key, text)
        if bound:  # the paragraph must say so with {since} (checks.bounded_claims)
            shown[attributes.RELEASE_BOUND], shown[attributes.RELEASE_BOUND_KEY] = bound, key
        else:  # whatever this build's release, a supported one may have recorded another outcome
            later, outcomes = history_bound(env, key, text)
            if outcomes:
                shown[attributes.HISTORY_BOUND] = later
                shown[attributes.HISTORY_OUTCOMES] = outcomes
    return shown


def claim_bound(env: BuildEnvironment, key: str, text: str) -> str:
    """The release from which a claim that fails here holds (``release_bound``), or ""."""
    try:
        if matches(text, fact_store(env).lookup(key)):
            return ""  # holds on this release: nothing to bound
    except LookupError:
        return ""  # reported by check_claim
    return release_bound(env, key, text)


def fill_in_fact(env: BuildEnvironment, node: nodes.Element) -> None:
    """A ``{fact}`` becomes its executed value."""
    replace(node, show_fact(env, node))


def fill_in_claim(env: BuildEnvironment, node: nodes.Element) -> None:
    """A ``{claim}`` is checked against its executed value."""
    replace(node, show_claim(env, node))


def fact_node(rawtext: str, shown: str, value: Any) -> nodes.Element:
    node_class = (
        nodes.literal if isinstance(value, str | Printed | Raised | Warned) else nodes.inline
    )
    return node_class(rawtext, shown, classes=["checked-fact"])
