"""A call that returns its input itself records nothing: t.float() on a float tensor, t.to() with the dtype (and device) t already has, t.contiguous() on a contiguous tensor; when the call has to make a new tensor, it records a node."""

import torch


def leaf(*shape, dtype=torch.float32, device="cpu"):
    return torch.ones(*shape, dtype=dtype, device=device, requires_grad=True)


def same_calls(t):
    return (t.float(), t.to(torch.float32), t.to("cpu"), t.contiguous(), t.type_as(t))


def case_leaf():
    """on a tracked leaf: the same tensor back, still a leaf without grad_fn"""
    x = leaf(3)
    assert all(r is x for r in same_calls(x)) and x.grad_fn is None, "a node was recorded"


def case_non_leaf():
    """on a tracked result: the same tensor back, its grad_fn unchanged"""
    y = leaf(3) * 2
    node = y.grad_fn
    assert all(r is y for r in same_calls(y)) and y.grad_fn is node, "a node was recorded"


def case_shapes_and_strides():
    """a 0-d tensor, an empty one, and the transposed view of a transposed view (contiguous again)"""
    for t in (torch.tensor(1.0, requires_grad=True), leaf(0, 2), leaf(2, 3).t().t()):
        assert t.contiguous() is t and t.float() is t, f"shape {tuple(t.shape)}"


def case_other_dtypes():
    """t.double() on float64, t.half() on float16, t.bfloat16() on bfloat16, complex64 .to(complex64)"""
    pairs = (
        (leaf(2, dtype=torch.float64), lambda t: t.double()),
        (leaf(2, dtype=torch.float16), lambda t: t.half()),
        (leaf(2, dtype=torch.bfloat16), lambda t: t.bfloat16()),
        (leaf(2, dtype=torch.complex64), lambda t: t.to(torch.complex64)),
    )
    assert all(call(t) is t for t, call in pairs), "a new tensor was made"


def case_meta_device():
    """a tensor on the meta device"""
    x = leaf(2, device="meta")
    assert x.float() is x and x.contiguous() is x, "a new tensor was made"


def case_new_tensor_records():
    """to another dtype, .to(copy=True) and .contiguous() of a transposed view make new tensors: nodes"""
    x = leaf(2, 3)
    made = (x.double(), x.to(torch.float32, copy=True), x.t().contiguous(), x.half())
    assert all(r is not x and r.grad_fn is not None for r in made), "a new tensor without a node"
