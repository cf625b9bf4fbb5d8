"""The tensors of one operation must be on one device: a mix raises an error naming both, except with a zero-dimensional CPU tensor in an element-wise operation or a CPU tensor of indices in x[indices]; functions such as torch.stack, torch.cat, index_select, gather and nn.Embedding make no such exception; moving one operand with .to(other.device) fixes it.

On the meta device a few operations skip the check (in-place ones, matrix products): the page
says so, and tensors/meta_device tries them; here meta stands in for an accelerator only with
operations that check it, and the CUDA case tries them all.
"""

import unittest

import torch
import torch.nn.functional as F

CUDA_NOTES = "https://docs.pytorch.org/docs/stable/notes/cuda.html"


def raises_naming(operation, *devices):
    try:
        operation()
    except RuntimeError as error:
        message = str(error)
        return all(device in message for device in devices)
    return False


def mixes(on, cpu):
    """Operations of a tensor `on` another device with a CPU tensor `cpu`, both of shape (3,)."""
    return {
        "on + cpu": lambda: on + cpu,
        "cpu + on": lambda: cpu + on,
        "on * cpu": lambda: torch.mul(on, cpu),
        "cat": lambda: torch.cat([on, cpu]),
        "stack": lambda: torch.stack([on, cpu]),
        "dot": lambda: torch.dot(on, cpu),
        "where": lambda: torch.where(on > 0, on, cpu),
        "a Linear on the other device": lambda: torch.nn.Linear(3, 2, device=on.device)(cpu),
    }


def case_mixes_raise():
    """element-wise, cat, stack, dot, where and a module: meta with a CPU vector"""
    on, cpu = torch.ones(3, device="meta"), torch.ones(3)
    for name, operation in mixes(on, cpu).items():
        assert raises_naming(operation, "meta", "cpu"), f"{name} ran, or its error named no devices"


def case_cpu_vector_of_one_element():
    """a CPU tensor of one dimension, [2.0], is no exception"""
    on = torch.ones(3, device="meta")
    assert raises_naming(lambda: on + torch.tensor([2.0]), "meta", "cpu"), "the sum ran"


def case_zero_dim_on_another_device_is_no_exception():
    """a 0-d meta tensor with a CPU vector: the exception is for CPU 0-d tensors only"""
    zero_dim = torch.tensor(2.0, device="meta")
    assert raises_naming(lambda: zero_dim + torch.ones(3), "meta", "cpu"), "the sum ran"


def case_cpu_zero_dim_combines():
    """a 0-d CPU tensor (float, float64, int, bool, requiring grad) with a meta tensor, both orders and in place"""
    on = torch.ones(3, device="meta")
    scalars = (
        torch.tensor(2.0),
        torch.tensor(2.0, dtype=torch.float64),
        torch.tensor(2),
        torch.tensor(True),
        torch.tensor(2.0, requires_grad=True),
    )
    for scalar in scalars:
        for result in (
            on + scalar,
            scalar * on,
            torch.where(on > 0, on, scalar),
            on.clone().add_(scalar),
        ):
            assert result.device.type == "meta", f"with {scalar!r}: on {result.device}"


def case_cpu_zero_dim_counts_as_a_number():
    """float32 meta tensor with a 0-d float64 CPU tensor: the result stays float32, as with a number"""
    result = torch.ones(3, device="meta") + torch.tensor(2.0, dtype=torch.float64)
    assert result.dtype == torch.float32, f"the result is {result.dtype}"


def case_cpu_indices_select():
    """CPU index tensors, a pair of them and a CPU mask into a meta tensor, and assignment through them"""
    on = torch.ones(3, 3, device="meta")
    picked = (
        on[torch.tensor([0, 2])],
        on[torch.tensor([0, 2]), torch.tensor([1, 1])],
        on[torch.tensor([True, False, True])],
    )
    for result in picked:
        assert result.device.type == "meta", f"a selection is on {result.device}"
    target = on.clone()
    target[torch.tensor([0])] = 1.0
    assert target.device.type == "meta", f"the assignment left it on {target.device}"


def case_to_other_device_fixes():
    """a CPU tensor b moved with b.to(a.device) before the operation, for a on meta and on the CPU"""
    for a_device in ("meta", "cpu"):
        a, b = torch.ones(3, device=a_device), torch.ones(3)
        for name, operation in mixes(a, b.to(a.device)).items():
            result = operation()
            if isinstance(result, torch.Tensor):
                assert result.device == a.device, f"{name} is on {result.device}"


def case_cuda():
    """CUDA with the CPU: a vector raises, a 0-d CPU tensor and CPU indices work, .to fixes it"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_NOTES}")
    on, cpu = torch.ones(3, device="cuda"), torch.ones(3)
    for name, operation in mixes(on, cpu).items():
        assert raises_naming(operation, "cuda", "cpu"), f"{name} ran, or named no devices"
    assert (on + torch.tensor(2.0)).device.type == "cuda", "a 0-d CPU tensor was refused"
    assert on[torch.tensor([0, 2])].device.type == "cuda", "CPU indices were refused"
    assert (on + cpu.to(on.device)).device.type == "cuda", ".to did not fix it"
    assert raises_naming(lambda: on.clone().add_(cpu), "cuda", "cpu"), "an in-place add_ ran"
    assert raises_naming(lambda: torch.ones(3, 3) @ on, "cuda", "cpu"), "a CPU @ CUDA product ran"
    assert raises_naming(
        lambda: F.linear(torch.ones(2, 3), torch.ones(4, 3, device="cuda")), "cuda", "cpu"
    ), "F.linear of a CPU input and CUDA weights ran"


def case_stack_and_cat_make_no_exception():
    """a 0-d CPU tensor stacked with a 0-d meta one (both orders), a CPU tensor of indices joined by cat to a meta one"""
    meta_scalar, cpu_scalar = torch.tensor(1.0, device="meta"), torch.tensor(2.0)
    for pair in ([meta_scalar, cpu_scalar], [cpu_scalar, meta_scalar]):
        assert raises_naming(lambda pair=pair: torch.stack(pair), "meta", "cpu"), "stack ran"
    indices = torch.tensor([0, 2])
    joined = lambda: torch.cat([indices.to("meta"), indices])
    assert raises_naming(joined, "meta", "cpu"), "cat ran"


def case_cuda_functions_make_no_exception():
    """CUDA with CPU indices in index_select, gather, scatter and nn.Embedding, a 0-d CPU tensor in stack: each raises"""
    if not torch.cuda.is_available():
        raise unittest.SkipTest(f"no CUDA device; documented at {CUDA_NOTES}")
    on, indices = torch.ones(3, 3, device="cuda"), torch.tensor([0, 2])
    column = torch.zeros(1, 3, dtype=torch.long)
    functions = {
        "index_select": lambda: on.index_select(0, indices),
        "gather": lambda: on.gather(0, column),
        "scatter": lambda: on.scatter(0, column, 1.0),
        "nn.Embedding": lambda: torch.nn.Embedding(3, 2, device="cuda")(indices),
        "stack": lambda: torch.stack([torch.tensor(1.0, device="cuda"), torch.tensor(2.0)]),
    }
    for name, operation in functions.items():
        assert raises_naming(operation, "cuda", "cpu"), f"{name} ran, or named no devices"
