"""torch.linalg holds the main functions of numpy.linalg under the same names, for floating-point and complex tensors, and they give NumPy's answers; numpy.linalg names that torch.linalg lacks (outer, trace, tensordot, matrix_transpose) are ones NumPy 2 added beside functions torch already has elsewhere, and integer tensors are refused where NumPy converts."""

import numpy as np
import torch

MAIN = (
    "solve",
    "inv",
    "det",
    "norm",
    "eigh",
    "svd",
    "qr",
    "cholesky",
    "eig",
    "eigvals",
    "eigvalsh",
    "pinv",
    "lstsq",
    "matrix_rank",
    "matrix_power",
    "slogdet",
    "cond",
    "multi_dot",
    "tensorinv",
    "tensorsolve",
)
NOT_MAIN = {"outer", "trace", "tensordot", "matrix_transpose", "test"}

A = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
B = np.array([1.0, 2.0, 3.0])


def case_main_names_in_both():
    """solve, inv, det, norm, eigh, svd, qr, cholesky and twelve more: in numpy.linalg and torch.linalg"""
    for name in MAIN:
        assert callable(getattr(np.linalg, name, None)), f"numpy.linalg.{name} is missing"
        assert callable(getattr(torch.linalg, name, None)), f"torch.linalg.{name} is missing"


def case_missing_names_are_not_main():
    """every public numpy.linalg function that torch.linalg lacks is among outer, trace, tensordot, matrix_transpose"""
    names = {n for n in dir(np.linalg) if not n.startswith("_") and callable(getattr(np.linalg, n))}
    lacking = {n for n in names if not hasattr(torch.linalg, n)}
    assert lacking <= NOT_MAIN, f"torch.linalg lacks {sorted(lacking - NOT_MAIN)}"
    for name in ("outer", "trace", "tensordot"):
        assert callable(getattr(torch, name)), f"torch.{name} is missing"


def case_same_answers_float64_and_float32():
    """solve, inv, det, norm, eigvalsh, svd's singular values, slogdet, pinv and cond of a 3 × 3 matrix"""
    for dtype, tolerance in ((torch.float64, 1e-10), (torch.float32, 1e-4)):
        a, b = torch.tensor(A, dtype=dtype), torch.tensor(B, dtype=dtype)
        pairs = {
            "solve": (torch.linalg.solve(a, b), np.linalg.solve(A, B)),
            "inv": (torch.linalg.inv(a), np.linalg.inv(A)),
            "det": (torch.linalg.det(a), np.linalg.det(A)),
            "norm": (torch.linalg.norm(a), np.linalg.norm(A)),
            "eigvalsh": (torch.linalg.eigvalsh(a), np.linalg.eigvalsh(A)),
            "svd": (torch.linalg.svd(a).S, np.linalg.svd(A)[1]),
            "slogdet": (torch.linalg.slogdet(a).logabsdet, np.linalg.slogdet(A)[1]),
            "pinv": (torch.linalg.pinv(a), np.linalg.pinv(A)),
            "cond": (torch.linalg.cond(a), np.linalg.cond(A)),
        }
        for name, (got, expected) in pairs.items():
            assert np.allclose(got.numpy(), expected, rtol=tolerance, atol=tolerance), (
                f"{name}, {dtype}"
            )


def case_complex_and_batched():
    """inv of a complex matrix, and solve of a batch of two matrices, as NumPy gives them"""
    c = A + 1j * np.eye(3)
    assert np.allclose(torch.linalg.inv(torch.tensor(c)).numpy(), np.linalg.inv(c))
    batch = np.stack([A, 2 * A])
    got = torch.linalg.solve(torch.tensor(batch), torch.tensor(np.stack([B, B]))[..., None])
    assert np.allclose(got.numpy(), np.linalg.solve(batch, np.stack([B, B])[..., None]))


def case_integer_tensors_refused():
    """an int64 matrix: NumPy's inv converts it to floats, torch.linalg.inv refuses it"""
    ints = np.array([[2, 1], [1, 1]])
    assert np.allclose(np.linalg.inv(ints), [[1, -1], [-1, 2]])
    try:
        torch.linalg.inv(torch.tensor(ints))
    except RuntimeError:
        return
    raise AssertionError("torch.linalg.inv took an integer tensor")


def case_half_precision_refused_by_both():
    """a float16 matrix: both inv functions refuse it"""
    for name, inv, m in (
        ("numpy", np.linalg.inv, A.astype(np.float16)),
        ("torch", torch.linalg.inv, torch.tensor(A, dtype=torch.float16)),
    ):
        try:
            inv(m)
        except (TypeError, RuntimeError):
            continue
        raise AssertionError(f"{name} inverted a float16 matrix")
