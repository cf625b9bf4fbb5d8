import torch

x = torch.tensor(1.0, requires_grad=True)
x.register_hook(lambda grad: grad * 2)
x.register_hook(lambda grad: grad + 1)
(x * 3).backward()
print(x.grad.item())

x = torch.tensor(1.0, requires_grad=True)
x.register_hook(lambda grad: grad + 1)
x.register_hook(lambda grad: grad * 2)
(x * 3).backward()
print(x.grad.item())
