"""register_hook, and a module's register_*_hook, return a handle (a RemovableHandle); handle.remove() takes the hook off, so that it runs no more, and removing it again does nothing."""

import torch
from torch import nn
from torch.utils.hooks import RemovableHandle


def case_tensor_hook_on_leaf_and_intermediate():
    """hooks on a leaf and on an intermediate, removed after the first pass"""
    x, seen = torch.tensor(1.0, requires_grad=True), []
    handles = [x.register_hook(lambda g: seen.append("x"))]
    y = x * 2
    handles.append(y.register_hook(lambda g: seen.append("y")))
    (y * 3).backward(retain_graph=True)
    assert all(isinstance(h, RemovableHandle) for h in handles), [type(h) for h in handles]
    for h in handles:
        h.remove()
    (y * 3).backward()
    assert seen == ["y", "x"] and x.grad.item() == 12.0, f"{seen}, {x.grad}"


def case_removed_changing_hook():
    """a hook that doubled the gradient, removed: the next pass stores the plain gradient"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    handle = x.register_hook(lambda g: g * 2)
    (x * x).sum().backward()
    handle.remove()
    x.grad = None
    (x * x).sum().backward()
    assert x.grad.tolist() == [2.0, 4.0], f"x.grad {x.grad}"


def case_remove_twice():
    """remove() a second time raises nothing and changes nothing"""
    x, seen = torch.ones(2, requires_grad=True), []
    handle = x.register_hook(lambda g: seen.append(1))
    handle.remove()
    handle.remove()
    (x * 2).sum().backward()
    assert seen == [], seen


def case_module_hooks():
    """forward, pre-forward and full backward hooks of an nn.Linear, removed"""
    layer, seen = nn.Linear(3, 2), []
    handles = (
        layer.register_forward_pre_hook(lambda m, i: seen.append("pre")),
        layer.register_forward_hook(lambda m, i, o: seen.append("forward")),
        layer.register_full_backward_hook(lambda m, gi, go: seen.append("backward")),
    )
    assert all(isinstance(h, RemovableHandle) for h in handles), [type(h) for h in handles]
    for h in handles:
        h.remove()
    layer(torch.ones(4, 3, requires_grad=True)).sum().backward()
    assert seen == [], seen


def case_handle_as_context_manager():
    """a handle used in a with statement removes its hook at the end of the block"""
    x, seen = torch.tensor(1.0, requires_grad=True), []
    with x.register_hook(lambda g: seen.append(g.item())):
        (x * 2).backward()
    (x * 3).backward()
    assert seen == [2.0], seen
