import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x = torch.linspace(-1, 1, 100).unsqueeze(1)
y = 2 * x + 1 + 0.1 * torch.randn(x.shape)

w_best = ((x - x.mean()) * (y - y.mean())).sum() / ((x - x.mean()) ** 2).sum()
b_best = y.mean() - w_best * x.mean()
print(round(w_best.item(), 2))
print(round(b_best.item(), 2))


def train(batch_size, steps):
    loader = DataLoader(
        TensorDataset(x, y),
        batch_size=batch_size,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    model = nn.Sequential(nn.Linear(1, 1))
    nn.init.normal_(model[0].weight, std=0.01)
    nn.init.zeros_(model[0].bias)
    loss_fn = nn.MSELoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps // len(loader)):
        for batch_x, batch_y in loader:
            loss = loss_fn(model(batch_x), batch_y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return model[0].weight.item(), model[0].bias.item()


for batch_size in [10, 100]:
    w, b = train(batch_size, steps=200)
    print(round(w, 2))
    print(round(b, 2))
    print(abs(w - w_best.item()) < 1e-3 and abs(b - b_best.item()) < 1e-3)
