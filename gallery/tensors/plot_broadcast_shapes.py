"""
Broadcasting shapes
===================

Element-wise operations on tensors of different shapes first *broadcast* them to one common
shape. This example runs note 001's example, draws how the shapes (1, 2) and (3, 1) become
(3, 2), and shows that PyTorch does this without copying any data.
"""

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% notes_example
# The notes' example
# ------------------
# ``x`` is one row of two elements, ``y`` one column of three.

x = torch.arange(1, 3).view(1, 2)
print(x)
y = torch.arange(1, 4).view(3, 1)
print(y)
print(x + y)
# sphinx_gallery_start_ignore
facts["x_shape"] = list(x.shape)
facts["y_shape"] = list(y.shape)
facts["sum_shape"] = list((x + y).shape)
facts["sum_first_row"] = (x + y)[0].tolist()
facts["sum_last_row"] = (x + y)[-1].tolist()
assert (x + y).tolist() == [[2, 3], [3, 4], [4, 5]]
# sphinx_gallery_end_ignore

# %% shapes_meet
# How the shapes meet
# -------------------
# PyTorch lines the two shapes up from the right. In each dimension the sizes must be equal,
# or one of them must be 1; a size 1 is stretched to the other size. (1, 2) and (3, 1)
# therefore become (3, 2): ``x``'s row is repeated three times and ``y``'s column twice.

print(torch.broadcast_shapes(x.shape, y.shape))
x_wide, y_wide = torch.broadcast_tensors(x, y)
print(x_wide)
print(y_wide)
# sphinx_gallery_start_ignore
facts["broadcast_shape"] = list(torch.broadcast_shapes(x.shape, y.shape))
assert torch.equal(x_wide + y_wide, x + y)
# sphinx_gallery_end_ignore

# %% broadcast_picture
# The picture: dark cells hold the original values, light cells are where a value is
# reused. The third grid is their element-wise sum.


def draw_grid(ax, values, original_rows, original_cols, title, color="#4c72b0"):
    """Draw a 2-D tensor as a grid; cells outside the original block are drawn light."""
    rows, cols = values.shape
    for i in range(rows):
        for j in range(cols):
            original = i < original_rows and j < original_cols
            ax.add_patch(
                plt.Rectangle(
                    (j, rows - 1 - i),
                    1,
                    1,
                    edgecolor="black",
                    facecolor=color if original else "#c6d4ea",
                )
            )
            ax.text(
                j + 0.5,
                rows - 0.5 - i,
                str(values[i, j].item()),
                ha="center",
                va="center",
                fontsize=16,
                color="white" if original else "#333333",
            )
    ax.set_xlim(-0.1, cols + 0.1)
    ax.set_ylim(-0.1, 3.1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title)


fig, axes = plt.subplots(1, 3, figsize=(8, 3.6))
draw_grid(axes[0], x_wide, 1, 2, "x: (1, 2) → (3, 2)")
draw_grid(axes[1], y_wide, 3, 1, "y: (3, 1) → (3, 2)")
draw_grid(axes[2], x + y, 3, 2, "x + y: (3, 2)", color="#55a868")
fig.tight_layout()
plt.show()

# %% right_aligned
# Shapes are aligned from the right, so a 1-D tensor of 3 elements acts as one row: with a
# column of 2 it gives a 2 × 3 result.

print(torch.broadcast_shapes((2, 1), (3,)))
# sphinx_gallery_start_ignore
facts["right_aligned_shape"] = list(torch.broadcast_shapes((2, 1), (3,)))
# sphinx_gallery_end_ignore

# %% mismatch_error
# When a dimension has two different sizes, neither of them 1, there is nothing to stretch
# and the operation fails:

try:
    torch.ones(2, 3) + torch.ones(3, 2)
except RuntimeError as error:
    mismatch_error = str(error)
    print(mismatch_error)
# sphinx_gallery_start_ignore
facts["mismatch_error"] = mismatch_error
# sphinx_gallery_end_ignore

# %% no_copy
# No copy is made
# ---------------
# Note 001 describes broadcasting as copying elements until the shapes match. That is how
# to picture the result, but PyTorch copies nothing: the stretched ``x_wide`` is a view of
# ``x`` whose stride along the stretched dimension is 0, so all three rows read the same two
# numbers in memory.

print(x_wide.stride())
print(x_wide.data_ptr() == x.data_ptr())
# sphinx_gallery_start_ignore
facts["expanded_stride"] = list(x_wide.stride())
facts["expanded_shares_data"] = x_wide.data_ptr() == x.data_ptr()
facts["expanded_numel"] = x_wide.numel()
facts["x_numel"] = x.numel()
assert facts["expanded_stride"] == [0, 1] and facts["expanded_shares_data"]
# sphinx_gallery_end_ignore

# %% write_into_expanded
# Because the three rows are one row in memory, in-place arithmetic on the stretched tensor
# is refused (a few writes, such as ``fill_``, go through and change every row at once);
# ``clone()`` it first to get real, separate rows.

try:
    x_wide.add_(10)
except RuntimeError as error:
    overlap_error = str(error)
    print(overlap_error)
x_rows = x_wide.clone()
x_rows[0, 0] = 10
print(x_rows)
# sphinx_gallery_start_ignore
facts["overlap_error"] = overlap_error
facts["cloned_stride"] = list(x_rows.stride())
assert x.tolist() == [[1, 2]]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/tensors/creating` explains the broadcasting rule and compares it with the notes'
# description.
