"""DataLoader, nn.Linear, nn.MSELoss and optim.SGD do the work of the from-scratch pieces of
together/scratch: a shuffled loader deals out every example once per epoch, nn.Linear(2, 1)
computes X w + b with a weight and a bias that are leaves requiring gradients, nn.MSELoss is the
mean of the squared errors without the 1/2 (so its gradients are twice as large), and
optim.SGD steps against the gradient under no_grad and clears it; half the learning rate then
takes the same steps as the from-scratch sgd on full batches, up to rounding, but not on a
shorter last batch, which the from-scratch sgd still divides by batch_size."""

import functools
import operator

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def squared_loss(y_hat, y):
    """The page's loss."""
    return (y_hat - y.reshape(y_hat.shape)) ** 2 / 2


def sgd(params, lr, batch_size):
    """The page's update."""
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad / batch_size
            param.grad.zero_()


def data(n=30, seed=0):
    generator = torch.Generator().manual_seed(seed)
    return torch.randn(n, 2, generator=generator), torch.randn(n, 1, generator=generator)


def case_loader_every_example_once():
    """DataLoader(shuffle=True) on 25 examples in batches of 10: sizes 10, 10, 5, each example once, a new order each epoch"""
    features = torch.arange(25.0).reshape(25, 1)
    loader = DataLoader(
        TensorDataset(features, torch.arange(25)),
        batch_size=10,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    epochs = [[y.tolist() for _, y in loader] for _ in range(2)]
    for batches in epochs:
        assert [len(b) for b in batches] == [10, 10, 5], [len(b) for b in batches]
        assert sorted(functools.reduce(operator.iadd, batches, [])) == list(range(25)), (
            "not every example once"
        )
    assert functools.reduce(operator.iadd, epochs[0], []) != functools.reduce(
        operator.iadd, epochs[1], []
    ), "the same order in both epochs"


def case_linear_is_xw_plus_b():
    """nn.Linear(2, 1) on a batch, a batch of one and an empty batch: X @ weight.T + bias"""
    torch.manual_seed(0)
    layer = nn.Linear(2, 1)
    for rows in (10, 1, 0):
        X = torch.randn(rows, 2)
        expected = X @ layer.weight.T + layer.bias
        assert torch.allclose(layer(X), expected), f"{rows} rows: {layer(X)} != {expected}"


def case_linear_parameters_leaves():
    """nn.Linear(2, 1) built normally, under no_grad, under inference_mode and on the meta device"""
    for mode in (torch.enable_grad, torch.no_grad, torch.inference_mode):
        with mode():
            layer = nn.Linear(2, 1)
        for name, p in layer.named_parameters():
            assert p.is_leaf and p.requires_grad, (
                f"{mode.__name__}: {name} leaf {p.is_leaf}, requires_grad {p.requires_grad}"
            )
    meta = nn.Linear(2, 1, device="meta")
    assert all(p.is_leaf and p.requires_grad for p in meta.parameters()), "meta"


def case_mse_without_half():
    """nn.MSELoss() is the mean of the squared errors, twice the mean of squared_loss, in float32 and float64"""
    for dtype in (torch.float32, torch.float64):
        y_hat, y = data(seed=1)[1].to(dtype), data(seed=2)[1].to(dtype)
        assert torch.allclose(nn.MSELoss()(y_hat, y), ((y_hat - y) ** 2).mean()), dtype
        assert torch.allclose(nn.MSELoss()(y_hat, y), 2 * squared_loss(y_hat, y).mean()), dtype


def gradients(rows, lr_scratch=0.03):
    """One step each way from the same parameters on the first `rows` examples, batch_size 10."""
    X, y = data()
    X, y = X[:rows], y[:rows]
    torch.manual_seed(1)
    w = torch.randn(2, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    layer = nn.Linear(2, 1)
    with torch.no_grad():
        layer.weight.copy_(w.T)
        layer.bias.copy_(b)
    squared_loss(X @ w + b, y).sum().backward()
    sgd([w, b], lr_scratch, 10)
    optimizer = torch.optim.SGD(layer.parameters(), lr=lr_scratch / 2)
    optimizer.zero_grad()
    nn.MSELoss()(layer(X), y).backward()
    optimizer.step()
    return (w.detach().T, b.detach()), (layer.weight.detach(), layer.bias.detach())


def case_half_lr_same_step_full_batch():
    """a full batch of 10: lr / 2 with nn.MSELoss steps like lr with squared_loss, up to rounding"""
    scratch, concise = gradients(10)
    for a, b in zip(scratch, concise, strict=True):
        assert torch.allclose(a, b, atol=1e-7), f"{a} != {b}"


def case_short_last_batch_differs():
    """a last batch of 5 in batches of 10: sgd divides by 10, MSELoss by 5, so the steps differ"""
    scratch, concise = gradients(5)
    assert not torch.allclose(scratch[0], concise[0], atol=1e-6), "the same step"


def case_sgd_step_under_no_grad_and_clears():
    """optim.SGD: step() records no graph and keeps leaves; zero_grad() leaves .grad None"""
    layer = nn.Linear(2, 1)
    X, y = data(10)
    optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
    nn.MSELoss()(layer(X), y).backward()
    grads = [p.grad.clone() for p in layer.parameters()]
    before = [p.detach().clone() for p in layer.parameters()]
    optimizer.step()
    for p, g, old in zip(layer.parameters(), grads, before, strict=True):
        assert p.is_leaf and p.grad_fn is None, "the step recorded a node"
        assert torch.allclose(p.detach(), old - 0.1 * g), "not a step against the gradient"
    optimizer.zero_grad()
    assert all(p.grad is None for p in layer.parameters()), "zero_grad left gradients"
