"""
Draw the computational graph
============================

Each floating-point result of a tracked out-of-place operation points, through ``grad_fn``, to the
backward function of that operation, and each backward function points to the ones before it through
``next_functions``. This example walks that chain and draws it.
"""

import matplotlib.pyplot as plt
import torch

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% grad_fn_names
# ``grad_fn`` names the last operation
# ------------------------------------
# For an out-of-place operation, the ``grad_fn`` of its result is the backward function of
# that operation, the *last* one that produced the result. For a built-in operation its class name is usually the name of the operation
# that ran last (``matmul`` of two matrices shows ``MmBackward0``), then ``Backward`` and a number.

x = torch.ones(2, 2, requires_grad=True)
expressions = {
    "x * 1": x * 1,
    "x + 1": x + 1,
    "(x * 1 + 2) - 3": (x * 1 + 2) - 3,
    "(x * x).sum()": (x * x).sum(),
}
for text, result in expressions.items():
    print(f"{text:18} -> {type(result.grad_fn).__name__}")
# sphinx_gallery_start_ignore
names = [type(result.grad_fn).__name__ for result in expressions.values()]
facts["mul_name"], facts["add_name"], facts["sub_name"], facts["sum_name"] = names
assert names == ["MulBackward0", "AddBackward0", "SubBackward0", "SumBackward0"]
# sphinx_gallery_end_ignore

# %% grad_fn_is_node
# A ``grad_fn`` is a node of the backward graph (``torch.autograd.graph.Node``), not an
# instance of ``torch.autograd.Function``, the class for writing your own operations.

y = x + 2
print(isinstance(y.grad_fn, torch.autograd.graph.Node))
print(isinstance(y.grad_fn, torch.autograd.Function))
# sphinx_gallery_start_ignore
facts["is_node"] = isinstance(y.grad_fn, torch.autograd.graph.Node)
facts["is_function"] = isinstance(y.grad_fn, torch.autograd.Function)
# sphinx_gallery_end_ignore

# %% next_functions
# Following ``next_functions``
# ----------------------------
# ``next_functions`` is a tuple of ``(node, index)`` pairs, one per tensor input the operation
# could differentiate (an index or a Python number that stays a number has none).
# An input that needs no gradient, such as the constant ``2``, appears as ``None``. A leaf
# that requires gradients appears as an ``AccumulateGrad`` node, whose ``variable`` is the
# leaf itself: it is where the gradient is added into ``x.grad``.

for fn, index in y.grad_fn.next_functions:
    print(fn if fn is None else type(fn).__name__, index)
accumulate = y.grad_fn.next_functions[0][0]
print(accumulate.variable is x)
# sphinx_gallery_start_ignore
facts["add_next"] = [fn if fn is None else type(fn).__name__ for fn, _ in y.grad_fn.next_functions]
facts["leaf_node"] = type(accumulate).__name__
facts["leaf_variable_is_x"] = accumulate.variable is x
assert facts["add_next"] == ["AccumulateGrad", None]
# sphinx_gallery_end_ignore

# %% untracked_results
# Leaves have no ``grad_fn`` -- and neither does anything that is not tracked
# ---------------------------------------------------------------------------
# ``is_leaf`` is ``True`` exactly when ``grad_fn`` is ``None``. That includes the result of
# an operation on tensors that do not require gradients: it is a "leaf" too, but it is in
# no graph and receives no ``.grad`` unless ``requires_grad_()`` is called on it later.

a = torch.ones(2, 2)
b = a * 2
print(b.grad_fn, b.is_leaf, b.requires_grad)
# sphinx_gallery_start_ignore
facts["untracked_grad_fn"] = str(b.grad_fn)
facts["untracked_is_leaf"] = b.is_leaf
facts["untracked_requires_grad"] = b.requires_grad
# sphinx_gallery_end_ignore


# %% walking_graph
# Walking the graph
# -----------------
# The walk below starts at the root's ``grad_fn`` and follows ``next_functions``
# recursively. A node reached on several paths is kept once, at its greatest depth, so every
# node is drawn below the nodes that send it gradients: read top to bottom, the rows give an
# order in which the backward pass could run them.


def walk(root):
    """Return ``{node: depth}`` and the edges ``(node, next_node)``, one per input."""
    depth = {}

    def visit(fn, level):
        if level <= depth.get(fn, -1):
            return
        depth[fn] = level
        for next_fn, _ in fn.next_functions:
            if next_fn is not None:
                visit(next_fn, level + 1)

    visit(root, 0)
    edges = [
        (fn, next_fn) for fn in depth for next_fn, _ in fn.next_functions if next_fn is not None
    ]
    return depth, edges


# %% draw_helpers
# To draw a graph, each node is placed on the row of its depth, and each edge becomes an
# arrow from a node to the node of one of its inputs.


def label(fn, names):
    """The class name; for a leaf, also the name of its variable."""
    text = type(fn).__name__
    if hasattr(fn, "variable"):
        name = next((n for n, t in names.items() if t is fn.variable), "?")
        text += f"\n({name})"
    return text


def draw(root, names, ax, title):
    depth, edges = walk(root)
    rows = {}
    for fn, level in depth.items():
        rows.setdefault(level, []).append(fn)
    where = {}
    for level, row in rows.items():
        for i, fn in enumerate(row):
            where[fn] = ((i + 1) / (len(row) + 1), -level)
    for i, (fn, next_fn) in enumerate(edges):
        # The same input used twice (y * y): one bent arrow per use.
        spread = edges[:i].count((fn, next_fn)) - (edges.count((fn, next_fn)) - 1) / 2
        bend = f"arc3,rad={0.5 * spread}"
        ax.annotate(
            "",
            xy=where[next_fn],
            xytext=where[fn],
            arrowprops={
                "arrowstyle": "->",
                "color": "0.4",
                "shrinkA": 16,
                "shrinkB": 16,
                "connectionstyle": bend,
            },
        )
    for fn, (px, py) in where.items():
        leaf = hasattr(fn, "variable")
        ax.text(
            px,
            py,
            label(fn, names),
            ha="center",
            va="center",
            fontsize=9,
            bbox={"boxstyle": "round", "fc": "#d9ead3" if leaf else "#dae8fc", "ec": "0.3"},
        )
    ax.set_xlim(0, 1)
    ax.set_ylim(-max(rows) - 0.6, 0.6)
    ax.set_title(title, fontsize=10)
    ax.axis("off")
    return depth


# %% notes_example
# The notes' example: ``out = (3 * (x + 2) ** 2).mean()``, written as in note 001.
# ``y`` is used twice by ``y * y``, so its ``AddBackward0`` has two arrows pointing to it.

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()

depth_out, edges_out = walk(out.grad_fn)
for fn in sorted(depth_out, key=depth_out.get):
    print(depth_out[fn], type(fn).__name__)
print("edges into y's node:", sum(next_fn is y.grad_fn for _, next_fn in edges_out))
# sphinx_gallery_start_ignore
facts["out_nodes"] = [type(fn).__name__ for fn in sorted(depth_out, key=depth_out.get)]
facts["out_node_count"] = len(depth_out)
facts["y_edges"] = sum(next_fn is y.grad_fn for _, next_fn in edges_out)
assert facts["y_edges"] == 2
assert facts["out_nodes"] == [
    "MeanBackward0",
    "MulBackward0",
    "MulBackward0",
    "AddBackward0",
    "AccumulateGrad",
]
# sphinx_gallery_end_ignore

# %% one_neuron_graph
# A second graph with two leaves, ``w`` and ``b``, as in a one-neuron model.

w = torch.randn(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
data = torch.randn(3)
p = torch.sigmoid((w * data).sum() + b)

fig, (left, right) = plt.subplots(1, 2, figsize=(9, 5.5))
depth_out = draw(out.grad_fn, {"x": x}, left, "out = (y * y * 3).mean(), y = x + 2")
depth_p = draw(p.grad_fn, {"w": w, "b": b}, right, "p = sigmoid((w * data).sum() + b)")
fig.tight_layout()
plt.show()

print(sorted({type(fn).__name__ for fn in depth_out}))
print(sorted({type(fn).__name__ for fn in depth_p}))
# sphinx_gallery_start_ignore
facts["p_leaf_count"] = sum(hasattr(fn, "variable") for fn in depth_p)
facts["p_root"] = type(p.grad_fn).__name__
assert facts["p_leaf_count"] == 2
# sphinx_gallery_end_ignore

# %%
# The graph of ``out`` has five nodes, although the expression builds ``y`` once and uses it
# twice: the walk reaches the same ``AddBackward0`` from both inputs of ``y * y``.

# %% control_flow
# Gradients through Python control flow
# -------------------------------------
# The graph records the operations that ran, so a function may branch and loop on the
# values of tensors. ``f`` below doubles ``b`` until its norm reaches 1000, then keeps it or
# multiplies it by 100 depending on its sign. For a finite nonzero ``a``, whatever path it
# takes, ``f(a)`` is ``a`` times a constant, so the gradient ``a.grad`` is that constant,
# ``d / a`` up to rounding (exactly so for the two values below).


def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        return b
    return 100 * b


results = {}
for value in [0.5, -0.5]:
    a = torch.tensor(value, requires_grad=True)
    d = f(a)
    d.backward()
    results[value] = d
    print(f"a = {value}: d = {d.item()}, a.grad = {a.grad.item()}, d / a = {(d / a).item()}")
    # sphinx_gallery_start_ignore
    facts.setdefault("control_flow_d", []).append(d.item())
    facts.setdefault("control_flow_grad", []).append(a.grad.item())
    facts.setdefault("control_flow_equal", []).append(bool(a.grad == d / a))
    # sphinx_gallery_end_ignore
# sphinx_gallery_start_ignore
assert facts["control_flow_d"] == [1024.0, -102400.0]
assert facts["control_flow_grad"] == [2048.0, 204800.0]
assert facts["control_flow_equal"] == [True, True]
# sphinx_gallery_end_ignore

# %% control_flow_graph
# The graph of ``d`` holds only the operations that produced it: ``a * 2``, one product per
# turn of the loop (10 here), and for a negative ``a`` the product with 100 as well.

for value, d in results.items():
    names = [type(fn).__name__ for fn in walk(d.grad_fn)[0]]
    print(f"a = {value}: {names.count('MulBackward0')} MulBackward0 nodes")
# sphinx_gallery_start_ignore
facts["control_flow_muls"] = [
    [type(fn).__name__ for fn in walk(d.grad_fn)[0]].count("MulBackward0") for d in results.values()
]
assert facts["control_flow_muls"] == [11, 12]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/autograd/graph` explains the graph and what the notes called these nodes.
