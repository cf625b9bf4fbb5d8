"""A dimension's stride is the number of elements to step over to move one place along it; from the tensor's first element (its storage offset), shape and strides locate every element."""

import itertools

import torch


def located(t):
    """Each element read at storage_offset + sum(index * stride) of the underlying memory."""
    memory = t.as_strided((t.untyped_storage().nbytes() // t.element_size(),), (1,), 0)
    for index in itertools.product(*(range(n) for n in t.shape)):
        where = t.storage_offset() + sum(i * s for i, s in zip(index, t.stride(), strict=False))
        if memory[where].item() != t[index].item():
            return f"{index} is not at {where}"
    return ""


def tensors():
    x = torch.arange(24.0)
    return {
        "contiguous": x.view(4, 6),
        "transposed": x.view(4, 6).t(),
        "permuted": x.view(2, 3, 4).permute(1, 2, 0),
        "sliced with an offset": x.view(4, 6)[1:, 2::2],
        "expanded": torch.arange(3.0).expand(2, 3),
        "float64": torch.arange(6, dtype=torch.float64).view(2, 3).t(),
        "int8": torch.arange(6, dtype=torch.int8).view(3, 2),
        "zero-d": x[5],
    }


def case_every_element_located():
    """contiguous, transposed, permuted, offset slice, expanded, float64, int8 and 0-d tensors"""
    for name, t in tensors().items():
        problem = located(t)
        assert not problem, f"{name}: {problem}"


def case_stride_counts_elements_not_bytes():
    """a 2 x 3 tensor has strides (3, 1) whatever the element size"""
    for dtype in (torch.int8, torch.float16, torch.float32, torch.float64, torch.complex128):
        assert torch.zeros(2, 3, dtype=dtype).stride() == (3, 1), dtype


def case_step_along_a_dimension():
    """moving one place along each dimension moves stride elements in memory"""
    t = torch.arange(24.0).view(2, 3, 4).permute(2, 0, 1)
    for dim in range(t.dim()):
        index = [0] * t.dim()
        nxt = list(index)
        nxt[dim] = 1
        assert t[tuple(nxt)] - t[tuple(index)] == t.stride(dim), f"dimension {dim}"


def case_offset_needed():
    """x[2:] and x[:-2] have the same shape and strides but start at different places"""
    x = torch.arange(6.0)
    a, b = x[2:], x[:-2]
    assert a.shape == b.shape and a.stride() == b.stride(), "shape or strides differ"
    assert a.storage_offset() == 2 and b.storage_offset() == 0, "the offsets are equal"
    assert a.tolist() != b.tolist(), "they hold the same elements"


def case_zero_stride():
    """expand gives stride 0: every row reads the same three elements"""
    t = torch.arange(3.0).expand(4, 3)
    assert t.stride() == (0, 1), t.stride()
