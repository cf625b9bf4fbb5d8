"""A result's grad_fn is the node recorded for the operation that made it: called with the gradient of the result, it returns the gradients for the operation's inputs, the same ones torch.autograd.grad computes, and None in the place of an input that does not require gradients; a leaf has no such node."""

import torch


def gradients(node, g):
    """What a node returns for g, as a tuple (a node of one input returns a tensor)."""
    result = node(g)
    return result if isinstance(result, tuple) else (result,)


def both_ways(make, *inputs):
    """The node's answer and autograd.grad's, for a result of make(*inputs) and a weight g."""
    out = make(*inputs)
    g = torch.linspace(-1.0, 2.0, out.numel(), dtype=out.dtype).reshape(out.shape)
    by_node = gradients(out.grad_fn, g)
    tracked = [x for x in inputs if x.requires_grad]
    by_grad = torch.autograd.grad(make(*inputs), tracked, g)
    return [t for t in by_node if t is not None], list(by_grad)


def case_product():
    """a * b: the node gives g * b for a and g * a for b"""
    a = torch.tensor([2.0, 3.0], requires_grad=True)
    b = torch.tensor([5.0, 7.0], requires_grad=True)
    grad_a, grad_b = gradients((a * b).grad_fn, torch.ones(2))
    assert grad_a.tolist() == [5.0, 7.0] and grad_b.tolist() == [2.0, 3.0], f"{grad_a}, {grad_b}"


def case_input_not_requiring_gradients():
    """a * b with b a constant: None in b's place, nothing computed for it"""
    a = torch.tensor([2.0, 3.0], requires_grad=True)
    grads = gradients((a * torch.tensor([5.0, 7.0])).grad_fn, torch.ones(2))
    assert grads[0].tolist() == [5.0, 7.0] and grads[1] is None, f"{grads}"


def case_agrees_with_autograd_grad():
    """add, matmul, exp, sum along a dimension, indexing and a transpose"""
    torch.manual_seed(0)
    a = torch.randn(3, 4, requires_grad=True)
    b = torch.randn(4, 2, requires_grad=True)
    c = torch.randn(3, 4, requires_grad=True)
    for name, make, inputs in (
        ("add", torch.add, (a, c)),
        ("matmul", torch.matmul, (a, b)),
        ("exp", torch.exp, (a,)),
        ("sum", lambda x: x.sum(dim=1), (a,)),
        ("index", lambda x: x[[0, 2]], (a,)),
        ("t", torch.t, (a,)),
    ):
        by_node, by_grad = both_ways(make, *inputs)
        assert len(by_node) == len(by_grad), f"{name}: {len(by_node)} gradients, not {len(by_grad)}"
        for mine, theirs in zip(by_node, by_grad, strict=True):
            assert torch.allclose(mine, theirs), f"{name}: the node's gradient differs"


def case_dtypes_and_non_contiguous():
    """float64, bfloat16 and a transposed (non-contiguous) input"""
    for dtype in (torch.float64, torch.bfloat16):
        a = torch.ones(2, 3, dtype=dtype, requires_grad=True)
        grad = gradients((a * 3).grad_fn, torch.ones(2, 3, dtype=dtype))[0]
        assert grad.dtype == dtype and torch.equal(grad, torch.full((2, 3), 3, dtype=dtype)), grad
    a = torch.arange(6.0).view(2, 3).t().requires_grad_()
    by_node, by_grad = both_ways(lambda x: x**2, a)
    assert torch.allclose(by_node[0], by_grad[0]) and by_node[0].shape == (3, 2), "transposed"


def case_inputs_of_its_own_operation():
    """x[[0, 2], 1:] is a slice, then an index: the last node's gradient is for the slice (3 × 3), not for x"""
    x = torch.randn(3, 4, requires_grad=True)
    out = x[[0, 2], 1:]
    grad = gradients(out.grad_fn, torch.ones(2, 3))[0]
    assert grad.shape == (3, 3), f"a gradient of shape {tuple(grad.shape)}"
    sliced = out.grad_fn.next_functions[0][0]
    assert gradients(sliced, grad)[0].shape == (3, 4), (
        "the slice's node does not lead back to x's shape"
    )


def case_zero_dimensional_and_empty():
    """a 0-d input and an input with no elements"""
    s = torch.tensor(3.0, requires_grad=True)
    grad = gradients((s * s).grad_fn, torch.tensor(1.0))[0]
    assert grad.item() == 3.0, f"{grad}"  # one factor's gradient: the other factor
    e = torch.zeros(0, 2, requires_grad=True)
    (grad,) = both_ways(torch.exp, e)[0]
    assert grad.shape == (0, 2), tuple(grad.shape)


def case_leaf_has_no_node():
    """a leaf, tracked or not, and a result made under no_grad or inference_mode"""
    a = torch.ones(2, requires_grad=True)
    assert a.grad_fn is None and torch.ones(2).grad_fn is None, "a leaf has a node"
    with torch.no_grad():
        assert (a * 2).grad_fn is None, "no_grad recorded a node"
    with torch.inference_mode():
        assert (a * 2).grad_fn is None, "inference_mode recorded a node"
