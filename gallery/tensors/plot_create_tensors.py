"""
Creating tensors
================

A tensor is a block of numbers with a shape and a dtype. This example creates tensors the
ways note 001 starts with, ``torch.empty`` and ``torch.rand``, then with ``zeros``, ``ones``,
``arange`` and from Python data, and shows which shape and dtype each one gets.
"""

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% empty
# ``torch.empty``: memory without values
# --------------------------------------
# ``torch.empty(5, 3)`` reserves room for 5 × 3 numbers and writes nothing into it. The
# shape and dtype are known; the values are whatever the memory held before: they may
# differ from run to run, or happen to be zeros that look correct. This example therefore shows only the
# shape and dtype of ``x``: printing its values would print leftovers.

x = torch.empty(5, 3)
print(x.shape)
print(x.dtype)
# sphinx_gallery_start_ignore
facts["empty_shape"] = list(x.shape)
facts["empty_dtype"] = str(x.dtype)
facts["empty_numel"] = x.numel()
facts["shape_type"] = type(x.shape).__name__
facts["size_equals_shape"] = x.size() == x.shape
assert facts["empty_shape"] == [5, 3] and facts["empty_numel"] == 15
# sphinx_gallery_end_ignore

# %% shape_is_size
# ``x.shape`` is a ``torch.Size``, a tuple of the sizes of each dimension; ``x.size()``
# returns the same thing, and ``x.numel()`` counts the elements.

print(type(x.shape).__name__, x.size() == x.shape, x.numel())

# %% deterministic_empty
# Use ``empty`` only when every element is written before it is read. When
# ``torch.use_deterministic_algorithms(True)`` is on, PyTorch fills new ``empty`` tensors
# of floating dtype with NaN, so reading one before writing it shows up at once:

torch.use_deterministic_algorithms(True)
guarded = torch.empty(2, 3)
print(torch.isnan(guarded).all().item())
torch.use_deterministic_algorithms(False)
# sphinx_gallery_start_ignore
facts["deterministic_empty_is_nan"] = torch.isnan(guarded).all().item()
assert facts["deterministic_empty_is_nan"] is True
# sphinx_gallery_end_ignore

# %% rand
# ``torch.rand``: random values
# -----------------------------
# ``torch.rand(5, 3)`` draws each element uniformly from :math:`[0, 1)`. The values come from
# PyTorch's random generator, seeded above with ``torch.manual_seed(0)``, so this run prints
# the same numbers every time.

x = torch.rand(5, 3)
print(x)
print(x.min().item() >= 0, x.max().item() < 1)
# sphinx_gallery_start_ignore
facts["rand_first"] = x[0, 0].item()
facts["rand_in_unit_interval"] = bool(x.min() >= 0 and x.max() < 1)
facts["rand_dtype"] = str(x.dtype)
assert facts["rand_in_unit_interval"]
# sphinx_gallery_end_ignore

# %% rand_picture
# The same 5 × 3 values as a picture: one cell per element, coloured by its value.

fig, ax = plt.subplots(figsize=(3.6, 4.2))
image = ax.imshow(x.numpy(), cmap="viridis", vmin=0, vmax=1)
for i in range(x.shape[0]):
    for j in range(x.shape[1]):
        colour = "white" if x[i, j] < 0.5 else "black"
        ax.text(j, i, f"{x[i, j]:.2f}", ha="center", va="center", color=colour)
ax.set_xticks(range(x.shape[1]))
ax.set_yticks(range(x.shape[0]))
ax.set_title("torch.rand(5, 3)", fontfamily="monospace")
fig.colorbar(image, ax=ax, shrink=0.8)
fig.tight_layout()
plt.show()

# %% zeros_ones
# ``zeros`` and ``ones``
# ----------------------
# ``zeros`` and ``ones`` take the shape as arguments, like ``empty``. Without a ``dtype``
# they hold the default floating dtype; pass ``dtype=`` for another one.

print(torch.get_default_dtype())
z = torch.zeros(2, 3)
print(z, z.dtype)
o = torch.ones(2, 3, dtype=torch.long)
print(o, o.dtype)
# sphinx_gallery_start_ignore
facts["default_dtype"] = str(torch.get_default_dtype())
facts["zeros_dtype"] = str(z.dtype)
facts["ones_long_dtype"] = str(o.dtype)
# sphinx_gallery_end_ignore

# %% arange
# ``arange``: ranges
# ------------------
# ``torch.arange(start, end)`` counts from ``start`` up to, but not including, ``end``, like
# Python's ``range``. With integer arguments the result is an integer tensor (``int64``);
# a floating-point argument, such as a fractional step, gives the default float dtype, and
# rounding can then put a value at ``end`` in the result (``torch.linspace`` avoids that).

a = torch.arange(1, 3)
print(a, a.dtype)
b = torch.arange(5)
print(b)
c = torch.arange(0, 1, 0.25)
print(c, c.dtype)
# sphinx_gallery_start_ignore
facts["arange_1_3"] = a.tolist()
facts["arange_int_dtype"] = str(a.dtype)
facts["arange_5"] = b.tolist()
facts["arange_step"] = c.tolist()
facts["arange_float_dtype"] = str(c.dtype)
assert facts["arange_1_3"] == [1, 2] and facts["arange_step"] == [0.0, 0.25, 0.5, 0.75]
# sphinx_gallery_end_ignore

# %% from_python_data
# From Python data: ``torch.tensor``
# ----------------------------------
# ``torch.tensor`` copies a list into a new tensor and infers the dtype from the values:
# integers give ``int64``, floats give the default ``float32``, booleans give ``bool``.

ints = torch.tensor([1, 2, 3])
floats = torch.tensor([1.0, 2.0, 3.0])
flags = torch.tensor([True, False])
print(ints.dtype, floats.dtype, flags.dtype)
# sphinx_gallery_start_ignore
facts["tensor_int_dtype"] = str(ints.dtype)
facts["tensor_float_dtype"] = str(floats.dtype)
facts["tensor_bool_dtype"] = str(flags.dtype)
# sphinx_gallery_end_ignore

# %% type_promotion
# Mixing dtypes in one operation promotes by category (bool, then integer, then float, then
# complex): an integer tensor plus a float tensor gives a float tensor.

print((ints + floats).dtype)
# sphinx_gallery_start_ignore
facts["promoted_dtype"] = str((ints + floats).dtype)
# sphinx_gallery_end_ignore

# %% more_constructors
# ``randn``, ``normal``, ``full`` and the ``*_like`` constructors
# ---------------------------------------------------------------
# ``torch.randn`` draws from the standard normal distribution (mean 0, standard deviation 1),
# ``torch.normal(mean, std, size)`` from a normal distribution of your choice; the means and
# standard deviations of 10000 draws come close to those. ``torch.full(shape, value)`` fills a
# shape with one value, whose type sets the dtype. ``zeros_like``, ``full_like``,
# ``rand_like`` and ``randn_like`` take the shape and dtype of a tensor you already have.

torch.manual_seed(0)
standard = torch.randn(10000)
print(f"randn:          mean {standard.mean():.2f}, std {standard.std():.2f}")
shifted = torch.normal(5.0, 0.1, size=(10000,))
print(f"normal(5, 0.1): mean {shifted.mean():.2f}, std {shifted.std():.2f}")
print(torch.full((2, 3), 7.0), torch.full((2,), 7).dtype)
print(torch.zeros_like(ints), torch.full_like(floats, 0.5))
# sphinx_gallery_start_ignore
facts["randn_close"] = bool(abs(standard.mean()) < 0.05 and abs(standard.std() - 1) < 0.05)
facts["normal_close"] = bool(abs(shifted.mean() - 5) < 0.01 and abs(shifted.std() - 0.1) < 0.01)
facts["full_float_dtype"] = str(torch.full((2, 3), 7.0).dtype)
facts["full_int_dtype"] = str(torch.full((2,), 7).dtype)
facts["zeros_like_dtype"] = str(torch.zeros_like(ints).dtype)
facts["zeros_like_shape"] = list(torch.zeros_like(ints).shape)
facts["full_like_values"] = torch.full_like(floats, 0.5).tolist()
assert facts["randn_close"] and facts["normal_close"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/tensors/creating` explains ``empty`` and the default dtypes, and how the notes'
# examples relate to what PyTorch does now.
