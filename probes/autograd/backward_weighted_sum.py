"""backward() differentiates a scalar: for a real y, y.backward(w) gives the gradient of (y * w).sum(), with w of y's shape (for a complex y, that of the real part of (y * w.conj()).sum()), and without w only a real tensor of one element starts the pass."""

import torch


def grads(build, weight=None):
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y = build(x)
    y.backward() if weight is None else y.backward(weight)
    return x.grad


def raises(build, weight=None):
    try:
        grads(build, weight)
    except RuntimeError:
        return True
    return False


def case_weighted_matrix():
    """a 2 × 2 result and a weight of its shape: the gradient of (y * w).sum()"""
    w = torch.tensor([[1.0, 0.1], [0.01, 0.001]])
    assert torch.equal(
        grads(lambda x: (x**2).view(2, 2), w), grads(lambda x: ((x**2).view(2, 2) * w).sum())
    ), "the gradients differ"


def case_no_weight_several_elements():
    """a result of four elements, without a weight"""
    assert raises(lambda x: x * 2), "backward() ran without a weight"


def case_one_element_non_scalar():
    """a 1 × 1 result needs no weight: the scalar is its one element"""
    assert torch.equal(grads(lambda x: x[:1].view(1, 1) * 3), grads(lambda x: (x[:1] * 3).sum())), (
        "the gradient differs from that of the element"
    )


def case_empty_result():
    """a result with no elements: refused without a weight, zero gradient with an empty weight"""
    assert raises(lambda x: x[:0] * 2), "backward() ran without a weight"
    assert torch.equal(grads(lambda x: x[:0] * 2, torch.ones(0)), torch.zeros(4)), "not zero"


def case_complex_one_element():
    """a complex result of one element needs a weight"""
    assert raises(lambda x: x[:1].to(torch.complex64).sum() * 1j), "backward() ran without a weight"


def case_weight_of_another_shape():
    """a weight that is not of the result's shape is refused"""
    assert raises(lambda x: x * 2, torch.tensor(1.0)), "a 0-d weight was accepted for 4 elements"


def case_half_precision():
    """a float16 result with a float16 weight"""
    x = torch.tensor([1.0, 2.0], dtype=torch.float16, requires_grad=True)
    (x**2).backward(torch.tensor([1.0, 0.5], dtype=torch.float16))
    assert x.grad.tolist() == [2.0, 2.0], f"gradient {x.grad}"


def case_weight_of_another_dtype():
    """a float64 or int64 weight for a float32 y: the gradient of (y * w).sum(), in float32"""
    for w in (torch.tensor([1.0, 0.5, 2.0, 0.0], dtype=torch.float64), torch.tensor([1, 0, 2, 3])):
        got = grads(lambda x: x**2, w)
        assert got.dtype == torch.float32 and torch.equal(
            got, grads(lambda x, w=w: (x**2 * w).sum())
        ), f"{w.dtype}: {got}"


def case_complex_result():
    """a complex y: the gradient of the real part of (y * w.conj()).sum(), not of (y * w).sum()"""
    w = torch.tensor([1 + 2j, 3j])

    def grad_of(start):
        x = torch.tensor([1 + 1j, 2 - 1j], requires_grad=True)
        start(x * (2 + 1j))
        return x.grad

    weighted = grad_of(lambda y: y.backward(w))
    assert torch.equal(weighted, grad_of(lambda y: (y * w.conj()).sum().real.backward())), weighted
    assert not torch.equal(weighted, grad_of(lambda y: (y * w).sum().real.backward())), weighted
