import torch
from torch import nn
from torch.nn import init


def init_weights(m):
    if isinstance(m, (nn.Linear, nn.Conv2d)):
        init.kaiming_normal_(m.weight, nonlinearity="relu")
        if m.bias is not None:
            init.zeros_(m.bias)


# -- check: run this after your own init_weights
import torch
from torch import nn


def check(fn):
    torch.manual_seed(0)
    net = nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1, bias=False),
        nn.ReLU(),
        nn.Flatten(),
        nn.LayerNorm(8 * 4 * 4),
        nn.Linear(8 * 4 * 4, 256),
        nn.ReLU(),
        nn.Linear(256, 10),
    )
    net.apply(fn)
    big = net[4]
    ratio = big.weight.std().item() / (2 / big.weight.shape[1]) ** 0.5
    assert 0.9 < ratio < 1.1, f"std of the weights is {ratio:.2f} times Kaiming's sqrt(2 / fan_in)"
    biases_zero = all(bool((m.bias == 0).all()) for m in (net[4], net[6]))
    assert biases_zero, "the biases of the linear layers must be zero"
    norm_untouched = bool((net[3].weight == 1).all() and (net[3].bias == 0).all())
    assert norm_untouched, "only Linear and Conv2d layers are to change"
    assert all(p.is_leaf and p.requires_grad for p in net.parameters())
    print(f"{ratio:.2f}")
    print(biases_zero)
    print(norm_untouched)
    print("all checks passed")


check(init_weights)
