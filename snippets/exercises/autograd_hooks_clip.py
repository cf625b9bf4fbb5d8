import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda grad: grad.clamp(max=5))
(y**2).sum().backward()
print(x.grad.tolist())
