"""clone() and advanced indexing (index tensors, lists, masks) allocate new memory and copy the numbers into it, so a write into the copy leaves the original alone and the other way round, while assigning through the index (y[mask] = 0) writes into the original; a clone stays in the graph, and its gradient reaches its source."""

import torch


def storage(t):
    return t.untyped_storage().data_ptr()


def base():
    return torch.arange(6.0).view(2, 3)


def copies(y):
    return {
        "clone()": y.clone(),
        "row clone": y[1, :].clone(),
        "index tensor": y[torch.tensor([0, 1]), 1],
        "list": y[[0, 1]],
        "mask": y[y > 2],
    }


def case_new_memory_with_the_same_numbers():
    """each copy: other storage, the values of what it picked"""
    y = base()
    picked = {
        "clone()": y,
        "row clone": y[1, :],
        "index tensor": y[:, 1],
        "list": y,
        "mask": y.flatten()[3:],
    }
    for name, c in copies(y).items():
        assert storage(c) != storage(y), f"{name} shares y's memory"
        assert torch.equal(c, picked[name]), f"{name} holds {c.tolist()}"


def case_writes_do_not_cross():
    """a write into each copy leaves y; a write into y leaves each copy"""
    y = base()
    before = y.clone()
    made = copies(y)
    for c in made.values():
        c.fill_(100.0)
    assert torch.equal(y, before), f"y became {y.tolist()}"
    y.fill_(-1.0)
    for name, c in made.items():
        assert bool((c == 100.0).all()), f"{name} changed with y"


def case_dtypes_and_layouts():
    """int64, bool, bfloat16 and complex tensors, a transposed one and a 0-d one"""
    for y in (
        torch.arange(6).view(2, 3),
        torch.ones(2, 3, dtype=torch.bool),
        torch.ones(2, 3, dtype=torch.bfloat16),
        torch.ones(2, 3, dtype=torch.complex64),
        base().t(),
        torch.tensor(3.0),
    ):
        c = y.clone()
        assert storage(c) != storage(y) and torch.equal(c, y), f"{y.dtype} {tuple(y.shape)}"


def case_clone_of_an_expanded_view():
    """clone() of a stretched (stride 0) view: every row gets memory of its own"""
    row = torch.arange(3.0)
    c = row.expand(4, 3).clone()
    c[0, 0] = 9
    assert c[1, 0].item() == 0 and row[0].item() == 0 and 0 not in c.stride(), c.stride()


def case_clone_of_a_conjugate_view():
    """clone() of conj(): the conjugated numbers, in memory of their own"""
    z = torch.tensor([1 + 2j])
    c = z.conj().clone()
    assert c.item() == 1 - 2j and storage(c) != storage(z), c


def case_assignment_through_the_index_writes_into_y():
    """y[mask] = 0, y[index tensor] = 7, y[[0]] = -1 and index_put_: y changes in place"""
    y = base()
    address = storage(y)
    y[y > 2] = 0
    assert y.tolist() == [[0, 1, 2], [0, 0, 0]], y.tolist()
    y[torch.tensor([1]), 2] = 7
    y[[0]] = -1
    y.index_put_((torch.tensor([1]), torch.tensor([0])), torch.tensor(5.0))
    assert y.tolist() == [[-1, -1, -1], [5, 0, 7]] and storage(y) == address, y.tolist()


def case_clone_stays_in_the_graph():
    """b = a.clone(): grad_fn CloneBackward0, and the gradient of (b * 2).sum() reaches a"""
    a = torch.ones(3, requires_grad=True)
    b = a.clone()
    (b * 2).sum().backward()
    assert type(b.grad_fn).__name__ == "CloneBackward0" and a.grad.tolist() == [2.0, 2.0, 2.0]


def case_grad_modes():
    """under no_grad and inference_mode a clone and a mask still copy"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            y = base()
            assert storage(y.clone()) != storage(y) and storage(y[y > 2]) != storage(y), (
                mode.__name__
            )


def case_empty():
    """clone() of an empty tensor: nothing to copy, an empty tensor of the same shape"""
    c = torch.zeros(0, 3).clone()
    assert c.shape == (0, 3), c.shape
