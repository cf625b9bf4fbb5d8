import torch

torch.manual_seed(0)
A = torch.randn(5, 3)
B = torch.randn(5, 3)
try:
    A @ B
except RuntimeError as error:
    print(type(error).__name__)
print(tuple((A @ B.T).shape))
row_dots = (A * B).sum(dim=1)
print(tuple(row_dots.shape))
print(torch.allclose(row_dots, torch.diagonal(A @ B.T)))
