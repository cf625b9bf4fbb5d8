"""
Resume training from a checkpoint
=================================

A data set read from a CSV file by a ``Dataset`` of our own, a training loop that runs on
whatever device the machine has, and a checkpoint that holds everything training needs to
go on: the model's and the optimizer's ``state_dict``, the epoch and the random states.
Training 2 epochs, saving, loading into a fresh model and optimizer and training 2 more
ends with exactly the parameters of 4 epochs in one go; forgetting the optimizer's state
does not.
"""

import csv
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import torch
from sklearn.datasets import load_digits
from torch import nn
from torch.utils import benchmark
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% write_csv
# A data set in a file
# --------------------
# The digits that scikit-learn ships (no download): 1,797 images of 8 × 8 pixels, each
# pixel a whole number from 0 to 16, with the digit as label. Each becomes one row of a CSV
# file: 64 pixel values, then the label. The file lives in a temporary folder, removed at
# the end of the example.

digits = load_digits()
workdir = tempfile.TemporaryDirectory()
csv_path = Path(workdir.name) / "digits.csv"
with open(csv_path, "w", newline="") as f:
    writer = csv.writer(f)
    writer.writerow([f"pixel{i}" for i in range(64)] + ["label"])
    for pixels, label in zip(digits.data.astype(int), digits.target):
        writer.writerow([*pixels.tolist(), int(label)])
print(csv_path.name, "lines:", len(csv_path.read_text().splitlines()))
# sphinx_gallery_start_ignore
facts["csv_lines"] = len(csv_path.read_text().splitlines())
facts["pixel_max"] = int(digits.data.max())
assert facts["csv_lines"] == 1798 and facts["pixel_max"] == 16
# sphinx_gallery_end_ignore

# %% dataset
# A ``Dataset`` that reads the file
# ---------------------------------
# ``__init__`` reads the rows once, ``__len__`` says how many there are and
# ``__getitem__`` returns row ``i`` through a transform: the pixels scaled to [0, 1] as a
# ``float32`` tensor, the label as a ``long`` tensor, which ``CrossEntropyLoss`` expects.


def scale_pixels(row):
    pixels = torch.tensor(row[:-1], dtype=torch.float32) / 16
    label = torch.tensor(row[-1], dtype=torch.long)
    return pixels, label


class DigitsCSV(Dataset):
    def __init__(self, path, transform=None):
        with open(path, newline="") as f:
            reader = csv.reader(f)
            next(reader)  # the header
            self.rows = [[int(value) for value in row] for row in reader]
        self.transform = transform

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        row = self.rows[i]
        return self.transform(row) if self.transform else row


dataset = DigitsCSV(csv_path, transform=scale_pixels)
pixels, label = dataset[0]
print(len(dataset), pixels.shape, pixels.dtype, label)
print("pixel range:", pixels.min().item(), "to", pixels.max().item())
# sphinx_gallery_start_ignore
facts["rows"] = len(dataset)
facts["sample_shape"] = list(pixels.shape)
facts["sample_dtype"] = str(pixels.dtype)
facts["label_dtype"] = str(label.dtype)
facts["in_unit_range"] = all(
    dataset[i][0].min() >= 0 and dataset[i][0].max() <= 1 for i in range(50)
)
assert facts["rows"] == 1797 and facts["in_unit_range"]
# sphinx_gallery_end_ignore

# %% choose_device
# One device for the whole script
# -------------------------------
# The device is chosen once, as in :doc:`/tensors/devices`: a CUDA GPU, then Apple's MPS,
# then the CPU.


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
# sphinx_gallery_end_ignore

# %% loader
# The loader
# ----------
# ``pin_memory=True`` puts each batch in page-locked host memory, from which a copy to a
# CUDA GPU can run asynchronously; without a CUDA device it is of no use, so ask for it
# only then. A seeded generator fixes the order of the shuffled batches.


def make_loader(generator):
    return DataLoader(
        dataset,
        batch_size=64,
        shuffle=True,
        generator=generator,
        pin_memory=device.type == "cuda",
    )


loader = make_loader(torch.Generator().manual_seed(0))
batch_x, batch_y = next(iter(loader))
print("batches per epoch:", len(loader), "pin_memory:", loader.pin_memory)
print(batch_x.shape, batch_x.dtype, batch_y.shape, batch_y.dtype)
# sphinx_gallery_start_ignore
facts["batch_size"] = loader.batch_size
facts["batches_per_epoch"] = len(loader)
facts["last_batch"] = len(dataset) - (len(loader) - 1) * loader.batch_size
facts["batch_x_shape"] = list(batch_x.shape)
facts["batch_x_dtype"] = str(batch_x.dtype)
facts["batch_y_shape"] = list(batch_y.shape)
facts["batch_y_dtype"] = str(batch_y.dtype)
facts["pin_memory_on_cpu"] = make_loader(None).pin_memory if device.type == "cpu" else False
assert facts["batches_per_epoch"] == 29 and facts["last_batch"] == 5
# sphinx_gallery_end_ignore

# %% model_and_epoch
# A model on the device, and one epoch
# ------------------------------------
# ``model.to(device)`` moves the parameters once; each batch is moved in the loop, with
# ``non_blocking=True``: from pinned memory the copy to a GPU then runs while the CPU goes
# on, and otherwise it is an ordinary copy. The model has dropout, so training draws
# random numbers too.


def build_model():
    model = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Dropout(0.2), nn.Linear(32, 10))
    return model.to(device)


def build_optimizer(model):
    return torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


loss_fn = nn.CrossEntropyLoss()


def train_epoch(model, loader, optimizer, losses):
    model.train()
    for x, y in loader:
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        loss = loss_fn(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())


model = build_model()
print(next(model.parameters()).device)
# sphinx_gallery_start_ignore
facts["model_device"] = str(next(model.parameters()).device)
facts["dropout_p"] = model[2].p
# sphinx_gallery_end_ignore

# %% time_epoch
# How long one epoch takes
# ------------------------
# ``torch.utils.benchmark.Timer`` times one epoch of a throwaway model: ``timeit(3)`` runs
# it twice as a warm-up, then three times on the clock, and reports the time per epoch; it
# waits for a CUDA GPU before it reads the clock. It gets all of PyTorch's intra-op threads
# (``num_threads``; by default a timer uses one). On the CPU, and on the GPU when there is one:

# volatile: timings change on every run
epoch_seconds = {}
for dev in [torch.device("cpu")] + ([device] if device.type != "cpu" else []):
    throwaway = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 10)).to(dev)
    sgd = torch.optim.SGD(throwaway.parameters(), lr=0.1)

    def one_epoch(net=throwaway, opt=sgd, dev=dev):
        for x, y in loader:
            loss = loss_fn(net(x.to(dev, non_blocking=True)), y.to(dev, non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()

    timer = benchmark.Timer(
        "one_epoch()", globals={"one_epoch": one_epoch}, num_threads=torch.get_num_threads()
    )
    measurement = timer.timeit(3)
    epoch_seconds[dev.type] = measurement.median
    print(f"one epoch on {dev.type}: {epoch_seconds[dev.type] * 1000:.0f} ms")
    if dev.type == "cpu":  # what was timed, read from the timer's own result
        cpu_timing = measurement
# sphinx_gallery_start_ignore
facts["timed_devices"] = list(epoch_seconds)
facts["epoch_threads"] = cpu_timing.task_spec.num_threads
facts["epoch_runs"] = cpu_timing.number_per_run * len(cpu_timing.raw_times)
facts["cpu_epoch_ms"] = epoch_seconds["cpu"] * 1000
volatile_facts = {"cpu_epoch_ms"}  # a timing
# sphinx_gallery_end_ignore

# %% uninterrupted
# Four epochs in one go
# ---------------------
# The reference run: seed, build, train 4 epochs, and keep the loss of every step.

torch.manual_seed(0)
model = build_model()
optimizer = build_optimizer(model)
loader = make_loader(torch.Generator().manual_seed(0))
straight_losses = []
for epoch in range(4):
    train_epoch(model, loader, optimizer, straight_losses)
straight = {name: p.detach().clone() for name, p in model.named_parameters()}
print(len(straight_losses), "steps, last loss", round(straight_losses[-1], 2))
# sphinx_gallery_start_ignore
facts["steps"] = len(straight_losses)
facts["loss_fell"] = straight_losses[-1] < straight_losses[0] / 2
assert facts["steps"] == 116 and facts["loss_fell"]
# sphinx_gallery_end_ignore

# %% save_checkpoint
# Two epochs, then a checkpoint
# -----------------------------
# The same start, stopped after 2 epochs. The checkpoint is one dict: the model's and the
# optimizer's ``state_dict``, the number of epochs done, and the random states, of the CPU's
# generator (dropout draws from it on the CPU), of the loader's generator (the order of the
# next epochs) and, when there is one, of the CUDA devices.

torch.manual_seed(0)
model = build_model()
optimizer = build_optimizer(model)
generator = torch.Generator().manual_seed(0)
loader = make_loader(generator)
resumed_losses = []
for epoch in range(2):
    train_epoch(model, loader, optimizer, resumed_losses)

checkpoint = {
    "model": model.state_dict(),
    "optimizer": optimizer.state_dict(),
    "epoch": epoch + 1,
    "torch_rng": torch.get_rng_state(),
    "loader_rng": generator.get_state(),
}
if torch.cuda.is_available():
    checkpoint["cuda_rng"] = torch.cuda.get_rng_state_all()
if torch.backends.mps.is_available():
    checkpoint["mps_rng"] = torch.mps.get_rng_state()
checkpoint_path = Path(workdir.name) / "checkpoint.pt"
torch.save(checkpoint, checkpoint_path)
print(sorted(checkpoint))
# sphinx_gallery_start_ignore
facts["checkpoint_keys"] = sorted(k for k in checkpoint if k not in ("cuda_rng", "mps_rng"))
facts["checkpoint_key_count"] = len(facts["checkpoint_keys"])
facts["saved_epoch"] = checkpoint["epoch"]
facts["momentum_buffers"] = len(checkpoint["optimizer"]["state"])
# sphinx_gallery_end_ignore

# %% resume
# Resume in a fresh model and optimizer
# -------------------------------------
# A new process would start here: build the model, the optimizer and the loader as before,
# load the checkpoint (with ``weights_only=True``: it holds only tensors, dicts, lists and
# numbers), put every state back, and go on from the saved epoch.


def resume(path, restore_optimizer=True):
    checkpoint = torch.load(path, weights_only=True)
    model = build_model()
    model.load_state_dict(checkpoint["model"])
    optimizer = build_optimizer(model)
    if restore_optimizer:
        optimizer.load_state_dict(checkpoint["optimizer"])
    generator = torch.Generator()
    generator.set_state(checkpoint["loader_rng"])
    torch.set_rng_state(checkpoint["torch_rng"])
    if "cuda_rng" in checkpoint:
        torch.cuda.set_rng_state_all(checkpoint["cuda_rng"])
    if "mps_rng" in checkpoint:
        torch.mps.set_rng_state(checkpoint["mps_rng"])
    return model, optimizer, make_loader(generator), checkpoint["epoch"]


torch.manual_seed(1234)  # whatever state a new process has
model, optimizer, loader, start = resume(checkpoint_path)
for epoch in range(start, 4):
    train_epoch(model, loader, optimizer, resumed_losses)
same = all(torch.equal(p, straight[name]) for name, p in model.named_parameters())
print("epochs done before resuming:", start)
print("same parameters as 4 epochs in one go:", same)
# sphinx_gallery_start_ignore
loaded = torch.load(checkpoint_path, weights_only=True)
facts["loaded_epoch_type"] = type(loaded["epoch"]).__name__
facts["rng_state_type"] = type(loaded["torch_rng"]).__name__
facts["rng_state_dtype"] = str(loaded["torch_rng"].dtype)
facts["resume_equal"] = same
facts["resume_losses_equal"] = resumed_losses == straight_losses
assert same and facts["resume_losses_equal"]
# sphinx_gallery_end_ignore

# %% forgot_optimizer
# Forgetting the optimizer's state
# --------------------------------
# The same resume with a fresh optimizer: its momentum starts again from zero, so the
# next steps differ, and so do the parameters at the end.

torch.manual_seed(1234)
model, optimizer, loader, start = resume(checkpoint_path, restore_optimizer=False)
broken_losses = resumed_losses[: start * len(loader)]
for epoch in range(start, 4):
    train_epoch(model, loader, optimizer, broken_losses)
same = all(torch.equal(p, straight[name]) for name, p in model.named_parameters())
largest = max((p - straight[name]).abs().max().item() for name, p in model.named_parameters())
print("same parameters:", same, "- largest difference above 0.001:", largest > 1e-3)
# sphinx_gallery_start_ignore
facts["fresh_optimizer_equal"] = same
facts["fresh_optimizer_diff_above_1e-3"] = largest > 1e-3
facts["fresh_optimizer_diff_below_1"] = largest < 1
assert not same and 1e-3 < largest < 1
# sphinx_gallery_end_ignore

# %% forgot_generator
# Forgetting the loader's generator
# ---------------------------------
# Everything restored but the loader's generator, seeded again with 0 instead: epoch 3
# then visits the batches in the order of epoch 1, and the parameters differ again.

torch.manual_seed(1234)
model, optimizer, _, start = resume(checkpoint_path)
loader = make_loader(torch.Generator().manual_seed(0))
reseeded_losses = resumed_losses[: start * len(loader)]
for epoch in range(start, 4):
    train_epoch(model, loader, optimizer, reseeded_losses)
same = all(torch.equal(p, straight[name]) for name, p in model.named_parameters())
print("same parameters:", same)
# sphinx_gallery_start_ignore
facts["reseeded_generator_equal"] = same
assert not same
# sphinx_gallery_end_ignore

# %% loss_plot
# The loss of every step: the resumed run lies exactly on the uninterrupted one, while the
# runs that forgot a state leave it after the checkpoint.

fig, ax = plt.subplots(figsize=(6, 3.5))
steps = range(1, len(straight_losses) + 1)
ax.plot(steps, straight_losses, linewidth=3, color="C0", label="4 epochs in one go")
ax.plot(steps, resumed_losses, linestyle="--", color="C1", label="2 + resume + 2")
ax.plot(steps, broken_losses, linewidth=1, color="C3", label="resume, fresh optimizer")
ax.plot(steps, reseeded_losses, linewidth=1, color="C2", label="resume, generator re-seeded")
ax.axvline(start * len(loader) + 0.5, color="grey", linestyle=":")
ax.set_xlabel("step", fontfamily="monospace")
ax.set_ylabel("loss", fontfamily="monospace")
ax.legend(prop={"family": "monospace", "size": 8})
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["checkpoint_step"] = start * len(loader)
facts["broken_losses_differ_after"] = broken_losses[58:] != straight_losses[58:]
assert broken_losses[:58] == straight_losses[:58]
# sphinx_gallery_end_ignore

# %% map_location
# Loading on another device
# -------------------------
# ``torch.save`` records the device of each tensor, and ``torch.load`` puts it back there:
# a checkpoint saved on a CUDA GPU fails to load on a machine without one. ``map_location``
# names the device to load onto instead. ``"cpu"`` exists on every machine, and
# ``load_state_dict`` then copies the values into a model on whatever device it is.

on_cpu = torch.load(checkpoint_path, map_location="cpu", weights_only=True)
print(
    "devices after map_location='cpu':", sorted({t.device.type for t in on_cpu["model"].values()})
)
model = build_model()
model.load_state_dict(on_cpu["model"])
print("model on", next(model.parameters()).device)
# sphinx_gallery_start_ignore
facts["map_location_devices"] = sorted({t.device.type for t in on_cpu["model"].values()})
facts["map_location_model_device"] = str(next(model.parameters()).device)
assert facts["map_location_devices"] == ["cpu"]
# sphinx_gallery_end_ignore

# %% scheduler_state
# A learning-rate schedule
# ------------------------
# A scheduler changes the optimizer's learning rate as training goes on; ``StepLR`` here
# multiplies it by 0.1 every 2 epochs. It counts the epochs itself, so it has a state of
# its own to save. Six epochs in one go, against 3, a checkpoint and 3 more: restored, the
# learning rates are the same; with a fresh scheduler, its count starts again at 0, and the
# next drop comes 2 epochs after the resume instead of 1.


def build_schedule():
    optimizer = build_optimizer(build_model())
    return optimizer, torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.1)


def run_epochs(optimizer, scheduler, epochs, rates):
    for _ in range(epochs):
        rates.append(optimizer.param_groups[0]["lr"])
        optimizer.step()  # the training of an epoch would come before this step
        scheduler.step()


optimizer, scheduler = build_schedule()
straight_rates = []
run_epochs(optimizer, scheduler, 6, straight_rates)

optimizer, scheduler = build_schedule()
first_rates = []
run_epochs(optimizer, scheduler, 3, first_rates)
saved = {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict()}
print("scheduler state:", {k: saved["scheduler"][k] for k in ("last_epoch", "step_size", "gamma")})

optimizer, scheduler = build_schedule()  # build both, then load both
optimizer.load_state_dict(saved["optimizer"])
scheduler.load_state_dict(saved["scheduler"])
restored_rates = list(first_rates)
run_epochs(optimizer, scheduler, 3, restored_rates)

optimizer, scheduler = build_schedule()
optimizer.load_state_dict(saved["optimizer"])  # the scheduler's state forgotten
fresh_rates = list(first_rates)
run_epochs(optimizer, scheduler, 3, fresh_rates)

for name, rates in [
    ("6 in one go", straight_rates),
    ("3 + resume + 3", restored_rates),
    ("fresh scheduler", fresh_rates),
]:
    print(f"{name:>16}:", [f"{rate:g}" for rate in rates])
# sphinx_gallery_start_ignore
facts["schedule_straight"] = [float(f"{rate:g}") for rate in straight_rates]
facts["schedule_restored_equal"] = restored_rates == straight_rates
facts["schedule_fresh"] = [float(f"{rate:g}") for rate in fresh_rates]
facts["schedule_saved_last_epoch"] = saved["scheduler"]["last_epoch"]
facts["schedule_fresh_differs_at"] = next(
    i + 1 for i, (a, b) in enumerate(zip(fresh_rates, straight_rates, strict=True)) if a != b
)
assert facts["schedule_restored_equal"] and facts["schedule_fresh"] != facts["schedule_straight"]
# sphinx_gallery_end_ignore

# %% cleanup
# The temporary folder, with the CSV file and the checkpoint, is removed.

workdir.cleanup()

# %%
# See also
# --------
# :doc:`/together/checkpoints` explains each state the checkpoint holds and why.
# :doc:`/data/loading` shows how ``DataLoader`` makes its batches, :doc:`/tensors/devices`
# how to choose a device, and :doc:`/networks/saving` what ``torch.load`` accepts.
