"""A function made in a loop reads the loop's variables when it runs, not when it was made: hooks made in a loop and run after it see the last name, unless each binds its name when it is made (a default argument such as name=name, functools.partial or a factory function)."""

import functools

import torch


def run_hooks(make):
    """Register make(name, record) on x and on y, run one backward pass, return the record."""
    record = {}
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    for name, t in {"x": x, "y": y}.items():
        t.register_hook(make(name, record))
    (y * y).sum().backward()
    return sorted(record)


def case_late_binding():
    """a hook that reads the loop variable: both hooks store under the last name"""
    record = {}
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    for name, t in {"x": x, "y": y}.items():
        t.register_hook(lambda g: record.update({name: g.norm().item()}))  # noqa: B023 - the case
    (y * y).sum().backward()
    assert sorted(record) == ["y"], f"names stored: {sorted(record)}"


def case_default_argument():
    """the name as a default argument, name=name"""
    got = run_hooks(lambda name, record: lambda g, name=name: record.update({name: 1}))
    assert got == ["x", "y"], f"names stored: {got}"


def case_partial():
    """functools.partial binds the name without a default argument"""

    def store(record, name, g):
        record[name] = 1

    got = run_hooks(lambda name, record: functools.partial(store, record, name))
    assert got == ["x", "y"], f"names stored: {got}"


def case_factory():
    """a factory function called in the loop makes a closure over its own name"""

    def factory(name, record):
        def hook(g):
            record[name] = 1

        return hook

    assert run_hooks(factory) == ["x", "y"], f"names stored: {run_hooks(factory)}"


def case_def_in_loop():
    """a def statement in the loop, reading the loop variable, behaves like the lambda"""
    record = {}
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    for name, t in {"x": x, "y": y}.items():

        def hook(g):
            record[name] = 1  # noqa: B023 - the case

        t.register_hook(hook)
    (y * y).sum().backward()
    assert sorted(record) == ["y"], f"names stored: {sorted(record)}"
