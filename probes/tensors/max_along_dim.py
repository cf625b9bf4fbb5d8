"""torch.max(x, dim=d) compares the elements along dimension d and removes it: for a matrix, dim=1 within each row, dim=0 down each column; it returns the values and the indices of the maxima."""

import math

import torch

SCORES = torch.tensor([[1, 5, 2], [7, 0, 3]])


def case_rows():
    """dim=1 of scores = [[1, 5, 2], [7, 0, 3]]: one maximum per row"""
    values, indices = torch.max(SCORES, dim=1)
    assert values.tolist() == [5, 7] and indices.tolist() == [1, 0], (values, indices)


def case_columns():
    """dim=0 of the same scores: one maximum per column"""
    values, indices = torch.max(SCORES, dim=0)
    assert values.tolist() == [7, 5, 3] and indices.tolist() == [1, 0, 1], (values, indices)


def case_against_a_loop():
    """a random 5 x 4 float matrix: each row's and each column's maximum found by a Python loop"""
    x = torch.randn(5, 4)
    rows = [max(r) for r in x.tolist()]
    cols = [max(c) for c in x.t().tolist()]
    assert (
        torch.max(x, dim=1).values.tolist() == rows and torch.max(x, dim=0).values.tolist() == cols
    )


def case_dimension_removed():
    """a 2 x 3 x 4 tensor: dim=1 gives 2 x 4; keepdim=True gives 2 x 1 x 4; dim=-1 is the last"""
    x = torch.randn(2, 3, 4)
    assert torch.max(x, dim=1).values.shape == (2, 4)
    assert torch.max(x, dim=1, keepdim=True).values.shape == (2, 1, 4)
    assert torch.equal(torch.max(x, dim=-1).values, torch.max(x, dim=2).values)


def case_dtypes():
    """int64, bool, bfloat16 and float16 matrices, by row"""
    for dtype in (torch.int64, torch.bool, torch.bfloat16, torch.float16):
        m = torch.tensor([[0, 1, 0], [1, 0, 0]]).to(dtype)
        assert torch.max(m, dim=1).indices.tolist() == [1, 0], dtype


def case_ties_and_nan():
    """a row of equal maxima gives a valid index; a row holding NaN gives NaN"""
    values, indices = torch.max(torch.tensor([[3.0, 3.0, 1.0], [1.0, math.nan, 2.0]]), dim=1)
    assert values[0].item() == 3.0 and indices[0].item() in (0, 1), (values, indices)
    assert math.isnan(values[1].item()) and indices[1].item() == 1, (values, indices)


def case_one_row_and_empty_dim():
    """a 1 x 3 matrix by row gives one maximum; a 2 x 0 matrix by row raises"""
    assert torch.max(torch.tensor([[2, 9, 4]]), dim=1).values.tolist() == [9]
    try:
        torch.max(torch.zeros(2, 0), dim=1)
    except (RuntimeError, IndexError):
        return
    raise AssertionError("the maximum of an empty row was returned")


def case_argmax_is_the_indices():
    """argmax(dim=1) equals the indices of max(dim=1)"""
    x = torch.randn(4, 5)
    assert torch.equal(x.argmax(dim=1), torch.max(x, dim=1).indices), "they differ"
