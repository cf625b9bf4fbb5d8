"""
Views, copies and in-place operations
=====================================

Some operations give a new tensor that shares memory with the old one (a *view*), others
copy the data, and most in-place operations write into existing memory. This example checks
each case of note 000 (items 1, 3 and 4) by comparing objects and data addresses.
"""

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore


def same_memory(a, b):
    """Whether two tensors' storages start at the same address: true for views of one tensor."""
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# %% row_view
# Two questions, two tests: ``a is b`` (the same as ``id(a) == id(b)``) asks whether two
# names refer to one Python tensor object; ``same_memory(a, b)`` asks whether two non-empty
# tensors use the same block of memory (they may still read different elements of it; two
# empty tensors always pass). Only
# ``True``/``False`` is printed, never an address: addresses may change on every run.
#
# Indexing a row gives a view
# ---------------------------
# ``y[1, :]`` is a new tensor object that reads the second row of ``y`` in place.
# Writing through it changes ``y``.

y = torch.arange(6.0).view(2, 3)
row = y[1, :]
print(row is y, same_memory(row, y))
row[0] = 100
print(y)
# sphinx_gallery_start_ignore
facts["row_is_y"] = row is y
facts["row_shares"] = same_memory(row, y)
facts["y_after_row_write"] = y[1].tolist()
assert facts["y_after_row_write"] == [100.0, 4.0, 5.0]
# sphinx_gallery_end_ignore

# %% row_offset
# The row starts 3 elements into ``y``'s memory, so ``row.data_ptr()`` (the address of its
# first element) is *not* ``y.data_ptr()`` although the memory is shared. For tensors made
# from one another by PyTorch's view operations, compare storages, as ``same_memory`` does,
# to ask whether memory is shared.

print(row.data_ptr() == y.data_ptr(), row.storage_offset())
# sphinx_gallery_start_ignore
facts["row_data_ptr_equal"] = row.data_ptr() == y.data_ptr()
facts["row_offset"] = row.storage_offset()
# sphinx_gallery_end_ignore

# %% clone
# ``clone()`` makes an independent copy
# -------------------------------------
# With ``clone()``, writing to the copy leaves ``y`` alone, and writing to ``y`` leaves the
# copy alone.

y = torch.arange(6.0).view(2, 3)
x = y[1, :].clone()
x[0] = 100
y[1, 1] = -1
print(x)
print(y)
print(same_memory(x, y))
# sphinx_gallery_start_ignore
facts["clone_shares"] = same_memory(x, y)
facts["clone_after_writes"] = x.tolist()
facts["y_after_clone_write"] = y[1].tolist()
assert facts["y_after_clone_write"] == [3.0, -1.0, 5.0]
# sphinx_gallery_end_ignore

# %% views_drawn
# Drawn cell by cell: each element shows its value, and its colour is its place in ``y``'s
# memory, found from the tensor's strides. The view ``y[1, :]`` has the colours of ``y``'s
# second row, because it reads those places; the clone ``x`` is grey, its memory is its own.


def memory_places(t):
    """Each element's index in the block of memory (storage) that ``t`` reads."""
    size = t.untyped_storage().nbytes() // t.element_size()
    return torch.arange(size).as_strided(t.shape, t.stride(), t.storage_offset())


def draw_memory(ax, t, title):
    values = t.reshape(-1, t.shape[-1])
    places = memory_places(t).reshape(values.shape)
    rows, columns = values.shape
    for i in range(rows):
        for j in range(columns):
            colour = plt.cm.Set2(places[i, j].item()) if same_memory(t, y) else "lightgrey"
            ax.add_patch(plt.Rectangle((j, -i), 1, 1, facecolor=colour, edgecolor="white", lw=3))
            ax.text(j + 0.5, 0.5 - i, f"{values[i, j]:g}", ha="center", va="center", fontsize=14)
    ax.set_xlim(0, columns)
    ax.set_ylim(1 - rows, 1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontfamily="monospace")


fig, axes = plt.subplot_mosaic([["y", "view"], ["y", "clone"]], figsize=(6.4, 3.6))
draw_memory(axes["y"], y, "y")
draw_memory(axes["view"], y[1, :], "y[1, :]")
draw_memory(axes["clone"], x, "x = y[1, :].clone()")
fig.tight_layout()
plt.show()

# %% clone_in_graph
# When the original requires gradients (and grad mode is on), a clone is part of the
# computation graph: its ``grad_fn`` is ``CloneBackward0``, and a gradient that reaches the
# copy flows on to the original.

a = torch.ones(3, requires_grad=True)
b = a.clone()
print(type(b.grad_fn).__name__)
(b * 2).sum().backward()
print(a.grad)
# sphinx_gallery_start_ignore
facts["clone_grad_fn"] = type(b.grad_fn).__name__
facts["clone_grad"] = a.grad.tolist()
assert facts["clone_grad"] == [2.0, 2.0, 2.0]
# sphinx_gallery_end_ignore

# %% detach_clone
# To copy values *without* the graph, detach first: ``a.detach().clone()``.

c = a.detach().clone()
print(c.requires_grad, c.grad_fn)
# sphinx_gallery_start_ignore
facts["detached_clone_requires_grad"] = c.requires_grad
# sphinx_gallery_end_ignore

# %% index_copies
# Indexing with a tensor or a mask copies
# ---------------------------------------
# Indexing with integers and slices (*basic* indexing) gives views. Indexing with a tensor
# of indices (of one or more dimensions) or a boolean mask (*advanced* indexing) always
# copies, even where a view would be possible: writing to the result leaves ``y`` alone. (A
# 0-d integer tensor acts as an integer, except one of dtype ``uint8``, which acts as a mask.)

y = torch.arange(6.0).view(2, 3)
column = y[:, 1]
picked = y[torch.tensor([0, 1]), 1]
masked = y[y > 2]
print(column, same_memory(column, y))
print(picked, same_memory(picked, y))
print(masked, same_memory(masked, y))
picked[0] = 100
masked[0] = 100
print(y)
# sphinx_gallery_start_ignore
facts["slice_shares"] = same_memory(column, y)
facts["index_tensor_shares"] = same_memory(picked, y)
facts["mask_shares"] = same_memory(masked, y)
facts["y_after_copy_writes"] = y.flatten().tolist()
assert facts["y_after_copy_writes"] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
# sphinx_gallery_end_ignore

# %% write_through_index
# Writing *through* an index is different: ``y[mask] = value`` is an assignment into ``y``
# and changes ``y`` in place.

y[y > 2] = 0
print(y)
# sphinx_gallery_start_ignore
facts["y_after_mask_assign"] = y.flatten().tolist()
# sphinx_gallery_end_ignore

# %% rebind_versus_inplace
# ``y = x + y`` versus in-place updates
# -------------------------------------
# Four ways to add ``x`` to ``y``. For each, compare ``y`` afterwards with the tensor ``y``
# named before: is it the same object, and does it use the same memory?


def add_and_compare(update):
    x = torch.ones(3)
    y = torch.zeros(3)
    before = y
    y = update(x, y)
    return y is before, y.data_ptr() == before.data_ptr(), y.tolist()


def rebind(x, y):
    y = x + y
    return y


def assign_slice(x, y):
    y[:] = x + y
    return y


def augmented(x, y):
    y += x
    return y


def add_in_place(x, y):
    y.add_(x)
    return y


results = {}
for code, update in [
    ("y = x + y", rebind),
    ("y[:] = x + y", assign_slice),
    ("y += x", augmented),
    ("y.add_(x)", add_in_place),
]:
    results[code] = add_and_compare(update)
    same_object, same_data, values = results[code]
    print(f"{code:14} same object: {same_object!s:5}  same memory: {same_data!s:5}  y = {values}")
# sphinx_gallery_start_ignore
facts["rebind_same_object"], facts["rebind_same_memory"], _ = results["y = x + y"]
facts["slice_same_object"], facts["slice_same_memory"], _ = results["y[:] = x + y"]
facts["iadd_same_object"], facts["iadd_same_memory"], _ = results["y += x"]
facts["add_inplace_same_object"], facts["add_inplace_same_memory"], _ = results["y.add_(x)"]
assert all(values == [1.0, 1.0, 1.0] for _, _, values in results.values())
# sphinx_gallery_end_ignore

# %% add_returns_self
# Only ``y = x + y`` gives a new tensor in new memory; the name ``y`` is then bound to it.
# ``y[:] = ...``, ``y += x`` and ``y.add_(x)`` write the sum into ``y``'s memory or raise an
# error: ``+=`` and ``add_`` refuse a float sum for an integer ``y``, which ``y[:] =`` would
# silently truncate. (``y[:] = x + y`` still computes ``x + y`` into a temporary tensor
# first, then copies it into ``y``; ``y += x`` and ``add_`` make no result tensor, though
# with mixed dtypes the CPU may make temporaries, converted inputs or a wider result that it
# copies back into ``y``.) Most methods
# ending in ``_`` change their tensor in place, many as the in-place form of an operation,
# and they return the tensor itself:

y = torch.zeros(3)
print(y.add_(1) is y)
# sphinx_gallery_start_ignore
y_copy = y.clone()  # y stays as the learner's script leaves it
facts["add_returns_self"] = y_copy.add_(1) is y_copy
# sphinx_gallery_end_ignore

# %% note_add_line
# Note 000 writes the last form as ``y.add_(x)。``, with a Chinese full stop after the code.
# Copied as it is, that line is not Python:

try:
    compile("y.add_(x)。", "<note 000>", "exec")
except SyntaxError as error:
    note_line_error = f"{type(error).__name__}: {error.msg}"
    print(note_line_error)
    # sphinx_gallery_start_ignore
    facts["note_add_line_error"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["note_add_line_message"] = note_line_error
# sphinx_gallery_end_ignore

# %% view_is_new_tensor
# ``view`` shares data but is a new tensor
# ----------------------------------------
# ``x.view(shape)`` gives a new tensor object with its own shape that uses ``x``'s memory,
# so a write through either is seen by both.

x = torch.arange(6.0)
y = x.view(x.shape)
z = x.view(2, 3)
print(y is x, y.data_ptr() == x.data_ptr())
print(z is x, z.data_ptr() == x.data_ptr(), z.shape)
x[0] = 100
print(y[0].item(), z[0, 0].item())
# sphinx_gallery_start_ignore
facts["view_is_x"] = y is x
facts["view_same_memory"] = y.data_ptr() == x.data_ptr()
facts["view_2_3_same_memory"] = z.data_ptr() == x.data_ptr()
facts["view_2_3_shape"] = list(z.shape)
facts["view_sees_write"] = z[0, 0].item()
assert facts["view_sees_write"] == 100.0
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/tensors/memory` explains views, copies and in-place updates, and where note 000 is
# out of date.
