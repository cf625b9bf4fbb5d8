"""Text chosen by an executed fact: the page says, in its own words, what each value means.

::

    ````{fact-case} time_devices.accelerator
    ```{case} none
    The machine that built this page had no accelerator (GPU): ...
    ```
    ```{case} cuda, mps
    The machine that built this page had an accelerator,
    **{fact}`time_devices.accelerator_name`**: ...
    ```
    ````

A ``{fact}`` inserted in a fixed sentence reads well only for some values ("Accelerator on
the machine that built this page: none"), and a translation cannot reword around a value it
does not know. Here each ``{case}`` lists the values it is written for (comma-separated,
compared with the fact as ``{fact}`` shows it), and the build keeps the one case that lists
the executed value; it warns, naming the page, the fact and the value, when none does, and
when a case lists a value another case lists too. Every case is a plain paragraph for the
translators (message extraction keeps them all). The fact counts as an inserted fact; a
volatile fact (timings) marks the text it chose ``volatile``, as ``{fact}`` does.
"""

from __future__ import annotations

from typing import ClassVar

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.markup.pending import replace
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.model.values import format_value
from torch_notes.evidence.store.domain import record_check

logger = logging.getLogger(__name__)
INSIDE = "fact_case"  # env.temp_data while a {fact-case} is parsed


class case_node(nodes.General, nodes.Element):
    """One ``{case}``: the values it is written for, and its text."""


def case_values(argument: str) -> tuple[str, ...]:
    return tuple(value.strip() for value in argument.split(",") if value.strip())


class FactCaseDirective(SphinxDirective):
    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        outer = self.env.temp_data.get(INSIDE, self)  # a {fact-case} inside a {case}
        self.env.temp_data[INSIDE] = True
        try:
            parsed = nodes.container()
            self.state.nested_parse(self.content, self.content_offset, parsed)
        finally:
            if outer is self:
                del self.env.temp_data[INSIDE]
        cases = [child for child in parsed.children if isinstance(child, case_node)]
        if len(cases) != len(parsed.children) or not cases:
            self.warn("a {fact-case} holds {case} directives only, one per set of values")
            return []
        values = [value for case in cases for value in case["values"]]
        if repeated := sorted({value for value in values if values.count(value) > 1}):
            self.warn(f"{{fact-case}} {key}: more than one case lists {', '.join(repeated)}")
        # Every case stays for message extraction; a rendering build keeps one (choose_cases).
        node = nodes.container("", *cases, classes=["fact-case"])
        node[attributes.PENDING], node[attributes.FACT_KEY] = "fact-case", key
        self.set_source_info(node)
        return [node]

    def warn(self, problem: str) -> None:
        logger.warning(problem, location=self.get_location(), type="facts", subtype="case")


def choose(env: BuildEnvironment, node: nodes.Element) -> list[nodes.Node]:
    """The case a ``{fact-case}`` keeps: the one that lists the executed value."""
    key = node[attributes.FACT_KEY]
    cases = [case for case in node.children if isinstance(case, case_node)]  # all of them

    def warn(problem: str) -> list[nodes.Node]:
        logger.warning(problem, location=node, type="facts", subtype="case")
        return []

    store = fact_store(env)
    try:
        shown = format_value(store.lookup(key))
    except LookupError as err:
        return warn(f"{err.args[0]} (in {{fact-case}} {key})")
    env.note_dependency(str(store.sources[key]))
    chosen = [case for case in cases if shown in case["values"]]
    if not chosen:
        return warn(
            f"{{fact-case}} {key}: the fact is {shown!r}, which no case lists "
            f"(cases: {'; '.join(', '.join(case['values']) for case in cases)})"
        )
    record_check(env, CheckKind.FACT, key, True)
    classes = ["fact-case"] + (["volatile"] if key in store.volatile else [])
    return [nodes.container("", *chosen[0].children, classes=classes)]


def fill_in_fact_case(env: BuildEnvironment, node: nodes.Element) -> None:
    """Keep the case of the executed value (a case not kept takes what it holds along)."""
    replace(node, choose(env, node))


class CaseDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar = {}

    def run(self) -> list[nodes.Node]:
        if INSIDE not in self.env.temp_data:
            logger.warning(
                "a {case} belongs inside a {fact-case}",
                location=self.get_location(),
                type="facts",
                subtype="case",
            )
            return []
        node = case_node(values=case_values(self.arguments[0]))
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]
