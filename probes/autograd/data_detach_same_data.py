"""x.data and x.detach() both give a tensor with x's data (the same memory, shape and strides) that belongs to no graph: no grad_fn, requires_grad False; they differ in the version counter, which only detach() shares."""

import torch


def same_data_no_graph(x, t):
    return (
        t.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        and (t.shape, t.stride(), t.storage_offset()) == (x.shape, x.stride(), x.storage_offset())
        and t.grad_fn is None
        and not t.requires_grad
    )


def check(x):
    assert same_data_no_graph(x, x.data), f"x.data of {x.dtype} {tuple(x.shape)}"
    assert same_data_no_graph(x, x.detach()), f"x.detach() of {x.dtype} {tuple(x.shape)}"


def case_leaf_and_result():
    """a tracked leaf and a tracked result"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    check(x)
    check(x * 2)


def case_views():
    """a slice with an offset, a transposed view and an expanded view"""
    x = torch.arange(12.0, requires_grad=True)
    for v in (x[3:7], x.view(3, 4).t(), x[:1].expand(5)):
        check(v)


def case_dtypes_and_shapes():
    """float16, bfloat16, complex64, a 0-d and an empty tensor"""
    for dtype in (torch.float16, torch.bfloat16, torch.complex64):
        check(torch.ones(2, dtype=dtype, requires_grad=True) * 2)
    check(torch.tensor(1.0, requires_grad=True) * 2)
    check(torch.ones(2, 0, requires_grad=True) * 2)


def case_writes_reach_x():
    """a write through either reaches x"""
    x = torch.zeros(2, requires_grad=True)
    x.data[0] = 1.0
    x.detach()[1] = 2.0
    assert x.tolist() == [1.0, 2.0], x


def case_version_counter_differs():
    """only detach() shares the version counter"""
    x = torch.zeros(2, requires_grad=True) * 1
    before = x._version
    x.data.add_(1)
    after_data = x._version
    x.detach().add_(1)
    assert after_data == before and x._version == before + 1, (before, after_data, x._version)
