"""
Classifying handwritten digits
==============================

Classification from end to end on real data: the 8×8 images of handwritten digits that
ship with scikit-learn, split into training, validation and test sets and standardised;
softmax regression written from scratch, with the log-sum-exp trick; then ``nn.Linear``
with ``nn.CrossEntropyLoss``, a multilayer perceptron, SGD with momentum against Adam,
weight decay, a learning-rate schedule, overfitting seen in the curves, and a confusion
matrix of the test set.
"""

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% load_data
# The digits data
# ---------------
# ``load_digits`` reads 1,797 images of handwritten digits that come with scikit-learn, so
# nothing is downloaded. Each image has 8×8 pixels with grey levels from 0 to 16, flattened
# into 64 features; each label is the digit, 0 to 9.

digits = load_digits()
X = torch.tensor(digits.data, dtype=torch.float32)
y = torch.tensor(digits.target, dtype=torch.int64)
print("images:", digits.images.shape, "features:", X.shape, "labels:", y.shape)
print("grey levels:", X.min().item(), "to", X.max().item())
print("images per class:", torch.bincount(y).tolist())
# sphinx_gallery_start_ignore
facts["num_images"] = len(X)
facts["image_shape"] = list(digits.images.shape[1:])
facts["num_features"] = X.shape[1]
facts["num_classes"] = len(torch.unique(y))
facts["max_grey"] = X.max().item()
facts["fewest_per_class"] = torch.bincount(y).min().item()
facts["most_per_class"] = torch.bincount(y).max().item()
assert facts["num_images"] == 1797 and facts["num_classes"] == 10
# sphinx_gallery_end_ignore

# %% show_digits
# The first ten images, each with its label.

fig, axes = plt.subplots(1, 10, figsize=(8, 1.4))
for ax, image, label in zip(axes, digits.images, digits.target):
    ax.imshow(image, cmap="gray_r")
    ax.set_title(f"{label}")
    ax.axis("off")
fig.tight_layout()
plt.show()

# %% split
# Training, validation and test sets
# ----------------------------------
# A random order of the indices from a seeded ``torch.Generator`` splits the images: 360
# for the test set, 360 for the validation set, the rest for training. The validation set
# chooses between models and settings; the test set is used once, at the end.

generator = torch.Generator().manual_seed(0)
order = torch.randperm(len(X), generator=generator)
test_idx, val_idx, train_idx = order[:360], order[360:720], order[720:]
X_train, y_train = X[train_idx], y[train_idx]
X_val, y_val = X[val_idx], y[val_idx]
X_test, y_test = X[test_idx], y[test_idx]
print("train:", len(X_train), "validation:", len(X_val), "test:", len(X_test))
# sphinx_gallery_start_ignore
facts["num_train"] = len(X_train)
facts["num_val"] = len(X_val)
facts["num_test"] = len(X_test)
all_idx = torch.cat([train_idx, val_idx, test_idx])
facts["split_disjoint"] = len(torch.unique(all_idx)) == len(X)
assert facts["split_disjoint"]
# sphinx_gallery_end_ignore

# %% standardise
# Standardising with the training split only
# ------------------------------------------
# Each feature is shifted by its mean and divided by its standard deviation, both measured
# on the training set alone: the validation and test sets must stay unseen, as new data
# would be. A pixel that is blank in every training image has a standard deviation of 0; it
# is divided by 1 instead.

mean = X_train.mean(dim=0)
std = X_train.std(dim=0)
std = torch.where(std > 0, std, torch.ones_like(std))
X_train = (X_train - mean) / std
X_val = (X_val - mean) / std
X_test = (X_test - mean) / std
print("pixels blank in every training image:", (X_train.std(dim=0) == 0).sum().item())
print(f"largest |mean| of a feature: training set {X_train.mean(dim=0).abs().max():.4f}, "
      f"validation set {X_val.mean(dim=0).abs().max():.4f}")
# sphinx_gallery_start_ignore
facts["blank_pixels"] = (X_train.std(dim=0) == 0).sum().item()
facts["train_mean_zero"] = bool(X_train.mean(dim=0).abs().max() < 1e-5)
facts["val_mean_not_zero"] = bool(X_val.mean(dim=0).abs().max() > 1e-3)
assert facts["train_mean_zero"] and facts["val_mean_not_zero"]
# sphinx_gallery_end_ignore

# %% softmax_scratch
# Softmax and cross-entropy from scratch
# --------------------------------------
# A linear model gives each class a score, a *logit*. The softmax turns a row of logits
# :math:`o` into probabilities, :math:`\hat y_j = \exp(o_j) / \sum_k \exp(o_k)`, and the
# cross-entropy of an example whose label is :math:`y` is :math:`-\log \hat y_y`.


def softmax(logits):
    e = torch.exp(logits)
    return e / e.sum(dim=1, keepdim=True)


def cross_entropy(probs, labels):
    return -torch.log(probs[torch.arange(len(labels)), labels]).mean()


logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.0]])
probs = softmax(logits)
print(probs)
print("row sums:", probs.sum(dim=1))
print(f"cross-entropy for labels [0, 1]: {cross_entropy(probs, torch.tensor([0, 1])):.4f}")
# sphinx_gallery_start_ignore
facts["toy_rows_sum_to_one"] = torch.allclose(probs.sum(dim=1), torch.ones(2))
facts["toy_cross_entropy_4dp"] = round(cross_entropy(probs, torch.tensor([0, 1])).item(), 4)
assert facts["toy_rows_sum_to_one"]
# sphinx_gallery_end_ignore

# %% log_sum_exp
# The log-sum-exp trick
# ---------------------
# With large logits, ``exp`` overflows: in float32 ``exp(1000)`` is ``inf``, and
# ``inf / inf`` is ``nan``. Subtracting each row's maximum first changes nothing
# mathematically, :math:`\exp(o_j - m) / \sum_k \exp(o_k - m)` with :math:`m = \max_k o_k`,
# but the largest term becomes :math:`\exp(0) = 1`. In the same way
# :math:`\log \sum_k \exp(o_k) = m + \log \sum_k \exp(o_k - m)`, which is what
# ``torch.logsumexp`` computes, and ``F.cross_entropy`` does it for you.


def stable_cross_entropy(logits, labels):
    m = logits.max(dim=1, keepdim=True).values
    log_probs = logits - m - torch.log(torch.exp(logits - m).sum(dim=1, keepdim=True))
    return -log_probs[torch.arange(len(labels)), labels].mean()


big = torch.tensor([[1000.0, 999.0, 990.0]])
label = torch.tensor([0])
print("naive softmax:", softmax(big))
print("naive cross-entropy:", cross_entropy(softmax(big), label))
shifted = big - big.max(dim=1, keepdim=True).values
print("softmax after subtracting the maximum:", softmax(shifted))
print("stable cross-entropy:", stable_cross_entropy(big, label))
print("F.cross_entropy:     ", F.cross_entropy(big, label))
lse = big.max() + torch.log(torch.exp(shifted).sum())
print("logsumexp:", torch.logsumexp(big, dim=1), "by hand:", lse)
# sphinx_gallery_start_ignore
facts["big_logit"] = big.max().item()
facts["naive_exp_inf"] = bool(torch.isinf(torch.exp(big)).any())
facts["naive_softmax_nan"] = bool(torch.isnan(softmax(big)).any())
facts["naive_cross_entropy_finite"] = bool(torch.isfinite(cross_entropy(softmax(big), label)))
facts["stable_softmax_finite"] = bool(torch.isfinite(softmax(shifted)).all())
facts["stable_equals_f_cross_entropy"] = torch.allclose(
    stable_cross_entropy(big, label), F.cross_entropy(big, label)
)
facts["logsumexp_equals_by_hand"] = torch.allclose(torch.logsumexp(big, dim=1), lse)
facts["stable_cross_entropy_4dp"] = round(stable_cross_entropy(big, label).item(), 4)
assert facts["naive_exp_inf"] and facts["naive_softmax_nan"] and facts["stable_softmax_finite"]
assert facts["stable_equals_f_cross_entropy"] and facts["logsumexp_equals_by_hand"]
assert not facts["naive_cross_entropy_finite"]
# sphinx_gallery_end_ignore

# %% softmax_regression_scratch
# Softmax regression from scratch
# -------------------------------
# The weights ``W`` (64 × 10) and the bias ``b`` are leaves that require gradients. Each
# step uses the whole training set, a full batch, and moves both against their gradients
# under ``torch.no_grad()``.


def accuracy(logits, labels):
    """The share of rows whose largest logit is at the label."""
    return (logits.argmax(dim=1) == labels).float().mean().item()


W = torch.normal(0, 0.01, size=(64, 10), requires_grad=True)
b = torch.zeros(10, requires_grad=True)
for step in range(100):
    loss = stable_cross_entropy(X_train @ W + b, y_train)
    loss.backward()
    with torch.no_grad():
        for param in (W, b):
            param -= 0.5 * param.grad
            param.grad.zero_()
with torch.no_grad():
    val_logits = X_val @ W + b
print(f"training loss {loss.item():.3f}, validation accuracy {accuracy(val_logits, y_val):.3f}")
# sphinx_gallery_start_ignore
facts["scratch_steps"] = 100
facts["scratch_lr"] = 0.5
facts["scratch_val_acc_above_0_9"] = accuracy(val_logits, y_val) > 0.9
assert facts["scratch_val_acc_above_0_9"]
# sphinx_gallery_end_ignore

# %% linear_model
# ``nn.Linear`` and ``nn.CrossEntropyLoss``
# -----------------------------------------
# The same model with PyTorch's classes. ``nn.CrossEntropyLoss`` takes the *logits*, not
# probabilities: it applies the log-softmax itself, stably. ``train_epoch`` runs one epoch
# of mini-batches in training mode; ``evaluate`` measures loss and accuracy under
# ``torch.no_grad()`` in evaluation mode.

train_loader = DataLoader(
    TensorDataset(X_train, y_train),
    batch_size=64,
    shuffle=True,
    generator=torch.Generator().manual_seed(0),
)
loss_fn = nn.CrossEntropyLoss()


def train_epoch(model, loader, loss_fn, optimizer):
    model.train()
    for xb, yb in loader:
        loss = loss_fn(model(xb), yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def evaluate(model, X, y, loss_fn):
    model.eval()
    with torch.no_grad():
        logits = model(X)
        return loss_fn(logits, y).item(), accuracy(logits, y)


torch.manual_seed(0)
linear = nn.Linear(64, 10)
optimizer = torch.optim.SGD(linear.parameters(), lr=0.1)
for epoch in range(10):
    train_epoch(linear, train_loader, loss_fn, optimizer)
val_loss, val_acc = evaluate(linear, X_val, y_val, loss_fn)
print(f"after 10 epochs: validation loss {val_loss:.3f}, accuracy {val_acc:.3f}")
with torch.no_grad():
    val_logits = linear(X_val)
    print(f"loss of the logits {loss_fn(val_logits, y_val):.3f}, "
          f"of the probabilities (wrong) {loss_fn(softmax(val_logits), y_val):.3f}")
# sphinx_gallery_start_ignore
facts["batches_per_epoch"] = len(train_loader)
facts["linear_val_acc_above_0_9"] = val_acc > 0.9
facts["linear_epochs"] = 10
facts["linear_loss_is_f_cross_entropy"] = torch.allclose(
    loss_fn(val_logits, y_val), F.cross_entropy(val_logits, y_val)
)
facts["probabilities_loss_higher"] = bool(
    loss_fn(softmax(val_logits), y_val) > 2 * loss_fn(val_logits, y_val)
)
assert facts["probabilities_loss_higher"]
assert facts["linear_val_acc_above_0_9"] and facts["linear_loss_is_f_cross_entropy"]
# sphinx_gallery_end_ignore

# %% sgd_vs_adam
# A multilayer perceptron: SGD with momentum against Adam
# -------------------------------------------------------
# One hidden layer of 64 units with ReLU between two linear layers. Two copies with the same
# initial parameters are trained for 20 epochs, one with SGD with momentum, one with Adam.


def make_mlp(hidden=64):
    return nn.Sequential(nn.Linear(64, hidden), nn.ReLU(), nn.Linear(hidden, 10))


histories = {}
for name in ["SGD, momentum 0.9", "Adam"]:
    torch.manual_seed(1)
    mlp = make_mlp()
    if name == "Adam":
        optimizer = torch.optim.Adam(mlp.parameters(), lr=1e-3)
    else:
        optimizer = torch.optim.SGD(mlp.parameters(), lr=0.01, momentum=0.9)
    histories[name] = []
    for epoch in range(20):
        train_epoch(mlp, train_loader, loss_fn, optimizer)
        histories[name].append(evaluate(mlp, X_val, y_val, loss_fn))
    print(f"{name}: validation loss {histories[name][-1][0]:.3f}, "
          f"accuracy {histories[name][-1][1]:.3f}")

fig, ax = plt.subplots(figsize=(6, 3.5))
for name, history in histories.items():
    ax.plot(range(1, 21), [loss for loss, _ in history], marker="o", label=name)
ax.set_xlabel("epoch")
ax.set_ylabel("validation loss")
ax.legend()
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["mlp_epochs"] = 20
facts["both_above_0_95"] = all(h[-1][1] > 0.95 for h in histories.values())
facts["adam_first_epoch_lower"] = histories["Adam"][0][0] < histories["SGD, momentum 0.9"][0][0]
assert facts["both_above_0_95"]
# sphinx_gallery_end_ignore

# %% schedule
# Weight decay and a learning-rate schedule
# -----------------------------------------
# ``weight_decay`` adds :math:`\lambda w` to each gradient, pulling the weights towards 0.
# ``StepLR`` multiplies the learning rate by ``gamma`` every ``step_size`` epochs;
# ``scheduler.step()`` is called once per epoch, after the optimizer's steps.

torch.manual_seed(1)
model = make_mlp()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.1)
lrs = []
for epoch in range(30):
    lrs.append(optimizer.param_groups[0]["lr"])
    train_epoch(model, train_loader, loss_fn, optimizer)
    scheduler.step()
val_loss, val_acc = evaluate(model, X_val, y_val, loss_fn)
print("learning rate in epochs 1, 11, 21:", [round(lrs[i], 6) for i in (0, 10, 20)])
print(f"validation loss {val_loss:.3f}, accuracy {val_acc:.3f}")
# sphinx_gallery_start_ignore
facts["lr_epochs_1_11_21"] = [round(lrs[i], 6) for i in (0, 10, 20)]
facts["distinct_lrs"] = len({round(lr, 6) for lr in lrs})
facts["schedule_val_acc_above_0_95"] = val_acc > 0.95
assert facts["schedule_val_acc_above_0_95"]
# sphinx_gallery_end_ignore

# %% overfitting
# Overfitting
# -----------
# A wide MLP (512 hidden units) trained for 100 full-batch epochs on only 100 training images,
# without weight decay: the training loss keeps falling, while the validation loss reaches
# its minimum early and then rises.

torch.manual_seed(2)
small_X, small_y = X_train[:100], y_train[:100]
wide = make_mlp(hidden=512)
optimizer = torch.optim.Adam(wide.parameters(), lr=1e-2)
train_losses, val_losses = [], []
for epoch in range(100):
    wide.train()
    loss = loss_fn(wide(small_X), small_y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    train_losses.append(evaluate(wide, small_X, small_y, loss_fn)[0])
    val_losses.append(evaluate(wide, X_val, y_val, loss_fn)[0])
best_epoch = min(range(100), key=lambda i: val_losses[i]) + 1
print(f"lowest validation loss {min(val_losses):.3f} in epoch {best_epoch}")
print(f"after epoch 100: training loss {train_losses[-1]:.1e}, "
      f"validation loss {val_losses[-1]:.3f}")

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(range(1, 101), train_losses, label="training (100 images)")
ax.plot(range(1, 101), val_losses, label="validation")
ax.axvline(best_epoch, color="gray", linestyle="--")
ax.set_yscale("log")
ax.set_xlabel("epoch")
ax.set_ylabel("cross-entropy")
ax.legend()
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["overfit_train_size"] = len(small_X)
facts["overfit_epochs"] = 100
facts["best_epoch_before_20"] = best_epoch < 20
facts["final_val_above_min_by_20_percent"] = val_losses[-1] > 1.2 * min(val_losses)
facts["train_loss_falls_after_best"] = train_losses[-1] < train_losses[best_epoch - 1] / 100
assert facts["best_epoch_before_20"] and facts["final_val_above_min_by_20_percent"]
assert facts["train_loss_falls_after_best"]
# sphinx_gallery_end_ignore

# %% test_set
# The test set, once
# ------------------
# The model trained with weight decay and the schedule was chosen on the validation set; the
# test set now measures it once. The confusion matrix counts, for each true digit (rows),
# the digits predicted (columns); the diagonal holds the correct ones.

test_loss, test_acc = evaluate(model, X_test, y_test, loss_fn)
with torch.no_grad():
    predicted = model(X_test).argmax(dim=1)
confusion = torch.zeros(10, 10, dtype=torch.int64)
for true, pred in zip(y_test, predicted):
    confusion[true, pred] += 1
print(f"test accuracy: {test_acc:.3f} ({(predicted == y_test).sum().item()} of {len(y_test)})")

fig, ax = plt.subplots(figsize=(4.5, 4))
ax.imshow(confusion, cmap="Blues")
for i in range(10):
    for j in range(10):
        if confusion[i, j]:
            color = "white" if confusion[i, j] > confusion.max() / 2 else "black"
            ax.text(j, i, confusion[i, j].item(), ha="center", va="center", color=color)
ax.set_xticks(range(10))
ax.set_yticks(range(10))
ax.set_xlabel("predicted digit")
ax.set_ylabel("true digit")
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["test_acc_above_0_95"] = test_acc > 0.95
facts["confusion_total"] = confusion.sum().item()
facts["confusion_diagonal_is_correct"] = confusion.trace().item() == (predicted == y_test).sum().item()
assert facts["test_acc_above_0_95"] and facts["confusion_diagonal_is_correct"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/together/digits` explains each step; :doc:`/together/training` introduces the
# training loop, the optimizer and evaluation mode on linear regression.
