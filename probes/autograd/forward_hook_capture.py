"""A forward hook that stores output.detach() keeps the layer's values without the graph: the
stored tensor has no grad_fn and does not require gradients, shares the output's memory (so a later
layer that writes into it in place changes the capture, unless it was cloned), and follows no
later pass once the hook's handle is removed."""

import torch
from torch import nn


def capture(store_detached):
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
    kept = {}

    def hook(module, inputs, output):
        kept["out"] = output.detach() if store_detached else output
        kept["raw"] = output

    handle = net[1].register_forward_hook(hook)
    x = torch.randn(3, 4)
    net(x)
    return net, handle, kept, x


def case_detached_has_no_graph():
    """detached: no grad_fn, requires_grad False, same memory and values as the output"""
    net, _, kept, x = capture(True)
    assert kept["out"].grad_fn is None and not kept["out"].requires_grad
    assert kept["out"].data_ptr() == kept["raw"].data_ptr()
    assert torch.equal(kept["out"], torch.relu(net[0](x)).detach())


def case_undetached_keeps_graph():
    """stored as is, the output carries its grad_fn, and with it the graph"""
    _, _, kept, _ = capture(False)
    assert kept["out"].grad_fn is not None and kept["out"].requires_grad


def case_removed_hook_stops():
    """after handle.remove(), a new forward pass leaves the stored value as it was"""
    net, handle, kept, _ = capture(True)
    first = kept["out"]
    handle.remove()
    net(torch.randn(3, 4))
    assert kept["out"] is first


def case_in_place_layer_overwrites_unless_cloned():
    """a ReLU(inplace=True) after the hooked layer overwrites the detached capture; a clone keeps it"""
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(inplace=True), nn.Linear(16, 3))
    kept = {}
    x = torch.randn(32, 8)

    def hook(module, inputs, output):
        kept["detached"] = output.detach()
        kept["cloned"] = output.detach().clone()

    handle = net[0].register_forward_hook(hook)
    net(x)
    handle.remove()  # the pass below must not run the hook again
    with torch.no_grad():
        true = net[0](x)
    assert torch.equal(kept["cloned"], true), "the clone changed"
    assert not torch.equal(kept["detached"], true), "the in-place ReLU left the capture alone"
    assert bool((kept["detached"] >= 0).all()), "the capture is not the ReLU's result"
