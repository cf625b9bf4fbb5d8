import torch
from torch import nn


def save_and_reload(model, build, path):
    torch.save(model.state_dict(), path)
    fresh = build()
    fresh.load_state_dict(torch.load(path))
    return fresh


# -- check: run this after your own save_and_reload
import torch
from torch import nn


def check(fn):
    def build():
        return nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))

    torch.manual_seed(0)
    model, x = build(), torch.randn(4, 3)
    fresh = fn(model, build, "model_params.pt")
    assert type(fresh) is type(model) and fresh is not model, "return a newly built model"
    saved = torch.load("model_params.pt")  # the default, weights_only=True, must read the file
    assert list(saved) == list(model.state_dict()), "save the model's state_dict"
    print(", ".join(saved))
    same = torch.equal(fresh(x), model(x))
    assert same, "the reloaded model must predict what the saved one predicts"
    print(same)
    with torch.no_grad():
        model[0].weight.add_(1.0)  # change the original in place
    independent = not torch.equal(fresh[0].weight, model[0].weight)
    assert independent, "the reloaded model must hold its own copy of the values"
    print(independent)
    print("all checks passed")


check(save_and_reload)
