"""Between a tensor and a NumPy array that share memory, only in-place changes travel; an out-of-place result such as a = a + 1 is new memory, and the name no longer points at the shared one."""

import numpy as np
import torch


def pair():
    n = np.zeros(3)
    return n, torch.from_numpy(n)


def case_tensor_augmented_assignment():
    """t += 1 on the tensor side"""
    n, t = pair()
    t += 1
    assert n.tolist() == [1, 1, 1], n


def case_tensor_underscore_method_and_index():
    """t.add_(1), t[0] = 5 and t.clamp_(max=2) on the tensor side"""
    n, t = pair()
    t.add_(1)
    t[0] = 5
    t.clamp_(max=2)
    assert n.tolist() == [2, 1, 1], n


def case_tensor_out_argument():
    """torch.add(t, 1, out=t) writes into the shared memory"""
    n, t = pair()
    torch.add(t, 1, out=t)
    assert n.tolist() == [1, 1, 1], n


def case_array_side():
    """n += 1, n[1] = 5 and np.multiply(n, 2, out=n) on the array side"""
    n, t = pair()
    n += 1
    n[1] = 5
    np.multiply(n, 2, out=n)
    assert t.tolist() == [2, 10, 2], t


def case_non_contiguous_view():
    """an in-place change through a transposed view of the tensor"""
    n = np.zeros((2, 3))
    t = torch.from_numpy(n)
    t.t()[2, 1] = 7
    assert n[1, 2] == 7, n


def case_tensor_rebinding():
    """t = t + 1, t = t * 2 and t = t.float(): new memory, the array keeps its values"""
    for step in (lambda t: t + 1, lambda t: t * 2, lambda t: t.float()):
        n, t = pair()
        t = step(t)
        t[0] = 9
        assert n.tolist() == [0, 0, 0], n


def case_array_rebinding():
    """n = n + 1 on the array side: new memory, the tensor keeps its values"""
    n, t = pair()
    n = n + 1
    n[0] = 9
    assert t.tolist() == [0, 0, 0], t


def case_set_data_breaks_link():
    """t.data = torch.ones(3) points t at other memory"""
    n, t = pair()
    t.data = torch.ones(3)
    t += 1
    assert n.tolist() == [0, 0, 0], n


def case_resize_refused():
    """t.resize_(10) on a tensor made by from_numpy: refused rather than moved to new memory"""
    _n, t = pair()
    try:
        t.resize_(10)
    except RuntimeError:
        return
    raise AssertionError(f"resized to {tuple(t.shape)}")
