"""After model.eval(), dropout returns its input unchanged, and batch normalization normalizes with its running estimates where it keeps them (built with track_running_stats=False it keeps none and still uses the batch's statistics); eval() does not stop autograd: outputs still record a graph and backward() still fills the parameters' gradients."""

import torch
from torch import nn


def case_dropout_passes_input_through():
    """nn.Dropout with p 0.1, 0.5, 0.9 and 1.0, and a dropout nested in a Sequential"""
    torch.manual_seed(0)
    x = torch.randn(100)
    for p in (0.1, 0.5, 0.9, 1.0):
        assert torch.equal(nn.Dropout(p).eval()(x), x), f"p={p} changed the input in eval mode"
    model = nn.Sequential(nn.Identity(), nn.Sequential(nn.Dropout(0.5))).eval()
    assert torch.equal(model(x), x), "a nested dropout still dropped"


def case_batch_norm_uses_running_estimates():
    """BatchNorm1d after training steps: eval output = (x - running_mean) / sqrt(running_var + eps) * weight + bias"""
    torch.manual_seed(0)
    bn = nn.BatchNorm1d(3)
    for _ in range(3):
        bn(torch.randn(16, 3) * 2 + 1)
    bn.eval()
    x = torch.randn(5, 3)
    expected = (x - bn.running_mean) / torch.sqrt(bn.running_var + bn.eps) * bn.weight + bn.bias
    assert torch.allclose(bn(x), expected, atol=1e-6), "eval mode did not use the running estimates"


def case_batch_of_one_in_eval():
    """a batch of one sample, refused in training mode, is normalized in eval mode"""
    bn = nn.BatchNorm1d(2).eval()
    assert bn(torch.ones(1, 2)).shape == (1, 2)


def case_without_running_stats_uses_the_batch():
    """BatchNorm1d(track_running_stats=False) in eval mode still normalizes with the batch's statistics"""
    torch.manual_seed(0)
    bn = nn.BatchNorm1d(2, track_running_stats=False).eval()
    x = torch.randn(8, 2) * 3 + 1
    by_batch = (x - x.mean(0)) / torch.sqrt(x.var(0, unbiased=False) + bn.eps)
    assert bn.running_mean is None and torch.allclose(bn(x), by_batch, atol=1e-5), "not the batch's"


def case_autograd_still_records():
    """in eval mode the output has a grad_fn, and backward() fills each parameter's .grad"""
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Dropout(0.5), nn.Linear(4, 1))
    model.eval()
    out = model(torch.randn(5, 3))
    assert out.grad_fn is not None and out.requires_grad, "eval() stopped recording"
    out.sum().backward()
    assert all(p.grad is not None for p in model.parameters()), "a parameter got no gradient"
    assert all(p.requires_grad for p in model.parameters()), "eval() froze a parameter"


def case_eval_under_no_grad_and_bfloat16():
    """the same outputs under no_grad, and a bfloat16 batch norm in eval mode"""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5), nn.BatchNorm1d(3)).eval()
    x = torch.randn(4, 3)
    with torch.no_grad():
        untracked = model(x)
    assert torch.allclose(model(x), untracked), "other values under no_grad"
    bn = nn.BatchNorm1d(2).to(torch.bfloat16).eval()
    x = torch.randn(3, 2, dtype=torch.bfloat16)
    assert torch.allclose(bn(x).float(), x.float(), atol=0.02), (
        "the fresh estimates (0, 1) were not used"
    )
