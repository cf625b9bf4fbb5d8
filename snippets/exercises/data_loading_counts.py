import torch
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.arange(23))
loader = DataLoader(dataset, batch_size=5)
print(len(loader))
print([len(batch) for (batch,) in loader])
loader = DataLoader(dataset, batch_size=5, drop_last=True)
print(len(loader))
print(sum(len(batch) for (batch,) in loader))
