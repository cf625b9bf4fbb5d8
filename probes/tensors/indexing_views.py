"""Indexing gives a view only for basic indexing: integers and slices (None, ... and an integer in a 0-d tensor count too, though a 0-d uint8 or bool tensor is taken as a mask); an index tensor, a list or a mask copies."""

import warnings

import torch


def shares(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def base():
    return torch.arange(12.0).view(3, 4)


def case_integers_and_slices_are_views():
    """y[1, :], y[:, 1], y[::2], y[1], y[1, 2], y[-1], y[:, 1:3], y[::2, ::3], an empty slice y[2:1]"""
    y = base()
    for index in (
        (1, slice(None)),
        (slice(None), 1),
        slice(None, None, 2),
        1,
        (1, 2),
        -1,
        (slice(None), slice(1, 3)),
        (slice(None, None, 2), slice(None, None, 3)),
        slice(2, 1),
    ):
        view = y[index]
        assert shares(view, y), f"y[{index}] is a copy"


def case_writes_through_a_view():
    """writing into y[:, 1] and y[::2] changes y"""
    y = base()
    y[:, 1][0] = 100.0
    y[::2][1, 0] = -1.0
    assert y[0, 1] == 100.0 and y[2, 0] == -1.0, y.tolist()


def case_none_and_ellipsis_count_as_basic():
    """y[None], y[...], y[..., 1], y[()], y[:, None]"""
    y = base()
    for index in (None, Ellipsis, (Ellipsis, 1), (), (slice(None), None)):
        assert shares(y[index], y), f"y[{index}] is a copy"


def case_zero_dim_integer_tensor_counts_as_an_integer():
    """y[torch.tensor(1)]: a 0-d integer tensor acts as the integer 1, and gives a view"""
    y = base()
    assert shares(y[torch.tensor(1)], y), "y[torch.tensor(1)] is a copy"


def case_zero_dim_tensors_of_other_integer_dtypes():
    """y[torch.tensor(1, dtype=d)] for int8, int16, int32, uint16, uint32 and uint64: y[1], a view"""
    y = base()
    for dtype in (torch.int8, torch.int16, torch.int32, torch.uint16, torch.uint32, torch.uint64):
        picked = y[torch.tensor(1, dtype=dtype)]
        assert picked.shape == (4,) and shares(picked, y), f"{dtype}: {tuple(picked.shape)}, a copy"


def case_zero_dim_uint8_and_bool_are_masks():
    """y[torch.tensor(1 or 0, dtype=torch.uint8)] and y[torch.tensor(True)]: a mask, shape (1, 3, 4) or (0, 3, 4), a copy"""
    y = base()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # some releases warn that indexing with uint8 is deprecated
        for index, rows in (
            (torch.tensor(1, dtype=torch.uint8), 1),
            (torch.tensor(0, dtype=torch.uint8), 0),
            (torch.tensor(True), 1),
        ):
            picked = y[index]
            assert picked.shape == (rows, 3, 4), f"y[{index!r}] has shape {tuple(picked.shape)}"
            assert rows == 0 or not shares(picked, y), f"y[{index!r}] shares y's memory"


def case_advanced_indexing_copies():
    """an index tensor, a one-element index tensor, a list, an empty list, a mask, a bool, a 0-d bool tensor"""
    y = base()
    for name, index in (
        ("tensor([0, 1])", torch.tensor([0, 1])),
        ("tensor([1])", torch.tensor([1])),
        ("[0, 1]", [0, 1]),
        ("[]", []),
        ("y > 2", y > 2),
        ("True", True),
        ("tensor(True)", torch.tensor(True)),
        ("tensor([0, 1]), 1", (torch.tensor([0, 1]), 1)),
    ):
        picked = y[index]
        assert not shares(picked, y), f"y[{name}] shares y's memory"


def case_copy_even_where_a_view_could_reach():
    """y[torch.tensor([0, 1, 2]), 1] picks what y[:, 1] does, and still copies"""
    y = base()
    picked = y[torch.tensor([0, 1, 2]), 1]
    assert torch.equal(picked, y[:, 1]) and not shares(picked, y), "a view, or other elements"


def case_other_dtypes_and_layouts():
    """int64, bool and bfloat16 tensors, and a transposed one: slices views, index tensors copies"""
    for y in (
        torch.arange(12).view(3, 4),
        torch.ones(3, 4, dtype=torch.bool),
        torch.ones(3, 4, dtype=torch.bfloat16),
        base().t(),
    ):
        assert shares(y[:, 1], y), f"{y.dtype}: y[:, 1] is a copy"
        assert not shares(y[torch.tensor([0, 1])], y), f"{y.dtype}: an index tensor shared memory"


def case_grad_modes():
    """under no_grad and inference_mode, and on a tensor requiring grad"""
    leaf = base().requires_grad_()
    assert shares(leaf[1], leaf) and not shares(leaf[[1]], leaf), "requiring grad"
    with torch.no_grad():
        y = base()
        assert shares(y[1], y) and not shares(y[[1]], y), "no_grad"
    with torch.inference_mode():
        y = base()
        assert shares(y[1], y) and not shares(y[[1]], y), "inference_mode"
