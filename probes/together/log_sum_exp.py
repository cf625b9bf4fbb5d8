"""Subtracting the largest logit m before exp() (the log-sum-exp trick) keeps exp() from
overflowing: every exp(o - m) is at most 1, so log sum exp(o) = m + log sum exp(o - m) and the
softmax stay finite for large logits, where the naive formulas give inf and nan; torch.logsumexp,
F.softmax and F.cross_entropy compute it that way. Only a loss too large for the dtype itself is
not finite."""

import torch
import torch.nn.functional as F

DTYPES = (torch.float32, torch.float64, torch.bfloat16, torch.float16)


def by_hand(logits):
    m = logits.max(dim=-1, keepdim=True).values
    return m.squeeze(-1) + torch.log(torch.exp(logits - m).sum(dim=-1))


def case_naive_overflows():
    """logits near 1000 in float32: exp gives inf, the naive softmax nan"""
    logits = torch.tensor([[1000.0, 999.0, 990.0]])
    naive = torch.exp(logits) / torch.exp(logits).sum(dim=1, keepdim=True)
    assert torch.isinf(torch.exp(logits)).all() and torch.isnan(naive).all(), naive


def case_shifted_at_most_one():
    """exp(o - m) for logits 1000, -1000 and 1e30: at most 1, the largest exactly 1"""
    for row in ([1000.0, 999.0, 990.0], [-1000.0, -1001.0, -1010.0], [1e30, 0.0, -1e30]):
        logits = torch.tensor(row)
        shifted = torch.exp(logits - logits.max())
        assert shifted.max() == 1 and (shifted <= 1).all(), f"{row}: {shifted}"


def case_logsumexp_finite_and_equal():
    """torch.logsumexp of large and of very negative logits, in four dtypes: finite, equal to the trick by hand"""
    for dtype in DTYPES:
        for row in ([1000.0, 999.0, 990.0], [-1000.0, -1001.0, -1010.0]):
            logits = torch.tensor([row], dtype=dtype)
            got = torch.logsumexp(logits, dim=1)
            assert torch.isfinite(got).all(), f"{dtype} {row}: {got}"
            assert torch.allclose(got.double(), by_hand(logits.double()), rtol=1e-2), (
                f"{dtype}: {got}"
            )


def case_softmax_and_cross_entropy_finite():
    """F.softmax and F.cross_entropy of [1000, 999, 990], label 0, in four dtypes: finite, equal to the trick"""
    for dtype in DTYPES:
        logits = torch.tensor([[1000.0, 999.0, 990.0]], dtype=dtype)
        probabilities = F.softmax(logits, dim=1)
        assert torch.isfinite(probabilities).all(), f"{dtype}: {probabilities}"
        loss = F.cross_entropy(logits, torch.tensor([0]))
        expected = (-(logits.double()[0, 0]) + by_hand(logits.double())).squeeze()
        assert torch.isfinite(loss) and abs(loss.double() - expected) < 1e-2, f"{dtype}: {loss}"


def case_masked_class():
    """a logit of -inf for a class other than the label: the loss is still finite"""
    loss = F.cross_entropy(torch.tensor([[1000.0, float("-inf"), 999.0]]), torch.tensor([0]))
    assert torch.isfinite(loss), loss


def case_loss_too_large_for_float16():
    """float16 logits 60000 and -60000, label 1: the loss, 120000, is beyond float16, so inf"""
    loss = F.cross_entropy(
        torch.tensor([[60000.0, -60000.0]], dtype=torch.float16), torch.tensor([1])
    )
    assert torch.isinf(loss), loss
