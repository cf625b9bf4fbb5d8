import torch

x = torch.ones(4, 3)
y = torch.ones(4, 3)
print(tuple(torch.cat([x, y]).shape))
print(tuple(torch.stack([x, y], dim=1).shape))
print(tuple(x.sum(dim=0).shape))
print(tuple((x @ y.T).shape))
print(tuple((torch.ones(8, 4, 3) @ torch.ones(3, 5)).shape))
