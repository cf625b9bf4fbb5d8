import torch

x = torch.tensor(3.0, requires_grad=True)
(x * x.detach()).backward()
print(x.grad.item())
x.grad = None
(x * x).backward()
print(x.grad.item())
