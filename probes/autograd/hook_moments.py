"""Hooks are functions that PyTorch calls at given moments of the forward and backward passes: a tensor hook when the tensor's gradient has been computed, a module's forward pre-hook before its forward, its forward hook after it, and its full backward hook once the gradients with respect to its inputs have been computed (with respect to its outputs, when no input requires gradients)."""

import torch
from torch import nn


def case_module_and_tensor_hooks_in_order():
    """an nn.Linear with all three module hooks and a hook on its output"""
    layer, events = nn.Linear(3, 2), []
    layer.register_forward_pre_hook(lambda m, i: events.append("pre-forward"))
    layer.register_forward_hook(lambda m, i, o: events.append("forward"))
    layer.register_full_backward_hook(lambda m, gi, go: events.append("backward"))
    x = torch.ones(4, 3, requires_grad=True)
    x.register_hook(lambda g: events.append("input gradient"))
    out = layer(x)
    out.register_hook(lambda g: events.append("output gradient"))
    events.append("after forward")
    out.sum().backward()
    expected = [
        "pre-forward",
        "forward",
        "after forward",
        "output gradient",
        "backward",
        "input gradient",
    ]
    assert events == expected, events


def case_each_pass():
    """a tensor hook runs once in each backward pass, and not in the forward pass"""
    x, seen = torch.tensor(2.0, requires_grad=True), []
    x.register_hook(lambda g: seen.append(g.item()))
    (x * 3).backward()
    y = x * 5
    assert seen == [3.0], seen
    y.backward()
    assert seen == [3.0, 5.0], seen


def case_nested_modules():
    """in an nn.Sequential the outer forward hook runs after the inner ones, and so does its backward hook: the gradient reaches its input last"""
    net, events = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1)), []
    for name, module in (("net", net), ("first", net[0]), ("second", net[1])):
        module.register_forward_hook(lambda m, i, o, name=name: events.append(f"{name} forward"))
        module.register_full_backward_hook(
            lambda m, gi, go, name=name: events.append(f"{name} backward")
        )
    net(torch.ones(2, 3, requires_grad=True)).sum().backward()
    expected = [
        "first forward",
        "second forward",
        "net forward",
        "second backward",
        "first backward",
        "net backward",
    ]
    assert events == expected, events


def case_input_without_gradient():
    """a batch of one that requires no gradient: the full backward hook runs once the output's gradient is there"""
    layer, events = nn.Linear(3, 2), []
    layer.register_full_backward_hook(lambda m, gi, go: events.append(("backward", gi)))
    layer(torch.ones(1, 3)).sum().backward()
    assert len(events) == 1 and events[0][1] == (None,), events
