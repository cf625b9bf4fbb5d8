"""torch.mps.get_rng_state() and torch.mps.set_rng_state() exist on every supported release; where
MPS is available, the state is a uint8 tensor and setting it back repeats the draws."""

import unittest

import torch

MPS_DOC = "https://docs.pytorch.org/docs/stable/mps.html (torch.mps.get_rng_state, torch.mps.set_rng_state)"


def case_functions_exist():
    """both are callables of torch.mps, whether or not this machine has MPS"""
    assert callable(torch.mps.get_rng_state) and callable(torch.mps.set_rng_state)


def case_round_trip_where_available():
    """on a machine with MPS: save, draw, restore, draw again: the same numbers"""
    if not torch.backends.mps.is_available():
        raise unittest.SkipTest(f"no MPS device; documented at {MPS_DOC}")
    state = torch.mps.get_rng_state()
    assert state.dtype == torch.uint8
    first = torch.rand(5, device="mps")
    torch.mps.set_rng_state(state)
    assert torch.equal(first, torch.rand(5, device="mps"))
