"""x.cumsum(dim) keeps the shape of x, and along dim each element becomes the sum of itself and
the elements before it, so the last one along dim is the sum along dim (up to rounding for
general floats, which the two may add in another order)."""

import torch


def running_total(x, dim):
    """The definition, one slice at a time along dim."""
    slices = x.unbind(dim)
    totals = [sum(slices[: i + 1]) for i in range(len(slices))]
    return torch.stack(totals, dim)


def case_matches_the_definition():
    """floats and integers, every dimension of a 3-D tensor, negative dims too"""
    torch.manual_seed(0)
    for x in (torch.randn(3, 4, 5, dtype=torch.float64), torch.randint(-5, 5, (3, 4, 5))):
        for dim in (0, 1, 2, -1):
            result = x.cumsum(dim=dim)
            assert result.shape == x.shape, (dim, result.shape)
            assert torch.allclose(
                result.to(torch.float64), running_total(x, dim).to(torch.float64)
            ), dim


def case_last_is_the_sum():
    """the last element along dim equals sum(dim)"""
    x = torch.arange(24.0).view(2, 3, 4)
    for dim in range(3):
        assert torch.equal(x.cumsum(dim).select(dim, -1), x.sum(dim)), dim


def case_one_element():
    """a single element along dim is its own running total"""
    x = torch.tensor([[5.0]])
    assert torch.equal(x.cumsum(0), x) and torch.equal(x.cumsum(1), x)


def case_last_is_the_sum_up_to_rounding():
    """random float32 rows of 1000: the last running total equals sum() within rounding"""
    torch.manual_seed(0)
    x = torch.randn(4, 1000)
    assert torch.allclose(x.cumsum(1)[:, -1], x.sum(1), atol=1e-4)
