import torch


def record_grad_norms(tensors):
    """Hook every tensor of the dict {name: tensor}: each backward pass stores the norm of
    its gradient under its name. Return the dict of norms and the hooks' handles."""
    norms, handles = {}, []
    for name, t in tensors.items():
        def hook(grad, name=name):  # name=name: each hook keeps its own name
            norms[name] = grad.norm().item()
        handles.append(t.register_hook(hook))
    return norms, handles


# -- check: run this after your own record_grad_norms(tensors)
import torch


def check(record_grad_norms):
    x = torch.tensor([1.0, 2.0, 2.0], requires_grad=True)
    y = x * 2
    norms, handles = record_grad_norms({"x": x, "y": y})
    (y * y).sum().backward()
    assert norms == {"x": 24.0, "y": 12.0}, f"the gradients are 8x and 2y: {norms}"
    assert torch.equal(x.grad, 8 * x.detach()), "the hooks must only read the gradient"
    for handle in handles:
        handle.remove()
    (x * 5).sum().backward()
    assert norms == {"x": 24.0, "y": 12.0}, "after remove() the hooks must not run"
    print(sorted(norms.items()))
    print("all checks passed")


check(record_grad_norms)
