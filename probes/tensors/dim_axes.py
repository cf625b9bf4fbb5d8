"""For a matrix, dim=0 runs down the rows (one result per column) and dim=1 along each row (one result per row)."""

import torch

M = torch.tensor([[1, 2, 3], [4, 5, 6]])


def case_sum():
    """sum of a 2 × 3 integer matrix along dim 0 and dim 1"""
    assert M.sum(dim=0).tolist() == [5, 7, 9], M.sum(dim=0)
    assert M.sum(dim=1).tolist() == [6, 15], M.sum(dim=1)


def case_negative_dim():
    """dim=-1 of a matrix is dim=1"""
    assert torch.equal(M.sum(dim=-1), M.sum(dim=1)), M.sum(dim=-1)


def case_argmax():
    """argmax along dim 0 picks a row for each column; along dim 1 a column for each row"""
    m = torch.tensor([[0.0, 9.0, 1.0], [5.0, 2.0, 3.0]])
    assert m.argmax(dim=0).tolist() == [1, 0, 1], m.argmax(dim=0)
    assert m.argmax(dim=1).tolist() == [1, 0], m.argmax(dim=1)


def case_cat():
    """cat along dim 0 adds rows, along dim 1 adds columns"""
    assert torch.cat([M, M], dim=0).shape == (4, 3), torch.cat([M, M], dim=0).shape
    assert torch.cat([M, M], dim=1).shape == (2, 6), torch.cat([M, M], dim=1).shape


def case_transposed():
    """a transposed, non-contiguous matrix follows its own rows, not its memory"""
    t = M.t()
    assert not t.is_contiguous()
    assert t.sum(dim=0).tolist() == [6, 15] and t.sum(dim=1).tolist() == [5, 7, 9], t


def case_one_row_and_empty():
    """a 1 × 3 matrix, and a 0 × 3 one summed down its (no) rows"""
    assert torch.ones(1, 3).sum(dim=0).tolist() == [1.0, 1.0, 1.0]
    assert torch.zeros(0, 3).sum(dim=0).tolist() == [0.0, 0.0, 0.0]
    assert torch.zeros(0, 3).sum(dim=1).shape == (0,)


def case_keepdim():
    """keepdim keeps a row of column results, or a column of row results"""
    assert M.sum(dim=0, keepdim=True).shape == (1, 3) and M.sum(dim=1, keepdim=True).shape == (2, 1)
