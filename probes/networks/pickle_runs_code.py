"""A pickle holds instructions for rebuilding an object, and those instructions may import and call any function Python can import; torch.load(weights_only=False) follows them, so it runs what the file says, while the default weights_only=True refuses such a file."""

import io
import pickle
import sys

import torch
from torch import nn

CALLS = []


def record(*args):
    """An importable function of this probe, so that a pickle can name it."""
    CALLS.append(args)
    return args


class Surprise:
    def __reduce__(self):
        return (record, ("loaded",))


class Evaluates:
    def __reduce__(self):
        return (eval, ("6 * 7",))


def case_reduce_calls_a_function():
    """pickle.loads of an object whose __reduce__ names a function: the function runs"""
    CALLS.clear()
    pickle.loads(pickle.dumps(Surprise()))
    assert CALLS == [("loaded",)], CALLS


def case_builtin_eval():
    """a pickle naming builtins.eval runs the expression it carries"""
    assert pickle.loads(pickle.dumps(Evaluates())) == 42


def case_hand_written_opcodes():
    """bytes written by hand, GLOBAL os.path join then REDUCE, with no object ever pickled"""
    data = b"cos.path\njoin\n(Va\nVb\ntR."
    assert pickle.loads(data).replace("\\", "/") == "a/b", pickle.loads(data)


def case_imports_a_module():
    """a pickle naming a function of a module not yet imported imports that module"""
    data = b"ccolorsys\nrgb_to_hsv\n(F1.0\nF0.0\nF0.0\ntR."
    sys.modules.pop("colorsys", None)
    result = pickle.loads(data)
    assert "colorsys" in sys.modules and result == (0.0, 1.0, 1.0), result


def case_torch_load_weights_only_false_runs_it():
    """torch.load(weights_only=False) of a file holding such an object calls the function"""
    CALLS.clear()
    buffer = io.BytesIO()
    torch.save({"model": Surprise()}, buffer)
    buffer.seek(0)
    torch.load(buffer, weights_only=False)
    assert CALLS == [("loaded",)], CALLS


def case_default_refuses_it():
    """the default torch.load of the same file refuses it, and the function does not run"""
    CALLS.clear()
    buffer = io.BytesIO()
    torch.save({"model": Surprise()}, buffer)
    buffer.seek(0)
    try:
        torch.load(buffer)
    except pickle.UnpicklingError:
        assert CALLS == [], CALLS
        return
    raise AssertionError("it loaded")


def case_whole_model_needs_weights_only_false():
    """a whole Sequential: refused by default, rebuilt with weights_only=False"""
    buffer = io.BytesIO()
    torch.save(nn.Sequential(nn.Linear(1, 2), nn.ReLU()), buffer)
    buffer.seek(0)
    try:
        torch.load(buffer)
    except pickle.UnpicklingError:
        buffer.seek(0)
        assert isinstance(torch.load(buffer, weights_only=False), nn.Sequential)
        return
    raise AssertionError("the default torch.load rebuilt the model")
