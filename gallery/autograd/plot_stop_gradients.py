"""
Stop gradients from flowing
===========================

Four ways to keep a computation out of the graph: ``detach()``, ``torch.no_grad()``,
``.data`` and ``requires_grad_()``. They differ in what they cut, and in whether autograd
can still tell you when you break something.
"""

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% detach
# ``detach()`` returns a new tensor cut off from the graph
# --------------------------------------------------------
# ``y`` is tracked: it is computed from a leaf that requires gradients.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
print(y.requires_grad, type(y.grad_fn).__name__)

# %% detached_copy
# ``y.detach()`` does not change ``y``: it returns another tensor that shares ``y``'s data
# but has no ``grad_fn`` and does not require gradients.

d = y.detach()
print(y.requires_grad, d.requires_grad)
print(d.grad_fn, d.is_leaf)
print(d.data_ptr() == y.data_ptr())
# sphinx_gallery_start_ignore
facts["y_requires_grad"] = y.requires_grad
facts["detached_requires_grad"] = d.requires_grad
facts["detached_grad_fn"] = str(d.grad_fn)
facts["detached_is_leaf"] = d.is_leaf
facts["detached_shares_data"] = d.data_ptr() == y.data_ptr()
# sphinx_gallery_end_ignore

# %% detach_grad
# A detached term contributes nothing to the gradient. With
# :math:`s = x^2 + \mathrm{detach}(x^3)` the derivative at :math:`x = 1` is the :math:`2x = 2`
# of the first term, as with ``torch.no_grad()`` in :doc:`/autograd/basics`, and not 5.

x = torch.tensor(1.0, requires_grad=True)
s = x**2 + (x**3).detach()
s.backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["detach_grad"] = x.grad.item()
assert facts["detach_grad"] == 2.0
# sphinx_gallery_end_ignore

# %% no_grad_block
# ``torch.no_grad()`` works on a whole block: no operation the block runs on this thread is
# recorded, unless grad mode is switched back on inside it (``torch.enable_grad()``,
# ``torch.set_grad_enabled(True)``) or a backward pass inside it uses ``create_graph=True``.

with torch.no_grad():
    t = x**3
print(t.requires_grad, t.grad_fn)
# sphinx_gallery_start_ignore
facts["no_grad_requires_grad"] = t.requires_grad
# sphinx_gallery_end_ignore

# %% data_riskier
# Why ``.data`` is riskier than ``detach()``
# ------------------------------------------
# ``sigmoid`` saves its *output* for the backward pass, because
# :math:`\sigma'(a) = \sigma(a)\,(1 - \sigma(a))`. Change that output in place through
# ``detach()`` and autograd notices at backward time: the tensor's version counter, shared
# with the detached tensor, has moved.

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
out.detach().zero_()
try:
    out.sum().backward()
except RuntimeError as error:
    detach_error = str(error)
    print(detach_error)
# sphinx_gallery_start_ignore
facts["detach_error"] = detach_error.split(" Hint:")[0]
facts["detach_error_start"] = detach_error.split(":")[0]
assert facts["detach_error_start"] == (
    "one of the variables needed for gradient computation has been modified by an inplace operation"
)
# sphinx_gallery_end_ignore

# %% data_grad
# The same change through ``.data`` is not counted. The backward pass runs and silently
# returns a wrong gradient: zeros, computed from the zeroed output.

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
out.data.zero_()
out.sum().backward()
print(a.grad)

right = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
right.sigmoid().sum().backward()
print(right.grad)
# sphinx_gallery_start_ignore
facts["data_grad"] = a.grad.tolist()
facts["right_grad"] = [round(g, 4) for g in right.grad.tolist()]
assert facts["data_grad"] == [0.0, 0.0, 0.0]
assert facts["right_grad"] == [0.1966, 0.105, 0.0452]
# sphinx_gallery_end_ignore

# %% sigmoid_gradient
# The right gradient is :math:`\sigma'(a)`, drawn here for many values of ``a`` by autograd
# itself (grey). ``right.grad`` lies on that curve; the gradient after ``out.data.zero_()``
# lies flat at 0.

curve = torch.linspace(-4, 4, 161, requires_grad=True)
curve.sigmoid().sum().backward()

fig, ax = plt.subplots(figsize=(5.6, 3.4))
ax.plot(curve.detach(), curve.grad, color="grey", label="σ'(a)")
ax.plot(right.detach(), right.grad, "o", markersize=9, label="right.grad")
ax.plot(a.detach(), a.grad, "X", markersize=9, color="C3", label="a.grad")
ax.set_xlabel("a", fontfamily="monospace")
ax.set_title("a.sigmoid().sum().backward()", fontfamily="monospace")
ax.legend(prop={"family": "monospace"})
fig.tight_layout()
plt.show()

# %% requires_grad_switch
# ``requires_grad_()`` switches tracking on and off for leaves
# ------------------------------------------------------------
# ``requires_grad_(False)`` on a leaf stops its gradients (this is how layers are frozen);
# ``requires_grad_(True)`` starts tracking a floating-point tensor made without it.

w = torch.randn(3, requires_grad=True)
w.requires_grad_(False)
print(w.requires_grad)

v = torch.randn(3)
v.requires_grad_()
print(v.requires_grad, v.is_leaf)
# sphinx_gallery_start_ignore
facts["frozen_requires_grad"] = w.requires_grad
facts["switched_on_requires_grad"] = v.requires_grad
# sphinx_gallery_end_ignore

# %% non_leaf_error
# Only a leaf can be switched off. A result of a tracked operation (one with a ``grad_fn``)
# cannot; PyTorch says to use ``detach()`` instead.

try:
    (v * 2).requires_grad_(False)
except RuntimeError as error:
    non_leaf_error = str(error)
    print(non_leaf_error)
# sphinx_gallery_start_ignore
facts["non_leaf_error"] = non_leaf_error
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/autograd/stopping` compares these tools and what the notes say about them.
