"""A dense tensor is a Python object (a is b asks about it) that points into a storage: t.data_ptr() is the address of its first element there, and for tensors that hold elements, equal untyped_storage().data_ptr() means the same storage; a view is a new object on the same storage, a tensor with no elements may have no memory (its storage answers 0), and a sparse tensor has no storage of this kind. Memory brought in with from_numpy, from_dlpack or frombuffer at an offset gets a storage of its own: such tensors can share memory through different storages."""

import numpy as np
import torch


def storage(t):
    return t.untyped_storage().data_ptr()


def base():
    return torch.arange(12.0).view(3, 4)


def case_views_are_new_objects_on_the_same_storage():
    """view, a row, a column, t(), a stepped slice, expand, unsqueeze, detach: new objects, one storage"""
    y = base()
    for name, v in (
        ("view", y.view(4, 3)),
        ("row", y[1]),
        ("column", y[:, 1]),
        ("t()", y.t()),
        ("stepped", y[::2, ::3]),
        ("expand", y[:1].expand(5, 4)),
        ("unsqueeze", y.unsqueeze(0)),
        ("detach", y.detach()),
    ):
        assert v is not y, f"{name} is y itself"
        assert storage(v) == storage(y), f"{name} has another storage"


def case_names_and_identity():
    """a second name is the same object; to() with nothing to change gives it back; a view does not"""
    y = base()
    alias = y
    assert alias is y and id(alias) == id(y) and y.to(y.dtype) is y, "not the same object"
    assert y.view(y.shape) is not y, "a view is y itself"


def case_data_ptr_is_the_first_element():
    """data_ptr() = storage address + storage_offset() × element size, for offsets, steps, transposes, dtypes"""
    for y in (
        base(),
        torch.arange(12).view(3, 4),
        torch.ones(3, 4, dtype=torch.bool),
        torch.ones(3, 4, dtype=torch.complex64),
        torch.ones(3, 4, dtype=torch.bfloat16),
    ):
        for v in (y, y[1], y[:, 2], y[2:, 3:], y.t()[1:], y[1, 2]):
            expected = storage(v) + v.storage_offset() * v.element_size()
            assert v.data_ptr() == expected, (
                f"{y.dtype} {tuple(v.shape)}: {v.data_ptr()} != {expected}"
            )


def case_zero_d():
    """a 0-d tensor and an element of a matrix as a 0-d view"""
    y = base()
    e = y[1, 2]
    assert e.dim() == 0 and storage(e) == storage(y) and e.data_ptr() != y.data_ptr()


def case_copies_have_other_storages():
    """clone(), an index tensor, a mask, .to(float64), contiguous() of a transpose: other storages"""
    y = base()
    for name, c in (
        ("clone", y.clone()),
        ("index tensor", y[torch.tensor([0, 1])]),
        ("mask", y[y > 2]),
        ("float64", y.double()),
        ("contiguous", y.t().contiguous()),
    ):
        assert storage(c) != storage(y), f"{name} shares y's storage"


def case_empty_tensors_have_no_memory():
    """two fresh empty tensors: no memory, both storages answer 0, though they share nothing"""
    a, b = torch.empty(0), torch.zeros(0, 3)
    assert storage(a) == 0 and storage(b) == 0 and a.data_ptr() == 0, (storage(a), storage(b))


def case_empty_view_keeps_its_storage():
    """an empty slice of a full tensor still points into that tensor's storage"""
    y = base()
    assert storage(y[3:3]) == storage(y), "an empty slice left the storage"


def case_meta_has_no_memory():
    """a meta tensor's storage has a size but no address"""
    m = torch.ones(3, device="meta")
    assert storage(m) == 0 and m.untyped_storage().nbytes() == 12, m.untyped_storage().nbytes()


def case_sparse_has_no_such_storage():
    """a sparse tensor: untyped_storage() is refused"""
    try:
        torch.ones(3).to_sparse().untyped_storage()
    except (NotImplementedError, RuntimeError):
        return
    raise AssertionError("a sparse tensor gave a storage")


def case_numpy_made_tensors():
    """from_numpy twice of one array: equal storage addresses; of the array and of n[2:]: unequal, though they overlap"""
    n = np.arange(6.0)
    t1, t2, t3 = torch.from_numpy(n), torch.from_numpy(n), torch.from_numpy(n[2:])
    assert storage(t1) == storage(t2), "one array, two addresses"
    assert storage(t1) != storage(t3) and t3.data_ptr() == t1[2:].data_ptr(), "overlap"


def case_grad_modes():
    """under no_grad and inference_mode, and for a tensor requiring grad"""
    leaf = base().requires_grad_()
    assert storage(leaf[1]) == storage(leaf) and leaf[1] is not leaf
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            y = base()
            v = y.view(4, 3)
            assert v is not y and storage(v) == storage(y), mode.__name__


def case_memory_from_outside_at_an_offset():
    """from_numpy(a.numpy()[2:]), from_dlpack(a[2:]), frombuffer(offset=8): writes reach a, storages differ"""
    a = torch.arange(6.0)
    b = torch.from_numpy(a.numpy()[2:])
    b[0] = 100
    assert a[2].item() == 100 and storage(b) != storage(a), (a[2].item(), storage(b) == storage(a))
    c = torch.from_dlpack(a[2:])
    c[1] = -1
    assert a[3].item() == -1 and storage(c) != storage(a), (a[3].item(), storage(c) == storage(a))
    buffer = bytearray(24)
    whole = torch.frombuffer(buffer, dtype=torch.float32)
    tail = torch.frombuffer(buffer, dtype=torch.float32, offset=8)
    tail[0] = 5
    assert whole[2].item() == 5 and storage(tail) != storage(whole), (whole[2].item(),)


def case_memory_from_outside_whole():
    """from_numpy(a.numpy()) and from_dlpack(a), with no offset: the same storage address as a"""
    a = torch.arange(6.0)
    assert storage(torch.from_numpy(a.numpy())) == storage(a), "from_numpy gave another address"
    assert storage(torch.from_dlpack(a)) == storage(a), "from_dlpack gave another address"
