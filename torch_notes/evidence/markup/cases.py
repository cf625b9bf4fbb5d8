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
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.model.values import format_value
from torch_notes.evidence.store.domain import extracting_messages, record_check

logger = logging.getLogger(__name__)
CHOSEN = "fact_case"  # env.temp_data while a {fact-case} is parsed: the value shown, or None


class case_node(nodes.General, nodes.Element):
    """One ``{case}``: the values it is written for, and its text when it is the one kept."""


def case_values(argument: str) -> tuple[str, ...]:
    return tuple(value.strip() for value in argument.split(",") if value.strip())


class FactCaseDirective(SphinxDirective):
    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        shown = None  # extracting messages: every case is kept, for the translators
        if not extracting_messages(self.env):
            store = fact_store(self.env)
            try:
                shown = format_value(store.lookup(key))
            except LookupError as err:
                self.warn(f"{err.args[0]} (in {{fact-case}} {key})")
                return []
            self.env.note_dependency(str(store.sources[key]))
        outer = self.env.temp_data.get(CHOSEN, self)  # a {fact-case} inside a {case}
        self.env.temp_data[CHOSEN] = shown
        try:
            parsed = nodes.container()
            self.state.nested_parse(self.content, self.content_offset, parsed)
        finally:
            if outer is self:
                del self.env.temp_data[CHOSEN]
            else:
                self.env.temp_data[CHOSEN] = outer
        cases = [child for child in parsed.children if isinstance(child, case_node)]
        if len(cases) != len(parsed.children) or not cases:
            self.warn("a {fact-case} holds {case} directives only, one per set of values")
            return []
        values = [value for case in cases for value in case["values"]]
        if repeated := sorted({value for value in values if values.count(value) > 1}):
            self.warn(f"{{fact-case}} {key}: more than one case lists {', '.join(repeated)}")
        if shown is None:
            return [child for case in cases for child in case.children]
        chosen = [case for case in cases if shown in case["values"]]
        if not chosen:
            self.warn(
                f"{{fact-case}} {key}: the fact is {shown!r}, which no case lists "
                f"(cases: {'; '.join(', '.join(case['values']) for case in cases)})"
            )
            return []
        record_check(self.env, CheckKind.FACT, key, True)
        classes = ["fact-case"] + (["volatile"] if key in fact_store(self.env).volatile else [])
        return [nodes.container("", *chosen[0].children, classes=classes)]

    def warn(self, problem: str) -> None:
        logger.warning(problem, location=self.get_location(), type="facts", subtype="case")


class CaseDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar = {}

    def run(self) -> list[nodes.Node]:
        if CHOSEN not in self.env.temp_data:
            logger.warning(
                "a {case} belongs inside a {fact-case}",
                location=self.get_location(),
                type="facts",
                subtype="case",
            )
            return []
        node = case_node(values=case_values(self.arguments[0]))
        shown = self.env.temp_data[CHOSEN]
        if shown is None or shown in node["values"]:  # only the case kept is parsed
            self.state.nested_parse(self.content, self.content_offset, node)
        return [node]
