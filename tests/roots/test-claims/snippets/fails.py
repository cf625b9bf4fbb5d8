import torch

torch.ones(1).backward(retain_variables=True)
