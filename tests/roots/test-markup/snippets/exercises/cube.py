import torch

x = torch.tensor(2.0, requires_grad=True)
(x**3).backward()
print(x.grad.item())
print(x.grad)
