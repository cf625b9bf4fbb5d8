"""
Linear regression from scratch
==============================

Before the concise version with ``DataLoader``, ``nn.Linear`` and ``torch.optim``, the same
model built from tensors and autograd alone: synthetic data, a data iterator written by
hand, two leaf tensors ``w`` and ``b``, a squared loss and an update of the parameters
under ``torch.no_grad()``. The data follow :math:`y = Xw + b` plus noise with
:math:`w = (2, -3.4)` and :math:`b = 4.2`; training should find values close to them.
"""

import matplotlib.pyplot as plt
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% synthetic_data
# Synthetic data
# --------------
# 1000 examples with 2 features each, drawn from a standard normal distribution. Each label
# is :math:`y = Xw + b` plus noise with standard deviation 0.01. Because the true ``w``
# and ``b`` are known, we can see how close training gets to them.


def synthetic_data(w, b, num_examples):
    """Features X of shape (num_examples, len(w)) and labels y = Xw + b + noise."""
    X = torch.normal(0, 1, (num_examples, len(w)))
    y = X @ w + b
    y += torch.normal(0, 0.01, y.shape)
    return X, y.reshape(-1, 1)


true_w = torch.tensor([2, -3.4])
true_b = 4.2
features, labels = synthetic_data(true_w, true_b, 1000)
print("features:", features.shape, "labels:", labels.shape)
print("first example:", features[0], labels[0])
# sphinx_gallery_start_ignore
facts["num_examples"] = len(features)
facts["num_features"] = features.shape[1]
facts["features_shape"] = list(features.shape)
facts["labels_shape"] = list(labels.shape)
facts["true_w"] = true_w.tolist()
facts["true_b"] = true_b
# sphinx_gallery_end_ignore

# %% data_iter
# A data iterator
# ---------------
# Training reads the data in small random batches. ``torch.randperm(n)`` is a random order
# of the indices ``0 … n-1``; slicing it into pieces of ``batch_size`` gives batches that
# together hold every example once per epoch. The last batch is shorter when
# ``batch_size`` does not divide the number of examples.


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = torch.randperm(num_examples)
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i : i + batch_size]
        yield features[batch_indices], labels[batch_indices]


batch_size = 10
for X, y in data_iter(batch_size, features, labels):
    print("one batch:", X.shape, y.shape)
    break
print("batches per epoch:", sum(1 for _ in data_iter(batch_size, features, labels)))
# sphinx_gallery_start_ignore
facts["batch_size"] = batch_size
facts["batch_x_shape"] = list(X.shape)
with torch.random.fork_rng(devices=[]):  # data_iter draws a permutation
    facts["batches_per_epoch"] = sum(1 for _ in data_iter(batch_size, features, labels))
    seen = torch.cat([y for _, y in data_iter(batch_size, features, labels)])
facts["every_example_once"] = torch.equal(seen.sort(dim=0).values, labels.sort(dim=0).values)
assert facts["every_example_once"] and facts["batches_per_epoch"] == 100
# sphinx_gallery_end_ignore

# %% init_parameters
# The parameters: two leaves that require gradients
# --------------------------------------------------
# ``w`` starts as small random numbers and ``b`` as zero. Both come straight from a factory
# call that autograd does not record, so they are leaves; ``requires_grad=True`` asks
# autograd to fill their ``.grad`` on each ``backward()`` of a result computed from them.

w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
print(w)
print(b)
print(w.is_leaf, b.is_leaf)
# sphinx_gallery_start_ignore
facts["w_shape"] = list(w.shape)
facts["params_are_leaves"] = w.is_leaf and b.is_leaf
facts["params_require_grad"] = w.requires_grad and b.requires_grad
facts["initial_b"] = b.item()
# sphinx_gallery_end_ignore

# %% model_and_loss
# The model and the loss
# ----------------------
# The model is one matrix product and one addition; ``b`` is broadcast over the batch. The
# squared loss :math:`(\hat y - y)^2 / 2` is computed per example; the ``reshape`` makes
# sure ``y`` has the shape of the prediction (a ``(10,)`` minus a ``(10, 1)`` would
# broadcast to ``(10, 10)``).


def linreg(X, w, b):
    return X @ w + b


def squared_loss(y_hat, y):
    return (y_hat - y.reshape(y_hat.shape)) ** 2 / 2


losses = squared_loss(linreg(features, w, b), labels)
print("loss per example:", losses.shape)
print("mean loss before training:", round(losses.mean().item(), 2))
# sphinx_gallery_start_ignore
facts["loss_shape"] = list(losses.shape)
facts["initial_loss_2dp"] = round(losses.mean().item(), 2)
# sphinx_gallery_end_ignore

# %% sgd
# Minibatch stochastic gradient descent
# -------------------------------------
# ``sgd`` moves each parameter against its gradient. The gradient is that of the *sum* of
# the batch's losses, so it is divided by ``batch_size``: a full batch steps by its mean
# gradient (a shorter last batch, by a smaller step). The update runs under ``torch.no_grad()``: it changes the parameters
# but must not become part of the graph. Then the gradient is set back to zero, because
# ``backward()`` adds to ``.grad``.


def sgd(params, lr, batch_size):
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad / batch_size
            param.grad.zero_()


# %% update_without_no_grad
# Without ``torch.no_grad()``, autograd refuses the update: it does not allow an in-place
# change of a leaf that requires gradients, whether or not the leaf has been used yet.

v = torch.ones(2, requires_grad=True)
try:
    v -= 0.1 * torch.ones(2)
except RuntimeError as error:
    print("RuntimeError:", error)
# sphinx_gallery_start_ignore
try:
    v -= 0.1 * torch.ones(2)
except RuntimeError as error:
    facts["update_without_no_grad"] = error
assert isinstance(facts["update_without_no_grad"], RuntimeError)
# sphinx_gallery_end_ignore

# %% training_loop
# Training
# --------
# Each epoch reads every example once, in batches: predict, compute the loss, call
# ``backward()`` on its sum, update. After each epoch the loss on all the data is measured
# under ``torch.no_grad()``, which builds no graph.

lr = 0.03
num_epochs = 3
net, loss = linreg, squared_loss
with torch.no_grad():
    epoch_losses = [loss(net(features, w, b), labels).mean().item()]
for epoch in range(num_epochs):
    for X, y in data_iter(batch_size, features, labels):
        batch_losses = loss(net(X, w, b), y)  # shape (batch_size, 1)
        batch_losses.sum().backward()
        sgd([w, b], lr, batch_size)
    with torch.no_grad():
        train_l = loss(net(features, w, b), labels)
        epoch_losses.append(train_l.mean().item())
        print(f"epoch {epoch + 1}, loss {train_l.mean():.6f}")
# sphinx_gallery_start_ignore
facts["lr"] = lr
facts["num_epochs"] = num_epochs
facts["steps"] = num_epochs * facts["batches_per_epoch"]
facts["loss_epoch_1_3dp"] = round(epoch_losses[1], 3)
facts["final_loss_5dp"] = round(epoch_losses[-1], 5)
facts["final_loss_below_0_0001"] = epoch_losses[-1] < 1e-4
facts["grads_zero_after_step"] = bool((w.grad == 0).all() and (b.grad == 0).all())
assert facts["final_loss_below_0_0001"] and facts["grads_zero_after_step"]
# sphinx_gallery_end_ignore

# %% loss_curve
# The loss per epoch, on a logarithmic scale. It falls by orders of magnitude and levels off
# near :math:`0.01^2 / 2 = 0.00005`, half the variance of the noise: no line can predict
# the noise.

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(range(num_epochs + 1), epoch_losses, marker="o")
ax.set_yscale("log")
ax.set_xticks(range(num_epochs + 1))
ax.set_xlabel("epoch")
ax.set_title("squared_loss(linreg(features, w, b), labels).mean()", fontfamily="monospace")
fig.tight_layout()
plt.show()

# %% learned
# What was learned
# ----------------
# Compare the parameters with the ones the data were made with.

print("w:", w.detach().flatten(), "error in w:", true_w - w.detach().flatten())
print(f"b: {b.item():.4f}, error in b: {true_b - b.item():.4f}")
# sphinx_gallery_start_ignore
facts["w_2dp"] = [round(value, 2) for value in w.reshape(-1).tolist()]
facts["b_2dp"] = round(b.item(), 2)
facts["max_error_below_0_01"] = bool(
    (true_w - w.reshape(true_w.shape)).abs().max() < 0.01 and abs(true_b - b.item()) < 0.01
)
assert facts["max_error_below_0_01"]
# sphinx_gallery_end_ignore

# %% concise
# The same model with PyTorch's building blocks
# ---------------------------------------------
# Each piece written above has a ready-made counterpart: ``TensorDataset`` and
# ``DataLoader`` for ``data_iter``, ``nn.Linear`` for ``w``, ``b`` and ``linreg``,
# ``nn.MSELoss`` for ``squared_loss`` (it averages over all elements, here the batch, and
# has no ``1/2``), and
# ``torch.optim.SGD`` for ``sgd`` (``step()`` updates, ``zero_grad()`` clears). Because
# ``MSELoss`` has no ``1/2``, its gradients are twice as large, so half the learning rate
# takes the same steps.

loader = DataLoader(TensorDataset(features, labels), batch_size=batch_size, shuffle=True)
model = nn.Linear(2, 1)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=lr / 2)
for _epoch in range(num_epochs):
    for X, y in loader:
        batch_loss = loss_fn(model(X), y)
        optimizer.zero_grad()
        batch_loss.backward()
        optimizer.step()
print("w:", model.weight.detach().flatten(), f"b: {model.bias.item():.4f}")
# sphinx_gallery_start_ignore
facts["concise_w_2dp"] = [round(value, 2) for value in model.weight.reshape(-1).tolist()]
facts["concise_b_2dp"] = round(model.bias.item(), 2)
facts["concise_max_error_below_0_01"] = bool(
    (true_w - model.weight.reshape(true_w.shape)).abs().max() < 0.01
    and abs(true_b - model.bias.item()) < 0.01
)
assert facts["concise_max_error_below_0_01"]
# sphinx_gallery_end_ignore

# %% closed_form
# The solution in closed form
# ---------------------------
# Linear regression with the squared loss also has a solution in closed form: with a column of
# ones appended to ``X`` for the bias, the parameters that minimise the loss solve
# :math:`X^\top X \theta = X^\top y`. ``torch.linalg.lstsq`` solves that least-squares problem
# directly; minibatch SGD reached the same values, within 0.01.

X1 = torch.cat([features, torch.ones(len(features), 1)], dim=1)
theta = torch.linalg.lstsq(X1, labels).solution.flatten()
print("closed form: w =", [round(v, 2) for v in theta[:2].tolist()], "b =", round(theta[2].item(), 2))
sgd_theta = torch.cat([w.detach().flatten(), b.detach().flatten()])
print("SGD within 0.01 of it:", bool((theta - sgd_theta).abs().max() < 0.01))
# sphinx_gallery_start_ignore
facts["closed_w_2dp"] = [round(v, 2) for v in theta[:2].tolist()]
facts["closed_b_2dp"] = round(theta[2].item(), 2)
facts["closed_vs_sgd_below_0_01"] = bool((theta - sgd_theta).abs().max() < 0.01)
facts["closed_normal_equations"] = torch.allclose(X1.T @ X1 @ theta, X1.T @ labels.flatten(), atol=1e-2)
assert facts["closed_vs_sgd_below_0_01"] and facts["closed_normal_equations"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/together/scratch` explains each piece and maps it to its PyTorch counterpart;
# :doc:`/together/training` trains with those counterparts, step by step.
