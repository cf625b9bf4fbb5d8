"""Assigning to a parameter name inside a function, t = (t - t.mean()) / t.std(), only rebinds the name: the caller's tensor and its views keep their values, and the function returns a new tensor."""

import torch


def normalize_rebinding(t):
    t = (t - t.mean()) / t.std()
    return t


def case_caller_and_view_unchanged():
    """[1.0, 2.0, 3.0] with a view t[1:] made before the call"""
    t = torch.tensor([1.0, 2.0, 3.0])
    view = t[1:]
    result = normalize_rebinding(t)
    assert result is not t, "the same tensor came back"
    assert t.tolist() == [1.0, 2.0, 3.0] and view.tolist() == [2.0, 3.0], f"t is {t.tolist()}"
    assert result.tolist() == [-1.0, 0.0, 1.0], f"it returned {result.tolist()}"


def case_new_memory():
    """the returned tensor does not share the caller's memory"""
    t = torch.tensor([1.0, 2.0, 3.0])
    result = normalize_rebinding(t)
    assert result.untyped_storage().data_ptr() != t.untyped_storage().data_ptr(), "shared memory"


def case_non_contiguous_and_requiring_grad():
    """a transposed argument, and a leaf requiring grad"""
    matrix = torch.tensor([[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]).t()
    before = matrix.clone()
    normalize_rebinding(matrix)
    assert torch.equal(matrix, before), f"the matrix became {matrix.tolist()}"
    leaf = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    result = normalize_rebinding(leaf)
    assert leaf.tolist() == [1.0, 2.0, 3.0] and result.grad_fn is not None, "the leaf changed"


def case_grad_modes():
    """under no_grad and inference_mode"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            t = torch.tensor([1.0, 2.0, 3.0])
            view = t[1:]
            normalize_rebinding(t)
            assert view.tolist() == [2.0, 3.0], f"under {mode.__name__}: {view.tolist()}"


def case_in_place_contrast():
    """the in-place version, t.sub_(mean).div_(std), does change the caller's view"""
    t = torch.tensor([1.0, 2.0, 3.0])
    view = t[1:]
    mean, std = t.mean(), t.std()
    assert t.sub_(mean).div_(std) is t, "sub_/div_ returned another tensor"
    assert view.tolist() == [0.0, 1.0], f"the view reads {view.tolist()}"
