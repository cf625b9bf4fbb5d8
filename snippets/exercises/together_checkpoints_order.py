import torch
from torch.utils.data import DataLoader

generator = torch.Generator().manual_seed(0)
loader = DataLoader(range(8), batch_size=8, shuffle=True, generator=generator)
orders = [next(iter(loader)).tolist() for epoch in range(3)]

# resumed after 2 epochs with a generator seeded again instead of restored
reseeded = DataLoader(range(8), batch_size=8, shuffle=True,
                      generator=torch.Generator().manual_seed(0))
epoch_3 = next(iter(reseeded)).tolist()
print(orders[0])
print(orders[2])
print(epoch_3)
print(epoch_3 == orders[0])
print(epoch_3 == orders[2])
