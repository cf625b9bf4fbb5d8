"""std(correction=0) divides by the number of elements, as NumPy's a.std() does (ddof=0), while PyTorch's default std divides by one less (correction=1)."""

import math

import numpy as np
import torch

VALUES = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]


def case_float64_and_float32():
    """the array of mean 5 and standard deviation 2, as float64 and float32: both give 2"""
    for dtype in (np.float64, np.float32):
        a = np.array(VALUES, dtype=dtype)
        got = torch.from_numpy(a).std(correction=0).item()
        assert math.isclose(got, float(a.std()), rel_tol=1e-6) and math.isclose(got, 2.0), got


def case_default_divides_by_one_less():
    """without correction=0, torch's std of the same values is sqrt(32 / 7), NumPy's ddof=1"""
    t = torch.tensor(VALUES, dtype=torch.float64)
    assert math.isclose(t.std().item(), math.sqrt(32 / 7)), t.std().item()
    assert math.isclose(t.std().item(), float(np.array(VALUES).std(ddof=1)))


def case_along_a_dimension():
    """a random 4 × 5 matrix, along dim 0 and dim 1, against NumPy's axis"""
    a = np.random.default_rng(0).normal(size=(4, 5))
    for dim in (0, 1):
        assert np.allclose(torch.from_numpy(a).std(dim=dim, correction=0).numpy(), a.std(axis=dim))


def case_one_element_and_non_contiguous():
    """one element: 0 like NumPy; a transposed matrix: the same as NumPy's"""
    assert torch.tensor([3.0]).std(correction=0).item() == 0.0 == float(np.array([3.0]).std())
    a = np.arange(12.0).reshape(3, 4).T
    assert math.isclose(torch.from_numpy(a).std(correction=0).item(), float(a.std()))


def case_complex():
    """complex values: the root of the mean squared distance from the mean, as NumPy gives it"""
    a = np.array([1 + 1j, 3 - 1j, 2j])
    assert math.isclose(torch.from_numpy(a).std(correction=0).item(), float(a.std()))
