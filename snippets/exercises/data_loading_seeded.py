import torch
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.arange(10))


def seeded_loader(seed):
    generator = torch.Generator().manual_seed(seed)
    return DataLoader(
        dataset, batch_size=4, shuffle=True, generator=generator
    )


def epoch(loader):
    return [batch.tolist() for (batch,) in loader]


loader = seeded_loader(0)
first = epoch(loader)
second = epoch(loader)
print(first == second)
print(first == epoch(seeded_loader(0)))
print(sorted(i for batch in second for i in batch) == list(range(10)))
