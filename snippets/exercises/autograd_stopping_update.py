import torch

w = torch.tensor(1.0, requires_grad=True)
(w**2).backward()
with torch.no_grad():
    w -= 0.25 * w.grad
print(w.item())
print(w.is_leaf)

v = torch.tensor(1.0, requires_grad=True)
(v**2).backward()
v = v - 0.25 * v.grad
print(v.item())
print(v.is_leaf)
