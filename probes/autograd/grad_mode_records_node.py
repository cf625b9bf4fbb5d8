"""While gradients are enabled, every differentiable operation on a tensor that requires gradients and returns a new tensor records a node in the result's grad_fn, named after that operation or a lower-level one PyTorch ran; torch.no_grad(), torch.inference_mode() and torch.set_grad_enabled(False) turn recording off."""

import threading
from typing import ClassVar

import torch
import torch.nn.functional as F


def leaf(*shape, dtype=torch.float32, device="cpu"):
    return torch.ones(*shape, dtype=dtype, device=device, requires_grad=True)


def name(t):
    return type(t.grad_fn).__name__ if t.grad_fn is not None else None


def case_arithmetic_and_reductions():
    """products, sums, differences, exp, sum, mean and max over all elements"""
    x = leaf(3)
    got = [name(r) for r in (x * 2, x + 1, x - 1, x.exp(), x.sum(), x.mean(), x.max())]
    expected = [
        "MulBackward0",
        "AddBackward0",
        "SubBackward0",
        "ExpBackward0",
        "SumBackward0",
        "MeanBackward0",
        "MaxBackward1",
    ]
    assert got == expected, f"recorded {got}"


def case_lower_level_operation():
    """reshape and F.linear record the operation PyTorch ran for them (view, addmm)"""
    x = leaf(2, 3)
    linear = F.linear(x, torch.ones(4, 3), torch.ones(4))
    assert name(x.reshape(3, 2)) == "ViewBackward0", f"reshape recorded {name(x.reshape(3, 2))}"
    assert name(linear) == "AddmmBackward0", f"F.linear recorded {name(linear)}"


def case_views_and_indexing():
    """views, a transposition and advanced indexing of a tracked tensor"""
    x = leaf(2, 3)
    results = (x[0], x.t(), x[:, 1:], x[..., 0], x[torch.tensor([1, 0])], x.expand(4, 2, 3))
    missing = [i for i, r in enumerate(results) if r.grad_fn is None]
    assert not missing, f"results {missing} have no grad_fn"


def case_dtypes():
    """float16, bfloat16, float64 and complex64 leaves"""
    for dtype in (torch.float16, torch.bfloat16, torch.float64, torch.complex64):
        assert name(leaf(2, dtype=dtype) * 2) == "MulBackward0", (
            f"{dtype}: {name(leaf(2, dtype=dtype) * 2)}"
        )


def case_empty_and_zero_dimensional():
    """a tensor with no elements and a 0-d tensor"""
    for x in (leaf(0), leaf(0, 3), torch.tensor(2.0, requires_grad=True)):
        assert (x * 2).grad_fn is not None and x.sum().grad_fn is not None, (
            f"shape {tuple(x.shape)}"
        )


def case_non_contiguous_input():
    """an operation on a transposed, non-contiguous view"""
    x = leaf(2, 3)
    t = x.t()
    assert not t.is_contiguous() and (t * 2).grad_fn is not None, "nothing recorded"


def case_meta_device():
    """tensors on the meta device, which have shapes but no data"""
    x = leaf(2, 3, device="meta")
    assert name(x * 2) == "MulBackward0" and name(x.sum()) == "SumBackward0", "nothing recorded"


def case_returns_its_input():
    """a call that returns its input itself makes no new tensor and records nothing"""
    x = leaf(3)
    same = (x.float(), x.to(torch.float32), x.contiguous(), x.cpu(), x.type_as(x))
    assert all(r is x for r in same), "a call made a new tensor"
    assert x.grad_fn is None, "a node was recorded"


def case_no_grad():
    """inside torch.no_grad()"""
    x = leaf(3)
    with torch.no_grad():
        results = (x * 2, x.sum(), x[0], F.linear(x, torch.ones(2, 3)))
    assert all(r.grad_fn is None for r in results), [name(r) for r in results]


def case_inference_mode():
    """inside torch.inference_mode()"""
    x = leaf(3)
    with torch.inference_mode():
        results = (x * 2, x.sum(), x.exp())
    assert all(r.grad_fn is None for r in results), [name(r) for r in results]


def case_set_grad_enabled_false():
    """inside torch.set_grad_enabled(False)"""
    x = leaf(3)
    with torch.set_grad_enabled(False):
        results = (x * 2, x.sum(), x.exp())
    assert all(r.grad_fn is None for r in results), [name(r) for r in results]


class Recorder(torch.autograd.Function):
    inner: ClassVar[dict] = {}

    @staticmethod
    def forward(ctx, a):
        Recorder.inner = {"enabled": torch.is_grad_enabled(), "grad_fn": (a * 2).grad_fn}
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


def case_custom_function_forward():
    """inside the forward of a custom autograd.Function gradients are off: nothing recorded there"""
    Recorder.apply(leaf(2))
    assert Recorder.inner == {"enabled": False, "grad_fn": None}, (
        f"inside forward: {Recorder.inner}"
    )


def case_enable_grad_inside_no_grad():
    """torch.enable_grad() inside torch.no_grad() turns recording on again"""
    x = leaf(3)
    with torch.no_grad(), torch.enable_grad():
        r = x * 2
    assert name(r) == "MulBackward0", f"recorded {name(r)}"


def case_other_thread():
    """grad mode belongs to a thread: a thread started inside torch.no_grad() has it enabled"""
    x, found = leaf(3), {}
    with torch.no_grad():
        worker = threading.Thread(target=lambda: found.update(r=x * 2))
        worker.start()
        worker.join()
    assert name(found["r"]) == "MulBackward0", f"recorded {name(found['r'])}"
