"""torch.accelerator asks about any kind of accelerator: is_available() says whether one can be used now, and current_accelerator() names the kind the build was made for."""

import unittest

import torch

DOC = "https://docs.pytorch.org/docs/stable/accelerator.html"


def case_the_functions_exist():
    """torch.accelerator.is_available, current_accelerator and device_count"""
    for name in ("is_available", "current_accelerator", "device_count"):
        assert callable(getattr(torch.accelerator, name, None)), f"no torch.accelerator.{name}"


def case_answer_matches_the_backends():
    """is_available() is True exactly when CUDA, MPS or XPU can be used now"""
    backends = torch.cuda.is_available() or torch.backends.mps.is_available()
    xpu = getattr(torch, "xpu", None)
    backends = backends or bool(xpu is not None and xpu.is_available())
    assert torch.accelerator.is_available() == backends, (
        f"is_available() is {torch.accelerator.is_available()}, the backends say {backends}"
    )


def case_is_available_answers():
    """is_available() answers True or False, on a CUDA build without a driver too (device_count()
    raised there on 2.7: the sentence names only is_available and current_accelerator)"""
    answer = torch.accelerator.is_available()
    assert isinstance(answer, bool), f"it returned {answer!r}"


def case_cuda_build_names_cuda():
    """a CUDA build, with or without a GPU: current_accelerator() names cuda, or raises without a GPU"""
    if torch.version.cuda is None:
        raise unittest.SkipTest(f"not a CUDA build; documented at {DOC}")
    try:
        named = torch.accelerator.current_accelerator()
    except RuntimeError:
        assert not torch.cuda.is_available(), "it raised with a GPU there"
        return
    assert named is not None and named.type == "cuda", f"it named {named}"


def case_available_accelerator_is_named():
    """on a machine with a usable accelerator: current_accelerator() names its kind"""
    if not torch.accelerator.is_available():
        raise unittest.SkipTest(f"no accelerator; documented at {DOC}")
    named = torch.accelerator.current_accelerator()
    assert named is not None, "it named none"
    expected = (
        "cuda"
        if torch.cuda.is_available()
        else "mps"
        if torch.backends.mps.is_available()
        else named.type
    )
    assert named.type == expected, f"it named {named}, the machine has {expected}"
