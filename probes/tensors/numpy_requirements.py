"""numpy() refuses, among others, a tensor that is not on the CPU, one that requires gradients while gradients are recorded (not in torch.no_grad() or torch.inference_mode()), and one of a dtype NumPy lacks (bfloat16); .cpu(), detach() and .float() remove each obstacle, and numpy(force=True) detaches and moves to the CPU by itself."""

import unittest

import torch

NUMPY_DOC = "https://docs.pytorch.org/docs/stable/generated/torch.Tensor.numpy.html"


def refused(call):
    try:
        call()
    except (RuntimeError, TypeError):
        return True
    return False


def case_requires_grad_refused_while_recording():
    """a leaf, a result computed from it and a layer's weight, with gradients recorded"""
    leaf = torch.ones(3, requires_grad=True)
    for name, t in (("leaf", leaf), ("result", leaf * 2), ("weight", torch.nn.Linear(2, 2).weight)):
        assert refused(t.numpy), f"{name} converted"


def case_grad_off_converts():
    """inside no_grad, inference_mode and set_grad_enabled(False) the same leaf converts"""
    leaf = torch.ones(3, requires_grad=True)
    for mode in (torch.no_grad, torch.inference_mode, lambda: torch.set_grad_enabled(False)):
        with mode():
            assert leaf.numpy().tolist() == [1.0, 1.0, 1.0]


def case_detach_fixes_it():
    """leaf.detach().numpy() converts and shares the leaf's memory"""
    leaf = torch.zeros(3, requires_grad=True)
    a = leaf.detach().numpy()
    a[0] = 4
    assert leaf[0].item() == 4, "the array is not the leaf's memory"


def case_bfloat16_refused_float_fixes_it():
    """bfloat16 (1-d, 0-d, empty) is refused; .float() gives a float32 array"""
    for t in (
        torch.ones(3, dtype=torch.bfloat16),
        torch.tensor(1.5, dtype=torch.bfloat16),
        torch.zeros(0, dtype=torch.bfloat16),
    ):
        assert refused(t.numpy), f"bfloat16 of shape {tuple(t.shape)} converted"
        assert str(t.float().numpy().dtype) == "float32"


def case_not_on_the_cpu_refused():
    """a meta tensor is refused; so is a CUDA one, where there is a GPU"""
    assert refused(torch.ones(2, device="meta").numpy), "a meta tensor converted"
    if torch.cuda.is_available():
        assert refused(torch.ones(2, device="cuda").numpy), "a CUDA tensor converted"
        assert torch.ones(2, device="cuda").cpu().numpy().tolist() == [1.0, 1.0]


def case_more_refusals():
    """among the others: a lazily conjugated complex tensor and a sparse one"""
    assert refused(torch.ones(2, dtype=torch.complex64).conj().numpy), "a conj view converted"
    assert refused(torch.ones(2).to_sparse().numpy), "a sparse tensor converted"


def case_force_detaches():
    """numpy(force=True) of a tensor requiring grad, with gradients recorded: converts, sharing memory on the CPU"""
    leaf = torch.zeros(3, requires_grad=True)
    a = leaf.numpy(force=True)
    a[1] = 2
    assert leaf[1].item() == 2, "not the leaf's memory"


def case_force_leaves_bfloat16_refused():
    """numpy(force=True) of a bfloat16 tensor is still refused: it does not change the dtype"""
    assert refused(lambda: torch.ones(2, dtype=torch.bfloat16).numpy(force=True)), "it converted"


def case_force_moves_from_the_gpu():
    """numpy(force=True) of a CUDA tensor requiring grad: an array on the CPU"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {NUMPY_DOC}")
    t = torch.ones(2, device="cuda", requires_grad=True)
    assert t.numpy(force=True).tolist() == [1.0, 1.0]
