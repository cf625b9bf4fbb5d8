"""A view reads its base's storage with its own shape and strides: a write through either, where PyTorch accepts it, is seen by both."""

import torch


def case_view():
    """view(4, 3) of a 3 × 4 tensor"""
    base = torch.arange(12.0).view(3, 4)
    v = base.view(4, 3)
    v[0, 0] = -1
    assert base[0, 0] == -1, base
    base[2, 3] = -2
    assert v[3, 2] == -2, v


def case_slice():
    """a basic slice with a step"""
    base = torch.arange(10)
    v = base[1::3]
    v[1] = -1
    assert base[4] == -1, base
    base[7] = -7
    assert v[2] == -7, v


def case_transpose_and_diagonal():
    """t() and diagonal() of a 3 × 3 matrix"""
    base = torch.zeros(3, 3)
    t, d = base.t(), base.diagonal()
    t[0, 2] = 5
    assert base[2, 0] == 5, base
    d[1] = 7
    assert base[1, 1] == 7 and t[1, 1] == 7, base
    base[2, 2] = 9
    assert d[2] == 9, d


def case_other_dtype():
    """view(torch.int32) of a float32 tensor: the same bytes, read as ints"""
    base = torch.zeros(2)
    v = base.view(torch.int32)
    v[0] = 0x3F800000  # the bits of 1.0
    assert base[0] == 1.0, base
    base[1] = 2.0
    assert v[1].item() == 0x40000000, v


def case_detach():
    """detach() shares the data: writes cross both ways"""
    base = torch.ones(3, requires_grad=True)
    d = base.detach()
    d[0] = 4
    assert base[0].item() == 4, base
    with torch.no_grad():
        base[1] = 5
    assert d[1] == 5, d


def case_real_and_conj():
    """.real of a complex tensor, and conj(), a view with the conjugate bit set"""
    base = torch.tensor([1 + 1j, 2 + 2j])
    base.real[0] = 10
    assert base[0] == 10 + 1j, base
    c = base.conj()
    c[1] = 3 + 4j
    assert base[1] == 3 - 4j, base


def case_unfold():
    """unfold gives overlapping windows of one storage"""
    base = torch.arange(5.0)
    windows = base.unfold(0, 3, 1)
    base[2] = -1
    assert all(w[2 - i] == -1 for i, w in enumerate(windows)), windows


def case_expanded():
    """expand(): a write through the base shows in every row; a write through it is refused"""
    base = torch.zeros(3)
    wide = base.expand(2, 3)
    base[1] = 8
    assert wide[:, 1].tolist() == [8.0, 8.0], wide
    try:
        wide.add_(1)
    except RuntimeError:
        return
    raise AssertionError("a write through overlapping elements was accepted")


def case_inference_mode():
    """a view made and written in inference mode"""
    with torch.inference_mode():
        base = torch.zeros(4)
        v = base[2:]
        v[0] = 3
    assert base[2] == 3, base
