from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
print(sum(p.numel() for p in model.parameters()))
model[0].requires_grad_(False)
print(sum(p.numel() for p in model.parameters() if p.requires_grad))
