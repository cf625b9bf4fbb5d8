"""squeeze() without an argument removes every dimension of size 1, a batch dimension of one sample included; squeeze(dim) removes only that one, and leaves a dimension of another size alone."""

import torch


def case_mixed_shape():
    """(2, 1, 3, 1) becomes (2, 3)"""
    assert torch.zeros(2, 1, 3, 1).squeeze().shape == (2, 3), (
        torch.zeros(2, 1, 3, 1).squeeze().shape
    )


def case_batch_of_one():
    """a batch of one 3 x 8 x 8 image, (1, 3, 8, 8), loses its batch dimension"""
    assert torch.zeros(1, 3, 8, 8).squeeze().shape == (3, 8, 8), "the batch dimension stayed"


def case_batch_of_one_vector():
    """a batch of one score vector with one class, (1, 1), becomes a 0-d tensor"""
    assert torch.zeros(1, 1).squeeze().shape == (), torch.zeros(1, 1).squeeze().shape


def case_all_ones_and_zero_d():
    """(1, 1, 1) becomes 0-d; a 0-d tensor stays 0-d"""
    assert torch.zeros(1, 1, 1).squeeze().dim() == 0 and torch.tensor(3.0).squeeze().dim() == 0


def case_empty_dimension_kept():
    """(1, 0, 1) becomes (0,): a size of 0 is not a size of 1"""
    assert torch.zeros(1, 0, 1).squeeze().shape == (0,), torch.zeros(1, 0, 1).squeeze().shape


def case_non_contiguous():
    """a transposed (3, 1) tensor, (1, 3) with strides (1, 1), becomes (3,)"""
    assert torch.zeros(3, 1).t().squeeze().shape == (3,), "a dimension of size 1 stayed"


def case_named_dimension():
    """squeeze(0) of a batch of one keeps the other size-1 dimensions; squeeze(0) of size 2 does nothing"""
    assert torch.zeros(1, 3, 1).squeeze(0).shape == (3, 1), torch.zeros(1, 3, 1).squeeze(0).shape
    assert torch.zeros(2, 1).squeeze(0).shape == (2, 1), "a dimension of size 2 was touched"


def case_a_view():
    """squeeze() returns a view: a write through it reaches the original"""
    x = torch.zeros(1, 3)
    x.squeeze()[0] = 1
    assert x[0, 0].item() == 1, "the write did not reach the original"
