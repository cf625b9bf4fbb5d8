import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
data = TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))


def run(dropout, epochs, model=None, optimizer=None, generator=None):
    if model is None:
        layers = [nn.Linear(4, 8), nn.ReLU()] + ([nn.Dropout(0.5)] if dropout else [])
        model = nn.Sequential(*layers, nn.Linear(8, 2))
        optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
        generator = torch.Generator().manual_seed(0)
    loader = DataLoader(data, batch_size=16, shuffle=True, generator=generator)
    for _ in range(epochs):
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return model, optimizer, generator


for dropout in [True, False]:
    torch.manual_seed(0)
    straight, _, _ = run(dropout, 4)
    torch.manual_seed(0)
    model, optimizer, generator = run(dropout, 2)
    checkpoint = {"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                  "loader_rng": generator.get_state()}  # no torch.get_rng_state()
    torch.manual_seed(1234)  # a new process: another state of the CPU's generator
    fresh = run(dropout, 0)
    fresh[0].load_state_dict(checkpoint["model"])
    fresh[1].load_state_dict(checkpoint["optimizer"])
    fresh[2].set_state(checkpoint["loader_rng"])
    resumed, _, _ = run(dropout, 2, *fresh)
    same = all(torch.equal(a, b) for a, b in zip(resumed.parameters(), straight.parameters()))
    print(same)
