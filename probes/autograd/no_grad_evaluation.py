"""Under torch.no_grad() a model's forward pass gives the values it gives with tracking (up to the rounding of a faster path some layers take), without a graph to hold in memory; and an in-place update of a parameter, refused on a leaf that requires gradients outside it, runs inside it and leaves the parameter a leaf."""

import torch


def model():
    return torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)).eval()


def case_same_values_without_graph():
    """a small MLP: the same values, and no grad_fn under no_grad"""
    net, data = model(), torch.randn(5, 4)
    tracked = net(data)
    with torch.no_grad():
        plain = net(data)
    assert torch.equal(tracked, plain), "the values differ"
    assert tracked.grad_fn is not None and plain.grad_fn is None, "graph where none was expected"


def case_tracked_output_holds_saved_values():
    """the tracked output keeps saved tensors alive through its graph: the memory no_grad avoids"""
    net, data = model(), torch.randn(5, 4)
    out = net(data)
    first = out.grad_fn
    saved = [name for name in dir(first) if name.startswith("_saved_")]
    assert saved, "the last node saved nothing"


def case_attention_fast_path():
    """nn.MultiheadAttention in eval mode takes a fused path under no_grad: equal up to rounding"""
    attention = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()
    data = torch.randn(2, 5, 8)
    tracked = attention(data, data, data)[0]
    with torch.no_grad():
        plain = attention(data, data, data)[0]
    assert torch.allclose(tracked, plain, atol=1e-6), (
        f"largest difference {(tracked - plain).abs().max()}"
    )


def case_in_place_update_refused_outside():
    """w -= lr * w.grad outside no_grad, on a leaf that requires gradients"""
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    (w**2).sum().backward()
    try:
        w -= 0.1 * w.grad
    except RuntimeError:
        return
    raise AssertionError("the in-place update ran outside no_grad")


def case_in_place_update_inside():
    """the same update inside no_grad: new values, still a leaf, its .grad kept, nothing recorded"""
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    (w**2).sum().backward()
    with torch.no_grad():
        w -= 0.25 * w.grad
    assert w.tolist() == [0.5, 1.0] and w.is_leaf and w.grad_fn is None, f"w {w}"
    assert w.grad.tolist() == [2.0, 4.0] and w.requires_grad, f"w.grad {w.grad}"
