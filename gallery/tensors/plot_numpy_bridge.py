"""
The NumPy bridge
================

A CPU tensor and a NumPy array can share one block of memory. ``numpy()``,
``torch.from_numpy()`` and ``torch.as_tensor()`` share it; ``torch.tensor()`` copies. This
example checks which is which, and what a tensor that requires gradients needs first.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% numpy_shares
# Tensor to NumPy: ``numpy()`` shares memory
# ------------------------------------------
# ``b`` is a NumPy array over the tensor's own memory. Adding 1 in place to either one
# shows up in the other.

a = torch.ones(5)
b = a.numpy()
print(a, b)

a += 1
print(a, b)
b += 1
print(a, b)
# sphinx_gallery_start_ignore
facts["numpy_type"] = type(b).__name__
facts["numpy_dtype"] = str(b.dtype)
facts["numpy_after_both"] = b.tolist()
facts["tensor_after_both"] = a.tolist()
assert facts["numpy_after_both"] == facts["tensor_after_both"] == [3.0] * 5
# sphinx_gallery_end_ignore

# %% rebind_numpy
# Only *in-place* changes travel. ``a = a + 1`` computes a new tensor and rebinds the name
# ``a`` to it; ``b`` still looks at the old memory.

a = a + 1
print(a, b)
print(np.shares_memory(a.numpy(), b))
# sphinx_gallery_start_ignore
facts["rebind_numpy"] = b.tolist()
facts["rebind_shares"] = bool(np.shares_memory(a.numpy(), b))
assert facts["rebind_numpy"] == [3.0] * 5
# sphinx_gallery_end_ignore

# %% from_numpy_shares
# NumPy to tensor: ``from_numpy()`` shares memory
# -----------------------------------------------
# The tensor keeps the array's dtype: NumPy's default ``float64`` becomes ``torch.float64``,
# not PyTorch's default ``float32``.

n = np.ones(5)
t = torch.from_numpy(n)
print(n, t)

n += 1
print(n, t)
t += 1
print(n, t)
# sphinx_gallery_start_ignore
facts["from_numpy_dtype"] = str(t.dtype)
facts["default_dtype"] = str(torch.get_default_dtype())
facts["from_numpy_after_both"] = t.tolist()
facts["from_numpy_shares"] = bool(np.shares_memory(n, t.numpy()))
assert facts["from_numpy_after_both"] == [3.0] * 5
# sphinx_gallery_end_ignore

# %% tensor_copies
# ``torch.tensor()`` copies, ``torch.as_tensor()`` shares
# -------------------------------------------------------
# ``torch.tensor(n)`` always copies the data. ``torch.as_tensor(n)`` shares it when it
# can: when the dtype and the device stay as they are.

n = np.zeros(3)
copied = torch.tensor(n)
shared = torch.as_tensor(n)
n[0] = 7
print(copied, shared)
# sphinx_gallery_start_ignore
facts["tensor_copy_values"] = copied.tolist()
facts["as_tensor_values"] = shared.tolist()
facts["tensor_shares"] = bool(np.shares_memory(n, copied.numpy()))
facts["as_tensor_shares"] = bool(np.shares_memory(n, shared.numpy()))
assert (facts["tensor_shares"], facts["as_tensor_shares"]) == (False, True)
# sphinx_gallery_end_ignore

# %% as_tensor_other_dtype
# Asking ``as_tensor`` for another dtype forces a copy, and so does the legacy constructor
# ``torch.Tensor(n)``, which always converts to the default float dtype, ``float32``:

as_float32 = torch.as_tensor(n, dtype=torch.float32)
legacy = torch.Tensor(n)
print(np.shares_memory(n, as_float32.numpy()), legacy.dtype, np.shares_memory(n, legacy.numpy()))
# sphinx_gallery_start_ignore
facts["as_tensor_float32_shares"] = bool(np.shares_memory(n, as_float32.numpy()))
facts["legacy_dtype"] = str(legacy.dtype)
facts["legacy_shares"] = bool(np.shares_memory(n, legacy.numpy()))
# sphinx_gallery_end_ignore

# %% all_five_ways
# All five ways side by side: each row is made from ``n = np.zeros(3)``, and then ``n[0] = 7``
# is written. The rows that share ``n``'s memory show the 7; the copies still hold zeros.

n = np.zeros(3)
made = {
    "torch.from_numpy(n)": torch.from_numpy(n),
    "torch.as_tensor(n)": torch.as_tensor(n),
    "torch.tensor(n)": torch.tensor(n),
    "torch.as_tensor(n, dtype=torch.float32)": torch.as_tensor(n, dtype=torch.float32),
    "torch.Tensor(n)": torch.Tensor(n),
}
n[0] = 7
rows = np.stack([tensor.numpy() for tensor in made.values()])

fig, ax = plt.subplots(figsize=(7, 3.2))
ax.imshow(rows, cmap="Blues", vmin=0, vmax=10, aspect="auto")
for (i, j), value in np.ndenumerate(rows):
    ax.text(j, i, f"{value:g}", ha="center", va="center", fontsize=13)
ax.set_yticks(range(len(made)), labels=list(made), fontfamily="monospace")
ax.set_xticks(range(3))
ax.set_title("n[0] = 7", fontfamily="monospace")
fig.tight_layout()
plt.show()

# %% requires_grad_refused
# Tensors that require gradients
# ------------------------------
# NumPy knows nothing of autograd, so ``numpy()`` refuses a tensor that requires gradients:

w = torch.ones(3, requires_grad=True)
try:
    w.numpy()
except RuntimeError as error:
    grad_error_type = type(error).__name__
    grad_error = str(error)
    print(grad_error)
    # sphinx_gallery_start_ignore
    facts["grad_error_type"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["grad_error"] = grad_error
# sphinx_gallery_end_ignore

# %% detach_shares
# ``detach()`` returns a tensor without the graph that still shares the memory, so the
# array is again a window onto ``w``: writing into it changes ``w`` behind autograd's back,
# as ``.data`` does. ``numpy(force=True)`` detaches for you (and moves a tensor on a GPU
# to the CPU first, which copies).

w_np = w.detach().numpy()
print(w_np)
w_np[0] = 10
print(w)
# sphinx_gallery_start_ignore
facts["detach_shares"] = w.data_ptr() == w.detach().data_ptr()
facts["detach_write_seen"] = w[0].item()
facts["force_values"] = w.numpy(force=True).tolist()
assert facts["detach_write_seen"] == 10
# sphinx_gallery_end_ignore

# %% linalg_like_numpy
# Linear algebra
# --------------
# ``torch.linalg`` holds the functions of ``numpy.linalg`` under the same names. Solving
# the same system both ways gives the same answer, up to float rounding.

A = torch.tensor([[3.0, 1.0], [1.0, 2.0]], dtype=torch.float64)
rhs = torch.tensor([9.0, 8.0], dtype=torch.float64)
solution = torch.linalg.solve(A, rhs)
print(solution)
print(np.linalg.solve(A.numpy(), rhs.numpy()))
# sphinx_gallery_start_ignore
facts["linalg_solution"] = solution.tolist()
facts["linalg_matches_numpy"] = bool(
    np.allclose(solution.numpy(), np.linalg.solve(A.numpy(), rhs.numpy()))
)
facts["linalg_names_shared"] = all(
    hasattr(torch.linalg, name) and hasattr(np.linalg, name)
    for name in ("solve", "inv", "det", "norm", "eigh", "svd", "qr", "cholesky")
)
assert facts["linalg_solution"] == [2.0, 3.0] and facts["linalg_matches_numpy"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/tensors/numpy` explains why sharing is fast, when it breaks, and how this compares
# with what the notes say.
