import torch

x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 0.0]], requires_grad=True)
x.max(dim=1).values.sum().backward()
print(x.grad.tolist())
