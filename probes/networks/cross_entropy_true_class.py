"""For class-index targets, nn.CrossEntropyLoss computes from logits the negative log of the softmax probability of the true class, for each sample, and by default averages it over the batch (and over any further dimensions); reduction, weight, ignore_index and label_smoothing change that only when given, and huge logits give no inf or nan."""

import torch
from torch import nn


def by_hand(logits, target):
    return -torch.log_softmax(logits, dim=-1).gather(-1, target.unsqueeze(-1)).squeeze(-1)


def case_one_sample():
    """one sample of 3 classes: -log softmax(logits)[true class]"""
    logits, target = torch.tensor([[2.0, 0.5, -1.0]]), torch.tensor([1])
    probability = torch.softmax(logits, dim=1)[0, 1]
    assert torch.isclose(nn.CrossEntropyLoss()(logits, target), -torch.log(probability)), "differs"


def case_batch_mean_by_default():
    """a batch of 6: the mean of the per-sample losses, which reduction='none' returns"""
    torch.manual_seed(0)
    logits, target = torch.randn(6, 4), torch.tensor([0, 3, 1, 1, 2, 0])
    each = nn.CrossEntropyLoss(reduction="none")(logits, target)
    assert torch.allclose(each, by_hand(logits, target)), "per-sample losses differ"
    assert torch.isclose(nn.CrossEntropyLoss()(logits, target), each.mean()), "not the mean"
    assert torch.isclose(nn.CrossEntropyLoss(reduction="sum")(logits, target), each.sum()), "sum"


def case_unbatched_and_batch_of_one():
    """logits of shape (C,) with a 0-d target, and a batch of one"""
    logits = torch.tensor([0.3, -0.2, 1.5])
    loss = nn.CrossEntropyLoss()(logits, torch.tensor(2))
    assert loss.shape == () and torch.isclose(loss, by_hand(logits, torch.tensor(2))), f"{loss}"
    assert torch.isclose(nn.CrossEntropyLoss()(logits[None], torch.tensor([2])), loss), (
        "batch of one"
    )


def case_further_dimensions():
    """logits (N, C, L) with targets (N, L): the mean over every position"""
    torch.manual_seed(0)
    logits, target = torch.randn(2, 3, 5), torch.randint(0, 3, (2, 5))
    each = by_hand(logits.transpose(1, 2), target)
    assert torch.isclose(nn.CrossEntropyLoss()(logits, target), each.mean()), "not the mean"


def case_huge_logits():
    """logits of 1000, 0 and -1000: finite, 1000 when the true class has logit 0, and 0 when it has logit 1000"""
    logits = torch.tensor([[1000.0, 0.0, -1000.0]])
    wrong = nn.CrossEntropyLoss()(logits, torch.tensor([1]))
    right = nn.CrossEntropyLoss()(logits, torch.tensor([0]))
    assert wrong.item() == 1000.0 and right.item() == 0.0, f"{wrong}, {right}"


def case_dtypes():
    """float64 and bfloat16 logits"""
    torch.manual_seed(0)
    logits, target = torch.randn(4, 3, dtype=torch.float64), torch.tensor([0, 1, 2, 1])
    assert torch.isclose(nn.CrossEntropyLoss()(logits, target), by_hand(logits, target).mean())
    half = nn.CrossEntropyLoss()(logits.bfloat16(), target).float()
    assert torch.isclose(half, by_hand(logits, target).mean().float(), atol=0.05), f"{half}"


def case_options_change_it_only_when_given():
    """weight makes a weighted mean, ignore_index drops a sample, label_smoothing mixes in the other classes"""
    torch.manual_seed(0)
    logits, target = torch.randn(4, 3), torch.tensor([0, 1, 2, 1])
    each = by_hand(logits, target)
    w = torch.tensor([1.0, 2.0, 3.0])
    weighted = nn.CrossEntropyLoss(weight=w)(logits, target)
    assert torch.isclose(weighted, (w[target] * each).sum() / w[target].sum()), "weight"
    ignored = nn.CrossEntropyLoss(ignore_index=2)(logits, target)
    assert torch.isclose(ignored, each[target != 2].mean()), "ignore_index"
    smoothed = nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target)
    assert not torch.isclose(smoothed, each.mean()), "label_smoothing changed nothing"
    assert torch.isclose(nn.CrossEntropyLoss(label_smoothing=0.0)(logits, target), each.mean())
