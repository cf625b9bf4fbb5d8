import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 2)
y = torch.randn(16, 1)


def distinct_hidden_gradients(net):
    nn.functional.mse_loss(net(x), y).backward()
    return len(torch.unique(net[0].weight.grad, dim=0))


same = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
for p in same.parameters():
    nn.init.constant_(p, 0.5)
print(distinct_hidden_gradients(same))

default = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
print(distinct_hidden_gradients(default))
