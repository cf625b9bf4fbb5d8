"""To run backward through a computation again, pass retain_graph=True to every pass but the last, or compute the graph anew; either way each pass adds its gradient into .grad, unless .grad is cleared (x.grad = None) in between."""

import torch


def raises(action):
    try:
        action()
    except RuntimeError:
        return True
    return False


def case_retain_all_but_last():
    """four passes with retain_graph=True on the first three: four times the gradient"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    z = ((x * 2) ** 2).sum()
    for _ in range(3):
        z.backward(retain_graph=True)
    z.backward()
    assert x.grad.tolist() == [32.0, 64.0], f"x.grad {x.grad.tolist()}"
    assert raises(z.backward), "a fifth pass ran after the last freed the graph"


def case_recompute():
    """the forward computation run anew before each of three passes"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    for _ in range(3):
        ((x * 2) ** 2).sum().backward()
    assert x.grad.tolist() == [24.0, 48.0], f"x.grad {x.grad.tolist()}"


def case_cleared_in_between():
    """x.grad = None between passes leaves the gradient of one pass, both ways"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    z = ((x * 2) ** 2).sum()
    z.backward(retain_graph=True)
    x.grad = None
    z.backward()
    kept = x.grad.tolist()
    x.grad = None
    ((x * 2) ** 2).sum().backward()
    assert kept == x.grad.tolist() == [8.0, 16.0], f"{kept}, {x.grad.tolist()}"


def case_without_retain_graph():
    """a second pass through a graph that saved values, without retain_graph, raises"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    z = ((x * 2) ** 2).sum()
    z.backward()
    assert raises(z.backward), "the second pass ran"


def case_several_leaves_and_module():
    """an nn.Linear: each parameter's .grad doubles over two retained passes"""
    layer = torch.nn.Linear(3, 2)
    loss = (layer(torch.ones(4, 3)) ** 2).sum()
    loss.backward(retain_graph=True)
    once = layer.weight.grad.clone()
    loss.backward()
    assert torch.allclose(layer.weight.grad, 2 * once), "not added up"
