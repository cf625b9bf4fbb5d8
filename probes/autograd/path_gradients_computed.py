"""A backward pass computes the gradient of every tensor on the way from the result to the leaves, but by default stores only the leaves' gradients in .grad (retain_grad() or backward(inputs=...) store others)."""

import warnings

import torch


def grad_of(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reading .grad of a non-leaf warns
        return t.grad


def chain():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    v = y[1:]
    w = v.exp()
    z = (y * y).sum() + w.sum()
    return x, {"y": y, "v": v, "w": w, "z": z}


def case_every_tensor_on_the_way_computed():
    """hooks on each intermediate and on the root all receive a gradient during the pass"""
    _, tensors = chain()
    seen = set()
    for name, t in tensors.items():
        t.register_hook(lambda g, name=name: seen.add(name))
    tensors["z"].backward()
    assert seen == set(tensors), f"gradients computed for {sorted(seen)} only"


def case_only_leaves_stored():
    """after the pass the leaf holds its .grad; the intermediates, a view and the root hold None"""
    x, tensors = chain()
    tensors["z"].backward()
    stored = [name for name, t in tensors.items() if grad_of(t) is not None]
    assert x.grad is not None and not stored, f"also stored: {stored}"


def case_reading_warns():
    """reading .grad of an intermediate warns that it is not a leaf"""
    _, tensors = chain()
    tensors["z"].backward()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _ = tensors["y"].grad
    assert any(issubclass(w.category, UserWarning) for w in caught), "no warning"


def case_retain_grad():
    """retain_grad() on y keeps its gradient, 2y + the exp terms"""
    _, tensors = chain()
    tensors["y"].retain_grad()
    tensors["z"].backward()
    assert grad_of(tensors["y"]) is not None and grad_of(tensors["w"]) is None, "not kept"


def case_inputs_argument():
    """backward(inputs=[y]) stores y's gradient and not the leaf's"""
    x, tensors = chain()
    tensors["z"].backward(inputs=[tensors["y"]])
    assert grad_of(tensors["y"]) is not None and x.grad is None, f"x.grad {x.grad}"


def case_module_parameters():
    """a two-layer network: parameters get .grad, the hidden activation does not"""
    first, second = torch.nn.Linear(3, 4), torch.nn.Linear(4, 1)
    hidden = torch.relu(first(torch.ones(2, 3)))
    second(hidden).sum().backward()
    params = [first.weight, first.bias, second.weight, second.bias]
    assert all(p.grad is not None for p in params) and grad_of(hidden) is None, "wrong .grad"
