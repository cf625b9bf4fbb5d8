import torch


def softmax_rows(x):
    largest = x.max(dim=1, keepdim=True).values  # shape (n, 1): one maximum per row
    e = (x - largest).exp()  # the largest element of each row becomes exp(0) = 1
    return e / e.sum(dim=1, keepdim=True)  # (n, m) divided by (n, 1): each row by its sum


scores = torch.tensor([[1.0, 2.0, 3.0], [1000.0, 1000.0, 1000.0]])
for row in softmax_rows(scores):
    print([round(p, 4) for p in row.tolist()])


# -- check: run this after your own softmax_rows
import torch


def check(softmax_rows):
    # Square: there a version without keepdim runs without an error, and only the values catch it.
    x = torch.tensor([[1.0, 2.0, 3.0], [1000.0, 1000.0, 1000.0], [0.0, -1.0, 5.0]])
    p = softmax_rows(x)
    assert p.shape == x.shape, f"the shape is {tuple(p.shape)}, not {tuple(x.shape)}"
    assert torch.isfinite(p).all(), "inf or nan: subtract each row's maximum before exp()"
    assert torch.allclose(p.sum(dim=1), torch.ones(3)), "each row must sum to 1"
    assert torch.allclose(p, torch.softmax(x, dim=1)), "not what torch.softmax(x, dim=1) gives"
    print("softmax_rows passed:", tuple(p.shape))


check(softmax_rows)
