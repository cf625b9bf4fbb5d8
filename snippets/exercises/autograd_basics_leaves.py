import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
with torch.no_grad():
    c = a * 2
d = c + a
print(b.is_leaf)
print(c.is_leaf)
print(c.requires_grad)
print(type(d.grad_fn).__name__)
d.sum().backward()
print(a.grad.tolist())
