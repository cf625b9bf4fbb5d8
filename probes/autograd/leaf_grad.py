"""A leaf is a tensor no tracked operation made: its grad_fn is None, and backward() fills the .grad of leaves only, unless retain_grad() was called or inputs= names other tensors."""

import warnings

import torch


def grad_of(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reading .grad of a non-leaf warns
        return t.grad


def case_user_tensor():
    """a tensor made with requires_grad=True: a leaf, no grad_fn, .grad filled"""
    x = torch.ones(2, requires_grad=True)
    assert x.is_leaf and x.grad_fn is None
    (x * 3).sum().backward()
    assert x.grad.tolist() == [3.0, 3.0], x.grad


def case_intermediate():
    """y = x * 2: not a leaf, has a grad_fn, .grad stays None"""
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y.sum().backward()
    assert not y.is_leaf and y.grad_fn is not None and grad_of(y) is None, grad_of(y)


def case_retain_grad():
    """y.retain_grad() before backward(): y's .grad is filled"""
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y.retain_grad()
    y.sum().backward()
    assert grad_of(y).tolist() == [1.0, 1.0], grad_of(y)


def case_inputs_names_intermediate():
    """backward(inputs=[y]) for an intermediate y: y's .grad filled, x's left alone"""
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y.sum().backward(inputs=[y])
    assert grad_of(y).tolist() == [1.0, 1.0] and x.grad is None, (grad_of(y), x.grad)


def case_to_other_dtype():
    """a leaf converted with .to(float64): a tracked operation's result, not a leaf"""
    x = torch.ones(2, requires_grad=True)
    y = x.to(torch.float64)
    y.sum().backward()
    assert not y.is_leaf and grad_of(y) is None and x.grad is not None, grad_of(y)


def case_untracked_results():
    """results under no_grad, set_grad_enabled(False), inference_mode, and detach(): leaves"""
    x = torch.ones(2, requires_grad=True)
    made = [x.detach()]
    with torch.no_grad():
        made.append(x * 2)
    with torch.set_grad_enabled(False):
        made.append(x + 1)
    with torch.inference_mode():
        made.append(torch.ones(2) * 2)
    for t in made:
        assert t.is_leaf and t.grad_fn is None, f"{t!r} is not a leaf"


def case_leaf_without_requires_grad():
    """a leaf that does not require grad, beside one that does: its .grad stays None"""
    x, c = torch.ones(2, requires_grad=True), torch.ones(2)
    (x * c).sum().backward()
    assert c.is_leaf and c.grad is None and x.grad is not None, c.grad


def case_parameter():
    """an nn.Parameter: a leaf, filled by backward()"""
    w = torch.nn.Parameter(torch.ones(2))
    (w * w).sum().backward()
    assert w.is_leaf and w.grad_fn is None and w.grad.tolist() == [2.0, 2.0], w.grad
