"""
Reshape tensors
===============

``view`` and ``reshape`` give the same elements a new shape, ``squeeze`` and ``unsqueeze``
remove and add dimensions of size 1, and ``torch.max`` along a dimension returns both the
largest values and where they are. This example also shows where ``view`` stops working.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% view
# ``view`` reads the same data with a new shape
# ---------------------------------------------
# Twelve numbers can be read as 3 rows of 4. One size may be ``-1``: PyTorch works it out
# from the number of elements.

x = torch.arange(12)
y = x.view(3, 4)
print(y)
print(x.view(-1, 6).shape)
# sphinx_gallery_start_ignore
facts["view_shape"] = list(y.shape)
assert x.numel() == 12 and facts["view_shape"] == [3, 4]
facts["inferred_shape"] = list(x.view(-1, 6).shape)
assert facts["inferred_shape"] == [2, 6]
# sphinx_gallery_end_ignore

# %% view_shares
# ``y`` is a *view*: it shares its data with ``x``, so writing into one changes the other.

y[0, 0] = 100
print(x[0])
print(y.data_ptr() == x.data_ptr())
# sphinx_gallery_start_ignore
facts["view_write_seen"] = x[0].item()
facts["view_shares_data"] = y.data_ptr() == x.data_ptr()
assert facts["view_write_seen"] == 100
# sphinx_gallery_end_ignore
x[0] = 0

# %% size_error
# The new shape must hold exactly as many elements as the old one:

try:
    x.view(5, 2)
except RuntimeError as error:
    size_error = str(error)
    print(size_error)
# sphinx_gallery_start_ignore
facts["size_error"] = size_error
# sphinx_gallery_end_ignore

# %% non_contiguous
# Where ``view`` fails: non-contiguous tensors
# --------------------------------------------
# ``y.t()`` is the transpose of ``y``, and it is a view too: no element moves, only the
# *strides* change (how many elements to step over to reach the next row or column).
# Its elements are no longer in reading order in memory, so the tensor is not *contiguous*.

t = y.t()
print(t)
print(y.stride(), t.stride())
print(t.is_contiguous())
# sphinx_gallery_start_ignore
facts["y_stride"] = list(y.stride())
facts["t_stride"] = list(t.stride())
facts["t_is_contiguous"] = t.is_contiguous()
# sphinx_gallery_end_ignore

# %% three_tensors_drawn
# The three tensors drawn cell by cell. ``x`` counts from 0, so each number is also where the
# element sits in memory, and its colour shows it. ``y`` reads memory row by row; ``t``
# reads it column by column, so along each of its rows the numbers jump by 4.


def draw_elements(ax, tensor, title):
    ax.imshow(tensor.numpy(), cmap="viridis", vmin=0, vmax=x.numel() - 1)
    for (i, j), value in np.ndenumerate(tensor.numpy()):
        ax.text(j, i, str(value), ha="center", va="center", color="white" if value < 6 else "black")
    ax.set_title(title, fontfamily="monospace")
    ax.axis("off")


fig, axes = plt.subplot_mosaic([["x", "x"], ["y", "t"]], figsize=(6, 4.4), height_ratios=[1, 4])
draw_elements(axes["x"], x.unsqueeze(0), "x")
draw_elements(axes["y"], y, "y = x.view(3, 4)")
draw_elements(axes["t"], t, "t = y.t()")
fig.tight_layout()
plt.show()

# %% view_refuses
# ``view`` never copies. Flattening ``t`` would need the elements 0, 4, 8, 1, ... in one
# run of memory with a single stride, which no stride can give, so ``view`` refuses:

try:
    t.view(12)
except RuntimeError as error:
    view_error_type = type(error).__name__
    view_error = str(error)
    print(view_error)
    # sphinx_gallery_start_ignore
    facts["view_error_type"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["view_error"] = view_error
# sphinx_gallery_end_ignore

# %% reshape_copies
# ``reshape`` returns a view when it can and copies when it must. Here it must copy, so the
# result no longer shares data with ``t``; ``t.contiguous().view(12)`` does the same in two
# explicit steps.

flat = t.reshape(12)
print(flat)
print(flat.data_ptr() == t.data_ptr())
print(torch.equal(flat, t.contiguous().view(12)))
# sphinx_gallery_start_ignore
facts["reshape_values"] = flat.tolist()
assert facts["reshape_values"][:4] == [0, 4, 8, 1]
facts["reshape_copy_shares"] = flat.data_ptr() == t.data_ptr()
facts["contiguous_view_equal"] = torch.equal(flat, t.contiguous().view(12))
# sphinx_gallery_end_ignore

# %% reshape_views
# On a contiguous tensor ``reshape`` is a view, exactly like ``view``:

print(y.reshape(2, 6).data_ptr() == y.data_ptr())
# sphinx_gallery_start_ignore
facts["reshape_view_shares"] = y.reshape(2, 6).data_ptr() == y.data_ptr()
# sphinx_gallery_end_ignore

# %% numpy_reshape
# NumPy's ``reshape`` behaves like PyTorch's ``reshape``, not like ``view``: it copies a
# transposed array without complaint.

a = np.arange(12).reshape(3, 4)
print(a.T.reshape(12))
# sphinx_gallery_start_ignore
facts["numpy_reshape_values"] = a.T.reshape(12).tolist()
assert facts["numpy_reshape_values"] == [int(v) for v in flat.tolist()]
# sphinx_gallery_end_ignore

# %% squeeze
# ``squeeze`` and ``unsqueeze``: dimensions of size 1
# ---------------------------------------------------
# ``squeeze()`` removes every dimension of size 1; ``squeeze(dim)`` removes only that one,
# and leaves the tensor unchanged if that dimension is not of size 1.

s = torch.zeros(2, 1, 3, 1)
print(s.squeeze().shape)
print(s.squeeze(1).shape)
print(s.squeeze(0).shape)
# sphinx_gallery_start_ignore
facts["squeeze_all"] = list(s.squeeze().shape)
facts["squeeze_1"] = list(s.squeeze(1).shape)
facts["squeeze_0"] = list(s.squeeze(0).shape)
# sphinx_gallery_end_ignore

# %% unsqueeze
# ``unsqueeze(dim)`` inserts a dimension of size 1 at ``dim``. A vector of 3 becomes a row
# (``1 × 3``) or a column (``3 × 1``), and a single image gets the batch dimension a
# model expects.

v = torch.tensor([1.0, 2.0, 3.0])
print(v.unsqueeze(0).shape, v.unsqueeze(1).shape)
image = torch.rand(3, 8, 8)
print(image.unsqueeze(0).shape)
# sphinx_gallery_start_ignore
facts["unsqueeze_0"] = list(v.unsqueeze(0).shape)
facts["unsqueeze_1"] = list(v.unsqueeze(1).shape)
assert (facts["unsqueeze_0"], facts["unsqueeze_1"]) == ([1, 3], [3, 1])
facts["batch_shape"] = list(image.unsqueeze(0).shape)
# sphinx_gallery_end_ignore

# %% unsqueeze_shares
# Both return views, like ``view``:

print(v.unsqueeze(0).data_ptr() == v.data_ptr())
# sphinx_gallery_start_ignore
facts["unsqueeze_shares"] = v.unsqueeze(0).data_ptr() == v.data_ptr()
# sphinx_gallery_end_ignore

# %% permute_flatten
# Image batches: ``permute`` and ``flatten``
# ------------------------------------------
# PyTorch's image layers take a batch as N × C × H × W: images, channels, rows, columns.
# ``plt.imshow`` takes an image as H × W × C, channels last. ``permute`` puts every
# dimension in a new order at once, as a view with its strides reordered;
# ``flatten(start_dim=1)`` turns each image into one row of C·H·W numbers, for a linear
# layer, and copies when the memory is not in that order.

hwc = torch.arange(2 * 4 * 4 * 3).view(2, 4, 4, 3)  # 2 images of 4 × 4 pixels, 3 channels last
nchw = hwc.permute(0, 3, 1, 2)
print(nchw.shape, nchw.stride(), nchw.is_contiguous())
print(nchw[1, 2, 0, 3] == hwc[1, 0, 3, 2])
flat = nchw.flatten(start_dim=1)
print(flat.shape, flat.data_ptr() == nchw.data_ptr())
# sphinx_gallery_start_ignore
facts["permute_shape"] = list(nchw.shape)
facts["permute_stride"] = list(nchw.stride())
facts["hwc_stride"] = list(hwc.stride())
facts["permute_contiguous"] = nchw.is_contiguous()
facts["permute_shares"] = nchw.data_ptr() == hwc.data_ptr()
facts["permute_element"] = bool(nchw[1, 2, 0, 3] == hwc[1, 0, 3, 2])
facts["flatten_shape"] = list(flat.shape)
facts["flatten_shares"] = flat.data_ptr() == nchw.data_ptr()
facts["flatten_contiguous_shares"] = hwc.flatten(start_dim=1).data_ptr() == hwc.data_ptr()
assert facts["permute_shape"] == [2, 3, 4, 4] and not facts["flatten_shares"]
# sphinx_gallery_end_ignore

# %% max_all
# ``torch.max`` along a dimension
# -------------------------------
# Without a dimension, ``torch.max`` returns the largest element as a 0-dimensional tensor.

scores = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])
print(torch.max(scores))
# sphinx_gallery_start_ignore
facts["max_all"] = torch.max(scores).item()
facts["max_all_dim"] = torch.max(scores).dim()
# sphinx_gallery_end_ignore

# %% max_rows
# With a dimension it reduces that dimension and returns two tensors: the largest
# ``values`` and their ``indices``. ``dim=1`` looks along each row.

result = torch.max(scores, dim=1)
print(result)
values, indices = result
print(values, indices)
# sphinx_gallery_start_ignore
facts["max_result_type"] = f"{type(result).__module__}.{type(result).__name__}"
facts["max_rows_values"] = values.tolist()
facts["max_rows_indices"] = indices.tolist()
# sphinx_gallery_end_ignore

# %% max_cols
# ``dim=0`` looks down each column. ``keepdim=True`` keeps the reduced dimension with size 1,
# so the result still lines up with ``scores``.

print(torch.max(scores, dim=0))
print(torch.max(scores, dim=1, keepdim=True).values.shape)
# sphinx_gallery_start_ignore
facts["max_cols_values"] = torch.max(scores, dim=0).values.tolist()
facts["max_cols_indices"] = torch.max(scores, dim=0).indices.tolist()
facts["keepdim_shape"] = list(torch.max(scores, dim=1, keepdim=True).values.shape)
# sphinx_gallery_end_ignore

# %% argmax
# The indices are what a classifier's prediction is: ``argmax`` returns them alone.

print(torch.equal(scores.argmax(dim=1), indices))
# sphinx_gallery_start_ignore
facts["argmax_equal"] = torch.equal(scores.argmax(dim=1), indices)
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/tensors/shapes` explains views, strides and contiguity, and where the notes'
# description of ``view`` falls short.
