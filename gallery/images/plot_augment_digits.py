"""
Augmenting the digits
=====================

Random shifts and small rotations of the training images, written with PyTorch's own
``F.affine_grid`` and ``F.grid_sample``, drawn in a seeded ``Dataset`` for training and left
out for evaluation. Then what they change: the convolutional network of the convolutions
example, trained with and without them, measured on the validation digits as they are and on
the same digits moved by one pixel.
"""

import math

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% split
# The digits, split as before
# ---------------------------
# The split of the digits example, and grey levels divided by 16, so that they run from 0
# (blank) to 1. Scaling, unlike standardising, keeps blank at 0, so what a shift or a rotation
# brings in from outside the image is blank too.

digits = load_digits()
images = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 16
labels = torch.tensor(digits.target, dtype=torch.int64)
generator = torch.Generator().manual_seed(0)
order = torch.randperm(len(images), generator=generator)
test_idx, val_idx, train_idx = order[:360], order[360:720], order[720:]
X_train, y_train = images[train_idx], labels[train_idx]
X_val, y_val = images[val_idx], labels[val_idx]
X_test, y_test = images[test_idx], labels[test_idx]
print("train:", len(X_train), "validation:", len(X_val), "test:", len(X_test))
# sphinx_gallery_start_ignore
facts["num_train"] = len(X_train)
# sphinx_gallery_end_ignore

# %% affine
# Shifting and rotating with ``affine_grid`` and ``grid_sample``
# --------------------------------------------------------------
# ``F.affine_grid`` turns a 2 × 3 matrix into the position, in the input, that each output
# pixel reads, in coordinates that run from -1 to 1 across the image; ``F.grid_sample``
# reads there, interpolating between pixels and treating the pixels outside the image as 0,
# so a point just past the edge mixes the edge pixels with zeros (with
# ``align_corners=False``, as here, -1 and 1 are the outer edges of the image). To move the
# content by ``dx`` pixels to the right, each output pixel reads ``dx`` pixels to its left:
# :math:`-2\,dx / W` in those coordinates.


def move(image, degrees=0.0, dx=0, dy=0):
    """The (C, H, W) image rotated by ``degrees`` and moved by ``dx``, ``dy`` pixels."""
    height, width = image.shape[-2:]
    angle = math.radians(degrees)
    theta = torch.tensor(
        [
            [math.cos(angle), -math.sin(angle), -2 * dx / width],
            [math.sin(angle), math.cos(angle), -2 * dy / height],
        ]
    )
    grid = F.affine_grid(theta.unsqueeze(0), [1, *image.shape], align_corners=False)
    return F.grid_sample(image.unsqueeze(0), grid, align_corners=False)[0]


def roll_with_blank(image, dx, dy):
    """The same move by whole pixels, with ``torch.roll``; what wraps around is blanked."""
    moved = torch.roll(image, shifts=(dy, dx), dims=(-2, -1))
    if dx > 0:
        moved[..., :, :dx] = 0
    if dx < 0:
        moved[..., :, dx:] = 0
    if dy > 0:
        moved[..., :dy, :] = 0
    if dy < 0:
        moved[..., dy:, :] = 0
    return moved


digit = X_train[0]
print(
    "one pixel right, as torch.roll gives it:",
    torch.allclose(move(digit, dx=1), roll_with_blank(digit, 1, 0), atol=1e-6),
)
print(
    "one pixel up and left:",
    torch.allclose(move(digit, dx=-1, dy=-1), roll_with_blank(digit, -1, -1), atol=1e-6),
)
# sphinx_gallery_start_ignore
facts["shift_equals_roll"] = torch.allclose(
    move(digit, dx=1), roll_with_blank(digit, 1, 0), atol=1e-6
)
facts["diagonal_equals_roll"] = torch.allclose(
    move(digit, dx=-1, dy=-1), roll_with_blank(digit, -1, -1), atol=1e-6
)
assert facts["shift_equals_roll"] and facts["diagonal_equals_roll"]
# sphinx_gallery_end_ignore

# %% dataset
# A ``Dataset`` that draws a new transform each time
# --------------------------------------------------
# For training, each time an image is read it is rotated by an angle drawn uniformly between
# -10° and 10° and moved by -1, 0 or 1 pixel along each axis, drawn from the dataset's own
# seeded ``torch.Generator``; for evaluation it is returned as it is. Read in the main
# process, as here, the same seed gives the same images in the same order, and each epoch
# sees other versions of the same digits.


class DigitsDataset(Dataset):
    def __init__(self, images, labels, augment=False, seed=0):
        self.images, self.labels, self.augment = images, labels, augment
        self.generator = torch.Generator().manual_seed(seed)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, index):
        image = self.images[index]
        if self.augment:
            degrees = (torch.rand((), generator=self.generator).item() * 2 - 1) * 10
            dx, dy = torch.randint(-1, 2, (2,), generator=self.generator).tolist()
            image = move(image, degrees, dx, dy)
        return image, self.labels[index]


first, second = (
    DigitsDataset(X_train, y_train, augment=True),
    DigitsDataset(X_train, y_train, augment=True),
)
print("same seed, same images:", all(torch.equal(first[i][0], second[i][0]) for i in range(5)))
print("read again, another version:", not torch.equal(first[0][0], first[0][0]))
plain = DigitsDataset(X_train, y_train)
print("without augmentation, the image itself:", torch.equal(plain[0][0], X_train[0]))

fig, axes = plt.subplots(1, 9, figsize=(8, 1.3))
axes[0].imshow(X_train[0, 0], cmap="gray_r")
axes[0].set_title("original", fontsize=8)
for ax in axes[1:]:
    ax.imshow(first[0][0][0], cmap="gray_r")
for ax in axes:
    ax.axis("off")
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["same_seed_same_images"] = all(
    torch.equal(
        DigitsDataset(X_train, y_train, True)[i][0], DigitsDataset(X_train, y_train, True)[i][0]
    )
    for i in range(5)
)
facts["plain_unchanged"] = torch.equal(plain[0][0], X_train[0])
assert facts["same_seed_same_images"] and facts["plain_unchanged"]
# sphinx_gallery_end_ignore

# %% moved_validation
# Validation digits moved by one pixel
# ------------------------------------
# The digits of this data set sit in the middle of their 8 × 8 box: for almost every image
# the centre of its ink, the mean position of the pixels weighted by their grey levels, lies
# within one pixel of the box's centre. They also fill the box from top to bottom, so a move
# up or down pushes a row of ink out of it. A second validation set holds the same digits,
# each moved by one pixel in one of the 8 directions, drawn with a seeded generator.


def ink_centre(batch):
    """The (row, column) of each image's centre of ink."""
    weights = batch[:, 0] / batch[:, 0].sum(dim=(1, 2), keepdim=True)
    positions = torch.arange(8.0)
    return (weights.sum(dim=2) * positions).sum(dim=1), (weights.sum(dim=1) * positions).sum(dim=1)


def near_centre(batch):
    """The share of images whose centre of ink is within one pixel of the box's centre."""
    rows, cols = ink_centre(batch)
    return ((rows - 3.5) ** 2 + (cols - 3.5) ** 2 < 1).float().mean().item()


directions = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
picks = torch.randint(0, 8, (len(X_val),), generator=torch.Generator().manual_seed(1))
X_val_moved = torch.stack(
    [move(image, 0, *directions[k]) for image, k in zip(X_val, picks.tolist(), strict=True)]
)
print("moved validation images:", tuple(X_val_moved.shape))
top_and_bottom = (images[:, 0, 0].sum(dim=1) > 0) & (images[:, 0, -1].sum(dim=1) > 0)
print(f"images with ink in their top and bottom rows: {top_and_bottom.float().mean():.3f}")
lost = X_val.sum(dim=(1, 2, 3)) - X_val_moved.sum(dim=(1, 2, 3)) > 1e-3
print(f"moved images that lost ink off the edge: {lost.float().mean():.3f}")
print(
    f"centre of ink within one pixel of the centre: all images {near_centre(images):.3f}, "
    f"moved validation images {near_centre(X_val_moved):.3f}"
)
# sphinx_gallery_start_ignore
facts["near_centre_all"] = round(near_centre(images), 3)
facts["near_centre_moved"] = round(near_centre(X_val_moved), 3)
facts["most_near_centre"] = near_centre(images) > 0.95
facts["moved_fewer_near_centre"] = near_centre(X_val_moved) < 0.6
assert facts["most_near_centre"] and facts["moved_fewer_near_centre"]
facts["directions"] = len(directions)
facts["ink_top_and_bottom"] = round(top_and_bottom.float().mean().item(), 3)
facts["share_lost_ink"] = round(lost.float().mean().item(), 3)
facts["most_lost_ink"] = lost.float().mean().item() > 0.5
assert facts["most_lost_ink"]
# sphinx_gallery_end_ignore

# %% with_and_without
# Training with and without augmentation
# --------------------------------------
# The network of the convolutions example, from the same initial parameters, trained for 15
# epochs on the training images as they are and on augmented ones; after each epoch both are
# measured on the two validation sets.


def make_cnn():
    return nn.Sequential(
        nn.Conv2d(1, 16, kernel_size=3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(16, 32, kernel_size=3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(32 * 2 * 2, 10),
    )


def accuracy(model, X, y):
    model.eval()
    with torch.no_grad():
        return (model(X).argmax(dim=1) == y).float().mean().item()


curves, models = {}, {}
for name, augment in [("as they are", False), ("augmented", True)]:
    torch.manual_seed(1)
    model = make_cnn()
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    loader = DataLoader(
        DigitsDataset(X_train, y_train, augment=augment),
        batch_size=32,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    curves[name] = []
    for epoch in range(15):
        model.train()
        for xb, yb in loader:
            loss = F.cross_entropy(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        curves[name].append((accuracy(model, X_val, y_val), accuracy(model, X_val_moved, y_val)))
    models[name] = model
    print(
        f"trained on images {name}: validation accuracy {curves[name][-1][0]:.3f}, "
        f"on moved digits {curves[name][-1][1]:.3f}"
    )

fig, axes = plt.subplots(1, 2, figsize=(8, 3.2), sharey=True)
for panel, title in enumerate(["validation digits as they are", "moved by one pixel"]):
    for name, curve in curves.items():
        axes[panel].plot(
            range(1, 16),
            [point[panel] for point in curve],
            marker="o",
            label=f"trained on images {name}",
        )
    axes[panel].set_title(title, fontsize=10)
    axes[panel].set_xlabel("epoch")
axes[0].set_ylabel("accuracy")
axes[1].legend()
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["epochs"] = 15
facts["plain_moved_below_0_7"] = curves["as they are"][-1][1] < 0.7
facts["augmented_moved_above_0_85"] = curves["augmented"][-1][1] > 0.85
facts["both_centred_above_0_93"] = all(curve[-1][0] > 0.93 for curve in curves.values())
assert facts["plain_moved_below_0_7"] and facts["augmented_moved_above_0_85"]
assert facts["both_centred_above_0_93"]
# sphinx_gallery_end_ignore

# %% test_set
# The test set, as it is and moved
# --------------------------------
# The test images, once, and once more moved by one pixel as the validation images were.

picks = torch.randint(0, 8, (len(X_test),), generator=torch.Generator().manual_seed(2))
X_test_moved = torch.stack(
    [move(image, 0, *directions[k]) for image, k in zip(X_test, picks.tolist(), strict=True)]
)
for name, model in models.items():
    print(
        f"trained on images {name}: test accuracy {accuracy(model, X_test, y_test):.3f}, "
        f"moved {accuracy(model, X_test_moved, y_test):.3f}"
    )
# sphinx_gallery_start_ignore
facts["plain_test_acc"] = round(accuracy(models["as they are"], X_test, y_test), 3)
facts["augmented_test_acc"] = round(accuracy(models["augmented"], X_test, y_test), 3)
facts["plain_moved_test_acc"] = round(accuracy(models["as they are"], X_test_moved, y_test), 3)
facts["augmented_moved_test_acc"] = round(accuracy(models["augmented"], X_test_moved, y_test), 3)
facts["augmented_moved_test_above_0_85"] = facts["augmented_moved_test_acc"] > 0.85
assert facts["augmented_moved_test_above_0_85"]
# sphinx_gallery_end_ignore

# %% workers
# Workers copy the generator
# --------------------------
# With ``num_workers=2`` each worker process gets its own copy of the dataset, generator
# included; by default (``persistent_workers=False``) the workers start afresh each epoch,
# from the state the dataset had when that epoch's iteration started. Here the dataset holds one
# image four times; workers 0 and 1 load alternate batches, so images 0 and 1 (the first read
# of each worker) are moved the same way, and so are images 2 and 3. The copy in the main
# process never draws, so the next epoch starts from the same state: the same changes again.
# A ``worker_init_fn`` that seeds each copy's generator from ``get_worker_info().seed``
# (different per worker and per epoch, drawn from the loader's own generator) gives every
# worker and every epoch its own draws, the same on every run.


def reseed(worker_id):
    info = torch.utils.data.get_worker_info()
    info.dataset.generator.manual_seed(info.seed)


def two_epochs(worker_init_fn):
    one_image_four_times = DigitsDataset(
        X_train[:1].repeat(4, 1, 1, 1), y_train[:1].repeat(4), augment=True
    )
    loader = DataLoader(
        one_image_four_times,
        batch_size=1,
        num_workers=2,
        worker_init_fn=worker_init_fn,
        generator=torch.Generator().manual_seed(0),
    )
    return [[x[0] for x, _ in loader] for epoch in range(2)]


for init in (None, reseed):
    first_epoch, second_epoch = two_epochs(init)
    pairs = [
        torch.equal(first_epoch[0], first_epoch[1]),
        torch.equal(first_epoch[2], first_epoch[3]),
    ]
    repeats = all(torch.equal(a, b) for a, b in zip(first_epoch, second_epoch, strict=True))
    print(f"worker_init_fn={getattr(init, '__name__', None)}:")
    print("  images 0 and 1, 2 and 3 moved alike:", pairs, "- epoch 2 repeats epoch 1:", repeats)


# sphinx_gallery_start_ignore
# The loop's last pass, with reseed, left its results in pairs, repeats and first_epoch: only
# the run without worker_init_fn is repeated here, and reseed's once more to see it repeat.
reseeded_pairs, reseeded_repeats, reseeded_run = pairs, repeats, first_epoch
copied_first, copied_second = two_epochs(None)
facts["workers_copied_pairs_equal"] = [
    torch.equal(copied_first[0], copied_first[1]),
    torch.equal(copied_first[2], copied_first[3]),
]
facts["workers_copied_epochs_repeat"] = all(
    torch.equal(a, b) for a, b in zip(copied_first, copied_second, strict=True)
)
facts["workers_reseeded_pairs_equal"] = reseeded_pairs
facts["workers_reseeded_epochs_repeat"] = reseeded_repeats
facts["workers_reseeded_repeatable"] = all(
    torch.equal(a, b) for a, b in zip(reseeded_run, two_epochs(reseed)[0], strict=True)
)
assert facts["workers_copied_pairs_equal"] == [True, True] and facts["workers_copied_epochs_repeat"]
assert facts["workers_reseeded_pairs_equal"] == [False, False]
assert not facts["workers_reseeded_epochs_repeat"] and facts["workers_reseeded_repeatable"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/images/augmentation` explains each step; :doc:`/images/convolutions` builds the
# network; :doc:`/data/loading` covers ``Dataset`` and ``DataLoader``.
