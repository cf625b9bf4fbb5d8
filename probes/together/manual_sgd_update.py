"""Parameters made as leaf tensors with requires_grad=True get their .grad filled by backward()
when the loss was computed from them (a parameter the loss does not use keeps .grad None); the
in-place update of such a leaf is refused outside torch.no_grad() and, inside it, records
nothing and leaves a leaf; backward() adds to .grad, so the gradients are cleared (zero_() or
None) before the next backward()."""

import torch


def parameters(dtype=torch.float32):
    generator = torch.Generator().manual_seed(0)
    w = torch.normal(0, 0.01, size=(2, 1), generator=generator, dtype=dtype).requires_grad_(True)
    b = torch.zeros(1, dtype=dtype, requires_grad=True)
    return w, b


def loss_of(w, b, rows=10):
    generator = torch.Generator().manual_seed(1)
    X = torch.randn(rows, 2, generator=generator, dtype=w.dtype)
    y = torch.randn(rows, 1, generator=generator, dtype=w.dtype)
    return ((X @ w + b - y) ** 2 / 2).sum()


def case_created_leaves():
    """w and b made with requires_grad=True, in float32, float64 and bfloat16: leaves"""
    for dtype in (torch.float32, torch.float64, torch.bfloat16):
        w, b = parameters(dtype)
        assert w.is_leaf and b.is_leaf and w.requires_grad and b.requires_grad, dtype


def case_integer_cannot_require_grad():
    """an integer tensor cannot be such a parameter: requires_grad=True raises"""
    try:
        torch.zeros(2, dtype=torch.int64, requires_grad=True)
    except RuntimeError:
        return
    raise AssertionError("an int64 tensor took requires_grad=True")


def case_backward_fills_used():
    """backward() of a loss computed from w and b fills both .grad, with their shapes"""
    w, b = parameters()
    assert w.grad is None and b.grad is None, "a gradient before backward()"
    loss_of(w, b).backward()
    assert w.grad.shape == w.shape and b.grad.shape == b.shape, (w.grad, b.grad)


def case_unused_parameter_keeps_none():
    """a third parameter the loss does not use, and one used only through detach(): .grad stays None"""
    w, b = parameters()
    unused = torch.ones(3, requires_grad=True)
    detached = torch.ones(1, requires_grad=True)
    (loss_of(w, b) + detached.detach().sum()).backward()
    assert unused.grad is None and detached.grad is None, (unused.grad, detached.grad)


def case_update_refused_outside_no_grad():
    """w -= lr * w.grad outside no_grad raises; inside no_grad, set_grad_enabled(False) or inference_mode it runs"""
    w, b = parameters()
    loss_of(w, b).backward()
    try:
        w -= 0.03 * w.grad
    except RuntimeError:
        pass
    else:
        raise AssertionError("the in-place update of a leaf ran with gradients on")
    for mode in (torch.no_grad, lambda: torch.set_grad_enabled(False), torch.inference_mode):
        with mode():
            w -= 0.03 * w.grad
        assert w.is_leaf and w.grad_fn is None and w.requires_grad, "no longer a leaf"


def case_update_records_nothing():
    """under no_grad the update leaves w a leaf, and the next loss's graph starts at w"""
    w, b = parameters()
    loss_of(w, b).backward()
    with torch.no_grad():
        w -= 0.03 * w.grad
        b -= 0.03 * b.grad
    w.grad.zero_()
    b.grad.zero_()
    loss = loss_of(w, b)
    loss.backward()
    assert w.is_leaf and w.grad.abs().sum() > 0, "w got no gradient after the update"


def case_backward_adds():
    """two backward() calls without clearing: .grad is the sum of both"""
    w, b = parameters()
    loss_of(w, b).backward()
    first = w.grad.clone()
    loss_of(w, b).backward()
    assert torch.allclose(w.grad, 2 * first), f"{w.grad} is not twice {first}"


def case_cleared_before_next():
    """zero_() and setting None both leave .grad equal to the next backward()'s gradient alone"""
    for clear in ("zero_", "none"):
        w, b = parameters()
        loss_of(w, b).backward()
        alone = w.grad.clone()
        if clear == "zero_":
            w.grad.zero_()
        else:
            w.grad = None
        loss_of(w, b).backward()
        assert torch.equal(w.grad, alone), f"{clear}: {w.grad} != {alone}"
