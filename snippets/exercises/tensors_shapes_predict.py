import torch

x = torch.arange(24)
print(tuple(x.view(4, -1).shape))
print(tuple(x.view(2, 3, 4)[0].shape))
print(tuple(x.view(2, 3, 4).unsqueeze(1).shape))
print(tuple(x.view(1, 24, 1).squeeze().shape))
