import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x = torch.linspace(-1, 1, 100).unsqueeze(1)
y = 2 * x + 1 + 0.1 * torch.randn(x.shape)
loader = DataLoader(
    TensorDataset(x, y),
    batch_size=10,
    shuffle=True,
    generator=torch.Generator().manual_seed(0),
)
loss_fn = nn.MSELoss()


def fresh_model():
    model = nn.Sequential(nn.Linear(1, 1))
    nn.init.normal_(model[0].weight, std=0.01)
    nn.init.zeros_(model[0].bias)
    return model, torch.optim.SGD(model.parameters(), lr=0.1)


model, optimizer = fresh_model()
buggy = []
for epoch in range(20):
    for batch_x, batch_y in loader:
        loss = loss_fn(model(batch_x), batch_y)
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        buggy.append(loss_fn(model(x), y).item())

model, optimizer = fresh_model()
fixed = []
for epoch in range(20):
    for batch_x, batch_y in loader:
        loss = loss_fn(model(batch_x), batch_y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        fixed.append(loss_fn(model(x), y).item())

print(round(min(buggy[-10:]), 2))
print(round(max(buggy[-10:]), 2))
print(round(max(fixed[-10:]), 2))
