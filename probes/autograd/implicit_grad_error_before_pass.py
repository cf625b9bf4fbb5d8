"""backward() without a weight on a tensor it cannot start from (several elements, none, or complex) raises before the pass runs, so no .grad changes."""

import contextlib

import torch


def attempt(build, grad=None):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    if grad is not None:
        x.grad = grad.clone()
    try:
        build(x).backward()
    except RuntimeError:
        return x.grad
    raise AssertionError("backward() ran")


def case_several_elements_no_grad_yet():
    """(x * 2).backward() on a fresh leaf: .grad stays None"""
    assert attempt(lambda x: x * 2) is None, "a gradient appeared"


def case_several_elements_existing_grad():
    """the same after earlier passes: .grad keeps its values"""
    before = torch.tensor([2.0, 4.0, 2.0])
    assert torch.equal(attempt(lambda x: x * 2, before), before), "the gradient changed"


def case_empty_and_complex():
    """an empty result and a complex one-element result"""
    before = torch.tensor([1.0, 1.0, 1.0])
    for build in (lambda x: x[:0] * 2, lambda x: x.to(torch.complex64).sum() * 1j):
        assert torch.equal(attempt(build, before), before), "the gradient changed"


def case_exercise_sequence():
    """(x * 2), then (x * 2)[1:2], then (x * 2).sum(): only the last two add up"""
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    for build in (lambda: x * 2, lambda: (x * 2)[1:2], lambda: (x * 2).sum()):
        with contextlib.suppress(RuntimeError):
            build().backward()
    assert x.grad.tolist() == [2.0, 4.0, 2.0], f"x.grad {x.grad.tolist()}"
