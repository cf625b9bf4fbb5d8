"""A hidden block may read the learner's state, never change it.

    extensions = [..., "sphinx_gallery.gen_gallery", "torch_notes.gallery.hidden_blocks"]

A gallery script hides the build's bookkeeping between ``# sphinx_gallery_start_ignore`` and
``# sphinx_gallery_end_ignore``: the ``facts`` its pages state, the build's own asserts. The
learner's download runs without those blocks (``gallery.downloads``), yet the check at its end
(``gallery.self_check``) compares the learner's values with the values this build's run of the
whole script left. The two agree only if no hidden block changed what the visible code goes on
to compute, so each hidden block runs inside :func:`kept_apart`, which compares, before and
after the block:

* the random states the visible code may draw from: Python's ``random``, NumPy's global
  state, PyTorch's default generator (and CUDA's once it is in use), and each generator a
  name reaches (a ``torch.Generator``, such as a ``DataLoader``'s or its sampler's, a NumPy
  ``Generator`` or ``RandomState``, a ``random.Random``);
* seven of torch's global settings: the default dtype and device, grad mode, deterministic
  algorithms, anomaly detection, float32 matmul precision, the number of threads;
* what the visible code's names reach through items and attributes: each name's object; a
  tensor's version counter (an in-place change through the tensor or a view bumps it),
  ``requires_grad``, ``retains_grad``, ``.grad``, its hooks (backward and post-accumulate)
  and, for a CPU tensor up to 4 MB, its bytes (which shows a change through ``.data``,
  ``.numpy()`` or the storage); a module's ``training`` flag and hooks, and its parameters,
  buffers and submodules as attributes; each item of a list, tuple, set or dict (the first
  1,000) and each attribute in an object's ``__dict__``; a NumPy array's bytes (up to 50 MB).

A block that changes one of them fails the example, naming the script, the block's line and
what changed, with the ways to keep its work apart (a copy, ``fork_rng``). A name the block
binds first is its own (a later block may change or delete it) until the visible code binds
it to another object. What the guard cannot see: a change to a large tensor through
``.data`` or its storage, to a CUDA tensor that way, to an object deeper than 16 steps from a
name or past a container's first 1,000 items; the insides of objects without a ``__dict__``
other than those above (a ``deque``, a ``bytearray``, a class with ``__slots__``); anything
outside the names (a class attribute, a closure, a function's defaults, global hooks, other
global settings such as denormal flushing); an iterator advanced without a visible
attribute; and anything in another process (a loader's persistent workers draw from their
own seeds).

sphinx-gallery compiles each code block to an AST and runs it (``gen_rst.
_exec_and_get_memory``, the same in 0.20 and 0.22); this extension wraps that function so
that the statements of each hidden block run inside ``with kept_apart(...)``: nothing else of
the block changes, its line numbers included, so tracebacks and cell names stay the same.
"""

from __future__ import annotations

import ast
import hashlib
import pickle
import random
import types
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, wraps
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from torch_notes import paths

START, END = "# sphinx_gallery_start_ignore", "# sphinx_gallery_end_ignore"
# The build's own names in a script: recorded values, not the learner's state.
BOOKKEEPING = frozenset({"facts", "volatile_facts"})
GUARD = "__torch_notes_kept_apart__"  # the name the instrumented code calls
# How far into nested containers and attributes a name is followed: a module's parameter is
# two steps below the module (._parameters['weight']), a submodule two more (._modules['0']).
DEPTH = 16
PLAIN = (str, bytes, int, float, complex, bool, type(None))
SETTINGS = (
    "torch's global settings (default dtype and device, grad mode, deterministic algorithms, "
    "anomaly detection, float32 matmul precision, threads)"
)
ITEMS = 1_000  # the items of a container followed (a dataset's list of rows can hold 10,000)


class HiddenBlockChangedState(RuntimeError):
    """A hidden block changed what the learner's script, which runs without it, computes."""


def hidden_ranges(source: str) -> list[tuple[int, int]]:
    """``(start, end)``: the 1-based lines of each hidden block's two markers."""
    ranges, start = [], 0
    for number, line in enumerate(source.splitlines(), 1):
        if line.strip() == START:
            start = number
        elif line.strip() == END and start:
            ranges.append((start, number))
            start = 0
    return ranges


def instrument(tree: ast.Module, ranges: list[tuple[int, int]], script: str) -> ast.Module:
    """``tree`` with each run of statements inside one hidden block wrapped in
    ``with __torch_notes_kept_apart__(globals(), script, start line):``, at any depth."""

    def inside(stmt: ast.stmt) -> tuple[int, int] | None:
        end = stmt.end_lineno or stmt.lineno
        return next(((a, b) for a, b in ranges if a < stmt.lineno and end < b), None)

    def wrap(statements: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        group: list[ast.stmt] = []
        current: tuple[int, int] | None = None
        for stmt in [*statements, None]:
            block = inside(stmt) if stmt is not None else None
            if group and block != current:
                call = ast.Call(
                    func=ast.Name(GUARD, ast.Load()),
                    args=[
                        ast.Call(ast.Name("globals", ast.Load()), [], []),
                        ast.Constant(script),
                        ast.Constant(current[0] if current else 0),
                    ],
                    keywords=[],
                )
                with_ = ast.With(items=[ast.withitem(context_expr=call)], body=group)
                out.append(ast.copy_location(with_, group[0]))
                group = []
            if stmt is None:
                break
            if block is not None:
                group.append(stmt)
                current = block
            else:
                descend(stmt)
                out.append(stmt)
        return out

    def descend(node: ast.AST) -> None:
        for field in ("body", "orelse", "finalbody"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field, wrap(value))
        for handler in getattr(node, "handlers", []):
            handler.body = wrap(handler.body)
        for case in getattr(node, "cases", []):
            case.body = wrap(case.body)

    tree.body = wrap(tree.body)
    return ast.fix_missing_locations(tree)


# --- what a hidden block must leave as it found it ---------------------------------------------


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=12).hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """What a hidden block must leave as it found it, taken in one walk over the names."""

    randomness: dict[str, str]  # a digest of each random state, and torch's global settings
    state: dict[str, Any]  # {path: token} of everything the names reach
    generators: list[tuple[str, Any]]  # (path, generator) of each generator the names reach


def snapshot(namespace: dict[str, Any], names: Collection[str] | None = None) -> Snapshot:
    """The random states and the state of the visible code's names (or of ``names`` alone:
    what an expression that reads only them can reach)."""
    state: dict[str, Any] = {}
    generators = []
    seen: set[int] = set()
    for name, value in _visible(namespace, names):
        for path, item in _walk(value, name, 0, seen):
            if _is_generator(item):
                generators.append((path, item))
            try:
                state[path] = _token(item)
            except RuntimeError:  # a lazy module's parameter before its first call, say
                state[path] = (type(item).__name__, id(item))
    return Snapshot(randomness(generators), state, generators)


def randomness(generators: list[tuple[str, Any]]) -> dict[str, str]:
    """The global random states and settings, and the state of each of these generators."""
    return global_randomness() | {
        f"the generator {path}": _digest(_generator_state(generator))
        for path, generator in generators
    }


def _global_states() -> dict[str, Any]:
    """The global random states, as their getters return them (CUDA's once it is in use)."""
    torch, numpy = _libraries().torch, _libraries().numpy
    states = {
        "Python's random": random.getstate(),
        "NumPy's global random state": numpy.random.get_state(),
        "PyTorch's default generator (torch.manual_seed)": torch.get_rng_state(),
    }
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        states["CUDA's generators"] = torch.cuda.get_rng_state_all()
    return states


def _state_bytes(state: Any) -> bytes:
    torch = _libraries().torch
    if isinstance(state, torch.Tensor):
        return bytes(state.numpy().tobytes())
    if isinstance(state, list):  # CUDA's: a tensor per device
        return b"".join(_state_bytes(each) for each in state)
    return pickle.dumps(state)


def global_randomness() -> dict[str, str]:
    """A digest of each global random state, and torch's global settings."""
    torch = _libraries().torch
    states = {name: _digest(_state_bytes(state)) for name, state in _global_states().items()}
    default_device = getattr(torch, "get_default_device", lambda: None)  # PyTorch 2.3 and later
    states[SETTINGS] = repr(
        (
            torch.get_default_dtype(),
            default_device(),
            torch.is_grad_enabled(),
            torch.are_deterministic_algorithms_enabled(),
            torch.is_anomaly_enabled(),
            torch.get_float32_matmul_precision(),
            torch.get_num_threads(),
        )
    )
    return states


def saved_randomness(generators: list[tuple[str, Any]]) -> Callable[[], None]:
    """A function that puts back the global random states and those of ``generators``."""
    torch, numpy = _libraries().torch, _libraries().numpy
    saved = _global_states()
    setters = {
        "Python's random": random.setstate,
        "NumPy's global random state": numpy.random.set_state,
        "PyTorch's default generator (torch.manual_seed)": torch.set_rng_state,
        "CUDA's generators": torch.cuda.set_rng_state_all,
    }
    states = [(g, _get_state(g)) for _, g in generators]

    def restore() -> None:
        for name, state in saved.items():
            setters[name](state)
        for generator, state in states:
            _set_state(generator, state)

    return restore


@cache
def _libraries() -> types.SimpleNamespace:
    """torch and NumPy, imported once: the walk asks for them for every object it meets."""
    import numpy
    import torch

    return types.SimpleNamespace(torch=torch, numpy=numpy)


def _get_state(generator: Any) -> Any:
    if isinstance(generator, _libraries().numpy.random.Generator):
        return generator.bit_generator.state
    return generator.getstate() if isinstance(generator, random.Random) else generator.get_state()


def _set_state(generator: Any, state: Any) -> None:
    if isinstance(generator, _libraries().numpy.random.Generator):
        generator.bit_generator.state = state
    elif isinstance(generator, random.Random):
        generator.setstate(state)
    else:  # torch.Generator, numpy.random.RandomState
        generator.set_state(state)


@cache
def _generator_kinds() -> tuple[type, ...]:
    torch, numpy = _libraries().torch, _libraries().numpy
    return (torch.Generator, numpy.random.Generator, numpy.random.RandomState, random.Random)


def _is_generator(value: Any) -> bool:
    return not isinstance(value, PLAIN) and isinstance(value, _generator_kinds())


def _generator_state(generator: Any) -> bytes:
    return _state_bytes(_get_state(generator))


def _walk(value: Any, path: str, depth: int, seen: set[int]) -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``value`` through items and attributes, with its path.

    An object met again is not followed again, except a plain value: Python shares small
    ints, ``None`` and equal strings between places, and each place must be compared."""
    if isinstance(value, PLAIN):
        yield path, value
        return
    if depth > DEPTH or id(value) in seen or _opaque(value):
        return
    seen.add(id(value))
    yield path, value
    for key, item in _children(value):
        yield from _walk(item, f"{path}{key}", depth + 1, seen)


def _opaque(value: Any) -> bool:
    """Objects whose insides are not the learner's state: code, modules, figures, plain data."""
    if isinstance(value, types.ModuleType | type | types.FunctionType | types.BuiltinFunctionType):
        return True
    if isinstance(value, types.MethodType | property | staticmethod | classmethod):
        return True
    module = type(value).__module__.split(".")[0]
    return module in ("matplotlib", "PIL", "io", "_io", "logging", "threading", "subprocess")


def _children(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, PLAIN):
        return
    if isinstance(value, _libraries().torch.Tensor):
        grad = _grad(value)
        if grad is not None:
            yield ".grad", grad
        return
    if isinstance(value, dict):
        for index, (key, item) in enumerate(list(value.items())[:ITEMS]):
            plain_key = isinstance(key, str | int | float | bool | type(None))
            yield (f"[{key!r}]" if plain_key else f"[key #{index}]"), item
        return
    if isinstance(value, list | tuple | set | frozenset):
        if _only_plain(value):
            return  # compared whole (_token)
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        for index, item in enumerate(list(items)[:ITEMS]):
            yield f"[{index}]", item
        return
    attributes = getattr(value, "__dict__", None)
    if isinstance(attributes, dict):
        for key, item in list(attributes.items()):
            yield f".{key}", item


def _only_plain(items: Any) -> bool:
    # Each kind once: a row of 10,000 floats is one isinstance, not 10,000.
    return all(issubclass(kind, PLAIN) for kind in set(map(type, items)))


def _token(value: Any) -> Any:
    """What of one object (not what it holds) a change would show in."""
    torch, numpy = _libraries().torch, _libraries().numpy
    if isinstance(value, PLAIN):
        return (type(value).__name__, value)
    if isinstance(value, torch.Tensor):
        try:
            version = value._version
        except RuntimeError:  # an inference tensor keeps no version counter
            version = None
        grad = _grad(value)
        hooks = tuple(
            tuple(getattr(value, kind, None) or ())
            for kind in ("_backward_hooks", "_post_accumulate_grad_hooks")
        )
        return (
            "tensor", id(value), version, value.requires_grad, value.retains_grad,
            tuple(value.shape), value.dtype, None if grad is None else id(grad), hooks,
            _contents(value),
        )  # fmt: skip
    if isinstance(value, numpy.ndarray):
        data = value.tobytes() if value.nbytes <= 50_000_000 else b""
        return ("array", id(value), value.shape, str(value.dtype), _digest(data))
    if isinstance(value, torch.Generator):
        return ("generator", id(value))  # its state: Snapshot.randomness
    if isinstance(value, torch.nn.Module):
        hooks = tuple(
            tuple(hooks) for key, hooks in sorted(vars(value).items()) if key.endswith("_hooks")
        )
        return ("module", id(value), value.training, hooks)
    if isinstance(value, list | tuple | set | frozenset) and _only_plain(value):
        # A row of numbers: one token for all its items, not a path each.
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return (type(value).__name__, id(value), _digest(repr(list(items)).encode()))
    if isinstance(value, dict | list | tuple | set | frozenset):
        return (type(value).__name__, id(value), len(value))
    attributes = getattr(value, "__dict__", None)
    names = tuple(sorted(attributes)) if isinstance(attributes, dict) else ()
    return (type(value).__name__, id(value), names)


# A change that bypasses the version counter (through ``.data``, ``.numpy()``, the storage, or
# on an inference tensor) shows in the contents: compared for CPU tensors up to this size.
CONTENTS_BYTES = 4_000_000


def _contents(tensor: Any) -> str | None:
    torch = _libraries().torch
    if tensor.device.type != "cpu" or tensor.layout != torch.strided or tensor.is_quantized:
        return None
    if tensor.numel() * tensor.element_size() > CONTENTS_BYTES:
        return None
    try:
        flat = tensor.detach().reshape(-1).contiguous()
        return _digest(flat.view(torch.uint8).numpy().tobytes())
    except (RuntimeError, TypeError):  # a dtype NumPy cannot show as bytes
        return None


def _grad(tensor: Any) -> Any:
    """``tensor.grad`` where reading it is allowed without a warning (a leaf, or retained)."""
    return tensor.grad if tensor.is_leaf or tensor.retains_grad else None


def _visible(
    namespace: dict[str, Any], names: Collection[str] | None = None
) -> list[tuple[str, Any]]:
    hidden = namespace.get(HIDDEN_NAMES, {})
    return [
        (name, value)
        for name, value in sorted(namespace.items())
        if not name.startswith("__")
        and name not in BOOKKEEPING
        and name not in hidden
        and (names is None or name in names)
    ]


# The names first bound by a hidden block, each with the id of the object the last hidden
# block left it bound to.
HIDDEN_NAMES = "__torch_notes_hidden_names__"


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two ``Snapshot.state`` (or ``.randomness``) maps, in words."""
    said = []
    for path in sorted(before.keys() | after.keys()):
        if path not in after:
            said.append(f"{path} is gone")
        elif path not in before:
            said.append(f"{path} is new")
        elif before[path] != after[path]:
            said.append(f"{path} changed")
    return said


@contextmanager
def kept_apart(namespace: dict[str, Any], script: str, line: int) -> Iterator[None]:
    """Run a hidden block; fail if it changed a random state or the visible code's state."""
    hidden: dict[str, int] = namespace.setdefault(HIDDEN_NAMES, {})
    # A hidden name the visible code has bound since (to another object) is the learner's now.
    for name in [n for n, ident in hidden.items() if id(namespace.get(n, hidden)) != ident]:
        del hidden[name]
    names_before = set(namespace)
    before = snapshot(namespace)
    yield
    for name in set(namespace) - names_before:
        hidden[name] = id(namespace[name])
    for name in [n for n in hidden if n in namespace]:
        hidden[name] = id(namespace[name])  # what the block left it bound to
    # A state first seen after the block (CUDA's, once the block put CUDA to use) was not
    # drawn from: only a state that was there before can have changed.
    now = snapshot(namespace)
    changed = [c for c in changes(before.randomness, now.randomness) if not c.endswith("is new")]
    # Objects the block reached first through its own new names are the block's own.
    after = {path: token for path, token in now.state.items() if path in before.state}
    removed = [n for n in names_before if n not in namespace and n not in hidden]
    for name in [n for n in hidden if n not in namespace]:
        del hidden[name]  # the block's own name, deleted by the block
    changed += [f"{name} was deleted" for name in sorted(removed)]
    changed += [
        c for c in changes(before.state, after) if not c.endswith("is gone") or "." in c or "[" in c
    ]
    if changed:
        raise HiddenBlockChangedState(
            f"{script}: the hidden block at line {line} changed what the learner's script "
            f"computes next: {'; '.join(changed[:8])}"
            + (f" (and {len(changed) - 8} more)" if len(changed) > 8 else "")
            + ". A learner's download runs without this block, so its check would compare "
            "other values. Keep the block's work apart: draw random numbers inside "
            "torch.random.fork_rng() (and restore NumPy's or Python's state if it draws "
            "from them), work on a copy (copy.deepcopy(model), x.detach().clone()), or put "
            "back what it changed (model.train() after model.eval(), x.grad = None)."
        )


# --- sphinx-gallery ------------------------------------------------------------------------------


def guarded(run: Callable[..., Any]) -> Callable[..., Any]:
    """``gen_rst._exec_and_get_memory`` running hidden blocks inside :func:`kept_apart`."""

    @wraps(run)
    def run_guarded(compiler: Any, *, code_ast: ast.Module, **kwargs: Any) -> Any:
        script_vars = kwargs["script_vars"]
        source_file = Path(script_vars["src_file"])
        ranges = hidden_ranges(source_file.read_text(encoding="utf-8"))
        if ranges:
            code_ast = instrument(code_ast, ranges, paths.shown(source_file.resolve()))
            script_vars["fake_main"].__dict__[GUARD] = kept_apart
        return run(compiler, code_ast=code_ast, **kwargs)

    run_guarded.torch_notes_guarded = True  # type: ignore[attr-defined]
    return run_guarded


def setup(app: Sphinx) -> dict[str, Any]:
    from sphinx_gallery import gen_rst

    if not getattr(gen_rst._exec_and_get_memory, "torch_notes_guarded", False):
        gen_rst._exec_and_get_memory = guarded(gen_rst._exec_and_get_memory)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
