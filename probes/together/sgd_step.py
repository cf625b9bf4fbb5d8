"""optim.SGD with its defaults moves every parameter that has a gradient by the learning rate
times that gradient, and skips one whose gradient is None; with momentum it steps along a
decaying sum of past gradients, buf = momentum * buf + grad."""

import torch


def parameters(dtype=torch.float32):
    generator = torch.Generator().manual_seed(0)
    return [
        torch.nn.Parameter(torch.randn(shape, generator=generator, dtype=dtype))
        for shape in ((3, 2), (2,), ())
    ]


def set_grads(params, seed):
    generator = torch.Generator().manual_seed(seed)
    for p in params:
        p.grad = torch.randn(p.shape, generator=generator, dtype=p.dtype)


def tolerance(dtype):
    return {torch.float64: 1e-12, torch.float32: 1e-6, torch.float16: 1e-2, torch.bfloat16: 1e-1}[
        dtype
    ]


def case_default_step():
    """defaults, lr=0.1, in float64, float32, float16 and bfloat16, with a 0-d parameter"""
    for dtype in (torch.float64, torch.float32, torch.float16, torch.bfloat16):
        params = parameters(dtype)
        set_grads(params, 1)
        expected = [(p.detach().double() - 0.1 * p.grad.double()) for p in params]
        torch.optim.SGD(params, lr=0.1).step()
        for p, e in zip(params, expected, strict=False):
            error = (p.detach().double() - e).abs().max().item()
            assert error <= tolerance(dtype), f"{dtype}: off by {error}"


def case_both_implementations():
    """foreach=False and foreach=True give the same step"""
    results = []
    for foreach in (False, True):
        params = parameters()
        set_grads(params, 1)
        torch.optim.SGD(params, lr=0.1, foreach=foreach).step()
        results.append([p.detach().clone() for p in params])
    assert all(torch.equal(a, b) for a, b in zip(*results, strict=False)), "the two differ"


def case_none_gradient_skipped():
    """a parameter whose gradient is None, beside two that have one"""
    params = parameters()
    set_grads(params, 1)
    params[1].grad = None
    before = params[1].detach().clone()
    torch.optim.SGD(params, lr=0.1).step()
    assert torch.equal(params[1].detach(), before), "it moved"


def case_zero_gradient():
    """a zero gradient moves nothing with the defaults"""
    params = parameters()
    for p in params:
        p.grad = torch.zeros_like(p)
    before = [p.detach().clone() for p in params]
    torch.optim.SGD(params, lr=0.1).step()
    assert all(torch.equal(p.detach(), b) for p, b in zip(params, before, strict=False)), "it moved"


def case_momentum_decaying_sum():
    """momentum=0.9, three steps: the step is lr times g3 + 0.9 g2 + 0.81 g1"""
    params = parameters(torch.float64)
    optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
    grads = []
    for seed in (1, 2, 3):
        set_grads(params, seed)
        grads.append([g.grad.clone() for g in params])
        before = [p.detach().clone() for p in params]
        optimizer.step()
    for i, p in enumerate(params):
        buffer = grads[2][i] + 0.9 * grads[1][i] + 0.81 * grads[0][i]
        assert torch.allclose(before[i] - p.detach(), 0.1 * buffer), f"parameter {i}"
        assert torch.allclose(optimizer.state[p]["momentum_buffer"], buffer), f"buffer {i}"


def case_momentum_not_a_plain_sum():
    """the same three gradients: the buffer is not their plain sum"""
    params = parameters(torch.float64)
    optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
    total = [torch.zeros_like(p) for p in params]
    for seed in (1, 2, 3):
        set_grads(params, seed)
        total = [t + p.grad for t, p in zip(total, params, strict=False)]
        optimizer.step()
    buffer = optimizer.state[params[0]]["momentum_buffer"]
    assert not torch.allclose(buffer, total[0]), "the buffer is the plain sum"
