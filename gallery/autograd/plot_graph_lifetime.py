"""
How long the graph lives
========================

By default, a backward pass fills ``.grad`` only of the leaves that require gradients, and frees the values the graph saved
for it. This example shows what that means: the warning on a non-leaf's ``.grad``,
``retain_grad()``, the error on a second backward pass, and ``retain_graph=True``.
"""

import warnings

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% only_leaves_keep_grad
# Only leaves keep a gradient
# ---------------------------
# After ``backward()``, the leaf ``x`` has a gradient and the intermediate ``y`` has none.
# Reading ``y.grad`` returns ``None``, and PyTorch warns that a non-leaf's ``.grad`` is not
# filled in, pointing to ``retain_grad()``.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = (y * y).sum()
z.backward()
print(x.grad)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    non_leaf_grad = y.grad
print(non_leaf_grad)
non_leaf_warning = str(caught[0].message)
print(caught[0].category.__name__)
print(non_leaf_warning)
# sphinx_gallery_start_ignore
facts["x_grad"] = x.grad.tolist()
facts["non_leaf_grad"] = str(non_leaf_grad)
facts["warning_category"] = caught[0].category.__name__
# The end of the message names a C++ source path that changes between builds of PyTorch.
facts["non_leaf_warning"] = non_leaf_warning.split(" See github")[0]
assert facts["x_grad"] == [8.0, 16.0, 24.0]
# sphinx_gallery_end_ignore

# %% retained_grad
# ``retain_grad()`` asks autograd to keep the gradient of a non-leaf as well.
# :math:`\partial z / \partial y = 2y`.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.retain_grad()
z = (y * y).sum()
z.backward()
print(y.grad)
# sphinx_gallery_start_ignore
facts["retained_grad"] = y.grad.tolist()
assert facts["retained_grad"] == [4.0, 8.0, 12.0]
# sphinx_gallery_end_ignore

# %% saved_values_freed
# The graph's saved values are freed by ``backward()``
# ----------------------------------------------------
# ``h * h`` saves both of its inputs to compute its gradient later; they are visible as
# ``_saved_self`` and ``_saved_other`` on its ``grad_fn``. After the backward pass they
# are gone, and a second pass through the same graph fails.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
square = h * h
z = square.sum()
print(square.grad_fn._saved_self)
z.backward()
try:
    z.backward()
except RuntimeError as error:
    second_error = f"{type(error).__name__}: {error}"
    print(second_error)
# sphinx_gallery_start_ignore
facts["second_backward_error"] = second_error
# sphinx_gallery_end_ignore

# %% saved_access_same_error
# Reading a saved value after the pass raises the same error.

try:
    square.grad_fn._saved_self
except RuntimeError as error:
    saved_error = f"{type(error).__name__}: {error}"
    print(saved_error == second_error)
# sphinx_gallery_start_ignore
facts["saved_access_same_error"] = saved_error == second_error
# sphinx_gallery_end_ignore

# %% retain_graph
# ``retain_graph=True`` keeps them for another pass
# -------------------------------------------------
# The gradient is the same each time, :math:`2 \cdot 2 \cdot 2x = 8x`, and it accumulates
# in ``x.grad``: after two passes it is :math:`16x`.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = ((x * 2) ** 2).sum()
z.backward(retain_graph=True)
print(x.grad)
z.backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["twice_grad"] = x.grad.tolist()
assert facts["twice_grad"] == [16.0, 32.0, 48.0]
# sphinx_gallery_end_ignore

# %% four_passes_through
# Four passes through one retained graph, with ``x.grad`` read after each: every pass adds
# the same :math:`8x`, so each element grows along a straight line.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = ((x * 2) ** 2).sum()
passes = [1, 2, 3, 4]
grads = []
for _ in passes:
    z.backward(retain_graph=True)
    grads.append(x.grad.tolist())
# sphinx_gallery_start_ignore
assert grads == [[8.0 * k * v for v in (1, 2, 3)] for k in passes]
# sphinx_gallery_end_ignore

fig, ax = plt.subplots(figsize=(5.6, 3.4))
for i in range(3):
    ax.plot(passes, [grad[i] for grad in grads], marker="o", label=f"x.grad[{i}]")
ax.set_xticks(passes)
ax.set_title("z.backward(retain_graph=True)", fontfamily="monospace")
ax.legend(prop={"family": "monospace"})
fig.tight_layout()
plt.show()

# %% rebuilt_same_node
# The other way, as the notes also say, is to compute the graph again. That builds new
# nodes: the ``grad_fn`` of the new result is a different object.

x.grad = None
z1 = ((x * 2) ** 2).sum()
z1.backward()
z2 = ((x * 2) ** 2).sum()
z2.backward()
print(z1.grad_fn is z2.grad_fn)
print(x.grad)
# sphinx_gallery_start_ignore
facts["rebuilt_same_node"] = z1.grad_fn is z2.grad_fn
assert x.grad.tolist() == facts["twice_grad"]
# sphinx_gallery_end_ignore

# %% first_derivative
# Higher-order derivatives: ``create_graph=True``
# -----------------------------------------------
# ``torch.autograd.grad(y, x)`` returns the gradient instead of adding it into ``x.grad``.
# With ``create_graph=True`` the backward pass is itself recorded, so a gradient that still
# depends on ``x``, as this one does, has a ``grad_fn`` and can be differentiated again. For :math:`y = x^3` at
# :math:`x = 2`, :math:`dy/dx = 3x^2 = 12`.

x = torch.tensor(2.0, requires_grad=True)
y = x**3
(dy_dx,) = torch.autograd.grad(y, x, create_graph=True)
print(dy_dx)
print(dy_dx.requires_grad, x.grad)
# sphinx_gallery_start_ignore
facts["first_derivative"] = dy_dx.item()
facts["first_derivative_requires_grad"] = dy_dx.requires_grad
facts["first_derivative_grad_fn"] = type(dy_dx.grad_fn).__name__
facts["autograd_grad_leaves_grad"] = str(x.grad)
assert facts["first_derivative"] == 12.0
# sphinx_gallery_end_ignore

# %% second_derivative
# Differentiating the first derivative gives the second: :math:`d^2y/dx^2 = 6x = 12`.

(d2y_dx2,) = torch.autograd.grad(dy_dx, x)
print(d2y_dx2)
# sphinx_gallery_start_ignore
facts["second_derivative"] = d2y_dx2.item()
assert facts["second_derivative"] == 12.0
# sphinx_gallery_end_ignore

# %% without_create_graph
# Without ``create_graph`` the gradient is a plain value: no ``grad_fn``, no
# ``requires_grad``, and nothing to differentiate a second time.

x = torch.tensor(2.0, requires_grad=True)
y = x**3
(dy_dx,) = torch.autograd.grad(y, x)
print(dy_dx, dy_dx.requires_grad, dy_dx.grad_fn)
try:
    torch.autograd.grad(dy_dx, x)
except RuntimeError as error:
    print(error)
    # sphinx_gallery_start_ignore
    facts["plain_second_error"] = error  # an exception: its type and message
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["plain_requires_grad"] = dy_dx.requires_grad
facts["plain_grad_fn"] = str(dy_dx.grad_fn)
# sphinx_gallery_end_ignore

# %% create_graph_retains
# ``create_graph=True`` also keeps the graph of ``y``: ``retain_graph`` defaults to the
# value of ``create_graph``, because the new graph needs the values the old one saved. A
# second pass through ``y`` works after it, and fails after a plain pass.

x = torch.tensor(2.0, requires_grad=True)
y = x**3
torch.autograd.grad(y, x, create_graph=True)
(again,) = torch.autograd.grad(y, x)
print(again)

y = x**3
torch.autograd.grad(y, x)
try:
    torch.autograd.grad(y, x)
except RuntimeError as error:
    print(type(error).__name__)
    # sphinx_gallery_start_ignore
    facts["plain_twice_error_type"] = type(error)
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["create_graph_second_pass"] = again.item()
assert facts["create_graph_second_pass"] == 12.0
# sphinx_gallery_end_ignore

# %% hessian_vector_product
# A use of ``create_graph``: Hessian-vector products
# ---------------------------------------------------
# For ``f(x) = ½ xᵀAx`` with a symmetric ``A``, the gradient is ``Ax`` and the Hessian, the
# matrix of second derivatives, is ``A``. Two passes give the Hessian times a vector ``v``
# without forming the Hessian: the gradient ``g`` with ``create_graph=True``, then the
# gradient of ``g · v``.

A = torch.tensor([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
x = torch.tensor([1.0, -1.0, 2.0], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0])
f = 0.5 * x @ A @ x
(g,) = torch.autograd.grad(f, x, create_graph=True)
(hv,) = torch.autograd.grad(g @ v, x)
print(g)
print(hv, A @ v)
# sphinx_gallery_start_ignore
facts["hvp_gradient"] = g.detach().tolist()
facts["hvp_values"] = hv.tolist()
facts["hvp_equals_Av"] = torch.allclose(hv, A @ v)
facts["hvp_gradient_equals_Ax"] = torch.allclose(g.detach(), A @ x.detach())
assert facts["hvp_equals_Av"] and facts["hvp_gradient_equals_Ax"]
# sphinx_gallery_end_ignore

# %% backward_without_argument
# ``backward()`` without an argument needs one element
# ----------------------------------------------------
# Any real tensor with a single element can start a pass without a weight: a scalar, but
# also a 1-element vector or 1 × 1 matrix. A vector of three elements cannot.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for result in (x.sum(), x[:1] * 2, x[:1].view(1, 1) * 2):
    result.backward()
    print(tuple(result.shape), "ok")
try:
    (x * 2).backward()
except RuntimeError as error:
    vector_error = str(error)
    print((x * 2).shape, vector_error)
    # sphinx_gallery_start_ignore
    facts["vector_error"] = error  # an exception: its type and message
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["one_element_dims"] = [r.dim() for r in (x.sum(), x[:1] * 2, x[:1].view(1, 1) * 2)]
# sphinx_gallery_end_ignore

# %% max_node
# ``max()`` is an ordinary node
# -----------------------------
# ``x.max()`` records a ``grad_fn`` like any other operation; its gradient is 1 at the
# position of the maximum and 0 elsewhere (elements that tie for the maximum share the 1).

x = torch.tensor([1.0, 5.0, 3.0], requires_grad=True)
m = x.max()
print(type(m.grad_fn).__name__)
m.backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["max_grad_fn"] = type(m.grad_fn).__name__
facts["max_grad"] = x.grad.tolist()
assert facts["max_grad"] == [0.0, 1.0, 0.0]
# sphinx_gallery_end_ignore

# %% variable_gone
# ``Variable`` is gone
# --------------------
# ``torch.autograd.Variable`` still exists for old code, but it returns a plain tensor.
# A fresh leaf has no gradient yet, so ``m.grad`` is ``None`` until a backward pass.

from torch.autograd import Variable

m = Variable(torch.FloatTensor([[2, 3]]), requires_grad=True)
print(type(m).__name__, m.is_leaf, m.grad)
# sphinx_gallery_start_ignore
facts["variable_type"] = type(m).__name__
facts["variable_is_leaf"] = m.is_leaf
facts["variable_grad"] = str(m.grad)
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/autograd/lifetime` explains why the graph is freed and what the notes say about it.
