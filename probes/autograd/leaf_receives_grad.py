"""A tensor with no grad_fn is a leaf (is_leaf is True exactly when grad_fn is None); of the leaves, only those with requires_grad=True receive a gradient from backward()."""

import torch


def tensors():
    x = torch.ones(2, requires_grad=True)
    plain = torch.ones(2)
    with torch.no_grad():
        no_grad_result, no_grad_view = x * 2, x[0]
    return {
        "created": plain,
        "created, tracked": x,
        "untracked result": plain * 2,
        "no_grad result": no_grad_result,
        "no_grad view of a tracked leaf": no_grad_view,
        "detached": (x * 2).detach(),
        "parameter": torch.nn.Parameter(torch.ones(2)),
        "tracked result": x * 2,
        "view of a tracked leaf": x[0],
        "meta": torch.ones(2, device="meta") * 2,
        "0-d": torch.tensor(1.0) * 2,
        "empty": torch.ones(0, requires_grad=True) * 2,
    }


def case_leaf_exactly_when_no_grad_fn():
    """is_leaf against grad_fn for created, computed, detached, viewed and no_grad tensors"""
    wrong = [k for k, t in tensors().items() if t.is_leaf != (t.grad_fn is None)]
    assert not wrong, f"is_leaf disagrees with grad_fn for {wrong}"


def case_leaf_without_tracking_gets_nothing():
    """a leaf with requires_grad=False used in a tracked computation"""
    x, constant = torch.ones(2, requires_grad=True), torch.full((2,), 3.0)
    (x * constant).sum().backward()
    assert constant.grad is None and x.grad.tolist() == [3.0, 3.0], f"constant.grad {constant.grad}"


def case_parameters_get_gradients():
    """the weight and bias of an nn.Linear, and its input that does not require gradients"""
    layer, data = torch.nn.Linear(3, 2), torch.ones(4, 3)
    layer(data).sum().backward()
    assert layer.weight.grad is not None and layer.bias.grad is not None and data.grad is None, (
        "wrong"
    )


def case_untracked_result_leaf():
    """a leaf computed from untracked tensors gets no gradient even when used with a tracked one"""
    a, x = torch.ones(2), torch.ones(2, requires_grad=True)
    b = a * 2
    (b * x).sum().backward()
    assert b.is_leaf and b.grad is None, f"b.grad {b.grad}"


def case_frozen_after_forward():
    """a leaf whose flag is set to False after the forward pass gets no gradient"""
    w = torch.tensor(2.0, requires_grad=True)
    y = w * 3
    w.requires_grad_(False)
    y.backward()
    assert w.grad is None, f"w.grad {w.grad}"


def case_no_grad_view():
    """a view made under no_grad is a leaf that reports requires_grad=True, yet is no node of a graph"""
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        v = x[0]
    (v * 3).backward()
    assert v.is_leaf and v.requires_grad and v.grad is None and x.grad is None, "it got a gradient"


def case_no_grad_view_of_a_changed_base():
    """a view taken under no_grad whose base is then changed in place: is_leaf and grad_fn both refuse"""
    base = torch.ones(2, requires_grad=True) * 2
    with torch.no_grad():
        v = base[0]
    base.mul_(2)
    refused = []
    for attribute in ("is_leaf", "grad_fn"):
        try:
            getattr(v, attribute)
        except RuntimeError:
            refused.append(attribute)
    assert refused == ["is_leaf", "grad_fn"], f"only {refused} refused"
