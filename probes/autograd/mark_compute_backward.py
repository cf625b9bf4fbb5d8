"""Mark the tensors to differentiate with requires_grad=True, compute with them as usual, and call backward(): autograd fills each marked tensor's .grad with the gradient; only floating-point and complex tensors can be marked."""

import torch
import torch.nn.functional as F


def case_ordinary_operations():
    """arithmetic, indexing, a matrix product, a reduction and a function of torch.nn.functional"""
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([[1.0, 0.0, 2.0]], requires_grad=True)
    loss = (w @ x).sum() + (x[1:] ** 2).sum() + F.relu(x - 2).sum()
    loss.backward()
    assert x.grad.tolist() == [1.0, 4.0, 9.0], f"x.grad {x.grad.tolist()}"
    assert w.grad.tolist() == [[1.0, 2.0, 3.0]], f"w.grad {w.grad.tolist()}"


def case_module_and_in_place_on_results():
    """an nn.Linear, and an in-place operation on a result"""
    layer = torch.nn.Linear(2, 1)
    x = torch.tensor([[1.0, 2.0]], requires_grad=True)
    out = layer(x)
    out.mul_(3)
    out.sum().backward()
    assert torch.equal(x.grad, 3 * layer.weight.detach()), f"x.grad {x.grad}"
    assert layer.weight.grad.tolist() == [[3.0, 6.0]], f"weight.grad {layer.weight.grad}"


def case_dtypes():
    """float64, float16 and bfloat16 tensors, and a complex one with a real loss"""
    for dtype in (torch.float64, torch.float16, torch.bfloat16):
        x = torch.tensor([1.0, 2.0], dtype=dtype, requires_grad=True)
        (x * x).sum().backward()
        assert x.grad.tolist() == [2.0, 4.0] and x.grad.dtype == dtype, f"{dtype}: {x.grad}"
    z = torch.tensor([1 + 2j], requires_grad=True)
    (z * z.conj()).real.sum().backward()
    assert z.grad.tolist() == [2 + 4j], f"complex: {z.grad}"


def case_zero_dimensional_empty_and_non_contiguous():
    """a 0-d tensor, an empty one and a marked transposed tensor"""
    s = torch.tensor(3.0, requires_grad=True)
    (s**2).backward()
    e = torch.ones(0, 2, requires_grad=True)
    (e * 2).sum().backward()
    t = torch.arange(6.0).view(2, 3).t().requires_grad_()
    (t * torch.arange(6.0).view(3, 2)).sum().backward()
    assert s.grad.item() == 6.0 and e.grad.shape == (0, 2), f"{s.grad}, {e.grad.shape}"
    assert torch.equal(t.grad, torch.arange(6.0).view(3, 2)), f"t.grad {t.grad}"


def case_integer_and_bool_cannot_be_marked():
    """an integer and a boolean tensor cannot be marked: they have no gradient"""
    for make in (
        lambda: torch.tensor([1, 2], requires_grad=True),
        lambda: torch.arange(3).requires_grad_(),
        lambda: torch.ones(2, dtype=torch.bool).requires_grad_(),
    ):
        try:
            make()
        except RuntimeError:
            continue
        raise AssertionError("an integer or boolean tensor was marked")
