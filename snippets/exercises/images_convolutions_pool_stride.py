import torch
from torch import nn

image = torch.arange(9.0).reshape(1, 1, 3, 3)
print(nn.MaxPool2d(2, stride=1)(image)[0, 0].tolist())
print(nn.MaxPool2d(2)(image)[0, 0].tolist())
