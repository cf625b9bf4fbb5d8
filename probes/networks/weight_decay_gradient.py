"""The weight_decay=λ argument of torch.optim.SGD and Adam adds λw to the gradient of each parameter w it updates, biases included, which pulls the parameters towards 0 (a parameter without a gradient is skipped); AdamW instead shrinks each parameter directly, by lr · λ of itself, before its Adam step."""

import torch
from torch import nn

LR, DECAY = 0.1, 0.5


def step(make, w, grad, **options):
    """w after one step of a fresh optimizer made by make, with the given gradient."""
    p = nn.Parameter(w.clone())
    p.grad = grad.clone()
    make([p], lr=LR, **options).step()
    return p.detach()


def case_sgd_adds_lambda_w():
    """SGD, plain and with momentum: a step with weight decay is the step without it on g + λw"""
    w, g = torch.tensor([1.0, -2.0, 0.5]), torch.tensor([0.3, 0.1, -0.4])
    for options in ({}, {"momentum": 0.9}, {"momentum": 0.9, "nesterov": True}):
        decayed = step(torch.optim.SGD, w, g, weight_decay=DECAY, **options)
        assert torch.allclose(decayed, step(torch.optim.SGD, w, g + DECAY * w, **options)), options


def case_adam_adds_lambda_w():
    """Adam: a step with weight decay is the step without it on g + λw"""
    w, g = torch.tensor([1.0, -2.0, 0.5]), torch.tensor([0.3, 0.1, -0.4])
    decayed = step(torch.optim.Adam, w, g, weight_decay=DECAY)
    assert torch.allclose(decayed, step(torch.optim.Adam, w, g + DECAY * w)), f"{decayed}"


def case_adamw_shrinks_directly():
    """AdamW: w · (1 - lr · λ) followed by the plain Adam step, which is not Adam's decay"""
    w, g = torch.tensor([1.0, -2.0, 0.5]), torch.tensor([0.3, 0.1, -0.4])
    decayed = step(torch.optim.AdamW, w, g, weight_decay=DECAY)
    shrunk = w * (1 - LR * DECAY)
    assert torch.allclose(decayed, shrunk + (step(torch.optim.Adam, w, g) - w)), f"{decayed}"
    assert not torch.allclose(decayed, step(torch.optim.Adam, w, g, weight_decay=DECAY)), (
        "same as Adam"
    )


def case_pulls_towards_zero():
    """with a zero gradient, SGD, Adam and AdamW all move positive and negative values towards 0"""
    w = torch.tensor([2.0, -3.0, 0.25])
    for make in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
        after = step(make, w, torch.zeros(3), weight_decay=DECAY)
        assert (after.abs() < w.abs()).all(), f"{make.__name__}: {after}"


def case_biases_included():
    """SGD over nn.Linear's parameters decays the bias too, not only the weight"""
    layer = nn.Linear(2, 2)
    before = [p.detach().clone() for p in layer.parameters()]
    for p in layer.parameters():
        p.grad = torch.zeros_like(p)
    torch.optim.SGD(layer.parameters(), lr=LR, weight_decay=DECAY).step()
    for (name, p), old in zip(layer.named_parameters(), before, strict=True):
        assert torch.allclose(p.detach(), old * (1 - LR * DECAY)), f"{name} was not decayed"


def case_no_gradient_skipped():
    """a parameter whose .grad is None is not decayed by SGD, Adam or AdamW"""
    for make in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
        p = nn.Parameter(torch.tensor([1.0, -1.0]))
        make([p], lr=LR, weight_decay=DECAY).step()
        assert p.tolist() == [1.0, -1.0], f"{make.__name__} moved it to {p.tolist()}"


def case_foreach_loop_and_dtypes():
    """foreach and for-loop implementations agree, in float32 and float64"""
    for dtype in (torch.float32, torch.float64):
        w, g = torch.randn(5, dtype=dtype), torch.randn(5, dtype=dtype)
        for make in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
            loop = step(make, w, g, weight_decay=DECAY, foreach=False)
            fast = step(make, w, g, weight_decay=DECAY, foreach=True)
            assert torch.allclose(loop, fast), f"{make.__name__}, {dtype}"
