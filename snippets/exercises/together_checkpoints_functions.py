import torch


def save_checkpoint(path, model, optimizer, epoch, generator):
    torch.save(
        {
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "epoch": epoch,
            "torch_rng": torch.get_rng_state(),
            "loader_rng": generator.get_state(),
        },
        path,
    )


def load_checkpoint(path, model, optimizer, generator):
    checkpoint = torch.load(path, weights_only=True)
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    torch.set_rng_state(checkpoint["torch_rng"])
    generator.set_state(checkpoint["loader_rng"])
    return checkpoint["epoch"]


# -- check: run this after your own save_checkpoint and load_checkpoint
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def check(save_checkpoint, load_checkpoint):
    torch.manual_seed(0)
    data = TensorDataset(torch.randn(96, 5), torch.randint(0, 3, (96,)))

    def build():
        model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))
        optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
        generator = torch.Generator().manual_seed(0)
        return model, optimizer, generator

    def train(model, optimizer, generator, epochs):
        loader = DataLoader(data, batch_size=32, shuffle=True, generator=generator)
        for _ in range(epochs):
            for x, y in loader:
                loss = nn.functional.cross_entropy(model(x), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()

    torch.manual_seed(1)
    straight = build()
    train(*straight, 4)

    torch.manual_seed(1)
    first = build()
    train(*first, 2)
    save_checkpoint("check.pt", *first[:2], 2, first[2])
    saved = torch.load("check.pt", weights_only=True)  # the default must read it too
    print(type(saved).__name__)

    torch.manual_seed(99)  # a new process: other random states
    second = build()
    epoch = load_checkpoint("check.pt", *second)
    assert epoch == 2, "load_checkpoint must return the saved epoch"
    print(epoch)
    train(*second, 4 - epoch)
    same = all(
        torch.equal(a, b) for a, b in zip(second[0].parameters(), straight[0].parameters())
    )
    assert same, "2 epochs + resume + 2 epochs must end with the parameters of 4 epochs"
    print(same)
    print("all checks passed")


check(save_checkpoint, load_checkpoint)
