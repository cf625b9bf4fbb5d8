"""A NumPy array records no operations for autograd: arithmetic on it gives plain arrays, a tensor made from it has no history, and so numpy() refuses a tensor that requires gradients while gradients are being recorded."""

import torch


def refused(t):
    try:
        t.numpy()
    except RuntimeError:
        return True
    return False


def case_array_arithmetic_is_plain():
    """an array made from a detached parameter, squared and summed, is a plain array or NumPy number"""
    w = torch.ones(3, requires_grad=True)
    result = (w.detach().numpy() ** 2).sum()
    assert not hasattr(result, "grad_fn") and not hasattr(result, "requires_grad"), type(result)


def case_tensor_from_array_has_no_history():
    """from_numpy of an array computed from a parameter neither requires gradients nor has a grad_fn"""
    w = torch.ones(3, requires_grad=True)
    t = torch.from_numpy(w.detach().numpy() * 2)
    assert not t.requires_grad and t.grad_fn is None, (t.requires_grad, t.grad_fn)


def case_leaf_refused():
    """numpy() of a leaf that requires gradients"""
    assert refused(torch.ones(3, requires_grad=True)), "it converted"


def case_non_leaf_refused():
    """numpy() of a result computed from such a leaf"""
    assert refused(torch.ones(3, requires_grad=True) * 2), "it converted"


def case_parameter_refused():
    """numpy() of a layer's weight"""
    assert refused(torch.nn.Linear(2, 2).weight), "it converted"


def case_no_grad_converts():
    """numpy() of a tensor that requires gradients, inside torch.no_grad(): converted, sharing memory"""
    w = torch.zeros(3, requires_grad=True)
    with torch.no_grad():
        a = w.numpy()
    a[0] = 4
    assert w[0].item() == 4, "the array does not share the tensor's memory"


def case_other_off_switches_convert():
    """inside torch.inference_mode() and torch.set_grad_enabled(False) it converts too"""
    w = torch.zeros(3, requires_grad=True)
    with torch.inference_mode():
        w.numpy()
    with torch.set_grad_enabled(False):
        w.numpy()


def case_write_through_array_unseen():
    """writing through w.detach().numpy() after w was used: backward uses the new value without an error"""
    w = torch.tensor([2.0], requires_grad=True)
    y = w * w
    w.detach().numpy()[0] = 5.0
    y.backward()
    assert w.grad.item() == 10.0, f"w.grad is {w.grad.item()}"
