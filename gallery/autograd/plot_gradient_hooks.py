"""
Read and change gradients with hooks
====================================

A hook is a function that PyTorch calls for you at a given moment: when the gradient of a
tensor is computed, or when a module runs forward or backward. Hooks let you look at
values that are otherwise gone after the pass, and change gradients on their way.
"""

import warnings

import matplotlib.pyplot as plt
import torch
from torch import nn

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% tensor_hook_sees
# A tensor hook sees the gradient
# -------------------------------
# ``register_hook(fn)`` calls ``fn(grad)`` when the gradient with respect to the tensor
# has been computed. Here it records the gradient of the intermediate ``y``, which would
# otherwise not be kept (by default only leaves keep ``.grad``). :math:`\partial z / \partial y = 2y`.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
seen = []
handle = y.register_hook(lambda grad: seen.append(grad.clone()))
z = (y * y).sum()
z.backward()
print(seen)
print(x.grad)
# sphinx_gallery_start_ignore
facts["seen_grad"] = seen[0].tolist()
facts["handle_type"] = type(handle).__name__
facts["plain_x_grad"] = x.grad.tolist()
assert facts["seen_grad"] == [4.0, 8.0, 12.0]
assert facts["plain_x_grad"] == [8.0, 16.0, 24.0]
# sphinx_gallery_end_ignore

# %% tensor_hook_changes
# A tensor hook can change the gradient
# -------------------------------------
# A hook that returns a tensor replaces the gradient with it. Doubling the gradient of
# ``y`` doubles everything that flows back from it, so ``x.grad`` doubles too.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
handle = y.register_hook(lambda grad: grad * 2)
(y * y).sum().backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["doubled_x_grad"] = x.grad.tolist()
assert facts["doubled_x_grad"] == [16.0, 32.0, 48.0]
# sphinx_gallery_end_ignore

# %% hook_compared
# The same pass with and without the hook, element by element: the gradient that reaches
# ``x`` is twice as large when the hook on ``y`` doubles it.


def x_grad(hook=None):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    if hook is not None:
        y.register_hook(hook)
    (y * y).sum().backward()
    return x.grad


plain, doubled = x_grad(), x_grad(lambda grad: grad * 2)
# sphinx_gallery_start_ignore
assert torch.equal(doubled, 2 * plain)
# sphinx_gallery_end_ignore

fig, ax = plt.subplots(figsize=(5.6, 3.4))
for shift, grad, label in [
    (-0.2, plain, "x_grad()"),
    (0.2, doubled, "x_grad(lambda grad: grad * 2)"),
]:
    bars = ax.bar([i + shift for i in range(3)], grad.tolist(), width=0.4, label=label)
    ax.bar_label(bars)
ax.set_xticks(range(3), labels=[f"x[{i}]" for i in range(3)], fontfamily="monospace")
ax.set_ylim(0, 58)
ax.legend(prop={"family": "monospace"}, loc="upper left")
fig.tight_layout()
plt.show()

# %% hook_on_leaf
# On a leaf, the hook changes what lands in ``.grad``. ``register_hook`` returns a handle;
# ``handle.remove()`` takes the hook off, and the next pass gives the plain gradient
# :math:`2x` again.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
handle = x.register_hook(lambda grad: grad * 2)
(x * x).sum().backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["leaf_doubled_grad"] = x.grad.tolist()
assert facts["leaf_doubled_grad"] == [4.0, 8.0, 12.0]
# sphinx_gallery_end_ignore

handle.remove()
x.grad = None
(x * x).sum().backward()
print(x.grad)
# sphinx_gallery_start_ignore
facts["removed_x_grad"] = x.grad.tolist()
assert facts["removed_x_grad"] == [2.0, 4.0, 6.0]
# sphinx_gallery_end_ignore

# %% module_hooks
# Module hooks
# ------------
# A module runs hooks around its own forward and backward. A *forward hook* receives
# ``(module, inputs, output)`` after ``forward``, ``inputs`` being the positional arguments;
# a *full backward hook* receives ``(module, grad_input, grad_output)``: the gradients with
# respect to the module's positional inputs (``None`` for a non-tensor argument, and for every
# input when none of them requires gradients; keyword arguments are left out) and its outputs. The hooks below only record shapes.

layer = nn.Linear(3, 2)
shapes = {}


def forward_hook(module, inputs, output):
    shapes["forward inputs"] = [tuple(t.shape) for t in inputs]
    shapes["forward output"] = tuple(output.shape)


def backward_hook(module, grad_input, grad_output):
    shapes["grad_input"] = [None if g is None else tuple(g.shape) for g in grad_input]
    shapes["grad_output"] = [tuple(g.shape) for g in grad_output]


forward_handle = layer.register_forward_hook(forward_hook)
backward_handle = layer.register_full_backward_hook(backward_hook)

batch = torch.randn(4, 3, requires_grad=True)
layer(batch).sum().backward()
for name, shape in shapes.items():
    print(f"{name:15} {shape}")
# sphinx_gallery_start_ignore
assert len(shapes["forward inputs"]) == len(shapes["grad_input"]) == len(shapes["grad_output"]) == 1
facts["forward_input"] = list(shapes["forward inputs"][0])
facts["forward_output"] = list(shapes["forward output"])
facts["grad_input"] = list(shapes["grad_input"][0])
facts["grad_output"] = list(shapes["grad_output"][0])
assert facts["forward_output"] == facts["grad_output"] == [4, 2]
assert facts["grad_input"] == [4, 3]
# sphinx_gallery_end_ignore

# %% grad_input_is_inputs
# ``grad_input`` holds gradients with respect to the *inputs* of ``forward`` only, not the
# weights. When the input does not require gradients, its entry is ``None``, and recent
# releases of PyTorch warn that the hook fires with the output gradients alone.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    layer(torch.randn(4, 3)).sum().backward()
print(shapes["grad_input"], shapes["grad_output"])
for warning in caught:
    print(f"{warning.category.__name__}: {warning.message}")
# sphinx_gallery_start_ignore
facts["grad_input_without_input_grad"] = str(shapes["grad_input"])
facts["hook_warning_category"] = caught[0].category.__name__ if caught else None
facts["hook_warning"] = str(caught[0].message).split(" See ")[0] if caught else None
# sphinx_gallery_end_ignore

# %% remove_module_hooks
# Module hooks are removed through their handles too.

forward_handle.remove()
backward_handle.remove()
shapes.clear()
layer(batch).sum().backward()
print(shapes)
# sphinx_gallery_start_ignore
facts["shapes_after_remove"] = str(shapes)
# sphinx_gallery_end_ignore

# %% old_backward_hook
# Older code registers ``register_backward_hook`` instead. It attaches to the last
# operation of ``forward`` only. On a module made of a ``Linear`` and a ``ReLU``,
# ``grad_input`` is then the gradient at the ``ReLU``'s input, not at the module's input,
# and PyTorch warns that such a hook is deprecated.

block = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
old_shapes = {}


def old_style_hook(module, grad_input, grad_output):
    old_shapes["grad_input"] = [None if g is None else tuple(g.shape) for g in grad_input]


block.register_backward_hook(old_style_hook)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    block(batch).sum().backward()
print("module input   ", tuple(batch.shape))
print("old grad_input ", old_shapes["grad_input"])
print(caught[0].category.__name__)
print(caught[0].message)
# sphinx_gallery_start_ignore
facts["old_hook_grad_input"] = str(old_shapes["grad_input"])
facts["old_hook_warning_category"] = caught[0].category.__name__
facts["old_hook_warning"] = str(caught[0].message)
# sphinx_gallery_end_ignore

# %% capture_activations
# Capturing activations
# ---------------------
# The common use of a forward hook: keep what a layer outputs, without changing the model's
# ``forward``. One hook per ``ReLU``, registered under the module's name, stores the output,
# detached so that the dict keeps no graph (add ``.clone()`` when a later layer writes into it
# in place); one forward pass fills the dict.

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 3))
activations = {}


def keep_output(name):
    def hook(module, inputs, output):
        activations[name] = output.detach()

    return hook


handles = [
    module.register_forward_hook(keep_output(name))
    for name, module in net.named_modules()
    if isinstance(module, nn.ReLU)
]
inputs = torch.randn(32, 8)
logits = net(inputs)
for name, output in activations.items():
    share = (output == 0).float().mean().item()
    print(f"module {name}: shape {tuple(output.shape)}, share of zeros {share:.2f}")
for handle in handles:
    handle.remove()
# sphinx_gallery_start_ignore
facts["captured_names"] = list(activations)
facts["captured_shape"] = list(activations["1"].shape)
facts["captured_zero_shares"] = [
    round((o == 0).float().mean().item(), 2) for o in activations.values()
]
facts["captured_requires_grad"] = activations["1"].requires_grad
facts["logits_requires_grad"] = logits.requires_grad
facts["captured_is_relu_output"] = torch.equal(
    activations["1"], torch.relu(net[0](inputs)).detach()
)
assert facts["captured_names"] == ["1", "3"] and facts["captured_is_relu_output"]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/autograd/hooks` explains when each hook runs and what it may return.
