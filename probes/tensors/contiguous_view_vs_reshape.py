"""t.contiguous().view(shape) gives the shape and values that t.reshape(shape) gives; on a contiguous tensor both are views of it, while on a non-contiguous one contiguous() always copies, even where reshape returns a view."""

import torch


def storage(t):
    return t.untyped_storage().data_ptr()


def layouts():
    x = torch.arange(24.0)
    return {
        "contiguous": x.view(4, 6),
        "transposed": x.view(4, 6).t(),
        "permuted": x.view(2, 3, 4).permute(2, 0, 1),
        "every second column": x.view(4, 6)[:, ::2],
        "columns": x.view(4, 6)[:, :2],
        "expanded": torch.arange(3.0).expand(4, 3),
        "zero-d": torch.tensor(5.0),
        "empty transposed": torch.zeros(0, 3).t(),
        "int64 transposed": torch.arange(12).view(3, 4).t(),
        "bfloat16 transposed": torch.ones(3, 4, dtype=torch.bfloat16).t(),
    }


def case_same_shape_and_values():
    """contiguous().view(-1) and reshape(-1) of every layout, and view(1, -1) against reshape(1, -1)"""
    for name, t in layouts().items():
        for shape in ((-1,), (1, -1)):
            a, b = t.contiguous().view(*shape), t.reshape(*shape)
            assert a.shape == b.shape and torch.equal(a, b), f"{name} {shape}: {a.shape} {b.shape}"


def case_both_views_on_a_contiguous_tensor():
    """a contiguous 4 × 6 tensor: contiguous() is the tensor itself, both results share its memory"""
    t = layouts()["contiguous"]
    assert t.contiguous() is t
    assert storage(t.contiguous().view(-1)) == storage(t) == storage(t.reshape(-1))


def case_contiguous_copies_where_reshape_views():
    """every second column of a 4 × 6 matrix: reshape(-1) is a view, contiguous().view(-1) a copy"""
    t = layouts()["every second column"]
    assert not t.is_contiguous() and storage(t.reshape(-1)) == storage(t), "reshape copied"
    assert storage(t.contiguous().view(-1)) != storage(t), "contiguous() shared memory"


def case_both_copy_a_transpose():
    """a transposed matrix flattened: both give new memory"""
    t = layouts()["transposed"]
    assert storage(t.reshape(-1)) != storage(t) and storage(t.contiguous().view(-1)) != storage(t)


def case_grad_modes():
    """under no_grad and inference_mode, and with a tensor requiring grad: the same values"""
    leaf = torch.arange(6.0).view(2, 3).t().clone().requires_grad_()
    assert torch.equal(leaf.contiguous().view(-1), leaf.reshape(-1))
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            t = torch.arange(6.0).view(2, 3).t()
            assert torch.equal(t.contiguous().view(-1), t.reshape(-1)), mode.__name__
