import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2
y.backward(torch.ones(3))
print(x.grad.tolist())
x.grad = None
y = x**2
y.backward(torch.tensor([0.0, 1.0, 0.0]))
print(x.grad.tolist())
