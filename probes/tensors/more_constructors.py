"""torch.randn draws from the standard normal distribution and torch.normal(mean, std, size)
from the one given; torch.full(shape, value) fills the shape with the value and takes its dtype
from the value's type (a float gives the default float dtype, an int int64, a bool bool); the
*_like constructors (zeros_like, ones_like, full_like, rand_like, randn_like) copy the shape,
dtype and device of the tensor they are given, so full_like casts its value to that dtype and
rand_like and randn_like refuse an integer tensor unless given a floating dtype."""

import torch


def case_normal_draws():
    """200000 draws: mean and standard deviation within 0.01 of the ones asked for"""
    torch.manual_seed(0)
    standard = torch.randn(200_000, dtype=torch.float64)
    assert abs(standard.mean()) < 0.01 and abs(standard.std() - 1) < 0.01
    for mean, std in ((5.0, 0.1), (-2.0, 3.0)):
        drawn = torch.normal(mean, std, size=(200_000,), dtype=torch.float64)
        assert abs(drawn.mean() - mean) < 0.01 * max(std, 1) * 2, (mean, std)
        assert abs(drawn.std() - std) < 0.01 * std * 2, (mean, std)


def case_full_dtype_from_value():
    """float -> default float (also under float64 as default), int -> int64, bool -> bool"""
    assert torch.full((2, 3), 7.0).dtype == torch.get_default_dtype()
    assert torch.full((2,), 7).dtype == torch.int64
    assert torch.full((2,), True).dtype == torch.bool
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        assert torch.full((2,), 7.0).dtype == torch.float64
    finally:
        torch.set_default_dtype(previous)
    assert bool((torch.full((2, 3), 7.0) == 7).all())


def case_like_copies_shape_dtype_device():
    """each *_like constructor on int64, float64 and bool tensors of several shapes"""
    sources = [
        torch.arange(6).view(2, 3),
        torch.zeros(4, dtype=torch.float64),
        torch.ones(1, 2, 1, dtype=torch.bool),
    ]
    for source in sources:
        made = [torch.zeros_like(source), torch.ones_like(source), torch.full_like(source, 1)]
        if source.is_floating_point():
            made += [torch.rand_like(source), torch.randn_like(source)]
        for result in made:
            assert result.shape == source.shape and result.dtype == source.dtype, (
                source.dtype,
                result.dtype,
            )
            assert result.device == source.device


def case_like_keeps_dtype_over_value():
    """full_like(int64 tensor, 0.5) casts the value (zeros); rand_like/randn_like refuse integers"""
    ints = torch.tensor([1, 2, 3])
    filled = torch.full_like(ints, 0.5)
    assert filled.dtype == torch.int64 and filled.tolist() == [0, 0, 0]
    for make in (torch.rand_like, torch.randn_like):
        try:
            make(ints)
        except (RuntimeError, NotImplementedError):
            pass
        else:
            raise AssertionError(f"{make.__name__} accepted an integer tensor")
        assert make(ints, dtype=torch.float32).dtype == torch.float32
