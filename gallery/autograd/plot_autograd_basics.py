"""
Autograd basics
===============

Set ``requires_grad=True`` on a floating-point tensor and, unless recording is switched off
(``torch.no_grad()``), PyTorch records the differentiable operations on it, so that
``backward()`` can compute gradients by the chain rule. This example follows the study
notes step by step: leaves and ``grad_fn``, a first backward pass, gradients that
accumulate, the weight a non-scalar needs, and two ways to keep operations out of the graph.
"""

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% requires_grad
# Tracking starts with ``requires_grad``
# --------------------------------------
# A tensor created directly by the user has no ``grad_fn``: nothing computed it.

x = torch.ones(2, 2, requires_grad=True)
print(x)
print(x.grad_fn)

# %% grad_fn_remembers
# A result of an operation remembers the operation in ``grad_fn``. The name now ends in a
# number (``AddBackward0``): PyTorch numbers the backward functions of overloads.

y = x + 2
print(y)
print(type(y.grad_fn).__name__)

# %% leaves_and_results
# Tensors that no tracked operation produced are *leaves* of the graph; results of tracked
# operations are not.

print(x.is_leaf, y.is_leaf)
# sphinx_gallery_start_ignore
facts["x_grad_fn"] = str(x.grad_fn)
facts["y_grad_fn"] = type(y.grad_fn).__name__
facts["x_is_leaf"] = x.is_leaf
facts["y_is_leaf"] = y.is_leaf
assert facts["y_grad_fn"] == "AddBackward0"
# sphinx_gallery_end_ignore

# %% requires_grad_inplace
# ``requires_grad_()`` switches tracking on in place. A plain tensor made without it does not
# require gradients, and neither do results computed only from such tensors.

a = torch.randn(2, 2)
a = (a * 3) / (a - 1)
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(type(b.grad_fn).__name__)
# sphinx_gallery_start_ignore
facts["b_grad_fn"] = type(b.grad_fn).__name__
# sphinx_gallery_end_ignore

# %% gradient_defined
# The gradient
# ------------
# For a scalar :math:`y` computed from a vector :math:`\mathbf{x}`, the gradient
# :math:`\nabla_{\mathbf{x}} y` is the vector of the partial derivatives
# :math:`\partial y / \partial x_i`. For :math:`y = 2\mathbf{x}^\top\mathbf{x}` it is
# :math:`4\mathbf{x}`, and ``backward()`` leaves exactly that in ``x.grad``.

x = torch.arange(4.0, requires_grad=True)
y = 2 * torch.dot(x, x)
print(x)
print(y)
y.backward()
print(x.grad)
print(x.grad == 4 * x)
# sphinx_gallery_start_ignore
facts["gradient_x"] = x.tolist()
facts["gradient_y"] = y.item()
facts["gradient_grad"] = x.grad.tolist()
facts["gradient_is_4x"] = bool(torch.equal(x.grad, 4 * x))
assert facts["gradient_grad"] == [0.0, 4.0, 8.0, 12.0] and facts["gradient_y"] == 28.0
# sphinx_gallery_end_ignore

# %% gradient_by_definition
# Each partial derivative is the rate of change of :math:`y` when :math:`x_i` alone moves.
# Moving each :math:`x_i` by :math:`\pm h` and dividing the change of :math:`y` by
# :math:`2h` (a central difference, without autograd) gives the same :math:`4\mathbf{x}`.


def f(x):
    return 2 * torch.dot(x, x)


x0 = torch.arange(4.0, dtype=torch.float64)
h = 1e-3
numeric = torch.stack(
    [(f(x0 + h * e) - f(x0 - h * e)) / (2 * h) for e in torch.eye(4, dtype=torch.float64)]
)
print(numeric)
print(torch.allclose(numeric, 4 * x0))
# sphinx_gallery_start_ignore
facts["numeric_matches"] = torch.allclose(numeric, 4 * x0)
assert facts["numeric_matches"]
# sphinx_gallery_end_ignore

# %% first_backward_pass
# A first backward pass
# ---------------------
# With :math:`z_i = 3 (x_i + 2)^2` and ``out`` the mean of the four :math:`z_i`,
# :math:`\partial\,\mathrm{out} / \partial x_i = \frac{6 (x_i + 2)}{4} = 4.5` at
# :math:`x_i = 1`. ``out`` is a scalar, so ``backward()`` needs no argument.

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
print(z, out)
out.backward()  # the same as out.backward(torch.tensor(1.0))
print(x.grad)
# sphinx_gallery_start_ignore
facts["z_grad_fn"] = type(z.grad_fn).__name__
facts["out_grad_fn"] = type(out.grad_fn).__name__
facts["out_value"] = out.item()
facts["first_grad"] = x.grad[0, 0].item()
assert torch.equal(x.grad, torch.full((2, 2), 4.5))
# sphinx_gallery_end_ignore

# %% gradients_accumulate
# Gradients accumulate
# --------------------
# Every backward pass *adds* to ``.grad``. The gradient of ``x.sum()`` is 1 per element,
# so a second pass without clearing gives 4.5 + 1.

out2 = x.sum()
out2.backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["accumulated_grad"] = x.grad[0, 0].item()
assert torch.equal(x.grad, torch.full((2, 2), 4.5 + 1))
try:  # .grad is an attribute: calling it, as note 000 writes x.grad(), calls the tensor
    x.grad()
except TypeError as error:
    facts["grad_called"] = error
# sphinx_gallery_end_ignore

# %% zeroed_grad
# Clearing the gradient first leaves only the new pass. ``x.grad.zero_()`` gives the values
# the notes' ``x.grad.data.zero_()`` gives, without going through ``.data``.

out3 = x.sum()
x.grad.zero_()
out3.backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["zeroed_grad"] = x.grad[0, 0].item()
assert torch.equal(x.grad, torch.ones(2, 2))
# sphinx_gallery_end_ignore

# %% three_passes
# The three passes again on a fresh ``x``, with ``x.grad[0, 0]`` read after each one: the
# second pass adds its 1 to the 4.5 already there, and ``zero_()`` starts again from 0.

x = torch.ones(2, 2, requires_grad=True)
after = {}
(3 * (x + 2) ** 2).mean().backward()
after["out.backward()"] = x.grad[0, 0].item()
x.sum().backward()
after["out2.backward()"] = x.grad[0, 0].item()
x.grad.zero_()
x.sum().backward()
after["x.grad.zero_()\nout3.backward()"] = x.grad[0, 0].item()
# sphinx_gallery_start_ignore
assert list(after.values()) == [4.5, 5.5, 1.0]
# sphinx_gallery_end_ignore

fig, ax = plt.subplots(figsize=(5.6, 3.4))
bars = ax.bar(list(after), list(after.values()), color=["C0", "C1", "C2"])
ax.bar_label(bars, fontsize=12)
ax.set_xticks(range(len(after)), labels=list(after), fontfamily="monospace")
ax.set_ylim(0, 6.5)
ax.set_title("x.grad[0, 0]", fontfamily="monospace")
fig.tight_layout()
plt.show()

# %% backward_non_scalar
# Backward from a non-scalar needs a weight
# -----------------------------------------
# ``z`` below has four elements, and ``backward()`` makes up the starting gradient only for an
# output with one element. ``z.backward(v)``
# differentiates the scalar ``torch.sum(z * v)`` (for real tensors): ``v`` weights each element
# of ``z``.
# Since :math:`z = 2x`, the gradient is :math:`2v`.

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = 2 * x
z = y.view(2, 2)
print(z)

v = torch.tensor([[1.0, 0.1], [0.01, 0.001]], dtype=torch.float)
z.backward(v)
print(x.grad)
# sphinx_gallery_start_ignore
facts["view_grad_fn"] = type(z.grad_fn).__name__
facts["weighted_grad"] = x.grad.tolist()
assert torch.equal(x.grad, 2 * v.flatten())
# sphinx_gallery_end_ignore

# %% non_scalar_error
# Without a weight, a tensor of more than one element refuses to start the backward pass:

try:
    (2 * x).backward()
except RuntimeError as error:
    non_scalar_error = str(error)
    print(non_scalar_error)
# sphinx_gallery_start_ignore
facts["non_scalar_error"] = non_scalar_error
# sphinx_gallery_end_ignore

# %% no_grad_block
# Operations under ``torch.no_grad()`` are not recorded
# -----------------------------------------------------
# ``y2`` is computed without tracking, so it is cut off from ``x``.
# :math:`y_3 = x^2 + x^3` would have the derivative :math:`2x + 3x^2 = 5` at :math:`x = 1`,
# but only the tracked :math:`x^2` contributes.

x = torch.tensor(1.0, requires_grad=True)
y1 = x**2
with torch.no_grad():
    y2 = x**3
y3 = y1 + y2

print(x.requires_grad)
print(y1, y1.requires_grad)
print(y2, y2.requires_grad)
print(y3, y3.requires_grad)

y3.backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["y1_requires_grad"] = y1.requires_grad
facts["y2_requires_grad"] = y2.requires_grad
facts["y3_requires_grad"] = y3.requires_grad
facts["y3_grad_fn"] = type(y3.grad_fn).__name__
facts["no_grad_grad"] = x.grad.item()
x_full = torch.tensor(1.0, requires_grad=True)
(x_full**2 + x_full**3).backward()
facts["full_grad"] = x_full.grad.item()
assert (facts["full_grad"], facts["no_grad_grad"]) == (5.0, 2.0)
# sphinx_gallery_end_ignore

# %% data_behind_autograd
# Changing values behind autograd's back with ``.data``
# -----------------------------------------------------
# ``x.data`` is the same storage without the graph: changing it changes ``x`` but is not
# recorded. The gradient of ``y = 2 * x`` stays 2 although ``x`` is now 100.

x = torch.ones(1, requires_grad=True)
print(x.data)
print(x.data.requires_grad)

y = 2 * x
x.data *= 100

y.backward()
print(x)
print(x.grad)
# sphinx_gallery_start_ignore
facts["data_requires_grad"] = x.data.requires_grad
facts["data_value"] = x.item()
facts["data_grad"] = x.grad.item()
assert (facts["data_value"], facts["data_grad"]) == (100.0, 2.0)
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/autograd/basics` explains what these outputs mean and how they differ from what
# the notes printed for older PyTorch.
