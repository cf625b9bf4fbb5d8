"""In a @ b of two matrices, each element (i, j) is the dot product of row i of a and column j of b (in floating point, up to rounding)."""

import torch


def dots(a, b):
    """Each element (i, j) as the sum of the products of row i and column j, in double precision."""
    wide = torch.complex128 if a.is_complex() else torch.float64
    a, b = a.to(wide), b.to(wide)
    return torch.tensor(
        [
            [
                sum(a[i, k].item() * b[k, j].item() for k in range(a.shape[1]))
                for j in range(b.shape[1])
            ]
            for i in range(a.shape[0])
        ],
        dtype=wide,
    ).reshape(a.shape[0], b.shape[1])


def case_integers_exact():
    """int64 matrices: exactly the dot products"""
    a, b = torch.arange(6).view(2, 3), torch.arange(12).view(3, 4)
    assert torch.equal((a @ b).double(), dots(a, b)), a @ b


def case_float32_rounding():
    """random float32 matrices: the dot products up to rounding"""
    a, b = torch.randn(5, 7), torch.randn(7, 3)
    assert torch.allclose((a @ b).double(), dots(a, b), rtol=1e-5, atol=1e-5), a @ b - dots(a, b)


def case_bfloat16():
    """bfloat16 matrices, up to bfloat16's rounding"""
    a, b = torch.randn(4, 8).bfloat16(), torch.randn(8, 2).bfloat16()
    assert torch.allclose((a @ b).double(), dots(a, b), rtol=2e-2, atol=5e-2), a @ b


def case_non_contiguous():
    """a transposed a and a flipped b"""
    a, b = torch.randn(3, 4).t(), torch.randn(2, 3).flip(1).t()
    assert not a.is_contiguous()
    assert torch.allclose((a @ b).double(), dots(a, b), atol=1e-5), a @ b


def case_empty_inner_dimension():
    """a 2 × 0 matrix times a 0 × 3 one: every dot product is of empty vectors, 0"""
    product = torch.ones(2, 0) @ torch.ones(0, 3)
    assert torch.equal(product, torch.zeros(2, 3)), product


def case_row_times_column():
    """a 1 × n row times an n × 1 column: one element, their dot product"""
    a, b = torch.arange(4.0).view(1, 4), torch.arange(4.0).view(4, 1)
    assert (a @ b).shape == (1, 1) and (a @ b).item() == 14.0, a @ b


def case_complex_not_conjugated():
    """complex matrices: plain products, no conjugate (not vdot)"""
    a, b = torch.tensor([[1 + 1j, 2j]]), torch.tensor([[1 - 1j], [3 + 0j]])
    assert torch.allclose((a @ b).to(torch.complex128), dots(a, b)), a @ b


def case_thread_counts():
    """one thread and four threads: the same dot products, up to rounding"""
    a, b = torch.randn(64, 64), torch.randn(64, 64)
    before = torch.get_num_threads()
    try:
        results = []
        for threads in (1, 4):
            torch.set_num_threads(threads)
            results.append(a @ b)
    finally:
        torch.set_num_threads(before)
    reference = a.double() @ b.double()
    for r in results:
        assert torch.allclose(r.double(), reference, rtol=1e-4, atol=1e-4), (
            "far from the dot products"
        )
