"""F.affine_grid turns a 2 × 3 matrix per image into the position, in coordinates from -1 to 1
across the image, that each output pixel reads; F.grid_sample reads the input there,
interpolating bilinearly between neighbouring pixels by default, and reads 0 outside the
image by default (padding_mode="zeros")."""

import math

import torch
import torch.nn.functional as F

IDENTITY = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]


def sample(image, theta, **options):
    theta = torch.tensor(theta, dtype=image.dtype).reshape(-1, 2, 3)
    grid = F.affine_grid(theta, list(image.shape), align_corners=False)
    return F.grid_sample(image, grid, align_corners=False, **options)


def case_identity_reads_each_pixel():
    """the identity matrix: each output pixel reads its own position, for 8 × 8 and 5 × 7 images"""
    for shape in [(1, 1, 8, 8), (2, 3, 5, 7)]:
        image = torch.rand(shape)
        got = sample(image, [IDENTITY] * shape[0])
        assert torch.allclose(got, image, atol=1e-6), (got - image).abs().max()


def case_grid_holds_positions():
    """the grid holds (x, y) per output pixel, pixel centres from -1 + 1/W to 1 - 1/W"""
    grid = F.affine_grid(torch.tensor([IDENTITY]), [1, 1, 2, 4], align_corners=False)
    assert grid.shape == (1, 2, 4, 2), f"shape {tuple(grid.shape)}"
    xs = grid[0, 0, :, 0].tolist()
    assert all(abs(a - b) < 1e-6 for a, b in zip(xs, [-0.75, -0.25, 0.25, 0.75], strict=True)), xs


def case_shift_by_whole_pixels_reads_zeros_outside():
    """a shift by 2/W moves the content one pixel; what comes from outside is 0, up to the
    float32 rounding of the position (2/6 is not exact)"""
    image = torch.rand(1, 1, 6, 6) + 1
    got = sample(image, [[1.0, 0.0, -2 / 6], [0.0, 1.0, 0.0]])
    assert torch.allclose(got[..., 1:], image[..., :-1], atol=1e-6), "not moved one pixel right"
    assert torch.allclose(got[..., 0], torch.zeros(1, 1, 6), atol=1e-6), (
        f"first column {got[..., 0]}"
    )


def case_wholly_outside_is_exactly_zero():
    """positions a whole image away read exactly 0"""
    got = sample(torch.rand(1, 3, 4, 4) + 1, [[1.0, 0.0, 4.0], [0.0, 1.0, 0.0]])
    assert torch.equal(got, torch.zeros(1, 3, 4, 4)), got


def case_half_pixel_interpolates():
    """half a pixel: each value is the mean of two neighbours (bilinear by default)"""
    image = torch.arange(8.0).reshape(1, 1, 1, 8)
    got = sample(image, [[1.0, 0.0, 1 / 8], [0.0, 1.0, 0.0]])
    expected = (image[..., :-1] + image[..., 1:]) / 2
    assert torch.allclose(got[..., :-1], expected, atol=1e-5), got


def case_rotation_per_image():
    """a batch of two: each image is read with its own matrix (a rotation by 90° for the second)"""
    image = torch.rand(2, 1, 4, 4)
    c, s = math.cos(math.pi / 2), math.sin(math.pi / 2)
    got = sample(image, [IDENTITY, [[c, -s, 0.0], [s, c, 0.0]]])
    assert torch.allclose(got[0], image[0], atol=1e-5), "the first image changed"
    assert torch.allclose(
        got[1], torch.rot90(image[1], 1, dims=(1, 2)), atol=1e-5
    ) or torch.allclose(got[1], torch.rot90(image[1], -1, dims=(1, 2)), atol=1e-5), (
        "the second is not a quarter turn"
    )


def case_float64_and_nearest():
    """float64 images, and mode="nearest": the shift still reads 0 outside"""
    image = torch.rand(1, 2, 5, 5, dtype=torch.float64) + 1
    got = sample(image, [[1.0, 0.0, 2 / 5], [0.0, 1.0, 0.0]], mode="nearest")
    assert torch.equal(got[..., -1], torch.zeros(1, 2, 5, dtype=torch.float64)), got[..., -1]
    assert torch.allclose(got[..., :-1], image[..., 1:]), "not moved one pixel left"
