from collections import OrderedDict

from torch import nn

model = nn.Sequential(
    OrderedDict(
        [
            ("hidden", nn.Linear(4, 8)),
            ("act", nn.ReLU()),
            ("out", nn.Linear(8, 3)),
        ]
    )
)
print(", ".join(model.state_dict()))
print(model.out is model[2])
