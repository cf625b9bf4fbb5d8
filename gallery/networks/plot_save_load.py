"""
Saving and loading models
=========================

Two ways to keep a trained network: pickle the whole model object, or save only its
``state_dict`` (the parameter tensors by name) and load them into a model built by code.
Since PyTorch 2.6, ``torch.load`` refuses the first unless you say you trust the file.
"""

import pickle
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import torch
from torch import nn

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% note_network
# The note's network: one input, ten hidden units, one output.

net1 = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
x = torch.linspace(-1, 1, 5).unsqueeze(1)
print(net1(x).squeeze(1))

# %% state_dict_keys
# A ``state_dict`` maps the name of each parameter (and of each saved buffer) to its tensor. The ``ReLU`` (layer ``"1"``)
# has no parameters, so it does not appear.

state = net1.state_dict()
for name, tensor in state.items():
    print(name, tuple(tensor.shape))
# sphinx_gallery_start_ignore
facts["state_dict_keys"] = list(state)
facts["state_dict_type"] = type(state).__name__
# sphinx_gallery_end_ignore

# %% save_both_ways
# Save both ways
# --------------
# All files go to a temporary folder that disappears at the end of the script.

workdir = tempfile.TemporaryDirectory()
folder = Path(workdir.name)
torch.save(net1, folder / "net.pkl")  # the whole model object
torch.save(net1.state_dict(), folder / "net_params.pkl")  # the parameters only

whole_size = (folder / "net.pkl").stat().st_size
params_size = (folder / "net_params.pkl").stat().st_size
print(params_size < whole_size, f"{whole_size / params_size:.2f}")

# %% file_sizes
# The ``state_dict`` file is smaller because it holds no description of the model's
# classes. That saving is roughly a fixed number of bytes, set by the model's modules rather
# than its parameter count, not a fraction: for a network with a million parameters both
# files hold the same 4 MB of numbers and differ by about as much.

big = nn.Sequential(nn.Linear(1000, 1000), nn.ReLU(), nn.Linear(1000, 1))
torch.save(big, folder / "big.pkl")
torch.save(big.state_dict(), folder / "big_params.pkl")
big_whole = (folder / "big.pkl").stat().st_size
big_params = (folder / "big_params.pkl").stat().st_size
print(whole_size - params_size, big_whole - big_params)
print(f"{big_whole / big_params:.4f}")
# sphinx_gallery_start_ignore
facts["params_file_smaller"] = params_size < whole_size
facts["size_ratio"] = whole_size / params_size
facts["big_params_file_smaller"] = big_params < big_whole
facts["big_size_ratio"] = big_whole / big_params
facts["same_overhead"] = (whole_size - params_size) == (big_whole - big_params)
facts["big_param_count"] = sum(p.numel() for p in big.parameters())
facts["big_params_mb"] = big_params / 1e6
assert big_whole / big_params < 1.001 and round(big_params / 1e6) == 4
# sphinx_gallery_end_ignore

# %% whole_model_refused
# Loading a whole model: refused by default
# -----------------------------------------
# ``torch.load`` now loads with ``weights_only=True``: it unpickles tensors, strings,
# numbers, lists, tuples and dicts, a few other types of Python and PyTorch (``torch.Size``,
# dtypes, devices) and the classes you allow with ``torch.serialization.add_safe_globals``,
# and nothing that names another class. A whole model names ``torch.nn.Sequential`` and
# friends, so the note's ``net2 = torch.load('net.pkl')`` fails.

try:
    net2 = torch.load(folder / "net.pkl")
    load_error = None
except pickle.UnpicklingError as error:
    load_error = error
    print(type(error).__name__)
    print(str(error).split(".")[0])
# sphinx_gallery_start_ignore
message = str(load_error) if load_error else ""
facts["load_error_type"] = type(load_error) if load_error else None
facts["load_error_start"] = message.split(".")[0]
facts["load_error_warns_code_execution"] = "arbitrary code execution" in message
facts["load_error_mentions_sequential"] = "torch.nn.modules.container.Sequential" in message
# What else weights_only=True loads back as it was saved, besides tensors, dicts and lists.
from collections import OrderedDict
from fractions import Fraction

plain = [OrderedDict(w=1), (1, 2.5), "text", torch.Size([2, 3]), torch.float16, torch.device("cpu")]
accepted = []
for value in plain:
    torch.save(value, folder / "plain.pt")
    loaded = torch.load(folder / "plain.pt")
    if type(loaded) is type(value) and loaded == value:
        kind = type(value)
        accepted.append(f"{kind.__module__}.{kind.__qualname__}".removeprefix("builtins."))
facts["weights_only_accepts"] = accepted
# Another class is refused, unless it is allowed (safe_globals: add_safe_globals for a block).
torch.save(Fraction(1, 3), folder / "fraction.pt")
try:
    torch.load(folder / "fraction.pt")
    facts["fraction_refused"] = False
except pickle.UnpicklingError:
    facts["fraction_refused"] = True
with torch.serialization.safe_globals([Fraction]):
    facts["fraction_allowed"] = torch.load(folder / "fraction.pt") == Fraction(1, 3)
assert len(accepted) == 6 and facts["fraction_refused"] and facts["fraction_allowed"]
# sphinx_gallery_end_ignore

# %% unpickling_runs_code
# Why the default changed: unpickling runs code
# ---------------------------------------------
# A pickle does not store an object; it stores instructions to rebuild it, and these
# instructions may call any function. Here is a harmless "model" whose file calls
# ``print`` when it is loaded; a malicious file could call anything else the same way.


class Surprise:
    def __reduce__(self):
        return (print, ("this line was printed by loading the file",))


torch.save(Surprise(), folder / "surprise.pkl")

try:
    torch.load(folder / "surprise.pkl")
except pickle.UnpicklingError:
    print("weights_only=True: refused")
torch.load(folder / "surprise.pkl", weights_only=False)
# sphinx_gallery_start_ignore
try:
    torch.load(folder / "surprise.pkl")
    surprise_refused = False
except pickle.UnpicklingError:
    surprise_refused = True
facts["surprise_refused"] = surprise_refused
# sphinx_gallery_end_ignore

# %% load_trusted_model
# A file you made yourself, or got from a source you trust, can be loaded whole by saying
# so. The model's classes must be importable where you load it.

net2 = torch.load(folder / "net.pkl", weights_only=False)
print(type(net2).__name__, torch.equal(net2(x), net1(x)))
# sphinx_gallery_start_ignore
facts["net2_type"] = type(net2).__name__
facts["net2_same_predictions"] = torch.equal(net2(x), net1(x))
# sphinx_gallery_end_ignore

# %% load_state_dict
# Loading a ``state_dict``: build the model, then fill it
# -------------------------------------------------------
# A ``state_dict`` of standard layers holds only tensors, so the safe default loads it. The model itself comes
# from code: ``net3`` starts with other random weights, and ``load_state_dict`` replaces
# them. It returns the missing and unexpected keys (with the default ``strict=True`` a
# mismatch raises instead), so here both lists are empty.

net3 = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
same_before = torch.equal(net3(x), net1(x))
print(same_before)
result = net3.load_state_dict(torch.load(folder / "net_params.pkl"))
print(result)
print(result.missing_keys, result.unexpected_keys)
print(torch.equal(net3(x), net1(x)))
# sphinx_gallery_start_ignore
facts["net3_same_before"] = same_before
facts["load_result"] = str(result)
facts["missing_keys"] = result.missing_keys
facts["net3_same_predictions"] = torch.equal(net3(x), net1(x))
facts["net3_shares_memory"] = net3[0].weight.data_ptr() == net1[0].weight.data_ptr()
# sphinx_gallery_end_ignore

# %% copies_values
# ``load_state_dict`` copies the values into ``net3``'s own tensors: changing ``net1``
# afterwards does not change ``net3``.

print(net3[0].weight.data_ptr() == net1[0].weight.data_ptr())

# %% parameters_compared
# Each parameter of a newly built model against the saved one in ``net_params.pkl``, before
# and after ``load_state_dict``: after loading, every point lies on the diagonal.


def flat(tensors):
    return torch.cat([t.detach().flatten() for t in tensors])


saved = flat(torch.load(folder / "net_params.pkl").values())
net4 = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
before = flat(net4.parameters())
net4.load_state_dict(torch.load(folder / "net_params.pkl"))
after = flat(net4.parameters())
# sphinx_gallery_start_ignore
assert torch.equal(after, saved) and not torch.equal(before, saved)
# sphinx_gallery_end_ignore

fig, axes = plt.subplots(1, 2, figsize=(7, 3.6), sharex=True, sharey=True)
for ax, values, title in [(axes[0], before, "net4"), (axes[1], after, "net4.load_state_dict(...)")]:
    ax.plot([-1, 1], [-1, 1], color="lightgrey")
    ax.scatter(saved, values, s=14)
    ax.set_title(title, fontfamily="monospace")
    ax.set_xlabel("net_params.pkl", fontfamily="monospace")
    ax.set_aspect("equal")
fig.tight_layout()
plt.show()

# %% mismatched_state_dict
# A ``state_dict`` that does not fit the model is an error that names the keys:

wider = nn.Sequential(nn.Linear(1, 20), nn.ReLU(), nn.Linear(20, 1))
try:
    wider.load_state_dict(torch.load(folder / "net_params.pkl"))
except RuntimeError as error:
    mismatch_error_type, mismatch_error = type(error).__name__, str(error)
    print(mismatch_error.splitlines()[0])
    print(mismatch_error.splitlines()[1].strip())
    # sphinx_gallery_start_ignore
    facts["mismatch_error_type"] = type(error)  # an exception class: the build knows it raised
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
facts["mismatch_first_line"] = mismatch_error.splitlines()[0]
# sphinx_gallery_end_ignore

workdir.cleanup()

# %%
# See also
# --------
# :doc:`/networks/saving` explains when to use which, and what changed since the note.
