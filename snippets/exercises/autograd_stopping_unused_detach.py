import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 2
y.detach()
(y * x).backward()
print(x.grad.item())
x.grad = None
y = (x * 2).detach()
(y * x).backward()
print(x.grad.item())
