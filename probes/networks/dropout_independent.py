"""nn.Dropout(p) in training mode zeroes each element independently with probability p, not a
fixed share of them, and multiplies the others by 1 / (1 - p), drawing a new mask on every
call; in evaluation mode it returns its input unchanged."""

import torch
from torch import nn


def zeros_per_row(p, rows, width):
    torch.manual_seed(0)
    out = nn.Dropout(p)(torch.ones(rows, width))
    return (out == 0).sum(dim=1)


def case_count_varies():
    """p=0.5 on 2000 rows of 10 units: the number zeroed per row varies, not always 5"""
    counts = zeros_per_row(0.5, 2000, 10)
    assert len(set(counts.tolist())) >= 5, f"counts {sorted(set(counts.tolist()))}"
    assert (counts == 0).any() or (counts >= 9).any(), "no row far from half"


def case_share_near_p():
    """p=0.5 and p=0.2 on 100000 elements: the share zeroed is near p"""
    for p in (0.5, 0.2):
        share = zeros_per_row(p, 1, 100_000).item() / 100_000
        assert abs(share - p) < 0.01, f"p={p}: share {share}"


def case_independent_pairs():
    """p=0.5: two neighbouring units are both zeroed about a quarter of the time"""
    torch.manual_seed(0)
    zero = nn.Dropout(0.5)(torch.ones(100_000, 2)) == 0
    both = (zero[:, 0] & zero[:, 1]).float().mean().item()
    assert abs(both - 0.25) < 0.01, f"both zeroed {both}"


def case_survivors_scaled():
    """p=0.5, 0.2 and 0.9: the kept elements of a tensor of ones are 1 / (1 - p)"""
    for p in (0.5, 0.2, 0.9):
        torch.manual_seed(0)
        out = nn.Dropout(p)(torch.ones(1000))
        kept = out[out != 0]
        assert torch.allclose(kept, torch.full_like(kept, 1 / (1 - p))), f"p={p}: {kept.unique()}"


def case_half_precision():
    """float16 and bfloat16 inputs: only 0 and 2 for p=0.5"""
    for dtype in (torch.float16, torch.bfloat16):
        torch.manual_seed(0)
        values = set(nn.Dropout(0.5)(torch.ones(1000, dtype=dtype)).unique().tolist())
        assert values == {0.0, 2.0}, f"{dtype}: {values}"


def case_ends_of_p():
    """p=0 keeps every element, p=1 zeroes every element"""
    x = torch.randn(50)
    assert torch.equal(nn.Dropout(0.0)(x), x), "p=0 changed the input"
    assert torch.equal(nn.Dropout(1.0)(x), torch.zeros(50)), "p=1 kept something"


def case_new_mask_each_call():
    """two calls in training mode on the same input, under torch.no_grad() and inference_mode"""
    layer = nn.Dropout(0.5)
    x = torch.ones(100)
    torch.manual_seed(0)
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert not torch.equal(layer(x), layer(x)), f"the same mask twice under {mode.__name__}"


def case_eval_identity():
    """evaluation mode: the input comes back unchanged, a batch of one and an empty one too"""
    layer = nn.Dropout(0.5).eval()
    for x in (torch.randn(4, 3), torch.randn(1, 3), torch.randn(0, 3)):
        assert torch.equal(layer(x), x), f"changed a {tuple(x.shape)} input"
