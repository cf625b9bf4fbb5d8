"""A row reduction with keepdim=True is an (n, 1) column that broadcasts along each row; without keepdim it is an (n,) vector that lines up with the columns: a non-square matrix then raises, a square one divides each column by one row's value without an error, and only the values show it."""

import warnings

import torch

CHECK = torch.tensor([[1.0, 2.0, 3.0], [1000.0, 1000.0, 1000.0], [0.0, -1.0, 5.0]])


def case_keepdim_column():
    """x.max(dim=1, keepdim=True).values of a 4 x 3 matrix has shape (4, 1), one maximum per row"""
    x = torch.randn(4, 3)
    largest = x.max(dim=1, keepdim=True).values
    assert largest.shape == (4, 1), largest.shape
    assert torch.equal(x - largest, torch.stack([r - r.max() for r in x])), "not each row's own"


def case_keepdim_sum_divides_rows():
    """e / e.sum(dim=1, keepdim=True): each row divided by its own sum"""
    e = torch.rand(4, 3) + 0.1
    p = e / e.sum(dim=1, keepdim=True)
    assert torch.allclose(p, torch.stack([r / r.sum() for r in e])), "not each row by its own sum"
    assert torch.allclose(p.sum(dim=1), torch.ones(4)), p.sum(dim=1)


def case_non_square_raises():
    """a 2 x 3 matrix divided by its (2,) row maxima"""
    x = torch.tensor([[1.0, 4.0, 2.0], [3.0, 6.0, 6.0]])
    try:
        x / x.max(dim=1).values
    except RuntimeError:
        return
    raise AssertionError("it broadcast")


def case_square_silent():
    """the check's 3 x 3 matrix divided by its (3,) row maxima: no error, no warning, same shape and dtype"""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        wrong = CHECK / CHECK.max(dim=1).values
    assert wrong.shape == CHECK.shape and wrong.dtype == CHECK.dtype, (wrong.shape, wrong.dtype)


def case_square_divides_columns():
    """there column j is divided by row j's maximum"""
    maxima = CHECK.max(dim=1).values
    wrong = CHECK / CHECK.max(dim=1).values
    assert torch.equal(wrong, CHECK / maxima.view(1, 3)), "not column j by row j's maximum"


def case_values_show_it():
    """on the check's matrix the values without keepdim differ from those with it"""
    right = CHECK / CHECK.max(dim=1, keepdim=True).values
    wrong = CHECK / CHECK.max(dim=1).values
    assert not torch.allclose(right, wrong), "the values are the same"


def case_equal_maxima_hide_it():
    """a square matrix whose rows share one maximum gives the right values even without keepdim"""
    x = torch.tensor([[1.0, 4.0], [4.0, 2.0]])
    assert torch.equal(x / x.max(dim=1).values, x / x.max(dim=1, keepdim=True).values)
