import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for y in (x * 2, (x * 2)[1:2], (x * 2).sum()):
    try:
        y.backward()
        print(tuple(y.shape), "ok")
    except RuntimeError:
        print(tuple(y.shape), "RuntimeError")
print(x.grad.tolist())
