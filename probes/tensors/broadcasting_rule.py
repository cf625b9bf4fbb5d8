"""Element-wise operations line shapes up from the right: a size of 1 or a missing dimension is stretched, any other difference is an error, and an in-place operation does not stretch the tensor it writes into."""

import torch


def shape_of(a, b, op=torch.add):
    """The shape op gives, or None when it raises."""
    try:
        return tuple(op(torch.ones(a), torch.ones(b)).shape)
    except RuntimeError:
        return None


def case_sizes_of_one_and_missing_dimensions():
    """(1, 2) with (3, 1), (4, 1, 3) with (2, 1), (2, 3) with (3,), 0-d with (2, 3)"""
    for a, b, shape in (
        ((1, 2), (3, 1), (3, 2)),
        ((4, 1, 3), (2, 1), (4, 2, 3)),
        ((2, 3), (3,), (2, 3)),
        ((), (2, 3), (2, 3)),
    ):
        assert shape_of(a, b) == shape, f"{a} with {b} gave {shape_of(a, b)}, not {shape}"


def case_other_differences_raise():
    """(2, 3) with (2,), (2, 3) with (3, 2), (4, 3) with (2, 1, 2)"""
    for a, b in (((2, 3), (2,)), ((2, 3), (3, 2)), ((4, 3), (2, 1, 2))):
        assert shape_of(a, b) is None, f"{a} with {b} gave {shape_of(a, b)}"


def case_size_zero():
    """a size of 0 meets a 1 (stretched to 0) and a 2 (an error)"""
    assert shape_of((0,), (1,)) == (0,), shape_of((0,), (1,))
    assert shape_of((0, 3), (1, 3)) == (0, 3), shape_of((0, 3), (1, 3))
    assert shape_of((0,), (2,)) is None, f"(0,) with (2,) gave {shape_of((0,), (2,))}"


def case_other_element_wise_operations():
    """mul, eq, maximum, where and a float tensor with an int one follow the same rule"""
    for op in (torch.mul, torch.eq, torch.maximum):
        assert shape_of((1, 2), (3, 1), op) == (3, 2), (
            f"{op.__name__}: {shape_of((1, 2), (3, 1), op)}"
        )
        assert shape_of((2, 3), (2,), op) is None, f"{op.__name__} stretched (2,) to (2, 3)"
    picked = torch.where(torch.ones(3, 1, dtype=torch.bool), torch.ones(1, 2), torch.zeros(()))
    assert picked.shape == (3, 2), f"where gave {tuple(picked.shape)}"
    mixed = torch.arange(2).view(1, 2) + torch.ones(3, 1)
    assert mixed.shape == (3, 2), f"int with float gave {tuple(mixed.shape)}"


def case_broadcast_shapes_agrees():
    """torch.broadcast_shapes gives the shape the operation gives, and raises where it raises"""
    for a, b in (((1, 2), (3, 1)), ((4, 1, 3), (2, 1)), ((0,), (1,)), ((), (5,))):
        assert tuple(torch.broadcast_shapes(a, b)) == shape_of(a, b), f"{a} with {b}"
    try:
        torch.broadcast_shapes((2, 3), (2,))
    except RuntimeError:
        return
    raise AssertionError("broadcast_shapes accepted (2, 3) with (2,)")


def case_broadcast_tensors_stretch():
    """x of shape (1, 2), y of (3, 1): every row of x's stretch is x's row, every column of y's is y's column"""
    x, y = torch.tensor([[1, 2]]), torch.tensor([[1], [2], [3]])
    bx, by = torch.broadcast_tensors(x, y)
    assert all(torch.equal(row, x[0]) for row in bx), bx.tolist()
    assert all(torch.equal(column, y[:, 0]) for column in by.t()), by.tolist()
    assert bx.stride() == (0, 1) and by.stride() == (1, 0), f"{bx.stride()} {by.stride()}"


def case_non_contiguous_operands():
    """a transposed (3, 1) operand and a sliced (1, 2) one"""
    x = torch.arange(3.0).view(1, 3).t()
    y = torch.arange(4.0).view(1, 4)[:, ::2]
    assert (x + y).shape == (3, 2), f"gave {tuple((x + y).shape)}"


def case_vector_matches_columns():
    """a vector of 2 with a 2 × 2 and a 2 × 3 matrix, and the same values as a (2, 1) column"""
    m, v = torch.zeros(2, 2), torch.tensor([10.0, 20.0])
    assert torch.equal(m + v, torch.tensor([[10.0, 20.0], [10.0, 20.0]])), (m + v).tolist()
    assert shape_of((2, 3), (2,)) is None, "a vector of 2 met the rows of a 2 × 3 matrix"
    per_row = torch.zeros(2, 3) + v.view(2, 1)
    assert torch.equal(per_row, torch.tensor([[10.0] * 3, [20.0] * 3])), per_row.tolist()


def case_in_place_stretches_the_other_operand_only():
    """y of shape (1, 3) with x of (2, 3): y.add_(x) and y += x raise; x.add_(y) stretches y"""
    x, y = torch.ones(2, 3), torch.ones(1, 3)
    for update in (lambda: y.add_(x), lambda: y.__iadd__(x), lambda: y.mul_(x)):
        try:
            update()
        except RuntimeError:
            continue
        raise AssertionError(f"y became {tuple(y.shape)}")
    assert x.add_(y).shape == (2, 3), "x.add_(y) failed"
