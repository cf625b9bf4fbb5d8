"""requires_grad_() switches tracking on in place for a leaf made without it, if its dtype is floating-point or complex and it was not made under torch.inference_mode(); it stays a leaf, and only what is computed after the switch is tracked."""

import torch


def switched(t):
    same = t.requires_grad_()
    return same is t and t.requires_grad and t.is_leaf and t.grad_fn is None


def case_floating_and_complex_dtypes():
    """float32, float64, float16, bfloat16 and complex64"""
    dtypes = (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64)
    wrong = [d for d in dtypes if not switched(torch.ones(2, dtype=d))]
    assert not wrong, f"not switched on for {wrong}"


def case_shapes_and_devices():
    """a 0-d tensor, an empty one, a transposed view of an untracked tensor, a meta tensor"""
    made = (torch.tensor(1.0), torch.ones(0), torch.ones(2, 3).t(), torch.ones(2, device="meta"))
    assert all(switched(t) for t in made), "a tensor was not switched on"


def case_under_no_grad():
    """switched on inside torch.no_grad(): the flag is set, the block still records nothing"""
    t = torch.ones(2)
    with torch.no_grad():
        t.requires_grad_()
        r = t * 2
    assert t.requires_grad and r.grad_fn is None and (t * 2).grad_fn is not None, "wrong"


def case_computed_before_stays_untracked():
    """a result computed before the switch stays untracked"""
    t = torch.ones(2)
    before = t.sum()
    t.requires_grad_()
    after = t.sum()
    assert before.grad_fn is None and type(after.grad_fn).__name__ == "SumBackward0", "wrong"


def case_integer_and_bool_refuse():
    """an int64 and a bool tensor refuse"""
    for t in (torch.arange(3), torch.ones(2, dtype=torch.bool)):
        try:
            t.requires_grad_()
        except RuntimeError:
            continue
        raise AssertionError(f"{t.dtype} was switched on")


def case_inference_tensor_refuses():
    """a tensor made under torch.inference_mode() refuses outside it"""
    with torch.inference_mode():
        t = torch.ones(2)
    try:
        t.requires_grad_()
    except RuntimeError:
        return
    raise AssertionError("an inference tensor was switched on")
