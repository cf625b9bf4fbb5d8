"""
The mathematics of training
===========================

The derivatives that training relies on, worked out by hand and checked against autograd:
four activation functions and their derivatives; the gradient of softmax cross-entropy;
backpropagation through a two-layer MLP; gradients that vanish or explode with depth; and the
update rules of SGD with momentum and of Adam, written in a few lines and checked against
``torch.optim``.
"""

import math

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% activations
# Activation functions and their derivatives
# ------------------------------------------
# Each derivative is written from its formula and compared with the one autograd computes,
# on 401 points from -4 to 4. For the sigmoid :math:`\sigma(x) = 1 / (1 + e^{-x})`,
# :math:`\sigma' = \sigma (1 - \sigma)`; for tanh, :math:`1 - \tanh^2`; for ReLU, 1 where
# :math:`x > 0` and 0 elsewhere; for GELU, :math:`x \Phi(x)` with :math:`\Phi` the normal
# distribution function, :math:`\Phi(x) + x \varphi(x)`.

x = torch.linspace(-4, 4, 401, requires_grad=True)
normal = torch.distributions.Normal(0.0, 1.0)
by_formula = {
    "ReLU": (torch.relu, lambda x: (x > 0).float()),
    "sigmoid": (torch.sigmoid, lambda x: torch.sigmoid(x) * (1 - torch.sigmoid(x))),
    "tanh": (torch.tanh, lambda x: 1 - torch.tanh(x) ** 2),
    "GELU": (F.gelu, lambda x: normal.cdf(x) + x * normal.log_prob(x).exp()),
}
derivatives = {}
for name, (function, derivative) in by_formula.items():
    (grad,) = torch.autograd.grad(function(x).sum(), x)
    derivatives[name] = grad
    print(
        f"{name:8} autograd equals the formula: {torch.allclose(grad, derivative(x.detach()), atol=1e-6)}"
        f", largest derivative {grad.max():.4f}"
    )

fig, axes = plt.subplots(1, 2, figsize=(8, 3.2), sharex=True)
for name, (function, _) in by_formula.items():
    axes[0].plot(x.detach(), function(x).detach(), label=name)
    axes[1].plot(x.detach(), derivatives[name], label=name)
axes[0].set_title("function", fontsize=10)
axes[1].set_title("derivative", fontsize=10)
for ax in axes:
    ax.set_xlabel("x")
axes[1].legend()
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
for name, (_, derivative) in by_formula.items():
    facts[f"{name.lower()}_matches"] = torch.allclose(
        derivatives[name], derivative(x.detach()), atol=1e-6
    )
facts["sigmoid_max_derivative"] = round(derivatives["sigmoid"].max().item(), 4)
facts["tanh_max_derivative"] = round(derivatives["tanh"].max().item(), 4)
zero = torch.zeros(1, requires_grad=True)
torch.relu(zero).backward()
facts["relu_grad_at_zero"] = zero.grad.item()
zero = torch.zeros(1, requires_grad=True)
zero.clamp(min=0).backward()
facts["clamp_grad_at_zero"] = zero.grad.item()
facts["gelu_min_derivative"] = derivatives["GELU"].min().item()
facts["gelu_derivative_negative_somewhere"] = derivatives["GELU"].min().item() < 0
assert facts["gelu_derivative_negative_somewhere"]
assert all(facts[f"{n.lower()}_matches"] for n in by_formula)
assert facts["sigmoid_max_derivative"] == 0.25 and facts["tanh_max_derivative"] == 1.0
# sphinx_gallery_end_ignore

# %% softmax_gradient
# The gradient of softmax cross-entropy
# -------------------------------------
# For one example with logits :math:`o` and label :math:`y`, the loss is
# :math:`\ell = -o_y + \log \sum_k \exp(o_k)`, so
# :math:`\partial \ell / \partial o_j = \mathrm{softmax}(o)_j - [j = y]`: the predicted
# probabilities minus the one-hot label. ``F.cross_entropy`` averages over the batch, which
# here (class labels, no class weights, no ignored labels) divides each row's gradient by
# the batch size :math:`N`.

logits = torch.randn(4, 5, requires_grad=True)
labels = torch.tensor([0, 3, 1, 3])
loss = F.cross_entropy(logits, labels)
loss.backward()
by_hand = (torch.softmax(logits.detach(), dim=1) - F.one_hot(labels, 5)) / len(labels)
print("autograd equals (softmax(o) - y) / N:", torch.allclose(logits.grad, by_hand, atol=1e-7))
print(
    "each row of the gradient sums to 0 up to rounding:",
    torch.allclose(logits.grad.sum(dim=1), torch.zeros(4), atol=1e-7),
)
# sphinx_gallery_start_ignore
facts["softmax_gradient_matches"] = torch.allclose(logits.grad, by_hand, atol=1e-7)
facts["rows_sum_to_zero"] = torch.allclose(logits.grad.sum(dim=1), torch.zeros(4), atol=1e-7)
assert facts["softmax_gradient_matches"] and facts["rows_sum_to_zero"]
# sphinx_gallery_end_ignore

# %% backprop_mlp
# Backpropagation through a two-layer MLP
# ---------------------------------------
# Forward: :math:`Z = X W_1 + b_1`, :math:`H = \mathrm{ReLU}(Z)`, :math:`O = H W_2 + b_2`,
# then the mean cross-entropy. Backward, by the chain rule, from the loss down:
# :math:`\partial O = (\mathrm{softmax}(O) - Y) / N`, :math:`\partial W_2 = H^\top \partial O`,
# :math:`\partial b_2 = \sum_i \partial O_i`, :math:`\partial H = \partial O\, W_2^\top`,
# :math:`\partial Z = \partial H \odot [Z > 0]`, :math:`\partial W_1 = X^\top \partial Z`,
# :math:`\partial b_1 = \sum_i \partial Z_i`. Each is checked against ``backward()``.

X = torch.randn(32, 64)
y = torch.randint(0, 10, (32,))
W1 = (torch.randn(64, 16) * 0.1).requires_grad_()
b1 = torch.zeros(16, requires_grad=True)
W2 = (torch.randn(16, 10) * 0.1).requires_grad_()
b2 = torch.zeros(10, requires_grad=True)

Z = X @ W1 + b1
H = torch.relu(Z)
O = H @ W2 + b2
F.cross_entropy(O, y).backward()

with torch.no_grad():
    dO = (torch.softmax(O, dim=1) - F.one_hot(y, 10)) / len(y)
    dW2 = H.T @ dO
    db2 = dO.sum(dim=0)
    dH = dO @ W2.T
    dZ = dH * (Z > 0)
    dW1 = X.T @ dZ
    db1 = dZ.sum(dim=0)
for name, mine, param in [("W1", dW1, W1), ("b1", db1, b1), ("W2", dW2, W2), ("b2", db2, b2)]:
    print(
        f"d{name}: equal to {name}.grad up to rounding: {torch.allclose(mine, param.grad, atol=1e-6)}"
    )
# sphinx_gallery_start_ignore
facts["backprop_matches"] = all(
    torch.allclose(mine, param.grad, atol=1e-6)
    for mine, param in [(dW1, W1), (db1, b1), (dW2, W2), (db2, b2)]
)
assert facts["backprop_matches"]
# sphinx_gallery_end_ignore

# %% depth
# Gradients that vanish or explode with depth
# -------------------------------------------
# A stack of 20 linear layers of width 64, each followed by an activation, and a last linear
# layer to 10 logits; one backward pass of a cross-entropy on random data, and the norm of the
# gradient of each layer's weight. Four starts: sigmoid with Xavier's scale, ReLU with
# Kaiming's, and ReLU with half and twice Kaiming's standard deviation.


def gradient_norms(activation, std_of, depth=20, width=64):
    torch.manual_seed(0)
    layers = []
    for _ in range(depth):
        layer = nn.Linear(width, width)
        nn.init.normal_(layer.weight, std=std_of(width))
        nn.init.zeros_(layer.bias)
        layers += [layer, activation()]
    net = nn.Sequential(*layers, nn.Linear(width, 10))
    inputs, targets = torch.randn(256, width), torch.randint(0, 10, (256,))
    F.cross_entropy(net(inputs), targets).backward()
    return [net[2 * i].weight.grad.norm().item() for i in range(depth)]


starts = {
    "sigmoid, Xavier": (nn.Sigmoid, lambda n: math.sqrt(1 / n)),
    "ReLU, Kaiming": (nn.ReLU, lambda n: math.sqrt(2 / n)),
    "ReLU, half Kaiming": (nn.ReLU, lambda n: 0.5 * math.sqrt(2 / n)),
    "ReLU, twice Kaiming": (nn.ReLU, lambda n: 2 * math.sqrt(2 / n)),
}
norms = {name: gradient_norms(*start) for name, start in starts.items()}
for name, layer_norms in norms.items():
    print(f"{name:20} first layer {layer_norms[0]:.1e}, last layer {layer_norms[-1]:.1e}")

fig, ax = plt.subplots(figsize=(7.5, 3.5))
for name, layer_norms in norms.items():
    ax.plot(range(1, 21), layer_norms, marker="o", label=name)
ax.set_yscale("log")
ax.set_xlabel("layer")
ax.set_ylabel("norm of the weight's gradient")
ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=8)  # beside the lines, not on them
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["depth"] = 20
facts["sigmoid_vanishes"] = norms["sigmoid, Xavier"][0] < 1e-6 * norms["sigmoid, Xavier"][-1]
kaiming = norms["ReLU, Kaiming"]
facts["kaiming_within_10x"] = 0.1 < kaiming[0] / kaiming[-1] < 10
facts["half_kaiming_below_1e-4"] = max(norms["ReLU, half Kaiming"]) < 1e-4
facts["twice_kaiming_above_1e3"] = min(norms["ReLU, twice Kaiming"]) > 1e3
assert facts["sigmoid_vanishes"] and facts["kaiming_within_10x"]
assert facts["half_kaiming_below_1e-4"] and facts["twice_kaiming_above_1e3"]
# sphinx_gallery_end_ignore

# %% momentum
# SGD with momentum, by hand
# --------------------------
# PyTorch's rule keeps a velocity :math:`v` per parameter: :math:`v \leftarrow \mu v + g`
# (on the first step :math:`v = g`), then :math:`w \leftarrow w - \eta v`. Five steps by
# hand on a small model, against ``torch.optim.SGD`` on a copy with the same start.


def loss_of(params, inputs, targets):
    weight, bias = params
    return F.cross_entropy(inputs @ weight + bias, targets)


inputs, targets = torch.randn(16, 8), torch.randint(0, 3, (16,))
start = [torch.randn(8, 3), torch.zeros(3)]


def sgd_momentum(params, lr=0.1, mu=0.9, steps=5):
    params = [p.clone().requires_grad_() for p in params]
    velocity = [torch.zeros_like(p) for p in params]
    for _ in range(steps):
        grads = torch.autograd.grad(loss_of(params, inputs, targets), params)
        with torch.no_grad():
            for p, v, g in zip(params, velocity, grads, strict=True):
                v.mul_(mu).add_(g)
                p.sub_(lr * v)
    return params


def with_torch_optim(make_optimizer, steps=5):
    params = [p.clone().requires_grad_() for p in start]
    optimizer = make_optimizer(params)
    for _ in range(steps):
        optimizer.zero_grad()
        loss_of(params, inputs, targets).backward()
        optimizer.step()
    return params


mine = sgd_momentum(start)
theirs = with_torch_optim(lambda params: torch.optim.SGD(params, lr=0.1, momentum=0.9))
print(
    "by hand equals torch.optim.SGD after 5 steps:",
    all(torch.allclose(a, b, atol=1e-6) for a, b in zip(mine, theirs, strict=True)),
)
# sphinx_gallery_start_ignore
facts["momentum_matches"] = all(
    torch.allclose(a, b, atol=1e-6) for a, b in zip(mine, theirs, strict=True)
)
assert facts["momentum_matches"]
# sphinx_gallery_end_ignore

# %% adam
# Adam, by hand
# -------------
# Adam keeps two running averages per parameter, of the gradient and of its square:
# :math:`m \leftarrow \beta_1 m + (1 - \beta_1) g`, :math:`s \leftarrow \beta_2 s + (1 - \beta_2) g^2`.
# Both start at 0, so early on they are too small; dividing by :math:`1 - \beta^t` after step
# :math:`t` corrects that. The step is
# :math:`w \leftarrow w - \eta\, \hat m / (\sqrt{\hat s} + \epsilon)`, so at first each
# parameter whose gradient is much larger than :math:`\epsilon` moves by about :math:`\eta`.


def adam(params, lr=0.01, betas=(0.9, 0.999), eps=1e-8, steps=5):
    params = [p.clone().requires_grad_() for p in params]
    m = [torch.zeros_like(p) for p in params]
    s = [torch.zeros_like(p) for p in params]
    for t in range(1, steps + 1):
        grads = torch.autograd.grad(loss_of(params, inputs, targets), params)
        with torch.no_grad():
            for p, m_p, s_p, g in zip(params, m, s, grads, strict=True):
                m_p.mul_(betas[0]).add_((1 - betas[0]) * g)
                s_p.mul_(betas[1]).add_((1 - betas[1]) * g * g)
                m_hat = m_p / (1 - betas[0] ** t)
                s_hat = s_p / (1 - betas[1] ** t)
                p.sub_(lr * m_hat / (s_hat.sqrt() + eps))
    return params


mine = adam(start)
theirs = with_torch_optim(lambda params: torch.optim.Adam(params, lr=0.01))
print(
    "by hand equals torch.optim.Adam after 5 steps:",
    all(torch.allclose(a, b, atol=1e-6) for a, b in zip(mine, theirs, strict=True)),
)
one_step = adam(start, steps=1)
print(f"largest move of a weight in the first step: {(one_step[0] - start[0]).abs().max():.4f}")
# sphinx_gallery_start_ignore
facts["adam_matches"] = all(
    torch.allclose(a, b, atol=1e-6) for a, b in zip(mine, theirs, strict=True)
)
facts["first_step_about_lr"] = abs((one_step[0] - start[0]).abs().max().item() - 0.01) < 1e-4
assert facts["adam_matches"] and facts["first_step_about_lr"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/together/mathematics` explains each step; :doc:`/networks/init` derives the scales
# of Xavier and Kaiming; :doc:`/together/digits` trains with these optimizers.
