import math

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x = torch.linspace(-1, 1, 100).unsqueeze(1)
y = 2 * x + 1 + 0.1 * torch.randn(x.shape)
loss_fn = nn.MSELoss()


def train(lr, epochs):
    loader = DataLoader(
        TensorDataset(x, y),
        batch_size=10,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    model = nn.Sequential(nn.Linear(1, 1))
    nn.init.normal_(model[0].weight, std=0.01)
    nn.init.zeros_(model[0].bias)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(epochs):
        for batch_x, batch_y in loader:
            loss = loss_fn(model(batch_x), batch_y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    with torch.no_grad():
        return loss_fn(model(x), y).item()


print(round(train(lr=0.01, epochs=20), 2))
print(round(train(lr=0.01, epochs=100), 2))
print(math.isfinite(train(lr=1.5, epochs=20)))
