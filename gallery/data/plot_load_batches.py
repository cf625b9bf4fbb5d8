"""
Load data in batches
====================

``TensorDataset`` pairs tensors sample by sample, and ``DataLoader`` deals a dataset out in
mini-batches, shuffled when asked. This example follows note 004: the call it wrote for an older
PyTorch, the call that works now, batches, the last partial batch, and what ``num_workers``
really starts.
"""

import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import matplotlib.pyplot as plt
import torch
import torch.utils.data as Data
from torch.utils.data import DataLoader, Dataset, TensorDataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% samples
# Ten samples: inputs ``x`` and targets ``y``
# -------------------------------------------
# Sample ``i`` is the pair ``(x[i], y[i])``: ``x`` counts up from 1 to 10 and ``y`` counts
# down, so every value tells you which sample it came from.

x = torch.linspace(1, 10, 10)
y = torch.linspace(10, 1, 10)
print(x)
print(y)

# %% note_keywords
# The note's keywords are gone
# ----------------------------
# Note 004 builds the dataset with ``data_tensor=`` and ``target_tensor=``. Those were the
# two parameters of ``TensorDataset`` in old releases; now it takes one or more tensors,
# positionally, and rejects the keywords.

try:
    Data.TensorDataset(data_tensor=x, target_tensor=y)
except TypeError as error:
    keyword_error = str(error)
    print(keyword_error)
# sphinx_gallery_start_ignore
facts["keyword_error"] = keyword_error
# sphinx_gallery_end_ignore

# %% positional_tensors
# Pass the tensors positionally
# -----------------------------
# ``TensorDataset(x, y)`` indexes all its tensors along the first dimension at once:
# ``dataset[i]`` is the tuple ``(x[i], y[i])``.

dataset = TensorDataset(x, y)
print(len(dataset))
print(dataset[0])
# sphinx_gallery_start_ignore
facts["dataset_len"] = len(dataset)
facts["first_item"] = [value.item() for value in dataset[0]]
facts["item_type"] = type(dataset[0]).__name__
assert facts["first_item"] == [1.0, 10.0]
# sphinx_gallery_end_ignore

# %% size_error
# The tensors must agree on that first dimension. ``refusal`` holds what ``TensorDataset``
# raised for tensors of 10 and 9 rows, or ``None`` if it accepted them (a release that checks
# with a bare ``assert`` accepts them under ``python -O``).

refusal = None
try:
    TensorDataset(x, y[:9])
except AssertionError as error:  # a release that raises nothing leaves it None
    refusal = error
print(refusal)
# sphinx_gallery_start_ignore
facts["size_error"] = str(refusal) if refusal is not None else None
facts["size_error_type"] = None if refusal is None else type(refusal)  # recorded as raised
# sphinx_gallery_end_ignore

# %% shuffled_batches
# Shuffled mini-batches you can reproduce
# ---------------------------------------
# ``shuffle=True`` draws a new order of the samples for every pass over the data (every
# *epoch*). The order comes from a random generator; handing ``DataLoader`` its own seeded
# ``torch.Generator`` makes it the same on every run, whatever else uses random numbers.
# With 10 samples and ``batch_size=4`` there are 3 batches, the last one with 2 samples.

loader = DataLoader(dataset, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
print("batches per epoch:", len(loader))
for step, (batch_x, batch_y) in enumerate(loader):
    print(step, batch_x.tolist(), batch_y.tolist())
# sphinx_gallery_start_ignore
after_the_loop = loader.generator.get_state()  # the learner's state, put back below
loader.generator.manual_seed(0)  # replay the epoch printed above
epoch_one = [batch_x.tolist() for batch_x, _ in loader]
epoch_two = [batch_x.tolist() for batch_x, _ in loader]
loader.generator.set_state(after_the_loop)
facts["batches"] = len(loader)
facts["first_batch_x"] = epoch_one[0]
facts["first_batch_indices"] = [int(value) - 1 for value in epoch_one[0]]
facts["batch_sizes"] = [len(batch) for batch in epoch_one]
facts["epochs_differ"] = epoch_one != epoch_two
facts["every_sample_once"] = sorted(v for batch in epoch_one for v in batch) == x.tolist()
assert facts["batches"] == 3 and facts["batch_sizes"] == [4, 4, 2]
# sphinx_gallery_end_ignore

# %% three_epochs
# Three epochs from the same seed, one row each: every cell is a sample, labelled with its
# ``x``, and coloured by the batch it lands in. The first row is the epoch printed above;
# each later epoch deals the ten samples in another order, again as 4, 4 and 2.

loader.generator.manual_seed(0)
epochs = [[batch_x.tolist() for batch_x, _ in loader] for _ in range(3)]
# sphinx_gallery_start_ignore
assert epochs[:2] == [epoch_one, epoch_two] and epochs[1] != epochs[2]
assert [[len(batch) for batch in batches] for batches in epochs] == [[4, 4, 2]] * 3
# sphinx_gallery_end_ignore

fig, ax = plt.subplots(figsize=(7, 2.4))
for row, batches in enumerate(epochs):
    column = 0
    for number, batch in enumerate(batches):
        for value in batch:
            cell = plt.Rectangle(
                (column, -row), 1, 1, facecolor=f"C{number}", edgecolor="white", lw=3
            )
            ax.add_patch(cell)
            ax.text(column + 0.5, 0.5 - row, f"{value:g}", ha="center", va="center", color="white")
            column += 1
ax.set_xlim(0, len(dataset))
ax.set_ylim(1 - len(epochs), 1)
ax.set_aspect("equal")
ax.axis("off")
ax.set_title("DataLoader(dataset, batch_size=4, shuffle=True)", fontfamily="monospace")
fig.tight_layout()
plt.show()

# %% same_seed_same_batch
# Each batch stacks its samples: ``batch_x`` has shape ``(4,)`` for four scalar samples.
# A new loader with the same seed gives the same first batch again; another seed gives
# another order.


def first_batch(seed):
    generator = torch.Generator().manual_seed(seed)
    loader = DataLoader(dataset, batch_size=4, shuffle=True, generator=generator)
    batch_x, _ = next(iter(loader))
    return batch_x


print(first_batch(0), first_batch(0), first_batch(1))
print(torch.equal(first_batch(0), first_batch(0)))
# sphinx_gallery_start_ignore
facts["same_seed_same_batch"] = torch.equal(first_batch(0), first_batch(0))
facts["other_seed_differs"] = not torch.equal(first_batch(0), first_batch(1))
assert first_batch(0).tolist() == facts["first_batch_x"] and facts["other_seed_differs"]
# sphinx_gallery_end_ignore

# %% drop_last
# Dropping the last, smaller batch
# --------------------------------
# When the batch size does not divide the number of samples of a dataset like this one, the
# last batch is smaller.
# ``drop_last=True`` leaves it out, for example when every batch must have the same shape.

loader_drop = DataLoader(
    dataset, batch_size=4, shuffle=True, drop_last=True, generator=torch.Generator().manual_seed(0)
)
print("batches per epoch:", len(loader_drop))
print([len(batch_x) for batch_x, _ in loader_drop])
# sphinx_gallery_start_ignore
facts["batches_drop_last"] = len(loader_drop)
after_the_epoch = loader_drop.generator.get_state()  # the learner's state, put back below
facts["batch_sizes_drop_last"] = [len(batch_x) for batch_x, _ in loader_drop]
loader_drop.generator.set_state(after_the_epoch)
assert facts["batch_sizes_drop_last"] == [4, 4]
# sphinx_gallery_end_ignore

# %% who_loads_samples
# Who loads the samples: ``get_worker_info()``
# --------------------------------------------
# A ``Dataset`` is any object with ``__len__`` and ``__getitem__``. Inside
# ``__getitem__``, ``torch.utils.data.get_worker_info()`` says which worker is loading:
# ``None`` in the main process, an object with ``id`` and ``num_workers`` in a worker.
# This dataset returns the index it was asked for and the worker id (-1 for the main
# process).


class WhoLoads(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, index):
        info = torch.utils.data.get_worker_info()
        return index, -1 if info is None else info.id


# %% main_worker_info
# With the default ``num_workers=0``, the main process loads every sample itself:

for indices, workers in DataLoader(WhoLoads(), batch_size=2):
    print(indices.tolist(), workers.tolist())
# sphinx_gallery_start_ignore
facts["main_worker_info"] = str(torch.utils.data.get_worker_info())
with torch.random.fork_rng(devices=[]):  # each pass over a loader draws its base seed
    facts["main_worker_ids"] = sorted(
        {w for _, ws in DataLoader(WhoLoads(), batch_size=2) for w in ws.tolist()}
    )
assert facts["main_worker_ids"] == [-1]
# sphinx_gallery_end_ignore

# %% pickled_by_name
# A worker that starts a fresh Python receives the dataset pickled. A pickle names the
# class by its module and name; it holds neither the class's code nor its methods, so the
# worker must import the class again under that name.

import pickle

pickled = pickle.dumps(WhoLoads())
print(f"{WhoLoads.__module__}.{WhoLoads.__qualname__}")
print(b"WhoLoads" in pickled, b"get_worker_info" in pickled)
# sphinx_gallery_start_ignore
facts["dataset_pickled_as"] = f"{WhoLoads.__module__}.{WhoLoads.__qualname__}"
assert b"WhoLoads" in pickled and b"get_worker_info" not in pickled
assert type(pickle.loads(pickled)) is WhoLoads
# sphinx_gallery_end_ignore

# %% two_workers
# ``num_workers=2`` starts processes
# ----------------------------------
# ``num_workers=2`` starts two worker *processes* (not threads) with the
# :mod:`multiprocessing` module. How a process starts depends on the platform. Linux up
# to Python 3.13 *forks* the running process, which inherits everything. Windows and macOS
# *spawn* a fresh interpreter, and Python 3.14+ on Linux uses a *forkserver*: each worker
# re-imports your script and receives the dataset pickled. Such a script must keep its
# loop under ``if __name__ == "__main__":``, otherwise every worker runs the script's top
# level again and fails. And a dataset class defined in a notebook, or in a page like this
# one, is pickled by its name only, which a fresh worker cannot find: the worker fails to
# unpickle it (a forked worker inherits the class and works). So this page does not
# start workers in its own process: it writes the script below to a file and runs it with
# ``python``, as you would.

worker_script = textwrap.dedent("""
    import os

    import torch
    from torch.utils.data import DataLoader, Dataset


    class WhoLoads(Dataset):
        def __len__(self):
            return 8

        def __getitem__(self, index):
            info = torch.utils.data.get_worker_info()
            return index, info.id, os.getpid()


    # Needed wherever workers start a fresh Python (Windows, macOS, Linux from Python 3.14).
    if __name__ == "__main__":
        loader = DataLoader(WhoLoads(), batch_size=2, num_workers=2)
        pids = set()
        for indices, workers, worker_pids in loader:
            print(indices.tolist(), workers.tolist())
            pids.update(worker_pids.tolist())
        print("worker processes:", len(pids))
        print("main process among them:", os.getpid() in pids)
""")

with tempfile.TemporaryDirectory() as folder:
    script = Path(folder) / "who_loads.py"
    script.write_text(worker_script, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script)], cwd=folder, capture_output=True, text=True, check=True
    )
print(run.stdout)
# sphinx_gallery_start_ignore
lines = run.stdout.splitlines()
facts["worker_ids_per_batch"] = [json.loads(line.split("] ", 1)[1])[0] for line in lines[:4]]
facts["worker_processes"] = int(lines[4].rpartition(" ")[2])
facts["main_among_workers"] = lines[5].endswith("True")
facts["workers_are_processes"] = facts["worker_processes"] == 2 and not facts["main_among_workers"]
assert facts["worker_ids_per_batch"] == [0, 1, 0, 1] and facts["workers_are_processes"]
# sphinx_gallery_end_ignore

# %%
# Each batch is loaded by one worker, and the workers take turns; ``DataLoader`` still
# returns the batches in order. Two worker processes, neither of them the main process.
# Workers pay off when loading a sample is slow (reading and decoding files); for tensors
# already in memory, as here, ``num_workers=0`` is faster.

# %%
# See also
# --------
# :doc:`/data/loading` explains datasets, samplers and workers, and what changed since
# note 004. :doc:`/together/training` feeds a ``DataLoader`` to a training loop.
