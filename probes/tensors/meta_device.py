"""Every PyTorch build has the meta device, whose tensors have a shape and a dtype but no data; out-of-place element-wise operations check its device, but not every operation does: an in-place add_ or a matrix product with a CPU tensor runs instead of raising."""

import torch
import torch.nn.functional as F


def raises(operation, error=RuntimeError):
    try:
        operation()
    except error:
        return True
    return False


def case_built_in():
    """meta tensors on this build, whatever accelerator it has or lacks"""
    x = torch.ones(3, device="meta")
    assert x.device.type == "meta", f"on {x.device}"


def case_shape_and_dtype():
    """float16, int64 and bool tensors of shapes (2, 3), () and (0,)"""
    for dtype in (torch.float16, torch.int64, torch.bool):
        for shape in ((2, 3), (), (0,)):
            x = torch.zeros(shape, dtype=dtype, device="meta")
            assert x.shape == shape and x.dtype == dtype, f"{shape} {dtype}: {x.shape} {x.dtype}"


def case_no_data():
    """reading the values: tolist, item, a copy to the CPU, NumPy"""
    x = torch.ones(3, device="meta")
    assert raises(x.tolist, NotImplementedError), "tolist gave values"
    assert raises(
        lambda: torch.ones((), device="meta").item(), (NotImplementedError, RuntimeError)
    ), "item gave a value"
    assert raises(lambda: x.to("cpu"), NotImplementedError), "the copy to the CPU had values"
    assert raises(x.numpy, TypeError), "numpy() gave an array"


def case_shapes_are_computed():
    """a product, a reduction and a broadcast on meta give the shapes they give on the CPU, and a mismatch raises"""
    a, b = torch.ones(2, 3, device="meta"), torch.ones(3, 4, device="meta")
    assert (a @ b).shape == (2, 4), (a @ b).shape
    assert a.sum(dim=0).shape == (3,), a.sum(dim=0).shape
    assert (a + torch.ones(1, 3, device="meta")).shape == (2, 3), "the broadcast"
    assert raises(lambda: a + torch.ones(2, device="meta")), "(2, 3) + (2,) ran on meta"


def case_element_wise_operations_check():
    """meta with a CPU vector: +, *, cat and a comparison raise"""
    on, cpu = torch.ones(3, device="meta"), torch.ones(3)
    for name, operation in (
        ("+", lambda: on + cpu),
        ("*", lambda: cpu * on),
        ("cat", lambda: torch.cat([on, cpu])),
        ("==", lambda: on == cpu),
    ):
        assert raises(operation), f"{name} ran"


def case_not_every_operation_checks():
    """in-place add_ both ways, and matrix products both ways, of a meta and a CPU tensor"""
    cpu, on = torch.ones(2, 3), torch.ones(4, 3, device="meta")
    unchecked = {
        "meta.add_(cpu)": lambda: torch.ones(3, device="meta").add_(torch.ones(3)),
        "cpu.add_(meta)": lambda: torch.ones(3).add_(torch.ones(3, device="meta")),
        "cpu @ meta": lambda: cpu @ on.t(),
        "meta @ cpu": lambda: on @ cpu.t(),
        "F.linear(cpu, meta weight)": lambda: F.linear(cpu, on),
    }
    for name, operation in unchecked.items():
        assert not raises(operation), f"{name} raised: it checks the devices now"
