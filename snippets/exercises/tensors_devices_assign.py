import torch

x = torch.arange(3)
x.to(torch.float32)
print(x.dtype)
x = x.to(torch.float32)
print(x.dtype)
print(x.device)
