"""MSELoss, L1Loss, HuberLoss, SmoothL1Loss, CrossEntropyLoss, BCEWithLogitsLoss and NLLLoss are
all modules of torch.nn, each giving one number (a 0-d tensor) by default and computing what
together/training's table says."""

import torch
from torch import nn

NAMES = (
    "MSELoss",
    "L1Loss",
    "HuberLoss",
    "SmoothL1Loss",
    "CrossEntropyLoss",
    "BCEWithLogitsLoss",
    "NLLLoss",
)


def case_all_in_torch_nn():
    """each name is a class of torch.nn derived from nn.Module"""
    for name in NAMES:
        cls = getattr(nn, name, None)
        assert isinstance(cls, type) and issubclass(cls, nn.Module), f"nn.{name}: {cls}"


def case_regression_losses():
    """MSE and L1 are the means of squared and absolute errors; Huber and SmoothL1 switch at 1"""
    prediction = torch.tensor([0.0, 0.5, 3.0, -4.0])
    target = torch.zeros(4)
    error = prediction - target
    assert torch.isclose(nn.MSELoss()(prediction, target), (error**2).mean())
    assert torch.isclose(nn.L1Loss()(prediction, target), error.abs().mean())
    pieces = torch.where(error.abs() < 1, 0.5 * error**2, error.abs() - 0.5)
    for loss in (nn.HuberLoss(), nn.SmoothL1Loss()):
        assert torch.isclose(loss(prediction, target), pieces.mean()), type(loss).__name__


def case_cross_entropy_includes_softmax():
    """CrossEntropyLoss on logits, with class indices and with class probabilities"""
    torch.manual_seed(0)
    logits, labels = torch.randn(5, 3), torch.tensor([0, 2, 1, 1, 0])
    by_hand = -torch.log_softmax(logits, dim=1)[torch.arange(5), labels].mean()
    assert torch.isclose(nn.CrossEntropyLoss()(logits, labels), by_hand), "indices"
    probabilities = torch.softmax(torch.randn(5, 3), dim=1)
    by_hand = -(probabilities * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
    assert torch.isclose(nn.CrossEntropyLoss()(logits, probabilities), by_hand), "probabilities"


def case_nll_takes_log_probabilities():
    """NLLLoss of log_softmax equals CrossEntropyLoss of the logits"""
    torch.manual_seed(0)
    logits, labels = torch.randn(4, 6), torch.tensor([5, 0, 3, 3])
    nll = nn.NLLLoss()(torch.log_softmax(logits, dim=1), labels)
    assert torch.isclose(nll, nn.CrossEntropyLoss()(logits, labels)), "they differ"


def case_bce_with_logits_includes_sigmoid():
    """BCEWithLogitsLoss of scores equals BCELoss of their sigmoid, for several labels each"""
    torch.manual_seed(0)
    scores, labels = torch.randn(4, 3), torch.randint(0, 2, (4, 3)).float()
    expected = nn.BCELoss()(torch.sigmoid(scores), labels)
    assert torch.isclose(nn.BCEWithLogitsLoss()(scores, labels), expected), "they differ"


def case_one_number_by_default():
    """each loss on a batch gives a 0-d tensor"""
    torch.manual_seed(0)
    x, y = torch.randn(4, 3), torch.randn(4, 3)
    labels = torch.tensor([0, 1, 2, 0])
    results = [
        nn.MSELoss()(x, y),
        nn.L1Loss()(x, y),
        nn.HuberLoss()(x, y),
        nn.SmoothL1Loss()(x, y),
        nn.CrossEntropyLoss()(x, labels),
        nn.BCEWithLogitsLoss()(x, torch.rand(4, 3)),
        nn.NLLLoss()(x, labels),
    ]
    assert all(r.shape == () for r in results), [tuple(r.shape) for r in results]
