import torch

a = torch.ones(3, device="meta")
b = torch.ones(3)
print(a.device)
print(tuple(a.shape))
try:
    a + b
except RuntimeError as error:
    print(type(error).__name__)
print((a + b.to(a.device)).device)
