"""With stride 1 and dilation 1, an output pixel of L stacked k x k convolutions depends on a
window of 1 + L(k - 1) input pixels along each axis (its receptive field); a 1 x 1 convolution
is a linear layer applied to each pixel's vector of channels."""

import torch
from torch import nn


def field(depth, kernel):
    torch.manual_seed(0)
    stack = nn.Sequential(
        *[nn.Conv2d(1, 1, kernel, padding=kernel // 2, bias=False) for _ in range(depth)]
    )
    size = 2 * depth * kernel + 1
    image = torch.randn(1, 1, size, size, dtype=torch.float64, requires_grad=True)
    stack.double()(image)[0, 0, size // 2, size // 2].backward()
    reached = image.grad[0, 0] != 0
    return reached.any(dim=1).sum().item(), reached.any(dim=0).sum().item()


def case_formula():
    """kernels 3 and 5, depths 1 to 4: 1 + L(k - 1) along both axes"""
    for kernel in (3, 5):
        for depth in (1, 2, 3, 4):
            expected = 1 + depth * (kernel - 1)
            assert field(depth, kernel) == (expected, expected), (kernel, depth)


def case_one_by_one_is_per_pixel_linear():
    """Conv2d(c_in, c_out, 1) equals W @ x + b on each pixel's channels, batches included"""
    torch.manual_seed(0)
    for c_in, c_out in ((16, 4), (3, 7)):
        conv = nn.Conv2d(c_in, c_out, kernel_size=1)
        x = torch.randn(2, c_in, 5, 6)
        linear = x.permute(0, 2, 3, 1) @ conv.weight[:, :, 0, 0].T + conv.bias
        assert torch.allclose(conv(x), linear.permute(0, 3, 1, 2), atol=1e-5), (c_in, c_out)
