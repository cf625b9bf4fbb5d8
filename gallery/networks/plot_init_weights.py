"""
Initialising weights
====================

Layers come initialised, but you can choose another scheme: for one layer with the
in-place functions of ``torch.nn.init``, or for a whole network with ``net.apply``. This
example also runs the study note's old spelling of these functions and its ``weights_init``.
"""

import itertools
import math
import warnings

import matplotlib.pyplot as plt
import torch
from torch import nn
from torch.nn import init

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% one_layer
# One layer: ``xavier_uniform_`` and ``constant_``
# ------------------------------------------------
# The functions of ``torch.nn.init`` that fill a tensor end in ``_``, PyTorch's mark of an
# in-place method: they overwrite the tensor they receive. They run without recording gradients, so they take
# the parameter itself (no ``.data`` needed). Xavier (Glorot) uniform draws from
# :math:`[-a, a]` with :math:`a = \sqrt{6 / (\text{fan}_\text{in} + \text{fan}_\text{out})}`.

conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3)
init.xavier_uniform_(conv1.weight)
init.constant_(conv1.bias, 0.1)

fan_in, fan_out = 3 * 7 * 7, 64 * 7 * 7
a = (6 / (fan_in + fan_out)) ** 0.5
print(f"a = {a:.4f}, largest |weight| = {conv1.weight.abs().max().item():.4f}")
print(conv1.bias[:4])
print(conv1.weight.requires_grad, conv1.weight.grad_fn)
# sphinx_gallery_start_ignore
facts["xavier_bound"] = a
facts["xavier_within_bound"] = bool(conv1.weight.abs().max() <= a)
facts["bias_all_constant"] = bool((conv1.bias == 0.1).all())
facts["bias_value"] = conv1.bias[0].item()
facts["still_leaf"] = conv1.weight.is_leaf
assert conv1.weight.is_leaf and conv1.weight.grad_fn is None
# sphinx_gallery_end_ignore

# %% default_bound
# The default and the Xavier scheme, side by side: a fresh ``Conv2d`` draws from
# :math:`[-1/\sqrt{\text{fan}_\text{in}}, 1/\sqrt{\text{fan}_\text{in}}]`, which for 147 inputs is wider
# than Xavier's range.

default = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3)
fig, ax = plt.subplots(figsize=(6, 3))
ax.hist(default.weight.detach().flatten(), bins=60, alpha=0.6, label="default.weight")
ax.hist(conv1.weight.detach().flatten(), bins=60, alpha=0.6, label="conv1.weight")
ax.set_title("nn.Conv2d(3, 64, kernel_size=7)", fontfamily="monospace")
ax.legend(prop={"family": "monospace"})
fig.tight_layout()
print(f"default bound {1 / fan_in**0.5:.4f}, xavier bound {a:.4f}")
# sphinx_gallery_start_ignore
facts["default_bound"] = 1 / fan_in**0.5
assert 1 / fan_in**0.5 > a
# sphinx_gallery_end_ignore

# %% old_names
# The old names without ``_``
# ---------------------------
# ``init.xavier_uniform`` and ``init.constant`` (no underscore) still work, but warn that
# they are deprecated.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    init.xavier_uniform(conv1.weight)
    init.constant(conv1.bias, 0.1)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
# sphinx_gallery_start_ignore
facts["old_name_warning_category"] = caught[0].category  # a warning category, recorded as one
facts["old_name_warnings"] = [str(w.message) for w in caught]
facts["old_name_first_warning"] = str(caught[0].message)
assert [w.category for w in caught] == [FutureWarning, FutureWarning]
# sphinx_gallery_end_ignore

# %% net_apply
# The whole network: ``net.apply``
# --------------------------------
# ``net.apply(fn)`` calls ``fn`` on every module of the network, the network included. It
# walks the tree *children first*: each container is visited after everything inside it,
# and the network itself comes last.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.block = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.ReLU())
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        x = self.block(self.conv1(x))
        return self.fc(x.mean(dim=(2, 3)))


net = Net()
visited = []
net.apply(lambda m: visited.append(type(m).__name__))
print(visited)
# sphinx_gallery_start_ignore
facts["apply_order"] = visited
assert visited[-1] == "Net" and visited.index("Sequential") > visited.index("ReLU")
# sphinx_gallery_end_ignore

# %% note_weights_init
# The note's ``weights_init``, as written
# ---------------------------------------
# The note's function calls a ``xavier`` that it never defines, so the first ``Conv2d``
# stops it with a ``NameError``:


def weights_init(m):
    if isinstance(m, nn.Conv2d):
        xavier(m.weight.data)
        xavier(m.bias.data)


try:
    net.apply(weights_init)
except NameError as error:
    undefined_error = str(error)
    print(type(error).__name__, undefined_error)
# sphinx_gallery_start_ignore
facts["undefined_xavier_error"] = undefined_error
# sphinx_gallery_end_ignore

# %% xavier_on_bias
# Reading ``xavier`` as ``init.xavier_uniform_`` gets one line further. A bias has one
# dimension, and Xavier needs both a fan-in and a fan-out, so the second call fails:

xavier = init.xavier_uniform_

try:
    net.apply(weights_init)
except ValueError as error:
    bias_error_type, bias_error = type(error).__name__, str(error)
    print(bias_error_type, bias_error)
    # sphinx_gallery_start_ignore
    facts["bias_error_type"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["bias_error"] = bias_error
facts["bias_dim"] = net.conv1.bias.dim()
# sphinx_gallery_end_ignore

# %% working_weights_init
# A working ``weights_init``
# --------------------------
# Xavier for the weights of convolutions and linear layers, zeros for their biases. The
# ``ReLU``, the ``Sequential`` and ``Net`` itself have no weights of their own and are
# skipped by the ``isinstance`` test.


def weights_init(m):
    if isinstance(m, (nn.Conv2d, nn.Linear)):
        init.xavier_uniform_(m.weight)
        if m.bias is not None:
            init.zeros_(m.bias)


net.apply(weights_init)
print(net.block[0].bias[:4])
print(
    all(bool((m.bias == 0).all()) for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear)))
)
# sphinx_gallery_start_ignore
layers = [m for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
facts["initialised_layers"] = len(layers)
facts["all_biases_zero"] = all(bool((m.bias == 0).all()) for m in layers)
facts["weights_within_xavier"] = all(
    bool(m.weight.abs().max() <= (6 / sum(init._calculate_fan_in_and_fan_out(m.weight))) ** 0.5)
    for m in layers
)
assert facts["initialised_layers"] == 3
# sphinx_gallery_end_ignore

# %% depth_scale
# Why the scale matters: a signal through 30 layers
# -------------------------------------------------
# A layer with ``n`` inputs and weights of mean 0 and variance :math:`\sigma^2`, drawn
# symmetric about 0, multiplies the mean square of its input by about :math:`n\sigma^2`, and
# a ReLU halves it: 30 such layers multiply it on average by :math:`(n\sigma^2/2)^{30}`.
# Four schemes on the same 30 layers of width 256: Kaiming's :math:`\sigma^2 = 2/n` keeps
# the factor at 1; the others shrink or grow the signal, and the gradient of the loss (the
# output's mean square) that reaches the first layer with it.

depth, width = 30, 256
x = torch.randn(512, width)


def mean_squares(weight_init):
    """The mean square after each layer, the last activations, and the first layer's
    gradient of the loss ``h.pow(2).mean()``."""
    torch.manual_seed(1)
    layers = [nn.Linear(width, width, bias=False) for _ in range(depth)]
    for layer in layers:
        weight_init(layer.weight)
    h, found = x, []
    for layer in layers:
        h = torch.relu(layer(h))
        found.append(h.pow(2).mean().item())
    h.pow(2).mean().backward()
    return found, h.detach(), layers[0].weight.grad


schemes = {
    "normal, std 0.01": lambda w: init.normal_(w, std=0.01),
    "Xavier": lambda w: init.xavier_normal_(w),
    "Kaiming": lambda w: init.kaiming_normal_(w, nonlinearity="relu"),
    "normal, std 0.12": lambda w: init.normal_(w, std=0.12),
}
results = {name: mean_squares(weight_init) for name, weight_init in schemes.items()}
print(f"input: mean square {x.pow(2).mean().item():.3f}")
for name, (squares, _last, grad) in results.items():
    print(
        f"{name:17} layer 1: {squares[0]:.3g}  layer 30: {squares[-1]:.3g}"
        f"  grad norm: {grad.norm().item():.3g}"
    )
# sphinx_gallery_start_ignore
q = x.pow(2).mean().item()
facts["depth_input_mean_square_2dp"] = round(q, 2)
short = {
    "normal, std 0.01": "small",
    "Xavier": "xavier",
    "Kaiming": "kaiming",
    "normal, std 0.12": "large",
}
std = {
    "small": 0.01,
    "xavier": (2 / (2 * width)) ** 0.5,
    "kaiming": (2 / width) ** 0.5,
    "large": 0.12,
}
for name, (squares, _last, grad_tensor) in results.items():
    grad_norm = grad_tensor.norm().item()
    key = short[name]
    facts[f"depth_{key}_std_4dp"] = round(std[key], 4)
    # three significant digits: 0.0128, 0.5, 1.84
    facts[f"depth_{key}_predicted_factor_3sf"] = float(f"{width * std[key] ** 2 / 2:.3g}")
    facts[f"depth_{key}_layer1_factor_3sf"] = float(f"{squares[0] / q:.3g}")
    facts[f"depth_{key}_layer30"] = squares[-1]
    facts[f"depth_{key}_grad"] = grad_norm
    if squares[-1] > 0:  # its order of magnitude: 3.4e-09 is of the order of 10^-9
        facts[f"depth_{key}_layer30_order"] = math.floor(math.log10(squares[-1]))
    if grad_norm > 0:
        facts[f"depth_{key}_grad_order"] = math.floor(math.log10(grad_norm))
facts["depth_kaiming_layer30_1dp"] = round(results["Kaiming"][0][-1], 1)
facts["depth_kaiming_grad_1dp"] = round(results["Kaiming"][2].norm().item(), 1)
small_squares, small_last, small_grad = results["normal, std 0.01"]
facts["depth_small_underflows"] = small_squares[-1] == 0.0
# the activations themselves are still representable: only their squares underflow
facts["depth_small_last_nonzero"] = bool((small_last != 0).any())
facts["depth_small_last_order"] = math.floor(math.log10(small_last.abs().max().item()))
facts["depth_small_grad_zero"] = bool((small_grad == 0).all())
kaiming_squares = [q] + results["Kaiming"][0]
kaiming_factors = [b / a for a, b in itertools.pairwise(kaiming_squares)]
facts["depth_kaiming_factor_min_2dp"] = round(min(kaiming_factors), 2)
facts["depth_kaiming_factor_max_2dp"] = round(max(kaiming_factors), 2)
assert facts["depth_kaiming_predicted_factor_3sf"] == 1.0
# sphinx_gallery_end_ignore

# %% depth_scale_drawn
# The mean square after each layer, on a logarithmic axis: a nearly straight line per
# scheme, of slope about :math:`\log_{10}(n\sigma^2/2)` per layer, until the squares of the
# smallest scale fall below what a ``float32`` can hold.

fig, ax = plt.subplots(figsize=(6, 3.6))
for name, (squares, _last, _grad) in results.items():
    shown = [(i + 1, v) for i, v in enumerate(squares) if v > 0]
    ax.plot(*zip(*shown, strict=True), marker=".", label=name)
ax.set_yscale("log")
ax.set_xlabel("layer")
ax.set_ylabel("mean square of the activations")
ax.legend()
fig.tight_layout()
plt.show()

# %%
# See also
# --------
# :doc:`/networks/init` explains when to initialise yourself and what the note got wrong.
