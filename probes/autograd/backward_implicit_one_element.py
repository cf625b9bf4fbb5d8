"""backward() without an argument needs a tensor that requires gradients, is real and holds exactly one element, whatever its number of dimensions; any other result needs a weight of its shape."""

import torch


def runs(build, dtype=torch.float32):
    x = torch.tensor([1.0, 2.0, 3.0], dtype=dtype, requires_grad=True)
    try:
        build(x).backward()
    except RuntimeError:
        return False
    return True


def case_one_element_any_dimensions():
    """one element with 0, 1, 2 and 3 dimensions"""
    builds = (
        lambda x: x.sum(),
        lambda x: x[:1] * 2,
        lambda x: x[:1].view(1, 1) * 2,
        lambda x: x[1:2].view(1, 1, 1) ** 2,
    )
    assert all(runs(b) for b in builds), [runs(b) for b in builds]


def case_one_element_non_contiguous():
    """one element taken with a step, from a transposed view"""
    assert runs(lambda x: x.view(3, 1).t()[:, ::3] * 2), "it did not run"


def case_other_real_dtypes():
    """float16, bfloat16 and float64 results of one element"""
    assert all(
        runs(lambda x: x.sum(), d) for d in (torch.float16, torch.bfloat16, torch.float64)
    ), "refused"


def case_several_elements():
    """three elements and a 1 × 3 matrix need a weight"""
    assert not runs(lambda x: x * 2) and not runs(lambda x: x.view(1, 3) * 2), (
        "ran without a weight"
    )


def case_no_elements():
    """an empty result needs a weight"""
    assert not runs(lambda x: x[:0] * 2), "ran without a weight"


def case_complex_one_element():
    """a complex result of one element needs a weight"""
    assert not runs(lambda x: x.to(torch.complex64).sum()), "ran without a weight"
    assert not runs(lambda x: x.sum(), torch.complex64), "ran without a weight"


def case_not_requiring_gradients():
    """a one-element tensor that does not require gradients cannot start a pass at all"""
    for t in (torch.tensor(1.0), torch.ones(1, requires_grad=True).detach() * 2):
        for weight in (None, torch.ones_like(t)):
            try:
                t.backward(weight)
            except RuntimeError:
                continue
            raise AssertionError("backward() ran on a tensor that does not require gradients")
