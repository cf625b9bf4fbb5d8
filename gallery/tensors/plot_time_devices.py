"""
Devices and timings
===================

Every tensor lives on a device. This example picks the best device the machine has (a CUDA
GPU, then Apple's MPS, then the CPU), moves tensors there with ``.to()``, and times a matrix
product on each device it found, for a few matrix sizes.
"""

import matplotlib.pyplot as plt
import torch
from torch.utils import benchmark

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% choose_device
# Choosing a device
# -----------------
# Write the choice once, and let the rest of the code use ``device``: the same script then
# runs on a laptop, on a Mac and on a GPU server.


def pick_device() -> torch.device:
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


device = pick_device()
print(device)
# sphinx_gallery_start_ignore
facts["device"] = str(device)
facts["accelerator"] = "none" if device.type == "cpu" else device.type
if device.type == "cuda":
    facts["accelerator_name"] = torch.cuda.get_device_name(device)
elif device.type == "mps":
    facts["accelerator_name"] = "Apple MPS"
else:
    facts["accelerator_name"] = "none"
# What decides the notes' GPU branch: a CUDA device this process can use, not the build.
facts["cuda_branch_needs_a_device"] = torch.cuda.is_available() == (torch.cuda.device_count() > 0)
# sphinx_gallery_end_ignore

# %% accelerator
# ``torch.accelerator`` asks the same question for any kind of accelerator.
# ``is_available()`` says whether one can be used now. ``current_accelerator()`` names the
# kind this build of PyTorch was made for: ``None`` for a CPU build, but ``cuda`` for a CUDA
# build even on a machine without a GPU (where releases before 2.7 raise an error instead).
# So ask ``is_available()`` first.

print(torch.accelerator.is_available())
# sphinx_gallery_start_ignore
facts["accelerator_available"] = torch.accelerator.is_available()
try:
    current = torch.accelerator.current_accelerator()
except RuntimeError as error:  # a CUDA build without a GPU, before 2.7
    current = error
facts["current_accelerator"] = current if isinstance(current, RuntimeError) else str(current)
facts["accelerator_api"] = hasattr(torch, "accelerator")
# The choice above and torch.accelerator agree, whatever the build, and the text above holds
# for the build that runs it: a CUDA build names cuda, a build for no accelerator names None.
assert torch.accelerator.is_available() == (device.type != "cpu")
if torch.version.cuda and not isinstance(current, RuntimeError):
    assert current.type == "cuda"
built_for = (torch.version.cuda, torch.version.hip, torch.backends.mps.is_built())
if not any(built_for) and not torch.xpu.is_available():
    assert current is None
# sphinx_gallery_end_ignore

# %% moving_tensors
# Moving tensors with ``.to()``
# -----------------------------
# ``torch.ones_like(x, device=device)`` creates a tensor directly on the device;
# ``x.to(device)`` moves one there. Both operands of ``x + y`` must be on the same device.
# ``.to()`` can change the device and the dtype in one call.

x = torch.arange(1, 3).view(1, 2)
y = torch.ones_like(x, device=device)
x = x.to(device)
z = x + y
print(z)
print(z.to("cpu", torch.double))
# sphinx_gallery_start_ignore
facts["z_values"] = z.view(-1).tolist()
facts["z_dtype"] = str(z.dtype)
facts["z_double_dtype"] = str(z.to("cpu", torch.double).dtype)
# sphinx_gallery_end_ignore

# %% to_same_is_self
# ``.to()`` returns the tensor itself when nothing has to change, and a new tensor otherwise.

c = torch.ones(2)
print(c.to("cpu") is c, c.to(torch.double) is c)
# sphinx_gallery_start_ignore
facts["to_same_is_self"] = c.to("cpu") is c
facts["to_dtype_is_self"] = c.to(torch.double) is c
# sphinx_gallery_end_ignore

# %% module_to_is_self
# A model is different: ``Module.to()`` converts the module's parameters in place and
# returns the module itself, so ``model.to(device)`` needs no assignment.

model = torch.nn.Linear(2, 1)
print(model.to(torch.double) is model, model.weight.dtype)
# sphinx_gallery_start_ignore
facts["module_to_is_self"] = model.to(torch.double) is model
facts["module_weight_dtype"] = str(model.weight.dtype)
# sphinx_gallery_end_ignore

# %% mixing_devices
# One operation, one device
# -------------------------
# PyTorch moves a tensor to another device only when asked: the tensors of one operation
# must be on one device. Two kinds of CPU tensor are the exceptions: a zero-dimensional one
# counts as a number, and a tensor of indices can select from a tensor on another device.
# The ``meta`` device, which every machine has (a tensor there has a shape and a dtype but
# no data), shows the three cases without a GPU.

on_meta = torch.ones(3, device="meta")
print((on_meta + torch.tensor(2.0)).device)  # a zero-dimensional CPU tensor: allowed
print(on_meta[torch.tensor([0, 2])].device)  # CPU indices: allowed
try:
    on_meta + torch.tensor([2.0])  # a one-dimensional CPU tensor: refused
except RuntimeError as error:
    print(type(error).__name__)
    # sphinx_gallery_start_ignore
    facts["cpu_vector_with_meta"] = error
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["cpu_scalar_with_meta"] = (on_meta + torch.tensor(2.0)).device.type
facts["cpu_index_into_meta"] = on_meta[torch.tensor([0, 2])].device.type
assert facts["cpu_scalar_with_meta"] == facts["cpu_index_into_meta"] == "meta"
assert isinstance(facts["cpu_vector_with_meta"], RuntimeError)
# sphinx_gallery_end_ignore

# %% timing
# Timing a matrix product
# -----------------------
# ``torch.utils.benchmark.Timer`` repeats a statement until enough time has passed, and
# waits for a CUDA GPU to finish before it reads the clock (GPU work is asynchronous; other
# accelerators are waited for only in recent releases). It runs the statement with one
# intra-op thread (``torch.get_num_threads()``) unless ``num_threads`` says otherwise: here
# it gets as many as code outside the timer uses. Each device gets the same ``float32`` matrices, from
# 16 × 16 to 512 × 512.

sizes = [16, 32, 64, 128, 256, 512]
devices = [torch.device("cpu")] + ([device] if device.type != "cpu" else [])

seconds, measured = {}, {}
for dev in devices:
    seconds[dev.type] = []
    for n in sizes:
        a = torch.randn(n, n, device=dev)
        b = torch.randn(n, n, device=dev)
        a @ b  # warm-up: the first call on a device pays for its start-up
        timer = benchmark.Timer(
            "a @ b", globals={"a": a, "b": b}, num_threads=torch.get_num_threads()
        )
        measured[dev.type] = timer.blocked_autorange(min_run_time=0.1)
        seconds[dev.type].append(measured[dev.type].median)
# What was timed, read from the timer's own result: threads, and runs of the largest product.
cpu = measured["cpu"]
print("threads on the CPU:", cpu.task_spec.num_threads)  # volatile: it depends on the machine
# sphinx_gallery_start_ignore
facts["sizes"] = sizes
facts["smallest"] = sizes[0]
facts["largest"] = sizes[-1]
facts["timed_devices"] = list(seconds)
facts["cpu_threads"] = cpu.task_spec.num_threads
facts["cpu_runs_largest"] = cpu.number_per_run * len(cpu.raw_times)
facts["cpu_growth"] = seconds["cpu"][-1] / seconds["cpu"][0]
facts["work_growth"] = (sizes[-1] / sizes[0]) ** 3
facts["fastest_at_largest"] = min(seconds, key=lambda d: seconds[d][-1])
facts["fastest_at_smallest"] = min(seconds, key=lambda d: seconds[d][0])
# Which of its sentences the page states ({fact-case}): no race, one winner, or two.
facts["race"] = (
    "one device"
    if len(seconds) == 1
    else "same winner"
    if facts["fastest_at_largest"] == facts["fastest_at_smallest"]
    else "different winners"
)
volatile_facts = {
    "cpu_growth",
    "cpu_runs_largest",
    "fastest_at_largest",
    "fastest_at_smallest",
    "race",
}  # timings
assert (sizes[0], sizes[-1], facts["work_growth"]) == (16, 512, 32768)
# sphinx_gallery_end_ignore

# %% growth
# Going from the smallest to the largest size multiplies the work, :math:`n^3`
# multiply-adds, by :math:`32^3 = 32768`. Compare it with how much the time grew in this
# run:

# volatile: the timings below change on every run
print("work grows by", round((sizes[-1] / sizes[0]) ** 3))
print("CPU time grows by about", round(seconds["cpu"][-1] / seconds["cpu"][0]))
for dev in seconds:
    if dev != "cpu":
        print(
            f"{dev} at n = {sizes[-1]}: CPU time / {dev} time = "
            f"{seconds['cpu'][-1] / seconds[dev][-1]:.1f}"
        )

# %% log_log_plot
# On a log-log plot a cost proportional to :math:`n^3` is a straight line of slope 3
# (dashed, drawn through the CPU's largest size).

fig, ax = plt.subplots(figsize=(6, 4))  # a volatile figure: measured times
for dev, times in seconds.items():
    ax.loglog(sizes, times, marker="o", label=dev)
reference = [seconds["cpu"][-1] * (n / sizes[-1]) ** 3 for n in sizes]
ax.loglog(sizes, reference, linestyle="--", color="grey", label="∝ n³")
ax.set_xticks(sizes, labels=[str(n) for n in sizes])
ax.minorticks_off()
ax.set_xlabel("n", fontfamily="monospace")
ax.set_ylabel("seconds", fontfamily="monospace")
ax.set_title("a @ b: (n, n) @ (n, n), float32", fontfamily="monospace")
ax.legend(prop={"family": "monospace"})
fig.tight_layout()
plt.show()

# %%
# See also
# --------
# :doc:`/tensors/devices` explains what ``.to()`` does, what the fixed cost of each call
# means for small products, and how to read such timings.
