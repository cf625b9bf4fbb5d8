"""The arithmetic operators +, -, *, / and ** and functions such as torch.exp work element by element, after broadcasting the operands to one shape; * is the element-wise product, not the matrix product @."""

import itertools
import math
import operator

import torch

OPERATORS = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "**": operator.pow,
}


def by_position(x, y, op):
    """op applied in Python to the elements at each position of x and y, broadcast first."""
    x, y = torch.broadcast_tensors(x, y)
    return [op(x[i].item(), y[i].item()) for i in itertools.product(*map(range, x.shape))]


def close(tensor, values):
    return all(
        math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6)
        for a, b in zip(tensor.flatten().tolist(), values, strict=True)
    )


def case_each_operator_same_shape():
    """+, -, *, / and ** of two 2 × 3 float tensors, position by position"""
    x, y = torch.arange(1.0, 7.0).view(2, 3), torch.arange(6.0, 0.0, -1).view(2, 3)
    for name, op in OPERATORS.items():
        assert close(op(x, y), by_position(x, y, op)), f"{name} gave {op(x, y).tolist()}"


def case_each_operator_broadcast():
    """each operator between a (2, 1) column and a (3,) row, and with a Python number"""
    column, row = torch.tensor([[1.0], [2.0]]), torch.tensor([1.0, 2.0, 3.0])
    for name, op in OPERATORS.items():
        result = op(column, row)
        assert result.shape == (2, 3) and close(result, by_position(column, row, op)), name
        assert close(op(row, 2.0), [op(v, 2.0) for v in row.tolist()]), f"{name} with a number"


def case_integers_bool_complex():
    """int64 operands (/ gives floats), a bool mask times floats, complex products"""
    a, b = torch.tensor([7, -3]), torch.tensor([2, 2])
    assert (
        (a / b).tolist() == [3.5, -1.5]
        and (a * b).tolist() == [14, -6]
        and (a**b).tolist() == [49, 9]
    )
    assert (torch.tensor([True, False]) * torch.tensor([2.0, 3.0])).tolist() == [2.0, 0.0]
    z = torch.tensor([1 + 2j, 3j])
    assert (z * z).tolist() == [(1 + 2j) ** 2, (3j) ** 2]


def case_functions():
    """torch.exp, torch.log and torch.sqrt of float32, float64 and bfloat16 tensors, each element alone"""
    for dtype, tolerance in ((torch.float32, 1e-6), (torch.float64, 1e-12), (torch.bfloat16, 1e-2)):
        x = torch.tensor([0.25, 1.0, 4.0], dtype=dtype)
        for f, g in ((torch.exp, math.exp), (torch.log, math.log), (torch.sqrt, math.sqrt)):
            got, expected = f(x).tolist(), [g(v) for v in x.tolist()]
            assert all(
                math.isclose(a, b, rel_tol=tolerance, abs_tol=tolerance)
                for a, b in zip(got, expected, strict=False)
            ), f"{f.__name__} on {dtype}: {got}"


def case_non_contiguous_zero_d_and_empty():
    """a transposed operand, 0-d operands, empty operands"""
    x, y = torch.arange(6.0).view(3, 2).t(), torch.ones(2, 3)
    assert close(x * y, by_position(x, y, operator.mul))
    assert (torch.tensor(2.0) ** torch.tensor(3.0)).item() == 8.0
    assert (torch.empty(0, 3) * torch.empty(0, 3)).shape == (0, 3)


def case_star_is_not_the_matrix_product():
    """for two 2 × 2 matrices A * B differs from A @ B; for 2 × 3 ones, * works and @ raises"""
    a, b = torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[5.0, 6.0], [7.0, 8.0]])
    assert (a * b).tolist() == [[5.0, 12.0], [21.0, 32.0]] and not torch.equal(a * b, a @ b)
    assert (torch.ones(2, 3) * torch.ones(2, 3)).shape == (2, 3)
    try:
        torch.ones(2, 3) @ torch.ones(2, 3)
    except RuntimeError:
        return
    raise AssertionError("@ of two 2 × 3 matrices ran")


def case_grad_modes():
    """under no_grad and inference_mode the operators still pair elements"""
    x, y = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert (x * y).tolist() == [3.0, 8.0] and (x**y).tolist() == [1.0, 16.0], mode.__name__
