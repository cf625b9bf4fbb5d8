"""clone() and advanced indexing (an index tensor, a list, a mask) give a copy: a tensor with storage of its own, so that changing it leaves the original alone, and changing the original leaves it alone; this holds for views, expanded and transposed tensors, bool, integer, bfloat16 and complex dtypes, 0-d and empty tensors, with gradients on or off."""

import torch


def separate(copy, original):
    """Whether copy has its own storage and writes do not travel either way (both contiguous, non-empty)."""
    if copy.untyped_storage().data_ptr() == original.untyped_storage().data_ptr():
        return False
    kept, before = original.clone(), copy.clone()
    copy.view(-1)[0] = 1 - copy.view(-1)[0] if copy.dtype != torch.bool else ~copy.view(-1)[0]
    if not torch.equal(original, kept):
        return False
    original.view(-1)[-1] = (
        1 - original.view(-1)[-1] if original.dtype != torch.bool else ~original.view(-1)[-1]
    )
    return torch.equal(copy.view(-1)[1:], before.view(-1)[1:]) and not torch.equal(copy, before)


def case_clone():
    """clone() of a 3 × 4 tensor"""
    x = torch.arange(12.0).view(3, 4)
    assert separate(x.clone(), x), "clone() shares memory with the original"


def case_clone_of_view_and_layouts():
    """clone() of a slice, a transposed tensor and an expanded one (stride 0)"""
    base = torch.arange(12.0).view(3, 4)
    for name, x in (
        ("slice", base[1:, ::2]),
        ("transposed", base.t()),
        ("expanded", torch.arange(3.0).expand(2, 3)),
    ):
        c = x.clone()
        assert c.untyped_storage().data_ptr() != base.untyped_storage().data_ptr(), name
        before = x.clone()
        c.fill_(-1.0)
        assert torch.equal(x, before) and (c == -1).all(), (
            f"{name}: a write through the clone travelled"
        )


def case_advanced_indexing():
    """y[tensor([0, 2])], y[[1]], y[y > 5] and y[tensor([0, 1]), 1]"""
    y = torch.arange(12.0).view(3, 4)
    for name, index in (
        ("tensor([0, 2])", torch.tensor([0, 2])),
        ("[1]", [1]),
        ("mask", y > 5),
        ("tensor([0, 1]), 1", (torch.tensor([0, 1]), 1)),
    ):
        picked = y[index]
        before = y.clone()
        picked.fill_(-1.0)
        assert picked.untyped_storage().data_ptr() != y.untyped_storage().data_ptr(), name
        assert torch.equal(y, before), f"y[{name}]: a write into the copy changed y"


def case_dtypes():
    """bool, int64, bfloat16 and complex64 tensors"""
    for dtype in (torch.bool, torch.int64, torch.bfloat16, torch.complex64):
        x = torch.zeros(2, 3, dtype=dtype)
        assert separate(x.clone(), x), f"{dtype}: clone() shares"
        assert separate(x[[0, 1]], x), f"{dtype}: an index list shares"


def case_zero_dimensional_and_empty():
    """a 0-d tensor, and an empty one (which has nothing to share)"""
    s = torch.tensor(2.0)
    c = s.clone()
    c += 1
    assert s.item() == 2.0 and c.item() == 3.0, f"{s}, {c}"
    e = torch.zeros(0, 3)
    assert e.clone().shape == (0, 3) and e[[]].shape == (0, 3), "shape changed"


def case_grad_modes():
    """clone() of a leaf requiring grad (changed in place), under no_grad and inference_mode"""
    leaf = torch.ones(3, requires_grad=True)
    c = leaf.clone()
    c.add_(1.0)
    assert leaf.detach().tolist() == [1.0] * 3 and c.detach().tolist() == [2.0] * 3, "leaf changed"
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            x = torch.arange(4.0)
            assert separate(x.clone(), x) and separate(x[[0, 1]], x), mode.__name__


def case_conjugate_view():
    """clone() of a lazily conjugated complex tensor: storage of its own"""
    z = torch.tensor([1 + 2j, 3 - 1j])
    c = z.conj().clone()
    assert c.untyped_storage().data_ptr() != z.untyped_storage().data_ptr(), "shared"
    c.zero_()
    assert z.tolist() == [1 + 2j, 3 - 1j], f"{z}"
