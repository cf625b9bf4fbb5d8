import torch

print(tuple((torch.ones(4, 1, 3) + torch.ones(2, 1)).shape))
print(tuple((torch.ones(2, 3) + torch.ones(3)).shape))
try:
    torch.ones(2, 3) + torch.ones(2)
except RuntimeError as error:
    print(type(error).__name__)
