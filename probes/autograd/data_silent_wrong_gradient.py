"""Of the four ways to cut the graph (detach(), torch.no_grad(), requires_grad_(False), .data), an in-place change of a value saved for backward is caught through detach() and under torch.no_grad() (the version counter), while through .data it goes unnoticed: backward runs without any error and computes the gradient from the changed values."""

import torch


def sigmoid_case(change):
    """a = [1, 2, 3], out = sigmoid(a) (saved for backward), change(out), then backward."""
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = torch.sigmoid(a)
    change(out)
    out.sum().backward()
    return a.grad


def raises(action):
    try:
        action()
    except RuntimeError:
        return True
    return False


def no_grad_zero(t):
    with torch.no_grad():
        t.zero_()


def case_detach_caught():
    """zeroing the saved output through detach() makes backward raise"""
    assert raises(lambda: sigmoid_case(lambda out: out.detach().zero_())), "backward ran"


def case_no_grad_caught():
    """zeroing the saved output in place under torch.no_grad() makes backward raise"""
    assert raises(lambda: sigmoid_case(no_grad_zero)), "backward ran"


def case_data_silent():
    """zeroing the saved output through .data: no error, and the gradient 0 instead of σ'(a)"""
    right = torch.sigmoid(torch.tensor([1.0, 2.0, 3.0]))
    right = right * (1 - right)
    wrong = sigmoid_case(lambda out: out.data.zero_())
    assert wrong.tolist() == [0.0, 0.0, 0.0] and not torch.allclose(wrong, right), (
        f"gradient {wrong}"
    )


def case_data_on_saved_input():
    """a product saves its inputs: a change of one through .data silently changes the gradient"""
    x, w = torch.tensor([1.0, 2.0], requires_grad=True), torch.tensor([3.0, 4.0])
    y = (x * w).sum()
    w.data.mul_(10)
    y.backward()
    assert x.grad.tolist() == [30.0, 40.0], f"x.grad {x.grad.tolist()}"


def case_detach_on_saved_input():
    """the same change through detach() is caught"""
    x, w = torch.tensor([1.0, 2.0], requires_grad=True), torch.tensor([3.0, 4.0])
    y = (x * w).sum()
    w.detach().mul_(10)
    assert raises(y.backward), "backward ran"


def case_data_assignment():
    """assigning a new tensor to .data of a saved leaf goes unnoticed too"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    x.data = torch.tensor([5.0, 5.0])
    y.backward()
    assert x.grad.tolist() == [10.0, 10.0], f"x.grad {x.grad.tolist()}"


def case_requires_grad_false():
    """requires_grad_(False) changes no value: on a leaf after the forward pass, it only stops its gradient"""
    w, x = torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)
    y = w * x
    w.requires_grad_(False)
    y.backward()
    assert w.grad is None and x.grad.item() == 2.0, f"w.grad {w.grad}, x.grad {x.grad}"
