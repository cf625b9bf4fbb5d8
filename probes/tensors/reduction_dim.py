"""A reduction with dim (sum, mean, prod, max, min, amax, argmax, std, any, all, logsumexp) runs along that dimension and removes it, as torch.max does; keepdim=True keeps it with size 1, so the result broadcasts back against the input."""

import torch

X = torch.arange(24.0).view(2, 3, 4)

REDUCTIONS = {
    "sum": lambda x, **k: x.sum(**k),
    "mean": lambda x, **k: x.mean(**k),
    "prod": lambda x, **k: x.prod(**k),
    "max values": lambda x, **k: x.max(**k).values,
    "min values": lambda x, **k: x.min(**k).values,
    "amax": lambda x, **k: x.amax(**k),
    "argmax": lambda x, **k: x.argmax(**k),
    "std": lambda x, **k: x.std(**k),
    "any": lambda x, **k: (x > 5).any(**k),
    "all": lambda x, **k: (x > 5).all(**k),
    "logsumexp": lambda x, **k: x.logsumexp(**k),
}


def case_the_dimension_disappears():
    """each reduction of a 2 × 3 × 4 tensor along dim 0, 1, 2 and -1"""
    for name, reduce in REDUCTIONS.items():
        for dim in (0, 1, 2, -1):
            expected = tuple(s for i, s in enumerate(X.shape) if i != dim % 3)
            got = tuple(reduce(X, dim=dim).shape)
            assert got == expected, f"{name}(dim={dim}) gave {got}, not {expected}"


def case_it_runs_along_the_dimension():
    """sum and mean along dim 1 of a matrix add along each row, as a Python loop does"""
    x = torch.arange(6.0).view(2, 3)
    assert x.sum(dim=1).tolist() == [sum(r) for r in x.tolist()], x.sum(dim=1)
    assert x.mean(dim=0).tolist() == [sum(c) / 2 for c in x.t().tolist()], x.mean(dim=0)


def case_keepdim_keeps_size_one():
    """each reduction with keepdim=True along dim 1: shape (2, 1, 4)"""
    for name, reduce in REDUCTIONS.items():
        got = tuple(reduce(X, dim=1, keepdim=True).shape)
        assert got == (2, 1, 4), f"{name}: {got}"


def case_keepdim_result_broadcasts_back():
    """x - x.mean(dim=1, keepdim=True) subtracts each row's own mean; without keepdim a 2 × 3 matrix raises"""
    x = torch.arange(6.0).view(2, 3)
    centred = x - x.mean(dim=1, keepdim=True)
    assert centred.tolist() == [[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]], centred.tolist()
    try:
        x - x.mean(dim=1)
    except RuntimeError:
        return
    raise AssertionError("without keepdim the (2,) means broadcast against (2, 3)")


def case_same_as_torch_max():
    """torch.max(x, dim=1) and x.sum(dim=1) remove the same dimension; with keepdim both keep it"""
    assert torch.max(X, dim=1).values.shape == X.sum(dim=1).shape
    assert torch.max(X, dim=1, keepdim=True).values.shape == X.sum(dim=1, keepdim=True).shape


def case_dtypes():
    """int64, bool, bfloat16 and float16 sums along dim 0 of a 2 × 3 tensor"""
    for dtype in (torch.int64, torch.bool, torch.bfloat16, torch.float16):
        x = torch.ones(2, 3, dtype=dtype)
        assert x.sum(dim=0).shape == (3,) and x.sum(dim=0, keepdim=True).shape == (1, 3), dtype


def case_empty_dimension():
    """a 0 × 3 tensor summed along dim 0: zeros of shape (3,); along dim 1: shape (0,)"""
    x = torch.zeros(0, 3)
    assert x.sum(dim=0).tolist() == [0.0] * 3 and x.sum(dim=1).shape == (0,)
    assert x.sum(dim=0, keepdim=True).shape == (1, 3)


def case_zero_d():
    """a 0-d tensor accepts dim=0 and stays 0-d, with or without keepdim: there is no dimension to remove"""
    z = torch.tensor(5.0)
    assert z.sum(dim=0).shape == () and z.sum(dim=0, keepdim=True).shape == ()


def case_several_dimensions():
    """dim=(0, 2) removes both; with keepdim=True both stay with size 1"""
    assert X.sum(dim=(0, 2)).shape == (3,) and X.sum(dim=(0, 2), keepdim=True).shape == (1, 3, 1)


def case_non_contiguous_and_grad_modes():
    """a transposed tensor; under no_grad and inference_mode; a tensor that requires grad"""
    t = X.transpose(0, 2)
    assert t.sum(dim=0).shape == (3, 2) and t.mean(dim=2, keepdim=True).shape == (4, 3, 1)
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert X.sum(dim=1).shape == (2, 4), mode.__name__
    leaf = X.clone().requires_grad_()
    assert leaf.mean(dim=1, keepdim=True).shape == (2, 1, 4)
