import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 16)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(torch.relu(self.hidden(x)))


def count_parameters(model, trainable_only=False):
    params = model.parameters()
    if trainable_only:
        params = (p for p in params if p.requires_grad)
    return sum(p.numel() for p in params)


# -- check: run this after your own Classifier and count_parameters
import torch
from torch import nn


def check(model_class, count):
    model = model_class()
    assert isinstance(model, nn.Module), "Classifier must subclass nn.Module"
    assert model(torch.randn(2, 20)).shape == (2, 4), "20 features in, 4 scores out"
    keys = list(model.state_dict())
    assert keys == ["hidden.weight", "hidden.bias", "head.weight", "head.bias"], keys
    total = count(model)
    assert total == sum(p.numel() for p in model.parameters()), total
    model.hidden.requires_grad_(False)
    trainable = count(model, trainable_only=True)
    assert trainable == model.head.weight.numel() + model.head.bias.numel(), trainable
    print(", ".join(keys))
    print(total)
    print(trainable)
    print("all checks passed")


check(Classifier, count_parameters)
