from collections import OrderedDict

import torch
from torch import nn

numbered = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
torch.save(numbered.state_dict(), "params.pt")

named = nn.Sequential(
    OrderedDict(
        [
            ("hidden", nn.Linear(1, 10)),
            ("act", nn.ReLU()),
            ("out", nn.Linear(10, 1)),
        ]
    )
)
saved = torch.load("params.pt")
try:
    named.load_state_dict(saved)
except RuntimeError as error:
    print(type(error).__name__)
result = named.load_state_dict(saved, strict=False)
print(", ".join(result.missing_keys))
print(", ".join(result.unexpected_keys))

renamed = dict(zip(named.state_dict(), saved.values()))
named.load_state_dict(renamed)
x = torch.linspace(-1, 1, 5).unsqueeze(1)
with torch.no_grad():
    print(torch.equal(named(x), numbered(x)))
