"""torch.arange(start, end) counts like Python's range and stops before the end, with two differences: an end behind the start (torch.arange(3, 1)) raises where range is empty, and with floating-point arguments the count is (end - start) / step rounded up, so rounding can let the end in (torch.arange(1, 2.2, 0.4) ends with 2.2); torch.linspace, given the number of points, ends exactly at the end."""

import math

import torch


def case_integer_arguments_like_range():
    """(1, 3), (0, 10, 3), (-3, 2), (5, 0, -1) and an empty (3, 3)"""
    for args in ((1, 3), (0, 10, 3), (-3, 2), (5, 0, -1), (3, 3)):
        got = torch.arange(*args).tolist()
        assert got == list(range(*args)), f"arange{args} gave {got}"


def case_end_behind_the_start_raises():
    """(3, 1) and (0, 5, -1), empty as Python ranges: arange raises instead"""
    for args in ((3, 1), (0, 5, -1)):
        assert list(range(*args)) == [], args
        try:
            torch.arange(*args)
        except RuntimeError:
            continue
        raise AssertionError(f"arange{args} gave {torch.arange(*args).tolist()}")


def case_integer_arguments_other_dtypes():
    """(1, 3) as int32, uint8, float64 and bfloat16: still 1, 2"""
    for dtype in (torch.int32, torch.uint8, torch.float64, torch.bfloat16):
        got = torch.arange(1, 3, dtype=dtype).tolist()
        assert got == [1, 2], f"{dtype}: {got}"


def case_exact_float_step():
    """a step that binary floats hold exactly, (0, 1, 0.25): the end stays out"""
    assert torch.arange(0, 1, 0.25).tolist() == [0, 0.25, 0.5, 0.75], torch.arange(0, 1, 0.25)


def case_rounding_lets_the_end_in():
    """(1, 2.2, 0.4) in float32 and float64: four elements, the last one 2.2"""
    for dtype in (torch.float32, torch.float64):
        got = torch.arange(1, 2.2, 0.4, dtype=dtype)
        assert len(got) == 4 and math.isclose(got[-1].item(), 2.2, rel_tol=1e-6), (
            f"{dtype}: {got.tolist()}"
        )


def case_count_is_the_rounded_up_quotient():
    """for several float ranges the length is ceil((end - start) / step), computed in double"""
    for start, end, step in ((1, 2.2, 0.4), (0, 1, 0.1), (0.1, 3.1, 1), (-1, 1, 0.1), (0, 1, 0.25)):
        expected = math.ceil((end - start) / step)
        assert len(torch.arange(start, end, step)) == expected, f"({start}, {end}, {step})"


def case_meta_device():
    """the same lengths on the meta device, where no value is computed"""
    assert torch.arange(1, 3, device="meta").shape == (2,)
    assert torch.arange(1, 2.2, 0.4, device="meta").shape == (4,)


def case_linspace_ends_at_the_end():
    """torch.linspace(1, 2.2, 4) and (0, 1, 11): the given number of points, the last one the end"""
    for start, end, steps in ((1, 2.2, 4), (0, 1, 11)):
        got = torch.linspace(start, end, steps)
        assert len(got) == steps and got[-1].item() == torch.tensor(end).item(), got.tolist()
