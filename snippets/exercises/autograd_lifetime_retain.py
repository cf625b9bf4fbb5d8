import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 3
y.retain_grad()
z = y**2
z.backward()
print(y.grad.item())
print(x.grad.item())
print(z.grad)
