import torch
import torch.nn.functional as F


def flip_horizontal(image):
    theta = torch.tensor([[[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
    grid = F.affine_grid(theta, [1, *image.shape], align_corners=False)
    return F.grid_sample(image.unsqueeze(0), grid, align_corners=False)[0]


# -- check: run this after your own flip_horizontal
import torch


def check(flip_horizontal):
    torch.manual_seed(0)
    image = torch.rand(1, 8, 8)
    flipped = flip_horizontal(image)
    assert flipped.shape == image.shape, f"shape {tuple(flipped.shape)}, expected (1, 8, 8)"
    assert torch.allclose(flipped, image.flip(-1), atol=1e-6), "not the mirror image"
    colour = torch.rand(3, 5, 6)
    assert torch.allclose(flip_horizontal(colour), colour.flip(-1), atol=1e-6), "3 channels, 5 x 6"
    print(torch.allclose(flipped, image.flip(-1), atol=1e-6))
    print("flip_horizontal passed")


check(flip_horizontal)
