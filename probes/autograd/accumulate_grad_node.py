"""A leaf that receives a gradient is reached through one AccumulateGrad node, whose variable is the leaf and which adds the incoming gradient into the leaf's .grad; a leaf that receives none (no requires_grad, or a view taken under no_grad) has no such node."""

import torch


def accumulate_nodes(out):
    seen, stack, found = set(), [out.grad_fn], []
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if type(node).__name__ == "AccumulateGrad":
            found.append(node)
        stack.extend(n for n, _ in node.next_functions)
    return found


def case_leaf_of_a_sum():
    """y = x + 2: the first pair is the AccumulateGrad of x, whose variable is x"""
    x = torch.ones(3, requires_grad=True)
    node = (x + 2).grad_fn.next_functions[0][0]
    assert type(node).__name__ == "AccumulateGrad" and node.variable is x, type(node).__name__


def case_used_twice_one_node():
    """x used along two paths: one node, and .grad gets the sum"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    out = (x * x + x).sum()
    nodes = accumulate_nodes(out)
    out.backward()
    assert len(nodes) == 1 and nodes[0].variable is x, f"{len(nodes)} nodes"
    assert x.grad.tolist() == [3.0, 5.0], f"x.grad {x.grad}"


def case_adds_into_grad():
    """a hook on the node sees the gradient it then adds to what .grad already holds"""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    y = (x * 4).sum()
    node, seen = y.grad_fn.next_functions[0][0].next_functions[0][0], []
    node.register_prehook(lambda grads: seen.append((grads[0].tolist(), x.grad.tolist())))
    y.backward()
    assert seen == [([4.0, 4.0], [3.0, 3.0])] and x.grad.tolist() == [7.0, 7.0], f"{seen}, {x.grad}"


def case_parameters_and_fresh_leaves():
    """the weight and bias of an nn.Linear, a leaf made with detach().requires_grad_(), a 0-d, an empty and a complex leaf"""
    layer = torch.nn.Linear(2, 1)
    fresh = (torch.ones(2, requires_grad=True) * 3).detach().requires_grad_()
    s, e = torch.tensor(2.0, requires_grad=True), torch.ones(0, requires_grad=True)
    z = torch.tensor([1 + 1j], requires_grad=True)
    out = layer(fresh).sum() + s * 2 + e.sum() + (z * 2).real.sum()
    variables = [n.variable for n in accumulate_nodes(out)]
    out.backward()
    for leaf in (layer.weight, layer.bias, fresh, s, e, z):
        assert any(v is leaf for v in variables) and leaf.grad is not None, f"{tuple(leaf.shape)}"


def case_leaf_without_requires_grad():
    """a leaf with requires_grad=False: its pair is None, no node, no .grad"""
    x, c = torch.ones(2, requires_grad=True), torch.full((2,), 3.0)
    out = (x * c).sum()
    assert out.grad_fn.next_functions[0][0].next_functions[1][0] is None, "c has a node"
    out.backward()
    assert c.grad is None, f"c.grad {c.grad}"


def case_view_taken_under_no_grad():
    """a view of a tracked leaf taken under no_grad reports requires_grad=True, yet has no node and receives nothing"""
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        v = x[0]
    out = v * 3
    assert v.requires_grad and v.is_leaf and out.grad_fn.next_functions[0][0] is None, "a node"
    out.backward()
    assert v.grad is None and x.grad is None, f"v.grad {v.grad}, x.grad {x.grad}"
