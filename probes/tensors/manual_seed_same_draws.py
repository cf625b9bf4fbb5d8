"""After torch.manual_seed(s), the CPU random functions draw the same numbers on every run, in any
process, whatever was drawn before and whatever the thread count."""

import torch


def draws(shape=(100, 1)):
    return torch.randn(shape), torch.rand(shape), torch.randint(0, 10, shape), torch.randperm(50)


def same(a, b):
    return all(torch.equal(x, y) for x, y in zip(a, b, strict=False))


def case_reseeded():
    """seed 0, draw, seed 0 again, draw"""
    torch.manual_seed(0)
    first = draws()
    torch.manual_seed(0)
    assert same(first, draws()), "the second draws differ"


def case_earlier_draws_do_not_matter():
    """draws made before seeding"""
    torch.manual_seed(0)
    first = draws()
    torch.rand(1000)
    torch.randn(7)
    torch.manual_seed(0)
    assert same(first, draws()), "the draws differ"


def case_known_values():
    """seed 0: torch.rand(3) and torch.randn(3), as any process on any machine draws them"""
    torch.manual_seed(0)
    uniform = torch.rand(3)
    torch.manual_seed(0)
    normal = torch.randn(3)
    assert torch.allclose(uniform, torch.tensor([0.4963, 0.7682, 0.0885]), atol=1e-4), uniform
    assert torch.allclose(normal, torch.tensor([1.5410, -0.2934, -2.1788]), atol=1e-4), normal


def case_thread_count():
    """100000 normal numbers drawn on 1 thread and on 4 threads"""
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        torch.manual_seed(0)
        one = torch.randn(100_000)
        torch.set_num_threads(4)
        torch.manual_seed(0)
        four = torch.randn(100_000)
    finally:
        torch.set_num_threads(before)
    assert torch.equal(one, four), "the thread count changed the draws"


def case_other_dtypes():
    """float64 and float16 draws"""
    for dtype in (torch.float64, torch.float16):
        torch.manual_seed(0)
        a = torch.randn(64, dtype=dtype)
        torch.manual_seed(0)
        assert torch.equal(a, torch.randn(64, dtype=dtype)), f"{dtype} draws differ"


def case_example_data():
    """the data of together/training: x = linspace(-1, 1, 100), y = 2x + 1 + 0.1 randn"""

    def make():
        torch.manual_seed(0)
        x = torch.linspace(-1, 1, 100).unsqueeze(1)
        return 2 * x + 1 + 0.1 * torch.randn(x.shape)

    assert torch.equal(make(), make()), "the data differ"
