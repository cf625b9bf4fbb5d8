"""The grad_fn of a result is the backward node of the last operation that produced it (an in-place operation on it included): for an operation of PyTorch its class is named after that operation, or a lower-level one PyTorch ran for it, followed by Backward and a number; a custom torch.autograd.Function's node gets no number, and an assignment into part of a tensor records CopySlices."""

import re

import torch
import torch.nn.functional as F


def name(t):
    return type(t.grad_fn).__name__


def leaf(*shape, dtype=torch.float32):
    return torch.ones(*shape, dtype=dtype, requires_grad=True)


def case_last_of_a_chain():
    """(x * 1 + 2) - 3, (x * x).sum(), x.exp().mean(): the last operation names the node"""
    x = leaf(3)
    got = [name((x * 1 + 2) - 3), name((x * x).sum()), name(x.exp().mean())]
    assert got == ["SubBackward0", "SumBackward0", "MeanBackward0"], got


def case_in_place_operation_comes_last():
    """y = x * 2 then y.add_(1): y's node is now that of the addition"""
    y = leaf(3) * 2
    y.add_(1)
    assert name(y) == "AddBackward0", name(y)


def case_number_tells_overloads_apart():
    """x.max() and x.max(dim=0): two overloads, two numbers"""
    x = leaf(2, 3)
    got = (name(x.max()), name(x.max(dim=0).values))
    assert got == ("MaxBackward1", "MaxBackward0"), got


def case_lower_level_operation():
    """reshape records a view; F.linear of a vector and x.norm() record what PyTorch ran for them"""
    x = leaf(3)
    assert name(x.reshape(3, 1)) == "ViewBackward0", name(x.reshape(3, 1))
    for r in (F.linear(x, torch.ones(2, 3)), x.norm()):
        assert re.fullmatch(r"[A-Z]\w*Backward\d+", name(r)), name(r)


def case_dtypes_and_shapes():
    """float16, bfloat16, complex64, a 0-d and an empty tensor"""
    made = [leaf(2, dtype=d) for d in (torch.float16, torch.bfloat16, torch.complex64)]
    made += [torch.tensor(2.0, requires_grad=True), leaf(0)]
    got = {name(m * 2) for m in made}
    assert got == {"MulBackward0"}, got


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


def case_custom_function_no_number():
    """a custom autograd.Function named Double: DoubleBackward, without a number"""
    assert name(Double.apply(leaf(2))) == "DoubleBackward", name(Double.apply(leaf(2)))


def case_assignment_into_part():
    """y[0] = 5 on a tracked result records CopySlices"""
    y = leaf(3) * 2
    y[0] = 5.0
    assert name(y) == "CopySlices", name(y)
