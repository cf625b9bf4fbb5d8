"""An element-wise operation such as x + y works on each element, or on each pair of elements at the same position (after broadcasting)."""

import itertools

import torch


def pairwise(x, y, op):
    """``op`` applied in Python to the elements of x and y at each position."""
    out = torch.empty(x.shape, dtype=torch.result_type(x, y))
    for index in itertools.product(*map(range, x.shape)):
        out[index] = op(x[index].item(), y[index].item())
    return out


def case_same_shape():
    """x + y of two 2 × 3 integer tensors"""
    x, y = torch.arange(6).view(2, 3), torch.arange(6, 12).view(2, 3)
    assert torch.equal(x + y, pairwise(x, y, lambda a, b: a + b)), x + y


def case_transposed_operand():
    """a transposed (non-contiguous) operand pairs by position, not by memory"""
    x, y = torch.arange(6.0).view(3, 2).t(), torch.arange(6.0).view(2, 3)
    assert not x.is_contiguous()
    assert torch.equal(x * y, pairwise(x, y, lambda a, b: a * b)), x * y


def case_reversed_operand():
    """a reversed operand (flip) beside a tensor in order"""
    x = torch.arange(5.0).flip(0)
    y = torch.arange(5.0)
    assert (x - y).tolist() == [4.0, 2.0, 0.0, -2.0, -4.0], x - y


def case_mixed_dtypes():
    """an int64 tensor plus a float32 one: each pair, promoted to float32"""
    x, y = torch.tensor([1, 2]), torch.tensor([0.5, 0.25])
    assert (x + y).tolist() == [1.5, 2.25] and (x + y).dtype == torch.float32, x + y


def case_broadcast():
    """a 2 × 3 tensor plus a 3-vector: the vector stretched to each row, then pairs"""
    x, y = torch.arange(6).view(2, 3), torch.tensor([10, 20, 30])
    assert torch.equal(x + y, pairwise(x, y.expand(2, 3), lambda a, b: a + b)), x + y


def case_unary():
    """torch.exp of a bfloat16 tensor: each element alone"""
    x = torch.tensor([0.0, 1.0, -1.0], dtype=torch.bfloat16)
    expected = torch.tensor([torch.exp(e.float()).item() for e in x]).to(torch.bfloat16)
    assert torch.equal(torch.exp(x), expected), torch.exp(x)


def case_0d_and_empty():
    """a 0-d tensor plus a 0-d tensor, and two empty tensors"""
    assert (torch.tensor(2) + torch.tensor(3)).item() == 5
    assert (torch.empty(0, 3) + torch.empty(0, 3)).shape == (0, 3)


def case_complex():
    """complex multiplication, pair by pair"""
    x, y = torch.tensor([1 + 2j, 3j]), torch.tensor([2 - 1j, 1 + 1j])
    assert (x * y).tolist() == [(1 + 2j) * (2 - 1j), 3j * (1 + 1j)], x * y
