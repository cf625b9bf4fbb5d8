"""A @ B agrees with the element-by-element sum of products in every element up to rounding: each result lies within the rounding error of the exact product, and torch.allclose accepts them; both round, and may add in different orders."""

import torch


def loops(A, B):
    """The exercise's definition, C_ij = sum over k of A_ik B_kj, one element at a time."""
    n, m = A.shape[0], B.shape[1]
    C = torch.zeros(n, m, dtype=A.dtype)
    for i in range(n):
        for j in range(m):
            C[i, j] = (A[i] * B[:, j]).sum()
    return C


def within_rounding(A, B):
    """Both results lie within the classical bound of a length-k dot product's rounding error,
    k·u/(1 - k·u) · (|A| @ |B|), of the exact product (computed in float64)."""
    k = A.shape[1]
    unit = torch.finfo(A.dtype).eps / 2
    exact = A.double() @ B.double()
    bound = (k * unit / (1 - k * unit)) * (A.double().abs() @ B.double().abs())
    for name, C in (("A @ B", A @ B), ("the loops", loops(A, B))):
        error = (C.double() - exact).abs()
        assert (error <= bound + 1e-300).all(), f"{A.dtype}: {name} is off by {error.max():.3g}"


def case_the_checks_shapes():
    """the exercise check's four pairs of shapes in float32, with its torch.allclose(atol=1e-6)"""
    torch.manual_seed(0)
    for n, k, m in ((2, 3, 4), (1, 5, 1), (4, 1, 3), (3, 3, 3)):
        A, B = torch.randn(n, k), torch.randn(k, m)
        assert torch.allclose(loops(A, B), A @ B, atol=1e-6), f"{n}x{k} @ {k}x{m}"


def case_long_sums():
    """k = 1000 in float32: torch.allclose with rtol = atol = 1e-4, and both within the rounding bound"""
    A, B = torch.randn(3, 1000), torch.randn(1000, 2)
    assert torch.allclose(loops(A, B), A @ B, rtol=1e-4, atol=1e-4), "beyond allclose"
    within_rounding(A, B)


def case_low_and_high_precision():
    """float16, bfloat16 and float64: within each dtype's rounding bound"""
    for dtype in (torch.float16, torch.bfloat16, torch.float64):
        A, B = torch.randn(3, 64).to(dtype), torch.randn(64, 2).to(dtype)
        within_rounding(A, B)


def case_integers_exact():
    """int64 matrices: no rounding, the same numbers exactly"""
    A, B = torch.randint(-50, 50, (3, 40)), torch.randint(-50, 50, (40, 4))
    assert torch.equal(loops(A, B), A @ B), "int64 results differ"


def case_page_matrices_exact():
    """the page's A = arange(6.0).view(2, 3), B = arange(12.0).view(3, 4): small integers, equal bit for bit"""
    A, B = torch.arange(6.0).view(2, 3), torch.arange(12.0).view(3, 4)
    assert torch.equal(loops(A, B), A @ B), f"{loops(A, B).tolist()} vs {(A @ B).tolist()}"


def case_non_contiguous_and_empty():
    """a transposed B, and an inner size of 0 (every element an empty sum, 0)"""
    A, B = torch.randn(3, 5), torch.randn(4, 5).t()
    assert torch.allclose(loops(A, B), A @ B, atol=1e-6), "transposed B"
    empty = torch.ones(2, 0) @ torch.ones(0, 3)
    assert torch.equal(empty, torch.zeros(2, 3)) and torch.equal(
        loops(torch.ones(2, 0), torch.ones(0, 3)), empty
    )


def case_thread_count():
    """one thread and two: both within the rounding bound"""
    threads = torch.get_num_threads()
    A, B = torch.randn(4, 300), torch.randn(300, 3)
    try:
        for count in (1, 2):
            torch.set_num_threads(count)
            within_rounding(A, B)
    finally:
        torch.set_num_threads(threads)
