import torch


def leaves(t):
    """The leaf tensors that t.backward() would give a .grad, each once."""
    found, seen, stack = [], set(), [t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if hasattr(node, "variable"):  # an AccumulateGrad node: its leaf
            found.append(node.variable)
        stack.extend(next_node for next_node, _ in node.next_functions)
    return found


# -- check: run this after your own leaves(t)
import torch


def check(leaves):
    w = torch.randn(3, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    data = torch.randn(3)  # requires no gradient: not a leaf backward fills
    p = torch.sigmoid((w * data).sum() + b)
    found = leaves(p)
    assert len(found) == 2 and {id(t) for t in found} == {id(w), id(b)}, found
    x = torch.ones(2, requires_grad=True)
    y = x + 2
    out = (y * y * x).sum()  # x is reached along two paths, but is one leaf
    assert len(leaves(out)) == 1 and leaves(out)[0] is x, leaves(out)
    print(len(found))
    print(len(leaves(out)))
    print("all checks passed")


check(leaves)
