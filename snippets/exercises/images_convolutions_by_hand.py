import torch


def conv2d_by_hand(x, weight, bias):
    c_out, c_in, k, _ = weight.shape
    rows, cols = x.shape[1] - k + 1, x.shape[2] - k + 1
    out = torch.zeros(c_out, rows, cols)
    for o in range(c_out):
        for i in range(rows):
            for j in range(cols):
                out[o, i, j] = (x[:, i : i + k, j : j + k] * weight[o]).sum() + bias[o]
    return out


# -- check: run this after your own conv2d_by_hand
import torch
import torch.nn.functional as F


def check(conv2d_by_hand):
    torch.manual_seed(0)
    x = torch.randn(2, 5, 5)
    weight, bias = torch.randn(3, 2, 3, 3), torch.randn(3)
    out = conv2d_by_hand(x, weight, bias)
    expected = F.conv2d(x.unsqueeze(0), weight, bias)[0]
    assert out.shape == expected.shape, f"shape {tuple(out.shape)}, expected {tuple(expected.shape)}"
    assert torch.allclose(out, expected, atol=1e-5), "the sums differ from F.conv2d"
    one = conv2d_by_hand(torch.ones(1, 2, 2), torch.ones(1, 1, 2, 2), torch.zeros(1))
    assert one.item() == 4.0, "one window of ones: the sum of four products"
    print(tuple(out.shape))
    print(torch.allclose(out, expected, atol=1e-5))
    print("conv2d_by_hand passed")


check(conv2d_by_hand)
