import torch


def storage(t):
    return t.untyped_storage().data_ptr()


def shares(a, b):
    return storage(a) == storage(b)


y = torch.arange(6).view(2, 3)
print(shares(y[1], y))
print(shares(y[:, ::2], y))
print(shares(y[[0, 1]], y))
print(shares(y[y % 2 == 0], y))
