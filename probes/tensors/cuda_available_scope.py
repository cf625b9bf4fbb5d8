"""torch.cuda.is_available() answers for CUDA devices alone (and for AMD GPUs, which a ROCm build of PyTorch drives as cuda): it is False on a machine whose only accelerator is Apple's GPU (mps) or Intel's (xpu), and on a build without CUDA."""

import unittest

import torch

MPS_NOTES = "https://docs.pytorch.org/docs/stable/notes/mps.html"
HIP_NOTES = "https://docs.pytorch.org/docs/stable/notes/hip.html"
XPU_DOC = "https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html"


def case_answers_without_raising():
    """on this build and machine, whatever they have, it answers True or False"""
    assert isinstance(torch.cuda.is_available(), bool), torch.cuda.is_available()


def case_true_exactly_with_a_cuda_device():
    """it is True exactly when torch.cuda.device_count() counts a device"""
    assert torch.cuda.is_available() == (torch.cuda.device_count() > 0), (
        torch.cuda.is_available(),
        torch.cuda.device_count(),
    )


def case_build_without_cuda_or_rocm():
    """a build for neither CUDA nor ROCm (the CPU wheel, the macOS wheel): False"""
    if torch.version.cuda is not None or torch.version.hip is not None:
        raise unittest.SkipTest("this build has CUDA or ROCm; the case is for one without")
    assert not torch.cuda.is_available(), "a build without CUDA reported a CUDA device"


def case_mps_unseen():
    """on a machine with Apple's GPU: mps is available, torch.cuda.is_available() is False"""
    if not torch.backends.mps.is_available():
        raise unittest.SkipTest(f"no mps device; documented at {MPS_NOTES}")
    assert not torch.cuda.is_available(), "an Apple GPU counted as CUDA"


def case_xpu_unseen():
    """on a machine with an Intel GPU and no CUDA build: xpu is available, torch.cuda.is_available() is False"""
    xpu = getattr(torch, "xpu", None)
    if xpu is None or not xpu.is_available():
        raise unittest.SkipTest(f"no xpu device; documented at {XPU_DOC}")
    if torch.version.cuda is None and torch.version.hip is None:
        assert not torch.cuda.is_available(), "an Intel GPU counted as CUDA"


def case_rocm_counts_as_cuda():
    """a ROCm build on a machine with an AMD GPU: torch.cuda.is_available() is True"""
    if torch.version.hip is None or torch.cuda.device_count() == 0:
        raise unittest.SkipTest(f"no ROCm build with an AMD GPU; documented at {HIP_NOTES}")
    assert torch.cuda.is_available(), "an AMD GPU under ROCm was not reported"
