"""The gradient of x.max() (and x.amax()) flows to the position of the maximum, split evenly
among elements that tie for it; x.max(dim) sends it to the index it returns only, ties or not."""

import torch


def grad_of(reduce, values, dtype=torch.float32):
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    reduce(x).sum().backward()
    return x.grad


def case_single_maximum():
    """x = [1, 5, 3]: the whole gradient goes to the 5"""
    assert grad_of(torch.max, [1.0, 5.0, 3.0]).tolist() == [0.0, 1.0, 0.0]


def case_tie_split_evenly():
    """x = [1, 5, 5] and [5, 5, 5, 5]: x.max() splits the gradient evenly among the tied maxima"""
    assert grad_of(torch.max, [1.0, 5.0, 5.0]).tolist() == [0.0, 0.5, 0.5]
    assert grad_of(torch.max, [5.0] * 4).tolist() == [0.25] * 4


def case_amax_tie_split_evenly():
    """amax over all elements and along a dimension also splits among ties"""
    assert grad_of(torch.amax, [1.0, 5.0, 5.0]).tolist() == [0.0, 0.5, 0.5]
    rows = grad_of(lambda x: x.amax(dim=1), [[5.0, 5.0, 3.0], [4.0, 2.0, 0.0]])
    assert rows.tolist() == [[0.5, 0.5, 0.0], [1.0, 0.0, 0.0]], rows


def case_max_dim_to_returned_index():
    """x.max(dim=1) with a tie in a row: the whole gradient goes to the index it returns"""
    x = torch.tensor([[5.0, 5.0, 3.0], [4.0, 2.0, 4.0]], requires_grad=True)
    result = x.max(dim=1)
    result.values.sum().backward()
    expected = torch.zeros_like(x).scatter_(1, result.indices[:, None], 1.0)
    assert torch.equal(x.grad, expected), (
        f"gave {x.grad.tolist()} for indices {result.indices.tolist()}"
    )
    assert x.grad.sum(dim=1).tolist() == [1.0, 1.0]


def case_float64_and_zero_dimensional():
    """a float64 tie, and a 0-d tensor (its own maximum)"""
    assert grad_of(torch.max, [2.0, 2.0], dtype=torch.float64).tolist() == [0.5, 0.5]
    x = torch.tensor(3.0, requires_grad=True)
    x.max().backward()
    assert x.grad.item() == 1.0
