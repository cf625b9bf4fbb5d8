"""A tracked computation records about one backward node per operation, and backward() runs the nodes in reverse order: each node runs after every node that uses its result, so the nodes of a chain run in the reverse of the order the operations ran."""

import torch


def nodes_of(out):
    seen, stack, found = set(), [out.grad_fn], []
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        found.append(node)
        stack.extend(n for n, _ in node.next_functions)
    return found


def run_order(out, **backward):
    nodes, ran = nodes_of(out), []
    for node in nodes:
        node.register_prehook(lambda grad, node=node: ran.append(node))
    out.backward(**backward)
    return nodes, ran


def after_users(nodes, ran):
    """Every node ran once, after each node that uses its result."""
    position = {node: i for i, node in enumerate(ran)}
    return len(ran) == len(nodes) and all(
        position[m] > position[n] for n in nodes for m, _ in n.next_functions if m is not None
    )


def case_chain():
    """x.exp() * 2, then + 1, then .sum(): one node per operation, run last to first"""
    x = torch.ones(3, requires_grad=True)
    a = x.exp()
    b = a * 2
    c = b + 1
    out = c.sum()
    made = [out.grad_fn, c.grad_fn, b.grad_fn, a.grad_fn]
    nodes, ran = run_order(out)
    assert ran[:4] == made and len(nodes) == 5, [n.name() for n in ran]


def case_shared_result():
    """(y * y * 3).mean() with y = x + 2: y's node runs after both products"""
    x = torch.ones(3, requires_grad=True)
    y = x + 2
    nodes, ran = run_order((y * y * 3).mean())
    assert after_users(nodes, ran), [n.name() for n in ran]


def case_branches():
    """two leaves along separate branches joined by a product and a sum"""
    a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    nodes, ran = run_order((a.exp() * b.sin()).sum() + a.sum())
    assert after_users(nodes, ran), [n.name() for n in ran]


def case_one_thread():
    """the same with one CPU thread"""
    threads = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        x = torch.ones(4, requires_grad=True)
        h = torch.tanh(x @ torch.ones(4, 4))
        nodes, ran = run_order((h * h).sum() + h.mean())
    finally:
        torch.set_num_threads(threads)
    assert after_users(nodes, ran), [n.name() for n in ran]


def case_module():
    """an nn.Sequential of two layers and a ReLU"""
    net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    nodes, ran = run_order(net(torch.ones(2, 3)).sum())
    assert after_users(nodes, ran), [n.name() for n in ran]


def case_no_graph_without_tracking():
    """under torch.no_grad() nothing is recorded, so there is nothing to run"""
    x = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        out = (x.exp() * 2).sum()
    assert out.grad_fn is None, "a node was recorded"
