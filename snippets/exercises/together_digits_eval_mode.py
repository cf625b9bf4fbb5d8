import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(200, 64)
y = torch.randint(0, 10, (200,))
model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Dropout(0.5), nn.Linear(64, 10))


def accuracy_forgetting_eval(model, X, y):
    with torch.no_grad():
        return (model(X).argmax(dim=1) == y).float().mean().item()


def accuracy_in_eval_mode(model, X, y):
    model.eval()
    with torch.no_grad():
        return (model(X).argmax(dim=1) == y).float().mean().item()


model.train()
print(accuracy_forgetting_eval(model, X, y) != accuracy_forgetting_eval(model, X, y))
print(accuracy_in_eval_mode(model, X, y) == accuracy_in_eval_mode(model, X, y))
print(model.training)
