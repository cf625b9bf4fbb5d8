import torch

x = torch.tensor(1.0, requires_grad=True)
calls = []
handle = x.register_hook(lambda grad: calls.append(grad.item()))
(x * 2).backward()
(x * 3).backward()
handle.remove()
(x * 4).backward()
print(calls)
print(x.grad.item())
