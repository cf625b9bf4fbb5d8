import torch
from torch import nn


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(4, 8), nn.Linear(8, 3)]

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class Registered(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 8), nn.Linear(8, 3)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


print(tuple(Plain()(torch.ones(2, 4)).shape))
print(len(list(Plain().parameters())))
print(len(list(Registered().parameters())))
print(", ".join(Registered().state_dict()))
