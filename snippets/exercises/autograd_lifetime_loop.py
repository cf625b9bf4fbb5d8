import torch

w = torch.tensor(1.0, requires_grad=True)
loss = (w * 2) ** 2
for _ in range(3):
    loss.backward(retain_graph=True)
print(w.grad.item())

w.grad = None
for _ in range(3):
    loss = (w * 2) ** 2
    loss.backward()
print(w.grad.item())
