import torch

t = torch.zeros(3)
n = t.numpy()
t.add_(1)
t = t * 2
print(n.tolist())
print(t.tolist())
