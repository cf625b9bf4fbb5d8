"""
Combine tensors
===============

Arithmetic on tensors works element by element, reductions such as ``sum`` and ``mean``
collapse a dimension, ``cat`` and ``stack`` join tensors, and ``matmul`` (``@``) multiplies
matrices, batches of matrices and vectors. This example shows each, with the shapes they
give, and the error a product of mismatched shapes raises.
"""

import math

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% elementwise
# Element-wise arithmetic
# -----------------------
# ``+``, ``-``, ``*``, ``/`` and ``**`` combine the elements at the same position: the
# result has the shape of its inputs, and ``a * b`` is *not* a matrix product.

a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = torch.tensor([[10.0, 20.0, 30.0], [40.0, 50.0, 60.0]])
print(a + b)
print(a * b)
# sphinx_gallery_start_ignore
facts["add_values"] = (a + b).flatten().tolist()
facts["mul_values"] = (a * b).flatten().tolist()
facts["mul_shape"] = list((a * b).shape)
assert facts["mul_values"][:3] == [10.0, 40.0, 90.0]
# sphinx_gallery_end_ignore

# %% elementwise_broadcast
# Operands of different shapes are broadcast first: a number meets each element, and a
# row of 3 meets each of the two rows of ``a``.

print(a * 2)
print(a + torch.tensor([100.0, 200.0, 300.0]))
# sphinx_gallery_start_ignore
facts["scalar_values"] = (a * 2).flatten().tolist()
facts["row_broadcast_values"] = (a + torch.tensor([100.0, 200.0, 300.0])).flatten().tolist()
facts["row_broadcast_shape"] = list((a + torch.tensor([100.0, 200.0, 300.0])).shape)
# sphinx_gallery_end_ignore

# %% exp
# Functions such as ``torch.exp`` apply to each element too. ``exp(1)`` is Euler's number
# ``e``, as Python's ``math.exp`` computes it, within float32's precision.

e = torch.exp(torch.tensor([0.0, 1.0, 2.0]))
print(e)
print(abs(e[1].item() - math.exp(1)) < 1e-6)
# sphinx_gallery_start_ignore
facts["exp_values_4dp"] = [round(value, 4) for value in e.tolist()]
facts["exp_matches_math"] = abs(e[1].item() - math.exp(1)) < 1e-6
assert facts["exp_values_4dp"] == [1.0, 2.7183, 7.3891]
# sphinx_gallery_end_ignore

# %% sum_all
# Reductions: ``sum`` and ``mean`` along a dimension
# --------------------------------------------------
# Without a dimension, ``sum`` adds up the elements and returns a 0-dimensional tensor.

x = torch.arange(6.0).view(2, 3)
print(x)
print(x.sum())
# sphinx_gallery_start_ignore
facts["x_values"] = x.flatten().tolist()
facts["sum_all"] = x.sum().item()
facts["sum_all_dim"] = x.sum().dim()
# sphinx_gallery_end_ignore

# %% sum_dims
# With ``dim``, the reduction runs along that dimension, which disappears: ``dim=0`` adds
# down each column, ``dim=1`` along each row. ``mean`` works the same way.

print(x.sum(dim=0), x.sum(dim=0).shape)
print(x.sum(dim=1), x.sum(dim=1).shape)
print(x.mean(dim=1))
# sphinx_gallery_start_ignore
facts["sum_dim0"] = x.sum(dim=0).tolist()
facts["sum_dim0_shape"] = list(x.sum(dim=0).shape)
facts["sum_dim1"] = x.sum(dim=1).tolist()
facts["sum_dim1_shape"] = list(x.sum(dim=1).shape)
facts["mean_dim1"] = x.mean(dim=1).tolist()
# sphinx_gallery_end_ignore

# %% reductions_drawn
# The two reductions drawn: each number of a result is the sum of the cells of ``x`` in
# line with it, a column for ``dim=0`` (below ``x``), a row for ``dim=1`` (to its right).


def draw_grid(ax, values, title):
    ax.imshow(values.numpy(), cmap="viridis", vmin=0, vmax=12)
    for (i, j), value in np.ndenumerate(values.numpy()):
        ax.text(
            j, i, f"{value:g}", ha="center", va="center", color="white" if value < 6 else "black"
        )
    ax.set_title(title, fontfamily="monospace")
    ax.set_xticks([])
    ax.set_yticks([])


fig, axes = plt.subplot_mosaic(
    [["x", "rows"], ["cols", "."]], figsize=(6, 3.6), width_ratios=[3, 1], height_ratios=[2, 1]
)
draw_grid(axes["x"], x, "x, shape (2, 3)")
draw_grid(axes["rows"], x.sum(dim=1, keepdim=True), "sum(dim=1)")
draw_grid(axes["cols"], x.sum(dim=0, keepdim=True), "sum(dim=0)")
fig.tight_layout()
plt.show()

# %% keepdim
# ``keepdim=True`` keeps the reduced dimension with size 1, so the result broadcasts back
# against ``x``: here each row minus its own mean.

row_means = x.mean(dim=1, keepdim=True)
print(row_means.shape)
print(x - row_means)
# sphinx_gallery_start_ignore
facts["keepdim_shape"] = list(row_means.shape)
facts["centred_values"] = (x - row_means).flatten().tolist()
# sphinx_gallery_end_ignore

# %% cumsum
# ``cumsum`` is a running total that keeps the dimension: along ``dim``, each element becomes
# the sum of itself and the elements before it, so the last one along each row is the row's
# sum (up to rounding, in general: the two may add in another order).

print(x.cumsum(dim=1))
print(x.cumsum(dim=0))
# sphinx_gallery_start_ignore
facts["cumsum_dim1"] = x.cumsum(dim=1).flatten().tolist()
facts["cumsum_dim0"] = x.cumsum(dim=0).flatten().tolist()
facts["cumsum_shape"] = list(x.cumsum(dim=1).shape)
facts["cumsum_last_is_sum"] = torch.equal(x.cumsum(dim=1)[:, -1], x.sum(dim=1))
assert facts["cumsum_dim1"] == [0.0, 1.0, 3.0, 3.0, 7.0, 12.0]
# sphinx_gallery_end_ignore

# %% norms
# Norms are reductions too: ``torch.linalg.vector_norm`` gives the L1 norm, the sum of the
# absolute values, with ``ord=1``, and the L2 norm, the square root of the sum of squares,
# by default. ``torch.linalg.matrix_norm`` gives a matrix's Frobenius norm by default: the
# L2 norm of all its elements.

v = torch.tensor([3.0, -4.0])
print(torch.linalg.vector_norm(v, ord=1), torch.linalg.vector_norm(v))
print(torch.linalg.matrix_norm(x), torch.linalg.vector_norm(x.flatten()))
# sphinx_gallery_start_ignore
facts["l1_norm"] = torch.linalg.vector_norm(v, ord=1).item()
facts["l2_norm"] = torch.linalg.vector_norm(v).item()
facts["frobenius_4dp"] = round(torch.linalg.matrix_norm(x).item(), 4)
facts["frobenius_is_flat_l2"] = bool(
    torch.isclose(torch.linalg.matrix_norm(x), torch.linalg.vector_norm(x.flatten()))
)
assert facts["l1_norm"] == 7.0 and facts["l2_norm"] == 5.0
# sphinx_gallery_end_ignore

# %% cat
# Joining tensors: ``cat`` and ``stack``
# --------------------------------------
# ``torch.cat`` joins tensors along a dimension they already have: the sizes along it add
# up, the other sizes must match.

p = torch.zeros(3, 4)
q = torch.ones(3, 4)
print(torch.cat([p, q], dim=0).shape)
print(torch.cat([p, q], dim=1).shape)
# sphinx_gallery_start_ignore
facts["cat_dim0_shape"] = list(torch.cat([p, q], dim=0).shape)
facts["cat_dim1_shape"] = list(torch.cat([p, q], dim=1).shape)
# sphinx_gallery_end_ignore

# %% stack
# ``torch.stack`` adds a *new* dimension of the number of tensors, at ``dim``. It is
# ``unsqueeze`` on each tensor followed by ``cat``.

print(torch.stack([p, q], dim=0).shape)
print(torch.stack([p, q], dim=1).shape)
print(torch.equal(torch.stack([p, q]), torch.cat([p.unsqueeze(0), q.unsqueeze(0)])))
# sphinx_gallery_start_ignore
facts["stack_dim0_shape"] = list(torch.stack([p, q], dim=0).shape)
facts["stack_dim1_shape"] = list(torch.stack([p, q], dim=1).shape)
facts["stack_is_unsqueeze_cat"] = torch.equal(
    torch.stack([p, q]), torch.cat([p.unsqueeze(0), q.unsqueeze(0)])
)
# sphinx_gallery_end_ignore

# %% stack_error
# ``stack`` needs tensors of one shape; ``cat`` needs the same sizes off its dimension, so
# it joins a ``3 × 4`` and a ``3 × 2`` tensor along ``dim=1`` where ``stack`` refuses.

narrow = torch.ones(3, 2)
print(torch.cat([p, narrow], dim=1).shape)
stack_error = None
try:
    torch.stack([p, narrow])
except RuntimeError as error:
    stack_error = error
    print(error)
# sphinx_gallery_start_ignore
facts["cat_narrow_shape"] = list(torch.cat([p, narrow], dim=1).shape)
facts["stack_error_type"] = type(stack_error)  # an exception class: the build knows it raised
# sphinx_gallery_end_ignore

# %% matmul
# Matrix multiplication: ``matmul`` and ``@``
# -------------------------------------------
# For matrices, ``A @ B`` (or ``torch.matmul(A, B)``) is the matrix product,
# :math:`C_{ij} = \sum_k A_{ik} B_{kj}`: an ``n × k`` matrix times a ``k × m`` matrix is
# ``n × m``. Each element is a row of ``A`` times a column of ``B``, added up.

A = torch.arange(6.0).view(2, 3)
B = torch.arange(12.0).view(3, 4)
C = A @ B
print(C)
print(C.shape)
print(C[1, 2] == (A[1] * B[:, 2]).sum())
print(torch.equal(C, torch.matmul(A, B)))
# sphinx_gallery_start_ignore
facts["matmul_shape"] = list(C.shape)
facts["matmul_values"] = C.flatten().tolist()
facts["matmul_c12"] = C[1, 2].item()
facts["matmul_element_check"] = bool(C[1, 2] == (A[1] * B[:, 2]).sum())
facts["matmul_same_as_at"] = torch.equal(C, torch.matmul(A, B))
assert facts["matmul_c12"] == 80.0
# sphinx_gallery_end_ignore

# %% matmul_vectors
# One-dimensional operands: two vectors give their dot product, a 0-dimensional tensor; a
# matrix times a vector gives a vector, one dot product per row.

v = torch.tensor([1.0, 2.0, 3.0])
w = torch.tensor([4.0, 5.0, 6.0])
print(v @ w, (v @ w).dim())
print(A @ v, (A @ v).shape)
print((v @ B).shape)
# sphinx_gallery_start_ignore
facts["dot"] = (v @ w).item()
facts["dot_dim"] = (v @ w).dim()
facts["matvec_values"] = (A @ v).tolist()
facts["matvec_shape"] = list((A @ v).shape)
facts["vecmat_shape"] = list((v @ B).shape)
# sphinx_gallery_end_ignore

# %% matmul_batched
# With more than two dimensions, the last two are the matrices and the ones before them
# are a batch: 10 products of ``2 × 3`` by ``3 × 4``. The batch dimensions broadcast, so
# one ``3 × 4`` matrix multiplies each matrix of the batch, and a batch of 5 × 1 meets a
# batch of 4.

X = torch.randn(10, 2, 3)
W = torch.randn(10, 3, 4)
print((X @ W).shape)
print(torch.allclose((X @ W)[3], X[3] @ W[3]))
print((X @ B).shape)
print((torch.randn(5, 1, 2, 3) @ torch.randn(4, 3, 4)).shape)
# sphinx_gallery_start_ignore
facts["batched_shape"] = list((X @ W).shape)
facts["batched_per_matrix"] = torch.allclose((X @ W)[3], X[3] @ W[3])
facts["batch_broadcast_one_shape"] = list((X @ B).shape)
facts["batch_broadcast_shape"] = list((torch.zeros(5, 1, 2, 3) @ torch.zeros(4, 3, 4)).shape)
# sphinx_gallery_end_ignore

# %% transpose
# The transpose
# -------------
# ``A.T`` swaps the rows and columns of a matrix: its element ``[j, i]`` is ``A[i, j]``. The
# transpose of a product is the product of the transposes in the other order. For a batch,
# ``X.mT`` transposes each matrix, the last two dimensions, and ``transpose(d0, d1)`` swaps any
# two dimensions.

print(A.T)
print(A.T.shape, A.T[2, 1] == A[1, 2])
print(torch.equal((A @ B).T, B.T @ A.T))
print(X.mT.shape, X.transpose(0, 2).shape)
# sphinx_gallery_start_ignore
facts["transpose_shape"] = list(A.T.shape)
facts["transpose_values"] = A.T.flatten().tolist()
facts["transpose_element"] = bool(A.T[2, 1] == A[1, 2])
facts["transpose_of_product"] = torch.equal((A @ B).T, B.T @ A.T)
facts["mT_shape"] = list(X.mT.shape)
facts["transpose_02_shape"] = list(X.transpose(0, 2).shape)
facts["transpose_is_view"] = A.T.data_ptr() == A.data_ptr()
assert facts["transpose_of_product"]
# sphinx_gallery_end_ignore

# %% matmul_error
# The inner sizes must agree: ``A`` has 3 columns, ``B.T`` has 4 rows, and the product
# fails, naming both shapes.

matmul_error = None
try:
    A @ B.T
except RuntimeError as error:
    matmul_error = error
    print(error)
# sphinx_gallery_start_ignore
facts["matmul_error_type"] = type(matmul_error)  # an exception class: the build knows it raised
facts["matmul_error"] = str(matmul_error)
# sphinx_gallery_end_ignore

# %% geometry
# What the products mean
# ----------------------
# The dot product of two vectors, divided by their L2 norms, is the cosine of the angle
# between them: 1 for the same direction, 0 for perpendicular ones. The norm of a difference
# is the distance between two points. A matrix times a vector maps the vector to another one:
# this matrix rotates the plane by 90 degrees.

u = torch.tensor([1.0, 0.0])
v2 = torch.tensor([1.0, 1.0])
cosine = (u @ v2) / (torch.linalg.vector_norm(u) * torch.linalg.vector_norm(v2))
print(f"cos(u, v) = {cosine:.4f}, the angle in degrees: {math.degrees(math.acos(cosine)):.1f}")
print("same as F.cosine_similarity:", torch.allclose(cosine, F.cosine_similarity(u, v2, dim=0)))
origin, point = torch.tensor([0.0, 0.0]), torch.tensor([3.0, 4.0])
print("distance from (0, 0) to (3, 4):", torch.linalg.vector_norm(point - origin))
rotate = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
print("rotated u:", rotate @ u, "and once more:", rotate @ (rotate @ u))
# sphinx_gallery_start_ignore
facts["cosine_4dp"] = round(cosine.item(), 4)
facts["angle_degrees"] = round(math.degrees(math.acos(cosine)), 1)
facts["cosine_matches_F"] = torch.allclose(cosine, F.cosine_similarity(u, v2, dim=0))
facts["distance_3_4"] = torch.linalg.vector_norm(point - origin).item()
facts["rotated_u"] = (rotate @ u).tolist()
facts["rotated_twice"] = (rotate @ (rotate @ u)).tolist()
assert facts["angle_degrees"] == 45.0 and facts["rotated_twice"] == [-1.0, 0.0]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/tensors/operations` explains these operations with their shape rules, and
# :doc:`/tensors/creating` explains broadcasting.
