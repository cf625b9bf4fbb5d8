"""
Train a linear regression
=========================

Everything from the notes in one small training loop: a dataset and its loader, a
``Sequential`` model, initialisation, a loss function, an optimizer, the loss curve, and
saving and reloading what was learned. The data follow :math:`y = 2x + 1` plus noise;
the model should find a weight near 2 and a bias near 1.
"""

import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% data
# Data: :math:`y = 2x + 1` plus noise
# -----------------------------------
# 100 points with ``x`` between -1 and 1, shaped ``(100, 1)``: one row per sample, one
# column per feature, which is what ``nn.Linear`` expects. The noise has standard
# deviation 0.1.

x = torch.linspace(-1, 1, 100).unsqueeze(1)
y = 2 * x + 1 + 0.1 * torch.randn(x.shape)
print(x.shape, y.shape)

dataset = TensorDataset(x, y)
loader = DataLoader(
    dataset, batch_size=10, shuffle=True, generator=torch.Generator().manual_seed(0)
)
print("batches per epoch:", len(loader))
# sphinx_gallery_start_ignore
facts["samples"] = len(x)
facts["batch_size"] = loader.batch_size
facts["batches_per_epoch"] = len(loader)
facts["x_shape"] = list(x.shape)
assert facts["batches_per_epoch"] == 10
# sphinx_gallery_end_ignore

# %% model
# Model and initialisation
# ------------------------
# One ``nn.Linear(1, 1)`` layer computes :math:`wx + b`. PyTorch initialises its parameters
# when the layer is created; to start from a known point, set them with the in-place
# functions of ``torch.nn.init`` (their names end in ``_``): a small random weight and a
# zero bias.

model = nn.Sequential(nn.Linear(1, 1))
nn.init.normal_(model[0].weight, mean=0.0, std=0.01)
nn.init.zeros_(model[0].bias)
print(model)
print(model[0].weight)
print(model[0].bias)
# sphinx_gallery_start_ignore
facts["initial_bias"] = model[0].bias.item()
facts["parameters_require_grad"] = all(p.requires_grad for p in model.parameters())
# sphinx_gallery_end_ignore

# %% loss_and_optimizer
# Loss function and optimizer
# ---------------------------
# ``nn.MSELoss`` is the mean of the squared errors, the usual loss for regression.
# ``torch.optim.SGD`` moves each parameter a step ``lr`` times its gradient downhill.

loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
print("loss before training:", loss_fn(model(x), y).item())
# sphinx_gallery_start_ignore
facts["initial_loss"] = loss_fn(model(x), y).item()
facts["lr"] = optimizer.param_groups[0]["lr"]
# sphinx_gallery_end_ignore

# %% training_loop
# The training loop
# -----------------
# For each batch: predict, measure the loss, clear the old gradients, backpropagate, and
# step. ``optimizer.zero_grad()`` comes before ``backward()`` because gradients
# *accumulate*: without it, each step would use the sum of all gradients so far. After
# each epoch, the loss on the whole data set is recorded under ``torch.no_grad()``:
# evaluating needs no graph. ``model.train()`` and ``model.eval()`` switch the model
# between training and evaluation mode; a linear layer behaves the same in both, but
# dropout and batch norm do not (see below).

epochs = 20
losses = []
for _epoch in range(epochs):
    model.train()
    for batch_x, batch_y in loader:
        prediction = model(batch_x)
        loss = loss_fn(prediction, batch_y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        losses.append(loss_fn(model(x), y).item())
print(f"loss after epoch 1: {losses[0]:.4f}")
print(f"loss after epoch {epochs}: {losses[-1]:.4f}")
# sphinx_gallery_start_ignore
facts["epochs"] = epochs
facts["steps"] = epochs * len(loader)
facts["loss_epoch_1"] = round(losses[0], 4)
facts["final_loss"] = round(losses[-1], 4)
facts["loss_decreased"] = losses[-1] < losses[0] < facts["initial_loss"]
facts["mode_after_loop_training"] = model.training
# sphinx_gallery_end_ignore

# %% zero_grad_none
# ``optimizer.zero_grad()`` sets the gradients to ``None`` rather than to zero tensors. For
# the next ``backward()`` both mean the same, but not for the optimizer: it skips a
# parameter whose gradient is ``None``, while momentum (and weight decay) still move one
# whose gradient is zero. Here a parameter takes one real step with momentum, then two
# steps without a new gradient:

optimizer.zero_grad()
print("after zero_grad():", model[0].weight.grad)

p = nn.Parameter(torch.ones(1))
sgd = torch.optim.SGD([p], lr=0.1, momentum=0.9)
p.grad = torch.ones(1)
sgd.step()  # a real step: the momentum buffer now holds the gradient

before = p.detach().clone()
sgd.zero_grad(set_to_none=False)  # gradient: a tensor of zeros
sgd.step()
zero_moved = not torch.equal(p.detach(), before)
print("zero gradient, moved:", zero_moved)

before = p.detach().clone()
sgd.zero_grad()  # gradient: None
sgd.step()
none_moved = not torch.equal(p.detach(), before)
print("None gradient, moved:", none_moved)
# sphinx_gallery_start_ignore
facts["grad_after_zero_grad"] = str(model[0].weight.grad)
facts["zero_grad_step_moves"] = zero_moved
facts["none_grad_step_moves"] = none_moved
assert zero_moved and not none_moved
# sphinx_gallery_end_ignore

# %% loss_curve
# The loss falls quickly and then levels off near the variance of the noise,
# :math:`0.1^2 = 0.01`: no straight line can explain the noise.

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(range(1, epochs + 1), losses, marker="o")
ax.set_yscale("log")
ax.set_title("loss_fn(model(x), y)", fontfamily="monospace")
fig.tight_layout()
plt.show()

# %% learned
# What the model learned
# ----------------------
# Close to the 2 and 1 the data were made with, though not exactly: the noise moves the
# best line a little, and each step, seeing only one batch, nudges the parameters around it.

weight = model[0].weight.item()
bias = model[0].bias.item()
print(f"learned weight {weight:.3f}, bias {bias:.3f}")
# sphinx_gallery_start_ignore
facts["weight"] = weight
facts["bias"] = bias
facts["weight_2dp"] = round(weight, 2)
facts["bias_2dp"] = round(bias, 2)
best = torch.linalg.lstsq(torch.cat([x, torch.ones_like(x)], dim=1), y).solution.flatten()
facts["lstsq_weight_2dp"] = round(best[0].item(), 2)
facts["lstsq_bias_2dp"] = round(best[1].item(), 2)
assert abs(weight - 2) < 0.1 and abs(bias - 1) < 0.1
assert abs(weight - best[0].item()) < 0.02 and abs(bias - best[1].item()) < 0.02
assert facts["final_loss"] < 0.02
# sphinx_gallery_end_ignore

# %% fitted_line
# The data with the fitted line:

# sphinx_gallery_thumbnail_number = 2
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.scatter(x, y, s=10, label="(x, y)")
with torch.no_grad():
    fit = model(x)
ax.plot(x, fit, color="C1", label=f"model(x) = {weight:.2f} * x + {bias:.2f}")
ax.set_xlabel("x", fontfamily="monospace")
ax.set_ylabel("y", fontfamily="monospace")
ax.legend(prop={"family": "monospace"})
fig.tight_layout()
plt.show()

# %% dropout_modes
# Training mode and evaluation mode
# ---------------------------------
# Every module has a flag ``training``. ``model.train()`` sets it on the model and on all
# its submodules, ``model.eval()`` clears it. Most layers ignore it; two common ones do not.
# ``nn.Dropout(p)`` in training mode sets each element to zero with probability ``p`` and
# multiplies the others by :math:`1 / (1 - p)`, so that the expected value stays the same;
# in evaluation mode it returns its input unchanged.

dropout = nn.Dropout(p=0.5)
ones = torch.ones(10_000)
dropout.train()
out = dropout(ones)
print("training:", dropout.training, "values:", out.unique())
print("share of zeros:", round((out == 0).float().mean().item(), 1))
print("mean:", round(out.mean().item(), 1))
dropout.eval()
print("training:", dropout.training, "values:", dropout(ones).unique())
# sphinx_gallery_start_ignore
# Which elements are zeroed depends on the release's random kernels: the cell prints only
# what every release shares.
facts["dropout_train_values"] = sorted(set(out.tolist()))
facts["dropout_zero_fraction_1dp"] = round((out == 0).float().mean().item(), 1)
facts["dropout_train_mean_1dp"] = round(out.mean().item(), 1)
facts["dropout_eval_identity"] = torch.equal(dropout(ones), ones)
assert facts["dropout_train_values"] == [0.0, 2.0] and facts["dropout_eval_identity"]
# sphinx_gallery_end_ignore

# %% batch_norm_modes
# ``nn.BatchNorm1d`` normalises each feature. In training mode it uses the mean and
# variance of the batch it receives (which needs more than one value per feature), so in a
# new layer, whose weight is 1 and bias 0, each feature of the output has mean 0 and a
# population variance just under 1, unless the feature hardly varies in the batch; it also updates running estimates of both (by default a tenth of the
# way towards the batch's values). In evaluation mode it uses those running estimates instead, so an
# example's output does not depend on the other examples in its batch.

bn = nn.BatchNorm1d(1)
batch = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
bn.train()
with torch.no_grad():
    print("train mode:", bn(batch).flatten())
print("running mean:", bn.running_mean, "running var:", bn.running_var)
bn.eval()
with torch.no_grad():
    print("eval mode: ", bn(batch).flatten())
# sphinx_gallery_start_ignore
with torch.no_grad():
    bn2 = nn.BatchNorm1d(1)
    bn2.train()
    out_train = bn2(batch)
    facts["bn_train_mean"] = abs(round(out_train.mean().item(), 4))
    facts["bn_train_uses_batch_stats"] = torch.allclose(
        out_train, (batch - batch.mean()) / torch.sqrt(batch.var(unbiased=False) + bn2.eps)
    )
    facts["bn_running_mean"] = round(bn2.running_mean.item(), 4)
    facts["bn_momentum"] = bn2.momentum
    bn2.eval()
    out_eval = bn2(batch)
    facts["bn_eval_uses_running_stats"] = torch.allclose(
        out_eval, (batch - bn2.running_mean) / torch.sqrt(bn2.running_var + bn2.eps)
    )
    facts["bn_eval_first_4dp"] = round(out_eval[0].item(), 4)
    facts["bn_eval_single_equals_batch"] = torch.allclose(bn2(batch[:1]), out_eval[:1])
assert facts["bn_train_uses_batch_stats"] and facts["bn_eval_uses_running_stats"]
# sphinx_gallery_end_ignore

# %% eval_is_not_no_grad
# ``model.eval()`` changes how layers compute, not whether autograd records: in
# evaluation mode the output still requires gradients. Evaluate under both
# ``model.eval()`` and ``torch.no_grad()``, and call ``model.train()`` before training
# again.

model.eval()
print(model(x).requires_grad)
with torch.no_grad():
    print(model(x).requires_grad)
# sphinx_gallery_start_ignore
model.eval()
facts["eval_output_requires_grad"] = model(x).requires_grad
with torch.no_grad():
    facts["eval_no_grad_output_requires_grad"] = model(x).requires_grad
model.train()
facts["train_sets_submodules"] = all(m.training for m in model.modules())
model.eval()
facts["eval_clears_submodules"] = not any(m.training for m in model.modules())
# Evaluation mode, as the visible code left it; bound, not bare: the gallery prints the
# value of a cell's last bare expression.
_ = model.eval()
# sphinx_gallery_end_ignore

# %% save_and_load
# Save the parameters and load them again
# ---------------------------------------
# ``state_dict()`` maps each parameter's name to its tensor. Save it, build a fresh model
# of the same architecture, and load the parameters into it: the two models then predict
# exactly the same values.

print(model.state_dict())

with tempfile.TemporaryDirectory() as folder:
    path = Path(folder) / "linear_params.pt"
    torch.save(model.state_dict(), path)
    fresh = nn.Sequential(nn.Linear(1, 1))
    fresh.load_state_dict(torch.load(path))

with torch.no_grad():
    print(torch.equal(model(x), fresh(x)))
# sphinx_gallery_start_ignore
facts["state_dict_keys"] = list(model.state_dict().keys())
with torch.no_grad():
    facts["reloaded_equal"] = torch.equal(model(x), fresh(x))
assert facts["reloaded_equal"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/together/training` explains each step of the loop and the common loss
# functions. :doc:`/autograd/basics` shows why gradients must be cleared, and
# :doc:`/data/loading` how ``DataLoader`` makes its batches.
