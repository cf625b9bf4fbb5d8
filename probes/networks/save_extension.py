"""torch.save writes the same format whatever the file's extension (a zip archive since 1.6), and
torch.load reads a file by its contents, not by its name."""

import pathlib
import zipfile

import torch
from torch import nn

NAMES = ("model.pt", "model.pth", "model.pkl", "model.bin", "model.txt", "model")


def case_same_archive_every_extension():
    """a state_dict saved under six names: each a zip archive with the same records"""
    state = nn.Linear(3, 2).state_dict()
    records = set()
    for name in NAMES:
        torch.save(state, name)
        assert zipfile.is_zipfile(name), f"{name} is not a zip archive"
        with zipfile.ZipFile(name) as archive:
            records.add(tuple(sorted(n.split("/", 1)[1] for n in archive.namelist())))
    assert len(records) == 1, f"the records differ: {records}"


def case_loads_whatever_the_name():
    """each file loads with weights_only=True to the same tensors"""
    state = nn.Linear(3, 2).state_dict()
    for name in NAMES:
        torch.save(state, name)
        loaded = torch.load(name, weights_only=True)
        assert all(torch.equal(loaded[k], state[k]) for k in state), f"{name} differs"


def case_renamed_file():
    """a file saved as .pt and renamed to .txt loads the same"""
    torch.save({"w": torch.arange(3)}, "a.pt")
    pathlib.Path("a.pt").rename("a.txt")
    assert torch.equal(torch.load("a.txt", weights_only=True)["w"], torch.arange(3)), "differs"


def case_same_bytes_but_the_folder():
    """.pt and .pkl: the archives differ at most in the name of their top folder"""
    torch.save({"w": torch.arange(3)}, "same.pt")
    torch.save({"w": torch.arange(3)}, "same.pkl")
    contents = []
    for name in ("same.pt", "same.pkl"):
        with zipfile.ZipFile(name) as archive:
            contents.append({n.split("/", 1)[1]: archive.read(n) for n in archive.namelist()})
    assert contents[0] == contents[1], "the records hold other bytes"
