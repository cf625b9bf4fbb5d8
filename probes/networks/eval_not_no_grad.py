"""model.eval() and torch.no_grad() do different things: eval() changes how layers such as
dropout and batch norm compute, but autograd still records (the output requires gradients and
has a grad_fn); no_grad() (or inference_mode()) stops the recording but leaves the layers in
training mode, where dropout still drops and batch norm still updates its running estimates.
Evaluating needs both, and the model stays in evaluation mode until train() is called."""

import torch
from torch import nn


def model():
    torch.manual_seed(0)
    return nn.Sequential(
        nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2)
    )


def batch(rows=16):
    return torch.randn(rows, 4, generator=torch.Generator().manual_seed(1))


def case_eval_still_records():
    """eval() alone: the output requires gradients and has a grad_fn; backward() fills .grad"""
    net = model().eval()
    out = net(batch())
    assert out.requires_grad and out.grad_fn is not None, "no graph in evaluation mode"
    out.sum().backward()
    assert net[0].weight.grad is not None, "no gradient"


def case_eval_single_sample():
    """eval() alone, a batch of one sample: batch norm accepts it, the graph is still recorded"""
    out = model().eval()(batch(1))
    assert out.shape == (1, 2) and out.grad_fn is not None, out


def case_no_grad_keeps_training_mode():
    """no_grad() and inference_mode() alone: two calls differ (dropout) and the running mean moves"""
    for mode in (torch.no_grad, torch.inference_mode):
        net = model()
        running = net[1].running_mean.clone()
        with mode():
            first, second = net(batch()), net(batch())
        assert not torch.equal(first, second), f"{mode.__name__}: dropout did not drop"
        assert not torch.equal(net[1].running_mean, running), f"{mode.__name__}: running mean kept"
        assert first.grad_fn is None, f"{mode.__name__}: recorded"


def case_both():
    """eval() and no_grad(): the same output twice, no graph, running estimates untouched"""
    net = model().eval()
    running = net[1].running_mean.clone()
    with torch.no_grad():
        first, second = net(batch()), net(batch())
    assert torch.equal(first, second) and first.grad_fn is None, "not deterministic or recorded"
    assert torch.equal(net[1].running_mean, running), "the running mean moved"


def case_mode_persists():
    """after eval(), leaving no_grad() does not restore training mode; train() does"""
    net = model().eval()
    with torch.no_grad():
        net(batch())
    assert not net.training and not net[3].training, "back in training mode by itself"
    net.train()
    assert all(m.training for m in net.modules()), "train() missed a layer"
