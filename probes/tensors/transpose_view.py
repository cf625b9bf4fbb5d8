"""For a dense (strided) tensor, transpose(i, j) swaps two dimensions as a view of the same memory, and so does t(), which takes at most two dimensions (a 1-D or 0-d tensor comes back as it is, again a view) and refuses three or more; a sparse tensor's transpose is not a view."""

import torch


def shares(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def case_matrix_t():
    """t() of a 2 × 3 matrix: shape (3, 2), strides swapped, a write through either seen by both"""
    x = torch.arange(6.0).view(2, 3)
    y = x.t()
    assert y.shape == (3, 2) and y.stride() == x.stride()[::-1], f"{tuple(y.shape)}, {y.stride()}"
    assert y._is_view() and shares(x, y), "t() copied"
    y[2, 1] = -1.0
    x[0, 1] = -2.0
    assert x[1, 2] == -1.0 and y[1, 0] == -2.0, f"{x.tolist()}, {y.tolist()}"


def case_transpose_any_two_dimensions():
    """transpose(0, 2), transpose(-1, -2) and transpose(1, 1) of a 2 × 3 × 4 tensor"""
    x = torch.arange(24.0).view(2, 3, 4)
    for (i, j), shape in (((0, 2), (4, 3, 2)), ((-1, -2), (2, 4, 3)), ((1, 1), (2, 3, 4))):
        y = x.transpose(i, j)
        assert y.shape == shape and y._is_view() and shares(x, y), f"transpose({i}, {j})"
        assert y[(0,) * 3].item() == 0.0, "another first element"


def case_non_contiguous_input():
    """t() and transpose() of a column slice with a step and of an expanded tensor"""
    base = torch.arange(24.0).view(4, 6)
    for x in (base[:, ::2], torch.arange(3.0).expand(4, 3)):
        for y in (x.t(), x.transpose(0, 1)):
            assert y._is_view() and shares(x, y), f"a copy of a tensor with strides {x.stride()}"
            assert torch.equal(y.contiguous(), x.contiguous().t().contiguous()), "other values"


def case_one_and_zero_dimensions():
    """t() of a 1-D and of a 0-d tensor: the same shape, still a view"""
    for x in (torch.arange(3.0), torch.tensor(5.0)):
        y = x.t()
        assert y.shape == x.shape and y._is_view() and shares(x, y), f"{tuple(y.shape)}"


def case_three_dimensions_refused():
    """t() of a 2 × 3 × 4 tensor raises instead of picking two dimensions"""
    try:
        torch.ones(2, 3, 4).t()
    except RuntimeError:
        return
    raise AssertionError("t() accepted a 3-D tensor")


def case_empty():
    """t() of a 0 × 3 tensor: a 3 × 0 view"""
    x = torch.zeros(0, 3)
    y = x.t()
    assert y.shape == (3, 0) and y._is_view(), f"{tuple(y.shape)}"


def case_dtypes():
    """bool, int64, bfloat16 and complex64 matrices"""
    for dtype in (torch.bool, torch.int64, torch.bfloat16, torch.complex64):
        x = torch.zeros(2, 3, dtype=dtype)
        y = x.t()
        assert y._is_view() and shares(x, y), f"{dtype}: a copy"
        y[0, 1] = 1
        assert x[1, 0] == 1, f"{dtype}: the write did not reach x"


def case_grad_modes():
    """a leaf requiring grad, and tensors under no_grad and inference_mode"""
    leaf = torch.ones(2, 3, requires_grad=True)
    assert leaf.t()._is_view() and shares(leaf, leaf.t()), "requires_grad"
    with torch.no_grad():
        x = torch.ones(2, 3)
        assert x.t()._is_view() and shares(x, x.t()), "no_grad"
    with torch.inference_mode():
        x = torch.ones(2, 3)
        assert shares(x, x.t()) and shares(x, x.transpose(0, 1)), "inference_mode"


def case_meta_device():
    """t() of a tensor on the meta device: a view with the shape swapped"""
    y = torch.empty(2, 3, device="meta").t()
    assert y.shape == (3, 2) and y._is_view() and y.is_meta, f"{tuple(y.shape)}"


def case_sparse_is_not_a_view():
    """t() of a sparse COO matrix: a new tensor whose values do not share the original's memory"""
    x = torch.tensor([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]).to_sparse()
    y = x.t()
    assert torch.equal(y.to_dense(), x.to_dense().t()), "other values"
    x._values().mul_(10)
    assert y.to_dense().max().item() == 3.0, "the sparse transpose shared the values"
