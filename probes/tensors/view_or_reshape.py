"""view() never copies: it reads the same memory in a new shape of as many elements, or raises when the strides do not allow that shape; reshape() returns such a view when view() would succeed and a copy otherwise, with the values NumPy's reshape gives."""

import torch


def same_memory(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def view_refused(t, *shape):
    try:
        t.view(*shape)
    except RuntimeError:
        return True
    return False


def layouts():
    x = torch.arange(24.0)
    return {
        "contiguous": x.view(4, 6),
        "transposed": x.view(4, 6).t(),
        "permuted": x.view(2, 3, 4).permute(2, 0, 1),
        "stepped": x[::2],
        "columns": x.view(4, 6)[:, :2],
        "rows": x.view(4, 6)[1:3],
        "expanded": torch.arange(3.0).expand(4, 3),
        "zero-d": torch.tensor(5.0),
        "empty transposed": torch.zeros(0, 3).t(),
    }


def case_view_shares_or_raises():
    """view(-1) of contiguous, transposed, permuted, stepped, column-sliced, row-sliced, expanded, 0-d and empty tensors"""
    for name, t in layouts().items():
        try:
            v = t.view(-1)
        except RuntimeError:
            continue
        assert same_memory(v, t), f"{name}: view(-1) gave new memory"
        assert v.tolist() == t.reshape(-1).tolist(), f"{name}: view(-1) read other values"


def case_stride_only_operations_can_refuse():
    """view(-1) after transpose, permute, a column slice, a column step of 4 and expand"""
    t = layouts()
    stepped = torch.arange(24.0).view(4, 6)[:, ::4]
    for name, tensor in [(n, t[n]) for n in ("transposed", "permuted", "columns", "expanded")] + [
        ("stepped columns", stepped)
    ]:
        assert view_refused(tensor, -1), f"{name}: view(-1) succeeded"


def case_row_slice_flattens():
    """a slice of whole rows stays contiguous, so view(-1) works and shares"""
    rows = layouts()["rows"]
    assert rows.is_contiguous() and same_memory(rows.view(-1), rows), "it did not flatten in place"


def case_some_slices_stay_viewable():
    """every second column of a 4 x 6 matrix is evenly spaced in memory: view(-1) works, not a copy"""
    t = torch.arange(24.0).view(4, 6)[:, ::2]
    assert not t.is_contiguous() and same_memory(t.view(-1), t), "view(-1) failed or copied"


def case_non_contiguous_shapes_view_allows():
    """a transposed 6 x 4 tensor viewed as 2 x 3 x 4 (splitting a dimension): allowed, shared"""
    t = layouts()["transposed"]
    v = t.view(2, 3, 4)
    assert same_memory(v, t) and v.tolist() == t.reshape(2, 3, 4).tolist(), "not a faithful view"


def case_element_count_must_match():
    """view(5, 2) of 12 elements, view(0) of a non-empty tensor"""
    x = torch.arange(12)
    assert view_refused(x, 5, 2) and view_refused(x, 0), "a shape of another size was taken"


def case_empty_and_zero_d():
    """a 0 x 3 tensor viewed as 3 x 0, a 0-d tensor as (1, 1) and back"""
    e = torch.zeros(0, 3).view(3, 0)
    z = torch.tensor(5.0)
    assert e.shape == (3, 0) and z.view(1, 1).view(()).item() == 5.0, "a view failed"


def case_no_single_stride_orders_a_transpose():
    """flattening t = arange(12).view(3, 4).t() needs 0, 4, 8, 1, ...: no start and stride give it"""
    wanted = torch.arange(12).view(3, 4).t().reshape(-1).tolist()
    base = torch.arange(12)
    for stride in range(12):
        for start in range(12):
            if (
                start + 11 * stride < 12
                and base.as_strided((12,), (stride,), start).tolist() == wanted
            ):
                raise AssertionError(f"stride {stride} from {start} gives the order")


def case_reshape_views_when_view_works():
    """reshape(-1) and reshape to a split shape: same memory exactly where view succeeds"""
    for name, t in layouts().items():
        for shape in ((-1,), (1, -1)):
            viewable = not view_refused(t, *shape)
            r = t.reshape(*shape)
            if t.numel():
                assert same_memory(r, t) == viewable, f"{name}: reshape shared={not viewable}"


def case_reshape_copies_when_it_must():
    """reshape(-1) of the transposed tensor: new memory, a write leaves the original"""
    t = layouts()["transposed"]
    r = t.reshape(-1)
    r[0] = -1
    assert t[0, 0].item() == 0.0, "the write reached the original"


def case_reshape_values_match_numpy():
    """reshape(-1) and reshape(2, -1) of every layout give what NumPy's reshape gives"""
    for name, t in layouts().items():
        for shape in ((-1,), (2, -1)):
            if (t.numel() % 2 and shape == (2, -1)) or (t.numel() == 0 and shape == (2, -1)):
                continue
            got = t.reshape(*shape).tolist()
            assert got == t.numpy().reshape(*shape).tolist(), f"{name}: {got}"


def case_grad_modes():
    """under no_grad and inference_mode view still shares and still refuses a transposed flatten"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            x = torch.arange(6.0).view(2, 3)
            assert same_memory(x.view(-1), x) and view_refused(x.t(), -1), mode.__name__
