import torch

y = torch.arange(12).view(3, 4)
rows = y[:2]
columns = y[:, :2]
print(rows.is_contiguous())
print(columns.is_contiguous())
print(rows.view(-1).tolist())
print(columns.reshape(-1).tolist())
try:
    columns.view(-1)
except RuntimeError as error:
    print(type(error).__name__)
