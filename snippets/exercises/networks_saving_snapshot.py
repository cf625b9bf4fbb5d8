import torch
from torch import nn

model = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
x = torch.linspace(-1, 1, 5).unsqueeze(1)
with torch.no_grad():
    before = model(x)

kept = model.state_dict()
torch.save(model.state_dict(), "params.pt")
with torch.no_grad():
    model[0].weight.mul_(2)

fresh = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
fresh.load_state_dict(torch.load("params.pt"))
with torch.no_grad():
    print(torch.equal(fresh(x), before))
print(torch.equal(kept["0.weight"], model[0].weight))
