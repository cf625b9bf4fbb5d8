from torch import nn

net = nn.Sequential(
    nn.Linear(4, 8),
    nn.ReLU(),
    nn.Sequential(nn.Linear(8, 8), nn.ReLU()),
    nn.Linear(8, 1),
)
visited = []
initialised = []


def weights_init(m):
    visited.append(type(m).__name__)
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        nn.init.zeros_(m.bias)
        initialised.append(m)


net.apply(weights_init)
print(len(visited))
print(len(initialised))
print(visited[-1])
