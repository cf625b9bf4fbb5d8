import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 4), torch.randn(32, 1)
best_state = model.state_dict()  # the bug: no copy
best_copy = copy.deepcopy(model.state_dict())
first_weight = model.weight.detach().clone()
for _ in range(5):
    loss = ((model(x) - y) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(torch.equal(best_state["weight"], model.weight.detach()))
print(torch.equal(best_copy["weight"], first_weight))
