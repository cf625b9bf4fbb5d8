"""
Building models
===============

Four ways to write a small convolutional network, or its convolutional block, from a hand-written
``nn.Module`` subclass to ``nn.Sequential`` containers with numbered or named layers. Then
what a model owns from the start: parameters that built-in layers initialise as they are
created (lazy layers wait for their first batch) and that require gradients.
"""

from collections import OrderedDict

import matplotlib.pyplot as plt
import torch
from torch import nn

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% subclass_nn_module
# A subclass of ``nn.Module``
# ---------------------------
# Layers assigned as attributes in ``__init__`` are registered under the attribute's name;
# ``forward`` says how data flows through them. The input here is a batch of two 3-channel
# 6 × 6 images; after a 2 × 2 max-pool the 32 feature maps are 3 × 3.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, 1, 1)
        self.dense1 = nn.Linear(32 * 3 * 3, 128)
        self.dense2 = nn.Linear(128, 10)

    def forward(self, x):
        x = torch.max_pool2d(torch.relu(self.conv1(x)), 2)
        x = x.flatten(1)
        x = torch.relu(self.dense1(x))
        return self.dense2(x)


net = Net()
print(net)
images = torch.randn(2, 3, 6, 6)
print(net(images).shape)
# sphinx_gallery_start_ignore
facts["net_children"] = [name for name, _ in net.named_children()]
facts["net_output_shape"] = list(net(images).shape)
assert facts["net_children"] == ["conv1", "dense1", "dense2"]
# sphinx_gallery_end_ignore

# %% sequential
# ``nn.Sequential``: quick, but the layers are numbered
# -----------------------------------------------------
# A ``Sequential`` runs its layers in the order given. It names them ``"0"``, ``"1"``, ...
# which says nothing about what each layer is.

seq = nn.Sequential(nn.Conv2d(3, 32, 3, 1, 1), nn.ReLU())
print(seq)
print([name for name, _ in seq.named_children()])
# sphinx_gallery_start_ignore
facts["seq_names"] = [name for name, _ in seq.named_children()]
facts["seq_first_type"] = type(seq[0]).__name__
assert facts["seq_names"] == ["0", "1"]
# sphinx_gallery_end_ignore

# %% add_module
# Named layers with ``add_module``
# --------------------------------
# Start from an empty ``Sequential`` and add each layer under a name of your choice.

conv = nn.Sequential()
conv.add_module("conv1", nn.Conv2d(3, 32, 3, 1, 1))
conv.add_module("relu1", nn.ReLU())
conv.add_module("pool1", nn.MaxPool2d(2))
print(conv)
# sphinx_gallery_start_ignore
facts["add_module_names"] = [name for name, _ in conv.named_children()]
# sphinx_gallery_end_ignore

# %% ordered_dict
# Named layers from an ``OrderedDict``
# ------------------------------------
# The same layers written in one expression (the pooling layer named ``pool`` here). ``OrderedDict`` comes from the standard
# library: ``from collections import OrderedDict`` (first line of this script).

conv_dict = nn.Sequential(
    OrderedDict(
        [
            ("conv1", nn.Conv2d(3, 32, 3, 1, 1)),
            ("relu1", nn.ReLU()),
            ("pool", nn.MaxPool2d(2)),
        ]
    )
)
print(conv_dict)
print(conv_dict.conv1 is conv_dict[0])
# sphinx_gallery_start_ignore
facts["ordered_dict_names"] = [name for name, _ in conv_dict.named_children()]
facts["name_and_index_same"] = conv_dict.conv1 is conv_dict[0]
# sphinx_gallery_end_ignore

# %% plain_dict_error
# It must be an ``OrderedDict``: ``Sequential`` reads a plain ``dict`` as a layer and
# refuses it.

try:
    nn.Sequential({"relu1": nn.ReLU()})
except TypeError as error:
    dict_error_type, dict_error = type(error).__name__, str(error)
    print(dict_error_type, dict_error)
    # sphinx_gallery_start_ignore
    facts["plain_dict_error_type"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["plain_dict_error"] = dict_error
# sphinx_gallery_end_ignore

# %% parameter_names
# The names end up in the parameter names, and so in every saved ``state_dict``:

print(list(seq.state_dict()))
print(list(conv.state_dict()))
# sphinx_gallery_start_ignore
facts["seq_param_names"] = list(seq.state_dict())
facts["named_param_names"] = list(conv.state_dict())
# sphinx_gallery_end_ignore

# %% named_block
# A model with a named block inside
# ---------------------------------
# Containers nest: the model below has a ``conv`` block and a ``dense`` block, each with
# named layers, and computes the same function as ``Net``: given the same weights it gives
# the same output (each model starts from its own random weights).


class NamedNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential()
        self.conv.add_module("conv1", nn.Conv2d(3, 32, 3, 1, 1))
        self.conv.add_module("relu1", nn.ReLU())
        self.conv.add_module("pool1", nn.MaxPool2d(2))
        self.dense = nn.Sequential(
            OrderedDict(
                [
                    ("dense1", nn.Linear(32 * 3 * 3, 128)),
                    ("relu2", nn.ReLU()),
                    ("dense2", nn.Linear(128, 10)),
                ]
            )
        )

    def forward(self, x):
        return self.dense(self.conv(x).flatten(1))


named_net = NamedNet()
print(named_net(images).shape)
print([name for name, _ in named_net.named_parameters()])
# sphinx_gallery_start_ignore
facts["nested_param_names"] = [name for name, _ in named_net.named_parameters()]
assert named_net(images).shape == net(images).shape
# sphinx_gallery_end_ignore

# %% initialised_when_built
# Parameters are initialised when the layer is built
# --------------------------------------------------
# There is no separate initialisation step: a built-in layer such as these fills its weight
# and bias as it is created (a lazy layer waits for its first batch). ``Linear`` and ``Conv2d`` draw both uniformly from
# :math:`[-1/\sqrt{\text{fan}_\text{in}}, 1/\sqrt{\text{fan}_\text{in}}]`, where fan_in is the number of
# inputs of one output unit (3 · 3 · 3 = 27 for ``conv1``).

weight, bias = net.conv1.weight, net.conv1.bias
bound = 1 / 27**0.5
print(weight[0, 0])
print(bias[:4])
print(bool((weight != 0).all()), bool((bias != 0).all()))
print(bool(weight.abs().max() <= bound), bool(bias.abs().max() <= bound))
# sphinx_gallery_start_ignore
facts["conv1_fan_in"] = nn.init._calculate_fan_in_and_fan_out(weight)[0]
facts["weight_all_nonzero"] = bool((weight != 0).all())
facts["bias_all_nonzero"] = bool((bias != 0).all())
facts["weight_within_bound"] = bool(weight.abs().max() <= bound)
facts["bias_within_bound"] = bool(bias.abs().max() <= bound)
facts["default_bound"] = bound
assert facts["conv1_fan_in"] == 27
# sphinx_gallery_end_ignore

# %% parameters_require_grad
# Parameters require gradients; plain tensors do not
# --------------------------------------------------
# A layer's weights are ``nn.Parameter`` objects, tensors that PyTorch creates with
# ``requires_grad=True`` so that an optimiser can train them. A tensor you create yourself
# does not require gradients unless you ask.

print(type(weight).__name__, weight.requires_grad)
print(all(p.requires_grad for p in net.parameters()))
plain = torch.randn(3)
print(plain.requires_grad)
# sphinx_gallery_start_ignore
facts["parameter_type"] = type(weight).__name__
facts["parameters_require_grad"] = all(p.requires_grad for p in net.parameters())
facts["plain_requires_grad"] = plain.requires_grad
facts["parameter_is_tensor"] = isinstance(weight, torch.Tensor)
# sphinx_gallery_end_ignore

# %% misspelt_parameters
# ``parameters`` is a method; a misspelt name is an ``AttributeError``:

try:
    net.paramters
except AttributeError as error:
    typo_error_type, typo_error = type(error).__name__, str(error)
    print(typo_error_type, typo_error)
    # sphinx_gallery_start_ignore
    facts["typo_error_type"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["typo_error"] = typo_error
# sphinx_gallery_end_ignore

# %% custom_layer
# A layer of your own
# -------------------
# A layer is a module like any other. Tensors wrapped in ``nn.Parameter`` and assigned in
# ``__init__`` become its parameters, under the attributes' names; a plain tensor assigned
# the same way does not: ``parameters()`` and ``state_dict()`` leave it out.


class ScaledLinear(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) / in_features**0.5)
        self.bias = nn.Parameter(torch.zeros(out_features))
        self.scale = torch.tensor(2.0)  # a plain tensor: not a parameter

    def forward(self, x):
        return self.scale * (x @ self.weight.T + self.bias)


layer = ScaledLinear(4, 3)
print([name for name, _ in layer.named_parameters()])
print(list(layer.state_dict()))
print(layer(torch.randn(2, 4)).shape)
# sphinx_gallery_start_ignore
facts["custom_param_names"] = [name for name, _ in layer.named_parameters()]
facts["custom_state_keys"] = list(layer.state_dict())
facts["custom_output_shape"] = list(layer(torch.zeros(2, 4)).shape)  # zeros: no random draw
facts["custom_weight_requires_grad"] = layer.weight.requires_grad
facts["custom_scale_requires_grad"] = layer.scale.requires_grad
# sphinx_gallery_end_ignore

# %% shared_parameters
# Sharing a layer
# ---------------
# The same layer object placed twice in a model is one set of parameters used twice.
# ``parameters()`` yields each parameter once; ``state_dict()`` has a key for each place.

shared = nn.Linear(8, 8)
tied = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), shared, nn.ReLU(), shared, nn.Linear(8, 1))
print(tied[2] is tied[4])
print([name for name, _ in tied.named_parameters()])
print(list(tied.state_dict()))
print(sum(p.numel() for p in tied.parameters()))
# sphinx_gallery_start_ignore
facts["tied_same_layer"] = tied[2] is tied[4]
facts["tied_param_names"] = [name for name, _ in tied.named_parameters()]
facts["tied_param_tensors"] = len(list(tied.parameters()))
facts["tied_state_keys"] = list(tied.state_dict())
facts["tied_state_key_count"] = len(tied.state_dict())
facts["tied_param_count"] = sum(p.numel() for p in tied.parameters())
import copy

facts["untied_param_count"] = sum(
    p.numel()
    for layer_ in (tied[0], shared, copy.deepcopy(shared), tied[5])  # a copy draws no random numbers
    for p in layer_.parameters()
)
assert facts["untied_param_count"] == 193 and facts["tied_param_count"] == 121
# sphinx_gallery_end_ignore

# %% shared_gradients
# In the backward pass the shared weight gets the gradients of both its uses, added: the
# same as two separate layers that hold its values, their two gradients summed.

x = torch.randn(3, 4)
tied(x).sum().backward()
first, second = nn.Linear(8, 8), nn.Linear(8, 8)
first.load_state_dict(shared.state_dict())
second.load_state_dict(shared.state_dict())
untied = nn.Sequential(tied[0], nn.ReLU(), first, nn.ReLU(), second, tied[5])
untied(x).sum().backward()
print(torch.allclose(shared.weight.grad, first.weight.grad + second.weight.grad))
# sphinx_gallery_start_ignore
facts["shared_grad_is_sum"] = torch.allclose(
    shared.weight.grad, first.weight.grad + second.weight.grad
)
facts["shared_grad_differs_from_each"] = not torch.allclose(shared.weight.grad, first.weight.grad)
# sphinx_gallery_end_ignore

# %% lazy_layer
# A lazy layer
# ------------
# ``nn.LazyLinear`` is given only its number of outputs. Its weight stays uninitialised
# until the first batch gives it a shape (loading a ``state_dict`` into it does too); after
# that first batch the layer is an ordinary ``Linear``.

lazy = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.Linear(8, 1))
print(lazy[0].weight)
# sphinx_gallery_start_ignore
facts["lazy_weight_type_before"] = type(lazy[0].weight).__name__
facts["lazy_class_before"] = type(lazy[0]).__name__
try:
    lazy[0].weight.numel()
except ValueError as error:
    facts["lazy_numel_before"] = type(error)  # an exception class: the build knows it raised
# sphinx_gallery_end_ignore
lazy(torch.randn(2, 5))
print(lazy[0])
# sphinx_gallery_start_ignore
facts["lazy_after"] = repr(lazy[0])
facts["lazy_weight_shape"] = list(lazy[0].weight.shape)
facts["lazy_class_after"] = type(lazy[0]).__name__
# sphinx_gallery_end_ignore

# %% counting_parameters
# Counting parameters
# -------------------
# ``numel()`` counts the elements of one tensor. ``conv1`` has 32 filters of 3 × 3 × 3
# weights plus 32 biases: 32 · 27 + 32 = 896.

print(sum(p.numel() for p in seq.parameters()))
for name, p in net.named_parameters():
    print(f"{name:15} {tuple(p.shape)!s:16} {p.numel()}")
print(sum(p.numel() for p in net.parameters()))
print(sum(p.numel() for p in named_net.parameters()))
# sphinx_gallery_start_ignore
facts["seq_param_count"] = sum(p.numel() for p in seq.parameters())
facts["net_param_count"] = sum(p.numel() for p in net.parameters())
facts["named_net_param_count"] = sum(p.numel() for p in named_net.parameters())
facts["trainable_param_count"] = sum(p.numel() for p in net.parameters() if p.requires_grad)
assert facts["seq_param_count"] == 32 * 27 + 32 == 896
assert facts["net_param_count"] == facts["named_net_param_count"]
# sphinx_gallery_end_ignore

# %% parameter_picture
# Where the parameters of ``net`` are, tensor by tensor (on a logarithmic axis): the weight
# of ``dense1``, 288 inputs times 128 outputs, holds most of them.

names = [name for name, _ in net.named_parameters()]
counts = [p.numel() for p in net.parameters()]
# sphinx_gallery_start_ignore
assert counts[names.index("dense1.weight")] == 288 * 128 > sum(counts) / 2
# sphinx_gallery_end_ignore

fig, ax = plt.subplots(figsize=(6, 3.4))
layer_colours = [f"C{i // 2}" for i in range(len(names))]  # a weight and its bias per layer
bars = ax.barh(names, counts, color=layer_colours)
ax.bar_label(bars, padding=3)
ax.set_xscale("log")
ax.set_xlim(1, 3e5)
ax.invert_yaxis()
ax.set_yticks(range(len(names)), labels=names, fontfamily="monospace")
ax.set_title("p.numel()", fontfamily="monospace")
fig.tight_layout()
plt.show()

# %%
# See also
# --------
# :doc:`/networks/building` explains these four styles and the note's words about them.
