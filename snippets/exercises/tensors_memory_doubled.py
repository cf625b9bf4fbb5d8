import torch


def doubled(t):
    out = t
    out *= 2
    return out


def doubled_fixed(t):
    out = t.clone()
    out *= 2
    return out


x = torch.tensor([1, 2, 3])
doubled(x)
print(x.tolist())
x = torch.tensor([1, 2, 3])
print(doubled_fixed(x).tolist())
print(x.tolist())
