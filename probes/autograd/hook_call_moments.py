"""PyTorch calls a tensor's hook (register_hook) when the backward pass has computed that tensor's gradient, with the gradient, and only if the pass reaches the tensor; it calls a module's forward hook (register_forward_hook) after forward has run, with the output, each time the module is called as module(x) (in any grad mode), but not when forward is called directly as module.forward(x)."""

import torch
from torch import nn


def case_tensor_hook_gets_the_gradient():
    """a leaf's hook is called once, with the gradient the pass computed for it"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    seen = []
    x.register_hook(lambda g: seen.append(g.clone()))
    (x * 3).sum().backward()
    assert len(seen) == 1 and seen[0].tolist() == [3.0, 3.0], f"{seen}"


def case_hooks_before_the_gradient_is_stored():
    """hooks on an intermediate result and on a leaf both run before the leaf's .grad is filled"""
    x = torch.ones(2, requires_grad=True)
    h = x * 2
    order = []
    h.register_hook(lambda g: order.append(("h", x.grad is None)))
    x.register_hook(lambda g: order.append(("x", x.grad is None)))
    (h * h).sum().backward()
    assert order == [("h", True), ("x", True)], f"{order}"


def case_tensor_hook_not_reached():
    """a hook on a tensor the backward pass does not reach is not called"""
    x, unused = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    seen = []
    unused.register_hook(lambda g: seen.append(g))
    (x * 2).sum().backward()
    assert seen == [], f"called with {seen}"


def case_forward_hook_after_forward():
    """a forward hook is called after forward, with the module, its inputs and its output"""
    layer, seen = nn.Linear(2, 3), []
    layer.register_forward_hook(lambda m, args, out: seen.append((m, args[0].shape, out.shape)))
    out = layer(torch.ones(4, 2))
    assert seen == [(layer, (4, 2), (4, 3))] and out.shape == (4, 3), f"{seen}"


def case_direct_forward_skips_hooks():
    """module.forward(x) runs forward but calls no forward hook; module(x) does"""
    layer, calls = nn.Linear(2, 2), []
    layer.register_forward_hook(lambda m, args, out: calls.append("hook"))
    layer.forward(torch.ones(2))
    assert calls == [], "forward() called the hook"
    layer(torch.ones(2))
    assert calls == ["hook"], f"{calls}"


def case_forward_hooks_in_every_grad_mode():
    """under no_grad, inference_mode and in eval mode, module(x) still calls its forward hook"""
    layer, calls = nn.Linear(2, 2), []
    layer.register_forward_hook(lambda m, args, out: calls.append(out.requires_grad))
    with torch.no_grad():
        layer(torch.ones(2))
    with torch.inference_mode():
        layer(torch.ones(2))
    layer.eval()(torch.ones(2))
    assert calls == [False, False, True], f"{calls}"


def case_hook_on_untracked_tensor_refused():
    """a tensor that does not require gradients refuses a hook: there is no gradient to wait for"""
    try:
        torch.ones(2).register_hook(lambda g: None)
    except RuntimeError:
        return
    raise AssertionError("the hook was registered")


def case_removed_hooks_not_called():
    """after handle.remove(), neither kind of hook is called"""
    x, layer, calls = torch.ones(2, requires_grad=True), nn.Linear(2, 1), []
    handles = [
        x.register_hook(lambda g: calls.append("tensor")),
        layer.register_forward_hook(lambda m, a, o: calls.append("module")),
    ]
    for handle in handles:
        handle.remove()
    layer(x).sum().backward()
    assert calls == [], f"{calls}"
