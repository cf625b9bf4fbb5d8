"""Plain gradient descent, torch.optim.SGD without momentum or weight decay, moves every parameter that has a gradient by minus the learning rate times that gradient, step after step; a parameter without a gradient stays where it is."""

import itertools

import torch
from torch import nn


def step(params, lr=0.1, **options):
    torch.optim.SGD(params, lr=lr, **options).step()


def case_one_step():
    """a weight and a bias after one backward pass: each moved by -lr · grad"""
    layer = nn.Linear(3, 1)
    layer(torch.randn(4, 3)).pow(2).sum().backward()
    before = [p.detach().clone() for p in layer.parameters()]
    step(layer.parameters())
    for old, p in zip(before, layer.parameters(), strict=True):
        assert torch.allclose(p, old - 0.1 * p.grad), "not moved by -lr · grad"


def case_repeated_steps_lower_loss():
    """ten steps on (w - 3)²: each lowers the loss"""
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(10):
        optimizer.zero_grad()
        loss = ((w - 3) ** 2).sum()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    assert all(b < a for a, b in itertools.pairwise(losses)), losses


def case_no_gradient_untouched():
    """a parameter the loss did not use (.grad None), and a frozen one: left alone"""
    used, unused = nn.Parameter(torch.ones(2)), nn.Parameter(torch.ones(2))
    frozen = nn.Parameter(torch.ones(2), requires_grad=False)
    (used * 2).sum().backward()
    step([used, unused, frozen])
    assert unused.grad is None and unused.tolist() == [1.0, 1.0] and frozen.tolist() == [1.0, 1.0]
    assert torch.allclose(used, torch.full((2,), 0.8)), used


def case_zero_gradient():
    """a gradient of zero: the parameter stays, since the step is 0"""
    w = nn.Parameter(torch.ones(2))
    (w * 0).sum().backward()
    step([w])
    assert w.tolist() == [1.0, 1.0], w


def case_foreach_and_loop():
    """the foreach and the per-parameter implementations give the same step"""
    results = []
    for foreach in (True, False):
        torch.manual_seed(0)
        layer = nn.Linear(3, 2)
        layer(torch.ones(1, 3)).sum().backward()
        step(layer.parameters(), foreach=foreach)
        results.append([p.detach().clone() for p in layer.parameters()])
    assert all(torch.equal(a, b) for a, b in zip(*results, strict=True)), "they differ"


def case_bfloat16_and_complex():
    """a bfloat16 parameter, and a complex one (against the gradient of |w|²)"""
    w = nn.Parameter(torch.tensor([1.0, -2.0], dtype=torch.bfloat16))
    (w * w).sum().backward()
    step([w], lr=0.25)
    assert w.tolist() == [0.5, -1.0], w
    z = nn.Parameter(torch.tensor([1 + 1j]))
    (z.abs() ** 2).sum().backward()
    step([z], lr=0.25)
    assert torch.allclose(z.detach(), torch.tensor([0.5 + 0.5j])), z


def case_sparse_gradient():
    """an Embedding with sparse gradients: only the looked-up rows move"""
    emb = nn.Embedding(4, 2, sparse=True)
    before = emb.weight.detach().clone()
    emb(torch.tensor([1])).sum().backward()
    step(emb.parameters(), lr=0.5)
    moved = (emb.weight.detach() != before).any(dim=1).tolist()
    assert moved == [False, True, False, False], moved
    assert torch.allclose(emb.weight[1], before[1] - 0.5), emb.weight[1]
