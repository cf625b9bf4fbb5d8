import torch

print(torch.arange(5).dtype)
print((torch.arange(5) * 0.5).dtype)
print(torch.full((2,), 7).dtype)
print(torch.full((2,), 7.0).dtype)
