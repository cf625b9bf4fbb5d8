"""torch.linalg.vector_norm gives the L2 norm by default and the L1 norm (the sum of absolute
values) with ord=1; torch.linalg.matrix_norm gives the Frobenius norm by default, the L2 norm of
all the matrix's elements."""

import torch


def case_vector_norms():
    """L1 and L2 by their definitions, float32 and float64, including zeros and negatives"""
    torch.manual_seed(0)
    for dtype in (torch.float32, torch.float64):
        v = torch.randn(7, dtype=dtype)
        v[2] = 0
        assert torch.allclose(torch.linalg.vector_norm(v, ord=1), v.abs().sum())
        assert torch.allclose(torch.linalg.vector_norm(v), v.pow(2).sum().sqrt())
        assert torch.allclose(torch.linalg.vector_norm(v, ord=2), torch.linalg.vector_norm(v))


def case_matrix_norm_is_frobenius():
    """square and non-square matrices, and a batch of matrices (one norm per matrix)"""
    torch.manual_seed(0)
    for shape in ((3, 3), (2, 5), (4, 2, 3)):
        x = torch.randn(*shape, dtype=torch.float64)
        expected = x.pow(2).sum(dim=(-2, -1)).sqrt()
        assert torch.allclose(torch.linalg.matrix_norm(x), expected), shape
        assert torch.allclose(torch.linalg.matrix_norm(x, ord="fro"), expected), shape
