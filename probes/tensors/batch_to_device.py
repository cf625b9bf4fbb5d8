"""The solution's to_device moves each tensor with .to(device), rebuilds a dict, list or tuple from its moved items by calling itself on each, so nested containers are reached too (a named tuple would need its fields one by one), and returns anything else unchanged."""

import ast
import collections
from pathlib import Path

import torch

SOLUTION = Path(__file__).resolve().parents[2] / "snippets/exercises/tensors_devices_to_device.py"


def solution():
    """to_device as the page's solution defines it (the file's own check is not run)."""
    tree = ast.parse(SOLUTION.read_text(encoding="utf-8"))
    function = next(
        n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "to_device"
    )
    namespace = {"torch": torch}
    exec(compile(ast.Module([function], []), str(SOLUTION), "exec"), namespace)  # noqa: S102
    return namespace["to_device"]


def case_a_tensor_is_moved():
    """a tensor, a 0-d one, one requiring grad"""
    to_device = solution()
    for x in (torch.ones(2, 3), torch.tensor(7.0), torch.ones(2, requires_grad=True)):
        assert to_device(x, "meta").device.type == "meta", f"{x!r} stayed on the CPU"


def case_containers_rebuilt_with_their_types():
    """a dict of a tuple of a list, as in the check, and an empty list, tuple and dict"""
    to_device = solution()
    batch = {"x": torch.ones(2), "pair": (torch.zeros(2), [torch.arange(2)]), "id": 7}
    moved = to_device(batch, "meta")
    assert type(moved["pair"]) is tuple and type(moved["pair"][1]) is list, repr(moved)
    assert moved["pair"][1][0].device.type == "meta", "the innermost tensor stayed"
    assert batch["x"].device.type == "cpu", "the caller's batch changed"
    for empty in ([], (), {}):
        back = to_device(empty, "meta")
        assert back == empty and type(back) is type(empty), f"{empty!r} came back as {back!r}"


def case_deep_nesting():
    """a tensor 50 lists deep"""
    to_device = solution()
    batch = torch.ones(1)
    for _ in range(50):
        batch = [batch]
    moved = to_device(batch, "meta")
    for _ in range(50):
        moved = moved[0]
    assert moved.device.type == "meta", "the tensor 50 levels down stayed"


def case_anything_else_unchanged():
    """an int, a string, None, a set of tensors, a plain object(): the same object back"""
    to_device = solution()
    tensors_in_a_set = {torch.ones(1)}
    for value in (7, "sample-7", None, tensors_in_a_set, object()):
        assert to_device(value, "meta") is value, f"{value!r} came back changed"


def case_dict_subclass_becomes_a_dict():
    """an OrderedDict: rebuilt as a plain dict (the solution writes a dict)"""
    moved = solution()(collections.OrderedDict(x=torch.ones(1)), "meta")
    assert type(moved) is dict and moved["x"].device.type == "meta", type(moved).__name__


def case_named_tuple_needs_its_fields():
    """a named tuple: its constructor takes fields one by one, so rebuilding it raises"""
    Pair = collections.namedtuple("Pair", ["inputs", "labels"])
    try:
        solution()(Pair(torch.ones(1), torch.zeros(1)), "meta")
    except TypeError:
        return
    raise AssertionError("the named tuple was rebuilt")
