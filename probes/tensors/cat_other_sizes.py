"""torch.cat joins along one dimension: every other size must match; a 1-D empty tensor is the
exception, its shape ignored, though its dtype still counts for the result's dtype."""

import torch


def refused(*tensors, dim=0):
    try:
        torch.cat(tensors, dim=dim)
    except RuntimeError:
        return True
    return False


def case_rows_differ_along_dim_1():
    """2 × 3 and 3 × 3 joined along dimension 1"""
    assert refused(torch.ones(2, 3), torch.ones(3, 3), dim=1), "they were joined"


def case_columns_differ_along_dim_0():
    """2 × 3 and 2 × 4 joined along dimension 0"""
    assert refused(torch.ones(2, 3), torch.ones(2, 4)), "they were joined"


def case_three_dimensions():
    """2 × 3 × 4 and 2 × 5 × 4 joined along dimension 2"""
    assert refused(torch.ones(2, 3, 4), torch.ones(2, 5, 4), dim=2), "they were joined"


def case_numbers_of_dimensions_differ():
    """a 2 × 3 tensor and a 3-element vector (not empty)"""
    assert refused(torch.ones(2, 3), torch.ones(3)), "they were joined"


def case_zero_rows_joined():
    """a 0 × 3 tensor joined to a 2 × 3 one: its other sizes match, so it joins"""
    joined = torch.cat([torch.ones(2, 3), torch.ones(0, 3)])
    assert joined.shape == (2, 3), f"gave shape {tuple(joined.shape)}"


def case_empty_1d_skipped():
    """a 1-D empty tensor beside a 2 × 3 one is skipped, whatever its other sizes"""
    joined = torch.cat([torch.ones(2, 3), torch.empty(0)])
    assert joined.shape == (2, 3), f"gave shape {tuple(joined.shape)}"


def case_dtypes_promoted():
    """an int64 and a float32 tensor: sizes matter, dtypes are promoted"""
    joined = torch.cat([torch.ones(2, dtype=torch.int64), torch.ones(2)])
    assert joined.dtype == torch.float32, f"gave {joined.dtype}"


def case_empty_1d_dtype_counts():
    """a float32 torch.empty(0) beside int64 values, a float64 one beside float32: the result is promoted"""
    joined = torch.cat([torch.empty(0), torch.tensor([1, 2])])
    assert joined.dtype == torch.float32 and joined.tolist() == [1.0, 2.0], f"gave {joined}"
    wide = torch.cat([torch.ones(2, 3), torch.empty(0, dtype=torch.float64)])
    assert wide.dtype == torch.float64 and wide.shape == (2, 3), (
        f"gave {wide.dtype} {tuple(wide.shape)}"
    )
