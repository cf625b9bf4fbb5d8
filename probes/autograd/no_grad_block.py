"""torch.no_grad() turns recording off on the thread that runs the block: no operation there records a node, and results have no grad_fn, unless code inside turns recording back on (torch.enable_grad(), a backward pass with create_graph=True)."""

import threading

import torch


def leaf(*shape, dtype=torch.float32):
    return torch.ones(*shape, dtype=dtype, requires_grad=True)


def case_operations():
    """arithmetic, powers, reductions and a matrix product of tracked tensors"""
    x, w = leaf(3), leaf(2, 3)
    with torch.no_grad():
        results = (x * 2, x**3, x.sum(), w @ x, torch.sigmoid(x))
    assert all(r.grad_fn is None and not r.requires_grad for r in results), "a result is tracked"


def case_module_forward():
    """the forward pass of an nn.Linear, whose parameters require gradients"""
    layer = torch.nn.Linear(3, 2)
    with torch.no_grad():
        out = layer(torch.ones(4, 3))
    assert out.grad_fn is None and not out.requires_grad, f"grad_fn {out.grad_fn}"


def case_views():
    """views and slices of a tracked leaf: no grad_fn, yet they still report requires_grad=True
    (the exception the sentence names)"""
    x = leaf(2, 3)
    with torch.no_grad():
        views = (x[0], x.view(6), x.t(), x[:, 1:])
    assert all(v.grad_fn is None for v in views), "a view has a grad_fn"
    assert all(v.requires_grad for v in views), "a view no longer reports requires_grad"


def case_in_place_on_a_tensor_in_the_graph():
    """an in-place operation on a tensor already in the graph leaves it there, with its node"""
    y = leaf(3) * 2
    node = y.grad_fn
    with torch.no_grad():
        y.add_(1)
    assert y.grad_fn is node and y.requires_grad, f"grad_fn {y.grad_fn}"


def case_new_results_require_no_gradient():
    """a new result of an operation on a tracked tensor requires no gradient"""
    x = leaf(3)
    with torch.no_grad():
        results = (x * 1, x + x, x.exp(), x.sum())
    assert not any(r.requires_grad for r in results), [r.requires_grad for r in results]


def case_in_place_update_of_leaf():
    """an in-place update of a leaf that requires gradients leaves it a leaf, without grad_fn"""
    w = leaf(3)
    with torch.no_grad():
        w -= 0.1 * torch.ones(3)
    assert w.is_leaf and w.grad_fn is None, f"grad_fn {w.grad_fn}"


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


def case_custom_function():
    """a custom autograd.Function applied inside the block"""
    with torch.no_grad():
        r = Double.apply(leaf(3))
    assert r.grad_fn is None, f"grad_fn {r.grad_fn}"


def case_dtypes_and_shapes():
    """float16, complex64, an empty and a 0-d tensor"""
    with torch.no_grad():
        results = (
            leaf(2, dtype=torch.float16) * 2,
            leaf(2, dtype=torch.complex64) * 2,
            leaf(0) * 2,
            torch.tensor(1.0, requires_grad=True) * 2,
        )
    assert all(r.grad_fn is None for r in results), "a result has a grad_fn"


def case_decorator():
    """a function decorated with @torch.no_grad()"""

    @torch.no_grad()
    def doubled(t):
        return t * 2

    assert doubled(leaf(3)).grad_fn is None, "the result has a grad_fn"


def case_enable_grad_inside():
    """torch.enable_grad() inside the block turns recording back on"""
    x = leaf(3)
    with torch.no_grad():
        with torch.enable_grad():
            inner = x * 2
        after = x * 2
    assert inner.grad_fn is not None, "enable_grad() recorded nothing"
    assert after.grad_fn is None, "recording stayed on after enable_grad()"


def case_create_graph_inside():
    """torch.autograd.grad(create_graph=True) called inside the block records its gradient"""
    x = leaf(2)
    y = (x**3).sum()
    with torch.no_grad():
        (g,) = torch.autograd.grad(y, x, create_graph=True)
    assert g.grad_fn is not None, "the gradient has no grad_fn"


def case_other_thread():
    """a thread started inside the block has recording on: the block covers its own thread"""
    x, found = leaf(3), {}
    with torch.no_grad():
        worker = threading.Thread(target=lambda: found.update(r=x * 2))
        worker.start()
        worker.join()
        here = x * 2
    assert found["r"].grad_fn is not None, "the other thread recorded nothing"
    assert here.grad_fn is None, "the block's own thread recorded"
