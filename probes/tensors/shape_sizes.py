"""A tensor's shape gives the number of elements along each of its dimensions."""

import torch


def case_matrix():
    """a 3 × 4 matrix: 3 rows of 4 elements"""
    t = torch.zeros(3, 4)
    assert t.shape == (3, 4) and len(t) == 3 and len(t[0]) == 4, f"shape {tuple(t.shape)}"
    assert t.numel() == 12, f"{t.numel()} elements"


def case_0d():
    """a 0-d tensor has no dimensions, shape ()"""
    t = torch.tensor(2.0)
    assert t.shape == () and t.numel() == 1, f"shape {tuple(t.shape)}, {t.numel()} elements"


def case_empty_dimension():
    """a 0 × 3 tensor"""
    t = torch.zeros(0, 3)
    assert t.shape == (0, 3) and t.numel() == 0 and len(t) == 0, f"shape {tuple(t.shape)}"


def case_expanded():
    """an expanded tensor: 3 × 4 elements read from 4 numbers of storage"""
    t = torch.arange(4).expand(3, 4)
    assert t.shape == (3, 4) and t.numel() == 12, f"shape {tuple(t.shape)}"
    assert t.untyped_storage().nbytes() == 4 * t.element_size(), "storage grew"
    assert [len(t), len(t[0])] == [3, 4], "iterating gives other counts"


def case_transposed():
    """a transposed, non-contiguous 4 × 3 tensor"""
    t = torch.zeros(3, 4).t()
    assert not t.is_contiguous() and t.shape == (4, 3) and len(t) == 4, f"{tuple(t.shape)}"


def case_index_bounds():
    """indexing along dimension i accepts 0 … shape[i] - 1 and refuses shape[i]"""
    t = torch.zeros(2, 5)
    t[:, 4]
    try:
        t[:, 5]
    except IndexError:
        return
    raise AssertionError("index 5 of a dimension of size 5 was accepted")


def case_meta_device():
    """a tensor on the meta device, with no data"""
    t = torch.empty(2, 3, 7, device="meta")
    assert t.shape == (2, 3, 7) and t.numel() == 42, f"{tuple(t.shape)}"
