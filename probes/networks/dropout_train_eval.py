"""nn.Dropout(p), in training mode, zeroes each element independently with probability p and scales the rest by 1 / (1 - p); in evaluation mode it returns its input unchanged."""

import torch
from torch import nn


def case_kept_scaled():
    """p = 0.3 on 100,000 ones: every element is 0 or 1 / 0.7, about 30% zeros"""
    out = nn.Dropout(0.3)(torch.ones(100_000))
    kept = out[out != 0]
    assert torch.allclose(kept, torch.full_like(kept, 1 / 0.7)), kept.unique()
    share = (out == 0).float().mean().item()
    assert abs(share - 0.3) < 0.01, f"{share:.3f} zeroed"


def case_each_element_independently():
    """p = 0.5 on 10 elements, 2,000 times: the number zeroed varies (not a fixed half)"""
    drop = nn.Dropout(0.5)
    counts = {int((drop(torch.ones(10)) == 0).sum()) for _ in range(2000)}
    assert set(range(2, 9)) <= counts, f"numbers zeroed: {sorted(counts)}"


def case_positions_independent():
    """p = 0.5 on a 2 × 1000 tensor: rows and columns are not zeroed together"""
    out = nn.Dropout(0.5)(torch.ones(2, 1000))
    same = (out[0] == out[1]).float().mean().item()
    assert 0.4 < same < 0.6, f"rows agree at {same:.2f} of the positions"


def case_p_zero_and_one():
    """p = 0 keeps everything; p = 1 zeroes everything, with no NaN or inf"""
    x = torch.randn(50)
    assert torch.equal(nn.Dropout(0.0)(x), x), "p = 0 changed the input"
    assert torch.equal(nn.Dropout(1.0)(x), torch.zeros(50)), nn.Dropout(1.0)(x)


def case_eval_mode():
    """model.eval(): the input comes back unchanged"""
    drop = nn.Dropout(0.5).eval()
    x = torch.randn(100)
    assert torch.equal(drop(x), x), "eval mode changed the input"


def case_grad_modes():
    """under no_grad and inference_mode, training mode still drops"""
    drop = nn.Dropout(0.5)
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            out = drop(torch.ones(1000))
        assert (out == 0).any() and (out == 2).any(), f"{mode.__name__}: {out.unique()}"


def case_half_precision_and_inplace():
    """a bfloat16 input, and inplace=True"""
    out = nn.Dropout(0.5)(torch.ones(1000, dtype=torch.bfloat16))
    assert out.dtype == torch.bfloat16 and set(out.unique().tolist()) == {0.0, 2.0}, out.unique()
    x = torch.ones(1000)
    nn.Dropout(0.5, inplace=True)(x)
    assert set(x.unique().tolist()) == {0.0, 2.0}, x.unique()


def case_empty():
    """an empty input"""
    assert nn.Dropout(0.5)(torch.empty(0, 3)).shape == (0, 3)
