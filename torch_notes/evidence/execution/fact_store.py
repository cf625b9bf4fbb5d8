"""Every fact this build knows, by qualified key, and where each came from.

The examples' facts are read from the files sphinx-gallery wrote beside their outputs
(``execution.recording``); a snippet's facts are computed on demand by the snippet runner.
The store is made anew for each build (sphinx-gallery may have rewritten the files).
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from torch_notes import sitewide
from torch_notes.evidence.execution.recording import CELLS_KEY, FACTS_SUFFIX, VOLATILE_KEY
from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX, SnippetRunner
from torch_notes.evidence.execution.statement_probes import PROBE_PREFIX, ProbeRunner
from torch_notes.evidence.model.values import from_plain

Provider = Callable[[str], tuple[dict[str, Any], Path, Any]]


class FactStore:
    """All facts known to this build: ``{qualified key: value}`` plus where each came from."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.sources: dict[str, Path] = {}
        self.volatile: set[str] = set()
        # The cell of an example that recorded a fact: {qualified key: "<example>.<cell>"}.
        self.cells: dict[str, str] = {}
        # The record behind a fact computed on demand (a snippet's run), by qualified key.
        self.origins: dict[str, Any] = {}
        # First key segment -> callable(name) that computes facts on demand (snippets).
        self.providers: dict[str, Provider] = {}

    def load_dir(self, folder: Path) -> None:
        for path in sorted(folder.rglob(f"*{FACTS_SUFFIX}")):
            name = sitewide.example_name(path.name.removesuffix(FACTS_SUFFIX))
            values = json.loads(path.read_text(encoding="utf-8"))
            self.volatile |= {f"{name}.{key}" for key in values.pop(VOLATILE_KEY, [])}
            cells = values.pop(CELLS_KEY, {})
            self.cells |= {f"{name}.{key}": f"{name}.{cell}" for key, cell in cells.items()}
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


def fact_store(env: BuildEnvironment) -> FactStore:
    """The build's store, loaded on first use (after sphinx-gallery has run the examples)."""
    store = _stores.get(env)
    if store is None:
        store = FactStore()
        for folder in fact_dirs(env):
            store.load_dir(folder)
        store.providers[SNIPPET_PREFIX] = SnippetRunner.for_env(env).facts
        if env.config.evidence_probes_dir:
            store.providers[PROBE_PREFIX] = ProbeRunner.for_env(env).facts
        _stores[env] = store
    return store


def fact_dirs(env: BuildEnvironment) -> Iterable[Path]:
    srcdir = Path(env.srcdir)
    conf = getattr(env.config, "sphinx_gallery_conf", None) or {}
    for folder in [*conf.get("gallery_dirs", []), *env.config.facts_dirs]:
        if (srcdir / folder).is_dir():
            yield srcdir / folder


def reset_store(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Facts are re-read from disk each build: sphinx-gallery may have rewritten them."""
    _stores.pop(env, None)
