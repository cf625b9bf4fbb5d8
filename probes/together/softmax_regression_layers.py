"""Softmax regression in PyTorch's classes is nn.Linear(in, classes), which computes X W + b
with its weight stored as W transposed, followed by nn.CrossEntropyLoss, which takes logits
(raw scores), not probabilities: it applies log-softmax itself, so probabilities given as its
input are put through a softmax a second time. (Its targets may be class indices or class
probabilities.)"""

import torch
import torch.nn.functional as F
from torch import nn


def data(rows=8, seed=0):
    generator = torch.Generator().manual_seed(seed)
    return torch.randn(rows, 64, generator=generator), torch.randint(
        0, 10, (rows,), generator=generator
    )


def case_linear_is_softmax_regression():
    """nn.Linear(64, 10) given W.T and b: X @ W + b, for a batch, a batch of one and an empty batch"""
    generator = torch.Generator().manual_seed(1)
    W, b = torch.randn(64, 10, generator=generator), torch.randn(10, generator=generator)
    layer = nn.Linear(64, 10)
    assert layer.weight.shape == (10, 64), layer.weight.shape
    with torch.no_grad():
        layer.weight.copy_(W.T)
        layer.bias.copy_(b)
    for rows in (8, 1, 0):
        X, _ = data(rows)
        assert torch.allclose(layer(X), X @ W + b, atol=1e-5), rows


def case_takes_logits():
    """CrossEntropyLoss of logits: the mean of -log softmax at the label, in float32, float64 and bfloat16"""
    X, labels = data()
    for dtype in (torch.float32, torch.float64, torch.bfloat16):
        logits = (X[:, :10] * 3).to(dtype)
        by_hand = -torch.log_softmax(logits.double(), dim=1)[torch.arange(8), labels].mean()
        loss = nn.CrossEntropyLoss()(logits, labels)
        assert abs(loss.double() - by_hand) < 2e-2, f"{dtype}: {loss} != {by_hand}"
        assert torch.equal(loss, F.cross_entropy(logits, labels)), dtype


def case_probabilities_softmaxed_again():
    """given softmax probabilities instead: it computes -log softmax(probabilities), not -log probability"""
    X, labels = data()
    probabilities = torch.softmax(X[:, :10] * 3, dim=1)
    loss = nn.CrossEntropyLoss()(probabilities, labels)
    right = -torch.log(probabilities[torch.arange(8), labels]).mean()
    again = -torch.log_softmax(probabilities, dim=1)[torch.arange(8), labels].mean()
    assert torch.allclose(loss, again) and not torch.allclose(loss, right), (loss, right, again)


def case_single_sample_unbatched():
    """one sample without a batch dimension: logits of shape (10,), a 0-d label"""
    logits = torch.randn(10, generator=torch.Generator().manual_seed(2))
    loss = nn.CrossEntropyLoss()(logits, torch.tensor(3))
    assert torch.allclose(loss, -torch.log_softmax(logits, dim=0)[3]), loss


def case_probability_targets():
    """the targets, not the input, may be probabilities: soft labels of shape (8, 10)"""
    X, _ = data()
    logits = X[:, :10]
    targets = torch.softmax(torch.randn(8, 10, generator=torch.Generator().manual_seed(3)), dim=1)
    loss = nn.CrossEntropyLoss()(logits, targets)
    assert torch.allclose(loss, -(targets * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()), (
        loss
    )
