"""
Regularising the digits classifier
==================================

Overfitting on purpose, then one change at a time against it, each measured on the same
split from the same start: dropout written from scratch and checked against ``nn.Dropout``;
weight decay on the weights alone, the biases left out with parameter groups; early stopping
that keeps the best parameters by validation loss. Last, the confusion matrix of the chosen
model, read: which digits it takes for which.
"""

import copy

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from sklearn.datasets import load_digits
from torch import nn

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% data
# A small training set
# --------------------
# The digits example's split and standardisation, but only the first 200 training images: few
# enough that a wide MLP can learn them by heart.

digits = load_digits()
X = torch.tensor(digits.data, dtype=torch.float32)
y = torch.tensor(digits.target, dtype=torch.int64)
order = torch.randperm(len(X), generator=torch.Generator().manual_seed(0))
test_idx, val_idx, train_idx = order[:360], order[360:720], order[720:920]
mean, std = X[train_idx].mean(dim=0), X[train_idx].std(dim=0)
std = torch.where(std > 0, std, torch.ones_like(std))
X = (X - mean) / std
X_train, y_train = X[train_idx], y[train_idx]
X_val, y_val = X[val_idx], y[val_idx]
X_test, y_test = X[test_idx], y[test_idx]
print("train:", len(X_train), "validation:", len(X_val), "test:", len(X_test))
# sphinx_gallery_start_ignore
facts["num_train"] = len(X_train)
# sphinx_gallery_end_ignore

# %% dropout
# Dropout from scratch
# --------------------
# In training, dropout sets each element to 0 with probability :math:`p` and multiplies the
# others by :math:`1 / (1 - p)`, so that the expected value of each element is unchanged; in
# evaluation it does nothing. ``nn.Dropout`` draws its mask its own way, so its zeros fall
# elsewhere, but it gives the same two values, 0 and :math:`1 / (1 - p)`.


def dropout(h, p, training):
    if not training or p == 0:
        return h
    keep = (torch.rand(h.shape) > p).float()
    return h * keep / (1 - p)


h = torch.ones(1000, 100)
torch.manual_seed(1)
mine = dropout(h, 0.5, training=True)
print(f"share of zeros {(mine == 0).float().mean():.3f}, mean {mine.mean():.3f}")
layer = nn.Dropout(0.5)
layer.eval()
print("nn.Dropout in evaluation mode returns its input:", torch.equal(layer(h), h))
# sphinx_gallery_start_ignore
facts["dropout_zero_share_near_half"] = abs((mine == 0).float().mean().item() - 0.5) < 0.01
facts["dropout_mean_near_one"] = abs(mine.mean().item() - 1) < 0.02
facts["dropout_eval_identity"] = torch.equal(layer(h), h)
layer.train()
with torch.random.fork_rng(devices=[]):
    torch.manual_seed(1)
    theirs = layer(h)
layer.eval()  # as the visible code left it
facts["same_values_as_layer"] = (
    set(theirs.unique().tolist()) == set(mine.unique().tolist()) == {0.0, 2.0}
)
assert facts["dropout_zero_share_near_half"] and facts["dropout_mean_near_one"]
assert facts["dropout_eval_identity"] and facts["same_values_as_layer"]
# sphinx_gallery_end_ignore

# %% one_change
# One change at a time
# --------------------
# The same wide MLP (64 → 256 → 256 → 10), the same initial parameters, optimizer (Adam,
# learning rate 0.003) and 200 full-batch epochs, trained four ways: as it is; with dropout
# 0.5 after each hidden layer; with weight decay 0.01 on the weights, the biases left out by
# a second parameter group; and with both. After each epoch the validation loss is measured.


class MLP(nn.Module):
    def __init__(self, p=0.0):
        super().__init__()
        self.hidden1, self.hidden2 = nn.Linear(64, 256), nn.Linear(256, 256)
        self.out = nn.Linear(256, 10)
        self.p = p

    def forward(self, x):
        x = dropout(torch.relu(self.hidden1(x)), self.p, self.training)
        x = dropout(torch.relu(self.hidden2(x)), self.p, self.training)
        return self.out(x)


def parameter_groups(model, weight_decay):
    """Weight decay on the weight matrices, none on the biases."""
    weights = [p for name, p in model.named_parameters() if name.endswith("weight")]
    biases = [p for name, p in model.named_parameters() if name.endswith("bias")]
    return [
        {"params": weights, "weight_decay": weight_decay},
        {"params": biases, "weight_decay": 0.0},
    ]


def epoch_then_validate(model, optimizer):
    """One full-batch step on the training set, then the validation loss."""
    model.train()
    loss = F.cross_entropy(model(X_train), y_train)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    model.eval()
    with torch.no_grad():
        return F.cross_entropy(model(X_val), y_val).item()


def train(p=0.0, weight_decay=0.0, epochs=200):
    torch.manual_seed(2)
    model = MLP(p)
    optimizer = torch.optim.Adam(parameter_groups(model, weight_decay), lr=3e-3)
    val_losses = [epoch_then_validate(model, optimizer) for _ in range(epochs)]
    return model, val_losses


runs = {
    "as it is": train(),
    "dropout 0.5": train(p=0.5),
    "weight decay 0.01": train(weight_decay=0.01),
    "both": train(p=0.5, weight_decay=0.01),
}


def weight_norm(model):
    return torch.cat(
        [p.flatten() for n, p in model.named_parameters() if n.endswith("weight")]
    ).norm()


for name, (model, val_losses) in runs.items():
    best = min(range(len(val_losses)), key=val_losses.__getitem__)
    model.eval()
    with torch.no_grad():
        train_loss = F.cross_entropy(model(X_train), y_train).item()
    print(
        f"{name:18} lowest validation loss {val_losses[best]:.3f} (epoch {best + 1}), "
        f"last {val_losses[-1]:.3f}; training loss {train_loss:.1e}, "
        f"weight norm {weight_norm(model):.1f}"
    )

fig, ax = plt.subplots(figsize=(6, 3.5))
for name, (_, val_losses) in runs.items():
    ax.plot(range(1, 201), val_losses, label=name)
ax.set_yscale("log")
ax.set_xlabel("epoch")
ax.set_ylabel("validation loss")
ax.legend()
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
lowest = {name: min(val_losses) for name, (_, val_losses) in runs.items()}
last = {name: val_losses[-1] for name, (_, val_losses) in runs.items()}
facts["epochs"] = 200
facts["plain_rises_after_minimum"] = last["as it is"] > 1.2 * lowest["as it is"]
facts["dropout_lowers_last"] = last["dropout 0.5"] < last["as it is"]
facts["decay_lowers_last"] = last["weight decay 0.01"] < last["as it is"]
facts["decay_smaller_weights"] = weight_norm(runs["weight decay 0.01"][0]) < 0.5 * weight_norm(
    runs["as it is"][0]
)
facts["decay_stays_near_minimum"] = last["weight decay 0.01"] < 1.05 * lowest["weight decay 0.01"]
facts["each_lowers_minimum"] = all(
    lowest[name] < lowest["as it is"] for name in ("dropout 0.5", "weight decay 0.01", "both")
)
assert facts["plain_rises_after_minimum"] and facts["dropout_lowers_last"]
assert facts["decay_lowers_last"] and facts["decay_stays_near_minimum"]
assert facts["each_lowers_minimum"]
assert facts["decay_smaller_weights"]
# sphinx_gallery_end_ignore

# %% early_stopping
# Early stopping, keeping the best parameters
# -------------------------------------------
# Early stopping watches the validation loss after each epoch, keeps a copy of the
# parameters whenever it reaches a new minimum, and stops once it has not improved for
# ``patience`` epochs; the copy, not the last parameters, is the model to keep.


def train_with_early_stopping(patience=10, max_epochs=200):
    torch.manual_seed(2)
    model = MLP()
    optimizer = torch.optim.Adam(parameter_groups(model, 0.0), lr=3e-3)
    best_loss, best_state, best_epoch = float("inf"), None, 0
    for epoch in range(1, max_epochs + 1):
        val_loss = epoch_then_validate(model, optimizer)
        if val_loss < best_loss:
            best_loss, best_epoch = val_loss, epoch
            best_state = copy.deepcopy(model.state_dict())
        elif epoch - best_epoch >= patience:
            break
    model.load_state_dict(best_state)
    return model, best_epoch, epoch, best_loss


stopped, best_epoch, last_epoch, best_loss = train_with_early_stopping()
print(
    f"stopped after epoch {last_epoch}; kept the parameters of epoch {best_epoch}, "
    f"validation loss {best_loss:.3f}"
)
with torch.no_grad():
    print(f"validation loss of the kept model: {F.cross_entropy(stopped(X_val), y_val):.3f}")
# sphinx_gallery_start_ignore
facts["patience"] = 10
facts["stopped_at_best_plus_patience"] = last_epoch == best_epoch + 10
facts["kept_equals_minimum"] = abs(F.cross_entropy(stopped(X_val), y_val).item() - best_loss) < 1e-6
facts["same_minimum_as_plain_run"] = abs(best_loss - lowest["as it is"]) < 1e-6
assert facts["stopped_at_best_plus_patience"] and facts["kept_equals_minimum"]
assert facts["same_minimum_as_plain_run"]
# sphinx_gallery_end_ignore

# %% confusion
# Reading the confusion matrix
# ----------------------------
# The model trained with both regularisers, measured once on the test set. The confusion
# matrix counts, for each true digit (a row), the digits predicted (the columns); the largest
# counts off the diagonal are the mistakes it makes most often. For those, each misread image
# is compared with the average training image of its true digit and of the digit predicted.

model = runs["both"][0]
model.eval()
with torch.no_grad():
    predicted = model(X_test).argmax(dim=1)
confusion = torch.zeros(10, 10, dtype=torch.int64)
confusion.index_put_(
    (y_test, predicted), torch.ones(len(y_test), dtype=torch.int64), accumulate=True
)
print(f"test accuracy {(predicted == y_test).float().mean():.3f}")
off_diagonal = confusion - torch.diag(confusion.diag())
pairs = sorted(
    ((off_diagonal[i, j].item(), i, j) for i in range(10) for j in range(10)), reverse=True
)
for count, true, guess in pairs[:3]:
    print(f"true {true}, predicted {guess}: {count} times")
per_class = confusion.diag() / confusion.sum(dim=1)
print("accuracy per digit:", [round(a, 2) for a in per_class.tolist()])

worst_true, worst_guess = pairs[0][1], pairs[0][2]
wrong = ((y_test == worst_true) & (predicted == worst_guess)).nonzero().flatten()
average = {d: X_train[y_train == d].mean(dim=0) for d in (worst_true, worst_guess)}
for index in wrong.tolist():
    to_true = (X_test[index] - average[worst_true]).norm()
    to_guess = (X_test[index] - average[worst_guess]).norm()
    print(
        f"test image {index}: distance to the average {worst_true} {to_true:.1f}, "
        f"to the average {worst_guess} {to_guess:.1f}"
    )

right = ((y_test == worst_true) & (predicted == worst_true)).nonzero()[0, 0]
shown = [(right, f"a {worst_true}, read right")] + [
    (index, f"{worst_true} taken for {worst_guess}") for index in wrong[:4].tolist()
]
fig, axes = plt.subplots(1, len(shown), figsize=(1.6 * len(shown), 1.8))
for ax, (index, title) in zip(axes, shown, strict=True):
    ax.imshow(digits.images[test_idx[index]], cmap="gray_r")
    ax.set_title(title, fontsize=8)
for ax in axes:
    ax.axis("off")
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["confusion_total"] = confusion.sum().item()
facts["most_confused_count"] = pairs[0][0]
facts["most_confused_true"] = worst_true
facts["most_confused_predicted"] = worst_guess
facts["errors"] = off_diagonal.sum().item()
facts["misread_closer_to_predicted"] = all(
    (X_test[i] - average[worst_guess]).norm() < (X_test[i] - average[worst_true]).norm()
    for i in wrong.tolist()
)
assert facts["confusion_total"] == 360
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/together/regularisation` explains each step; :doc:`/together/digits` trains these
# models without regularisation; :doc:`/together/checkpoints` saves the best parameters to a
# file.
