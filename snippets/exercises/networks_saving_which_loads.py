import torch
from torch import nn

model = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
torch.save(model.state_dict(), "params.pt")
torch.save(
    {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "epoch": 3,
    },
    "checkpoint.pt",
)
torch.save(model, "model.pt")

for name in ["params.pt", "checkpoint.pt", "model.pt"]:
    try:
        torch.load(name)
        print("loads")
    except Exception as error:
        print(type(error).__name__)
print(type(torch.load("model.pt", weights_only=False)).__name__)
