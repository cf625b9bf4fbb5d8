import torch

column = torch.tensor([[1], [2], [3]])
row = torch.arange(1, 5)
table = column * row
print(table)
print(tuple(table.shape))
print(table[2, 3].item())
