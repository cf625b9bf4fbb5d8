import torch


def dropout(h, p, training):
    if not training or p == 0:
        return h
    keep = (torch.rand(h.shape) > p).float()
    return h * keep / (1 - p)


# -- check: run this after your own dropout
import torch


def check(dropout):
    torch.manual_seed(0)
    h = torch.ones(100_000)
    out = dropout(h, 0.2, training=True)
    share = (out == 0).float().mean().item()
    assert abs(share - 0.2) < 0.01, f"share of zeros {share:.3f}, expected about 0.2"
    assert torch.allclose(out[out != 0], torch.full_like(out[out != 0], 1.25)), "scale by 1/(1-p)"
    assert torch.equal(dropout(h, 0.2, training=False), h), "evaluation returns the input"
    print(abs(share - 0.2) < 0.01)
    print("dropout passed")


check(dropout)
