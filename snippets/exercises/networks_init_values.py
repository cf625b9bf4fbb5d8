import torch
from torch import nn

layer = nn.Linear(2, 1)
given = torch.tensor([[2.0, -1.0]])
try:
    layer.weight.copy_(given)
except RuntimeError as error:
    print(type(error).__name__)
with torch.no_grad():
    layer.weight.copy_(given)
    layer.bias.fill_(0.5)
print(layer(torch.tensor([[1.0, 3.0]])).item())
print(layer.weight.is_leaf)
print(layer.weight.requires_grad)
