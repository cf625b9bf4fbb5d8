"""When a module is called, it runs its hooks around its own computation: register_forward_hook(fn) calls fn(module, inputs, output) after forward, with inputs the tuple of positional arguments, and a returned value replaces the output; register_full_backward_hook(fn) calls fn(module, grad_input, grad_output) during backward, grad_input holding the gradients with respect to the positional inputs of forward (None where there is none), not those of the weights; with one, a module that modifies its input in place raises in forward when that input requires gradients. register_backward_hook sees the last operation inside the module only."""

import warnings

import torch
from torch import nn


def shapes(grads):
    return [None if g is None else tuple(g.shape) for g in grads]


def watched(layer):
    record = []
    layer.register_forward_hook(
        lambda m, inputs, output: record.append(
            ("forward", m is layer, type(inputs).__name__, shapes(inputs), tuple(output.shape))
        )
    )
    layer.register_full_backward_hook(
        lambda m, grad_input, grad_output: record.append(
            ("backward", m is layer, shapes(grad_input), shapes(grad_output))
        )
    )
    return record


def case_linear_batch():
    """nn.Linear(3, 2) on a batch of 4 inputs that require gradients"""
    layer = nn.Linear(3, 2)
    record = watched(layer)
    layer(torch.ones(4, 3, requires_grad=True)).sum().backward()
    assert record == [
        ("forward", True, "tuple", [(4, 3)], (4, 2)),
        ("backward", True, [(4, 3)], [(4, 2)]),
    ], record


def case_batch_of_one_and_no_input_gradient():
    """a batch of one sample that requires no gradient: grad_input holds None"""
    layer = nn.Linear(3, 2)
    record = watched(layer)
    layer(torch.ones(1, 3)).sum().backward()
    assert record[1] == ("backward", True, [None], [(1, 2)]), record


def case_weights_not_in_grad_input():
    """grad_input has one entry per positional input of forward, none for the weight or bias"""

    class Two(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(2))

        def forward(self, a, b, scale):
            return a * b * self.w * scale

    module, seen = Two(), []
    module.register_full_backward_hook(lambda m, gi, go: seen.append(shapes(gi)))
    module(torch.ones(2, requires_grad=True), torch.ones(2), 3.0).sum().backward()
    assert len(seen) == 1 and len(seen[0]) == 3, seen
    assert seen[0][0] == (2,) and seen[0][2] is None and module.w.grad is not None, seen


def case_keyword_arguments():
    """an input passed by keyword is not among the positional inputs"""
    layer = nn.Linear(3, 2)
    record = watched(layer)
    layer(input=torch.ones(4, 3, requires_grad=True)).sum().backward()
    assert record[0][3] == [] and record[1][2] == [], record


def case_forward_hook_replaces_output():
    """a forward hook that returns a value replaces the output"""
    layer = nn.Linear(3, 2)
    layer.register_forward_hook(lambda m, i, o: o * 0)
    assert layer(torch.ones(1, 3)).tolist() == [[0.0, 0.0]], "not replaced"


def case_no_grad_and_meta():
    """under torch.no_grad() the forward hook runs and no backward follows; a module on the meta device"""
    layer = nn.Linear(3, 2)
    record = watched(layer)
    with torch.no_grad():
        layer(torch.ones(4, 3))
    meta = nn.Linear(3, 2, device="meta")
    meta_record = watched(meta)
    meta(torch.ones(4, 3, device="meta"))
    assert [r[0] for r in record] == ["forward"] and meta_record[0][4] == (4, 2), record


def case_calling_forward_directly():
    """layer.forward(x) instead of layer(x) runs no hook"""
    layer = nn.Linear(3, 2)
    record = watched(layer)
    layer.forward(torch.ones(4, 3, requires_grad=True)).sum().backward()
    assert record == [], record


def case_in_place_module_refuses_full_backward_hook():
    """with one, a module that modifies its input in place (nn.ReLU(inplace=True)) raises in forward when that input requires gradients, alone or after a layer"""
    for make in (
        lambda: nn.ReLU(inplace=True),
        lambda: nn.Sequential(nn.Linear(3, 3), nn.ReLU(inplace=True)),
    ):
        module = make()
        (module if isinstance(module, nn.ReLU) else module[1]).register_full_backward_hook(
            lambda m, gi, go: None
        )
        try:
            module(torch.ones(2, 3, requires_grad=True) * 1)
        except RuntimeError:
            continue
        raise AssertionError("the in-place forward ran")


def case_in_place_module_input_without_gradient():
    """the same ReLU runs on an input that requires no gradient, and under torch.no_grad()"""
    relu = nn.ReLU(inplace=True)
    relu.register_full_backward_hook(lambda m, gi, go: None)
    with torch.no_grad():
        inside = relu(torch.ones(2, requires_grad=True) * -1)
    assert relu(torch.ones(2) * -1).tolist() == inside.tolist() == [0.0, 0.0], "wrong values"


def case_old_backward_hook_last_operation():
    """register_backward_hook on Linear + ReLU sees the ReLU's input, (4, 2), and warns to use the full hook"""
    net, seen = nn.Sequential(nn.Linear(3, 2), nn.ReLU()), []
    net.register_backward_hook(lambda m, gi, go: seen.append(shapes(gi)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        net(torch.ones(4, 3, requires_grad=True)).sum().backward()
    assert seen == [[(4, 2)]], seen
    assert any("register_full_backward_hook" in str(w.message) for w in caught), "no warning"
