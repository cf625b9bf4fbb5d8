"""optimizer.zero_grad() sets the gradients to None (set_to_none=True by default), which the
next backward() treats as zeros: it leaves the same gradient either way. For the optimizer they
differ: a step skips a parameter whose gradient is None (no move, no change to its state), while
a zero gradient goes through momentum and weight decay (and Adam's running averages) and can
move the parameter; plain SGD moves it by lr times zero, not at all."""

import torch
from torch import nn

OPTIMIZERS = {
    "SGD with momentum": lambda p, f: torch.optim.SGD(p, lr=0.1, momentum=0.9, foreach=f),
    "SGD with weight decay": lambda p, f: torch.optim.SGD(p, lr=0.1, weight_decay=0.1, foreach=f),
    "Adam": lambda p, f: torch.optim.Adam(p, lr=0.1, foreach=f),
    "AdamW": lambda p, f: torch.optim.AdamW(p, lr=0.1, foreach=f),
    "RMSprop with momentum": lambda p, f: torch.optim.RMSprop(p, lr=0.1, momentum=0.9, foreach=f),
}


def second_step(make, foreach, grad):
    """One step with a real gradient, then one with `grad` (None or zeros); the parameter before and after the second."""
    parameter = nn.Parameter(torch.tensor([1.0, -2.0]))
    optimizer = make([parameter], foreach)
    parameter.grad = torch.tensor([0.5, 0.5])
    optimizer.step()
    before = parameter.detach().clone()
    state = {
        k: v.clone() if torch.is_tensor(v) else v for k, v in optimizer.state[parameter].items()
    }
    parameter.grad = None if grad is None else torch.zeros(2)
    optimizer.step()
    after_state = optimizer.state[parameter]
    same_state = all(
        torch.equal(torch.as_tensor(v), torch.as_tensor(after_state[k])) for k, v in state.items()
    )
    return before, parameter.detach(), same_state


def case_zero_grad_sets_none():
    """optimizer.zero_grad() and module.zero_grad() with no argument: .grad is None"""
    layer = nn.Linear(2, 1)
    layer(torch.ones(1, 2)).sum().backward()
    torch.optim.SGD(layer.parameters(), lr=0.1).zero_grad()
    assert all(p.grad is None for p in layer.parameters()), "not None after optimizer.zero_grad()"
    layer(torch.ones(1, 2)).sum().backward()
    layer.zero_grad()
    assert all(p.grad is None for p in layer.parameters()), "not None after module.zero_grad()"


def case_next_backward_same():
    """after None and after zeros, in float32 and bfloat16: the next backward() leaves the same .grad"""
    for dtype in (torch.float32, torch.bfloat16):
        grads = []
        for clear in (None, "zeros"):
            w = nn.Parameter(torch.tensor([1.0, -3.0, 0.0], dtype=dtype))
            (w * w).sum().backward()
            if clear is None:
                w.grad = None
            else:
                w.grad.zero_()
            (w * w * w).sum().backward()
            grads.append(w.grad.clone())
        assert torch.equal(grads[0], grads[1]), f"{dtype}: {grads}"


def case_none_skipped():
    """SGD with momentum or weight decay, Adam, AdamW, RMSprop, each loop and foreach: None moves nothing, changes no state"""
    for name, make in OPTIMIZERS.items():
        for foreach in (False, True):
            before, after, same_state = second_step(make, foreach, None)
            assert torch.equal(before, after) and same_state, f"{name}, foreach={foreach}: moved"


def case_zero_goes_through():
    """the same optimizers: a zero gradient moves the parameter"""
    for name, make in OPTIMIZERS.items():
        for foreach in (False, True):
            before, after, _ = second_step(make, foreach, "zeros")
            assert not torch.equal(before, after), f"{name}, foreach={foreach}: did not move"


def case_plain_sgd_zero():
    """plain SGD, no momentum or weight decay: a zero gradient moves nothing"""
    before, after, _ = second_step(
        lambda p, f: torch.optim.SGD(p, lr=0.1, foreach=f), False, "zeros"
    )
    assert torch.equal(before, after), f"{before} -> {after}"
