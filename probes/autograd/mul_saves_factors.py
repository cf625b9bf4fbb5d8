"""A product a * b saves its factors for the backward pass, because the gradient with respect to each factor is the other one (for real tensors); h * h saves h twice."""

import torch


def case_square():
    """h * h: both saved values are h"""
    h = torch.tensor([1.0, 2.0], requires_grad=True) * 2
    node = (h * h).grad_fn
    assert torch.equal(node._saved_self, h) and torch.equal(node._saved_other, h), "not both saved"


def case_gradients_are_the_other_factor():
    """a * b: the gradient with respect to a is b, and to b is a"""
    a = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    b = torch.tensor([3.0, 4.0, -1.0], requires_grad=True)
    ga, gb = torch.autograd.grad((a * b).sum(), (a, b))
    assert torch.equal(ga, b) and torch.equal(gb, a), f"{ga}, {gb}"


def case_dtypes_and_shapes():
    """float16, float64, a 0-d and an empty factor"""
    for h in (
        torch.ones(2, dtype=torch.float16),
        torch.ones(2, dtype=torch.float64),
        torch.tensor(3.0),
        torch.ones(0),
    ):
        h.requires_grad_()
        node = (h * h).grad_fn
        assert torch.equal(node._saved_self, h) and torch.equal(node._saved_other, h), f"{h.dtype}"


def case_broadcast_factors():
    """factors of shapes (3, 1) and (1, 4): each is saved as it is, the gradient summed back"""
    a, b = torch.randn(3, 1, requires_grad=True), torch.randn(1, 4, requires_grad=True)
    node = (a * b).grad_fn
    assert node._saved_self.shape == (3, 1) and node._saved_other.shape == (1, 4), "shapes changed"
    ga, gb = torch.autograd.grad((a * b).sum(), (a, b))
    assert torch.allclose(ga, b.sum().expand(3, 1)) and torch.allclose(gb, a.sum().expand(1, 4)), (
        "wrong"
    )


def case_one_factor_untracked():
    """h * c with c untracked: only the gradient for h is needed, so only c is saved"""
    h, c = torch.ones(2, requires_grad=True), torch.full((2,), 3.0)
    node = (h * c).grad_fn
    assert node._saved_self is None and torch.equal(node._saved_other, c), "saved more than needed"
