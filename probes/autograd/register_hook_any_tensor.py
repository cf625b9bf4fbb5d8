"""Tensor.register_hook works on any tensor that requires gradients, leaf or not, and calls the hook with that tensor's gradient while the backward pass computes it, before the pass goes on to the leaves; a tensor that does not require gradients refuses a hook."""

import torch


def seen_by_hook(make):
    """Register a hook on the tensor t that make() returns with the loss, run backward."""
    t, loss = make()
    seen = []
    t.register_hook(lambda g: seen.append(g.clone()))
    loss().backward()
    return seen


def case_leaf():
    """a leaf: the hook sees its gradient, 2x"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    seen = seen_by_hook(lambda: (x, lambda: (x * x).sum()))
    assert len(seen) == 1 and seen[0].tolist() == [2.0, 4.0], f"seen {seen}"


def case_intermediate_view_and_root():
    """an intermediate, a view and the root of the pass"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    v = y[1:]
    z = (v * v).sum() + y.sum()
    seen = {}
    for name, t in (("y", y), ("v", v), ("z", z)):
        t.register_hook(lambda g, name=name: seen.setdefault(name, g.clone()))
    z.backward()
    got = {k: g.tolist() for k, g in seen.items()}
    assert got == {"z": 1.0, "v": [8.0], "y": [1.0, 9.0]}, f"seen {got}"


def case_parameter_and_dtypes():
    """an nn.Parameter, a float16 and a complex 0-d tensor"""
    made = (
        torch.nn.Parameter(torch.ones(2)),
        torch.ones(2, dtype=torch.float16, requires_grad=True),
        torch.tensor(1 + 1j, requires_grad=True),
    )
    for t in made:
        seen = seen_by_hook(lambda t=t: (t, lambda: (t * 3).real.sum()))
        assert len(seen) == 1, f"{t.dtype}: the hook ran {len(seen)} times"


def case_runs_during_the_pass():
    """a hook on an intermediate runs before the leaf's .grad is filled"""
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    during = []
    y.register_hook(lambda g: during.append(x.grad))
    (y * y).backward()
    assert during == [None] and x.grad.item() == 8.0, f"x.grad during the hook: {during}"


def case_not_requiring_gradients():
    """a tensor that does not require gradients, and a result computed under no_grad"""
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        untracked = x * 2
    for t in (torch.ones(2), untracked):
        try:
            t.register_hook(lambda g: g)
        except RuntimeError:
            continue
        raise AssertionError("a hook was registered on a tensor that does not require gradients")


def case_gradient_not_computed():
    """a tensor off the path of the pass: no gradient is computed for it, and its hook never runs"""
    x = torch.tensor(1.0, requires_grad=True)
    off = x * 5
    seen = []
    off.register_hook(lambda g: seen.append(g))
    (x * 2).backward()
    assert seen == [], f"the hook ran with {seen}"
