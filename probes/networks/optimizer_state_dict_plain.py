"""An optimiser's state_dict() is made of tensors and plain Python values (dicts, lists, tuples, strings, numbers, booleans and None), for every optimiser of torch.optim after a step, so the default torch.load (weights_only=True) reads it, alone or in a checkpoint dict."""

import inspect
import io

import torch
from torch import nn

PLAIN = (dict, list, tuple, str, int, float, bool, type(None), torch.Tensor)


def kinds(value, found):
    found.add(type(value))
    if isinstance(value, dict):
        for key, item in value.items():
            kinds(key, found)
            kinds(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            kinds(item, found)
    return found


def default_load(value):
    buffer = io.BytesIO()
    torch.save(value, buffer)
    buffer.seek(0)
    return torch.load(buffer)


def stepped(cls):
    """An optimiser of the class, after one step on a small model its rules accept."""
    torch.manual_seed(0)
    if cls.__name__ == "SparseAdam":
        model = nn.Embedding(5, 3, sparse=True)
        batch = lambda: model(torch.tensor([0, 2])).pow(2).sum()
    else:
        model = nn.Linear(3, 2, bias=cls.__name__ != "Muon")  # Muon takes 2-D parameters only
        batch = lambda: model(torch.ones(4, 3)).pow(2).sum()
    optimiser = cls(model.parameters(), lr=0.01)

    def closure():
        optimiser.zero_grad()
        loss = batch()
        loss.backward()
        return loss

    optimiser.step(closure)
    return optimiser


def optimisers():
    return [
        cls
        for cls in vars(torch.optim).values()
        if inspect.isclass(cls)
        and issubclass(cls, torch.optim.Optimizer)
        and cls is not torch.optim.Optimizer
    ]


def case_made_of_plain_values():
    """every optimiser of torch.optim after a step: only tensors and plain Python values"""
    for cls in optimisers():
        odd = [
            t.__name__ for t in kinds(stepped(cls).state_dict(), set()) if not issubclass(t, PLAIN)
        ]
        assert not odd, f"{cls.__name__}: {odd}"


def case_tuples_among_them():
    """Adam's betas are a tuple: the plain values include tuples"""
    groups = stepped(torch.optim.Adam).state_dict()["param_groups"]
    assert isinstance(groups[0]["betas"], tuple), type(groups[0]["betas"])


def case_default_load_reads_them():
    """each optimiser's state_dict() in a checkpoint dict with a model and an epoch: the default torch.load reads it"""
    for cls in optimisers():
        state = stepped(cls).state_dict()
        loaded = default_load(
            {"model": nn.Linear(2, 2).state_dict(), "optimizer": state, "epoch": 3}
        )
        assert loaded["optimizer"]["param_groups"] == state["param_groups"], cls.__name__


def case_tensor_learning_rate():
    """a learning rate given as a tensor: still read by the default torch.load"""
    model = nn.Linear(2, 2)
    optimiser = torch.optim.Adam(model.parameters(), lr=torch.tensor(0.01))
    loaded = default_load(optimiser.state_dict())
    assert torch.equal(loaded["param_groups"][0]["lr"], torch.tensor(0.01)), loaded["param_groups"]
