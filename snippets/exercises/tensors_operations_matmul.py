import torch


def matmul_loops(A, B):
    n, k = A.shape
    k2, m = B.shape
    if k != k2:
        raise ValueError(f"inner sizes differ: {k} and {k2}")
    C = torch.zeros(n, m)
    for i in range(n):
        for j in range(m):
            C[i, j] = (A[i] * B[:, j]).sum()  # C_ij = sum over k of A_ik B_kj
    return C


A = torch.arange(6.0).view(2, 3)
B = torch.arange(12.0).view(3, 4)
print(matmul_loops(A, B).tolist())


# -- check: run this after your own matmul_loops
import torch


def check(matmul_loops):
    torch.manual_seed(0)
    shapes = [(2, 3, 4), (1, 5, 1), (4, 1, 3), (3, 3, 3)]
    for n, k, m in shapes:
        A, B = torch.randn(n, k), torch.randn(k, m)
        C = matmul_loops(A, B)
        assert tuple(C.shape) == (n, m), f"the shape is {tuple(C.shape)}, not {(n, m)}"
        assert torch.allclose(C, A @ B, atol=1e-6), f"not what A @ B gives for {n}x{k} @ {k}x{m}"
    try:
        matmul_loops(torch.ones(2, 3), torch.ones(4, 3))
    except Exception:
        pass
    else:
        raise AssertionError("a 2x3 by 4x3 product must raise an error")
    print("matmul_loops passed:", len(shapes), "shapes")


check(matmul_loops)
