"""torch.save writes an object with Python's pickle: the pickle holds the object's structure, and the bytes of its tensors go beside it as separate records of the same zip archive (before 1.6, or with _use_new_zipfile_serialization=False, one stream of pickles with the bytes after them)."""

import io
import pickle
import pickletools
import zipfile

import torch
from torch import nn


def saved(value, **options):
    buffer = io.BytesIO()
    torch.save(value, buffer, **options)
    return buffer.getvalue()


def records(data):
    archive = zipfile.ZipFile(io.BytesIO(data))
    return {name.split("/", 1)[1]: archive.read(name) for name in archive.namelist()}


def opcodes(pickled):
    return [(op.name, arg) for op, arg, _ in pickletools.genops(pickled)]


def names(pickled):
    """The strings a pickle holds, a GLOBAL's 'module name' split in two."""
    return {word for _, arg in opcodes(pickled) if isinstance(arg, str) for word in arg.split(" ")}


def case_a_zip_with_a_pickle():
    """a dict of a tensor and a number: a zip archive whose data.pkl is a pickle"""
    files = records(saved({"w": torch.arange(1000.0), "n": 3}))
    ops = opcodes(files["data.pkl"])
    assert ops[0][0] == "PROTO" and ops[-1][0] == "STOP", ops[:2]
    assert {"torch._utils", "_rebuild_tensor_v2"} <= names(files["data.pkl"]), (
        "no call that rebuilds the tensor"
    )


def case_tensor_bytes_beside_the_pickle():
    """1000 float32 values: 4000 bytes in data/0, and a pickle much smaller than that"""
    files = records(saved({"w": torch.arange(1000.0)}))
    assert len(files["data/0"]) == 4000, len(files["data/0"])
    assert len(files["data.pkl"]) < 400, len(files["data.pkl"])
    assert any(op == "BINPERSID" for op, _ in opcodes(files["data.pkl"])), (
        "no reference to the record"
    )


def case_no_tensor_all_pickle():
    """an object without tensors (a dict of numbers and strings): the pickle alone, no data records"""
    files = records(saved({"epoch": 3, "name": "run"}))
    assert not any(name.startswith("data/") for name in files), list(files)


def case_model_pickled_by_class():
    """a whole model: the pickle names torch.nn's classes; the parameters' bytes are records"""
    files = records(saved(nn.Sequential(nn.Linear(2, 2))))
    strings = names(files["data.pkl"])
    assert {"torch.nn.modules.container", "Sequential", "Linear"} <= strings, sorted(strings)[:20]
    assert any(name.startswith("data/") for name in files), list(files)


def case_shared_storage_once():
    """two views of one tensor: one record for their shared storage"""
    base = torch.arange(10.0)
    files = records(saved({"a": base[:5], "b": base[5:]}))
    assert [n for n in files if n.startswith("data/")] == ["data/0"], list(files)


def case_legacy_format():
    """_use_new_zipfile_serialization=False: not a zip, a pickle stream that still loads"""
    data = saved({"w": torch.arange(3.0)}, _use_new_zipfile_serialization=False)
    assert not zipfile.is_zipfile(io.BytesIO(data))
    assert pickle.loads(data) == 0x1950A86A20F9469CFC6C, "no pickled magic number first"
    assert torch.equal(torch.load(io.BytesIO(data))["w"], torch.arange(3.0))
