import torch

y = torch.arange(6).view(2, 3)
column = y[:, 1]
column += 10
print(y.tolist())
column = column + 100
print(y.tolist())
