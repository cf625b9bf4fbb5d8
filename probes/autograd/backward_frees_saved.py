"""backward() frees the values the graph saved for it as soon as it has used them, unless retain_graph=True (or create_graph=True) keeps them: reading one afterwards, or a second pass that needs one, raises RuntimeError."""

import torch


def raises(action):
    try:
        action()
    except RuntimeError:
        return True
    return False


def case_product():
    """h * h saves its factors: freed after the pass, a second pass raises"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 2
    z = (h * h).sum()
    node = z.grad_fn.next_functions[0][0]
    assert torch.equal(node._saved_self, h), "the factor was not saved"
    z.backward()
    assert raises(lambda: node._saved_self) and raises(z.backward), (
        "the saved values are still there"
    )


def case_saved_output():
    """sigmoid and exp save their output: freed too"""
    for op in (torch.sigmoid, torch.exp):
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        z = op(x).sum()
        node = z.grad_fn.next_functions[0][0]
        z.backward()
        assert raises(lambda node=node: node._saved_result), (
            f"{op.__name__}: the output is still saved"
        )


def case_freed_during_the_pass():
    """the values of a node are freed while the pass runs, before it reaches the leaves"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * x
    w = y.exp()
    freed = []
    y.register_hook(lambda g: freed.append(raises(lambda: w.grad_fn._saved_result)))
    w.sum().backward()
    assert freed == [True], "exp's output was still saved when the pass reached y"


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * a

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return 2 * a * grad


def case_custom_function():
    """a custom Function's save_for_backward: a second pass raises"""
    x = torch.tensor(3.0, requires_grad=True)
    z = Square.apply(x)
    z.backward()
    assert raises(z.backward), "the second pass ran"


def case_autograd_grad():
    """torch.autograd.grad frees the same way"""
    x = torch.tensor(3.0, requires_grad=True)
    z = x * x
    torch.autograd.grad(z, x)
    assert raises(lambda: torch.autograd.grad(z, x)), "the second pass ran"


def case_retain_graph_and_create_graph():
    """retain_graph=True, and create_graph=True, keep them: a second pass runs"""
    for keep in ({"retain_graph": True}, {"create_graph": True}):
        x = torch.tensor(3.0, requires_grad=True)
        z = x * x
        z.backward(**keep)
        z.backward()
        assert x.grad.item() == 12.0, f"{keep}: x.grad {x.grad.item()}"


def case_nothing_saved():
    """a graph that saved nothing, (x + 2).sum(), runs twice: a pass fails only when it needs a freed value"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    z = (x + 2).sum()
    z.backward()
    z.backward()
    assert x.grad.tolist() == [2.0, 2.0], f"x.grad {x.grad.tolist()}"
