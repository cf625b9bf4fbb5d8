import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def fit(model, loader, loss_fn, optimizer, epochs, x, y):
    """Train for `epochs` epochs; return the loss on all of (x, y) after each epoch."""
    losses = []
    for _ in range(epochs):
        model.train()
        for batch_x, batch_y in loader:
            loss = loss_fn(model(batch_x), batch_y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            losses.append(loss_fn(model(x), y).item())
    return losses


# -- check: run this after your own fit
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def check(fit):
    torch.manual_seed(0)
    x = torch.linspace(-1, 1, 100).unsqueeze(1)
    y = 2 * x + 1 + 0.1 * torch.randn(x.shape)
    loader = DataLoader(
        TensorDataset(x, y),
        batch_size=10,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    # a model with dropout, so that the mode matters
    model = nn.Sequential(nn.Linear(1, 16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 1))
    calls = []  # (training mode?, recording gradients?) for every forward pass
    model.register_forward_pre_hook(
        lambda module, args: calls.append((module.training, torch.is_grad_enabled()))
    )
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = fit(model, loader, nn.MSELoss(), optimizer, 20, x, y)
    recorded = sum(1 for training, grad in calls if grad)
    not_recorded = sum(1 for training, grad in calls if not grad)

    assert len(losses) == 20, "one loss per epoch"
    assert all(isinstance(loss, float) for loss in losses), "losses as Python floats"
    assert all(training for training, grad in calls if grad), "train in training mode"
    assert not any(training for training, grad in calls if not grad), (
        "evaluate in evaluation mode, under torch.no_grad()"
    )
    model.eval()
    with torch.no_grad():
        assert nn.MSELoss()(model(x), y).item() == losses[-1], "the last loss is the model's"
    assert losses[-1] < losses[0] and losses[-1] < 0.1, "the loss goes down to near the noise"
    # Which elements dropout zeroes differs between releases, and so do the exact losses.
    print(len(losses))
    print(losses[-1] < losses[0])
    print(losses[-1] < 0.1)
    print(recorded)
    print(not_recorded)


check(fit)
