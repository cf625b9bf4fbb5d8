import torch
from torch import nn

layer = nn.Conv2d(1, 8, kernel_size=5, stride=2, padding=1)
print(tuple(layer(torch.zeros(1, 1, 28, 28)).shape))
print(sum(p.numel() for p in layer.parameters()))
