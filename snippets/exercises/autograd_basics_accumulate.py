import torch

x = torch.tensor(2.0, requires_grad=True)
for _ in range(2):
    y = x**3
    y.backward()
    print(x.grad.item())
