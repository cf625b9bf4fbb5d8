"""Tensor methods whose names end in _ (add_, mul_, zero_, clamp_, copy_, masked_fill_, index_fill_, fill_) write into the tensor's own memory and return the tensor, while their twins without the _ make a new tensor and leave it alone; the operators +=, -=, *= and /= and assignment into an index, a slice or a mask write in place too."""

import torch

# method name -> its arguments, for a float tensor of 4 elements
IN_PLACE = {
    "add_": (1.0,),
    "mul_": (2.0,),
    "zero_": (),
    "clamp_": (0.5, 1.5),
    "copy_": (torch.full((4,), 7.0),),
    "masked_fill_": (torch.tensor([True, False, True, False]), -1.0),
    "index_fill_": (0, torch.tensor([1]), 9.0),
    "fill_": (3.0,),
}


def start():
    return torch.tensor([0.0, 1.0, 2.0, 3.0])


def case_trailing_underscore_writes_in_place():
    """each method with a trailing _ returns the tensor itself, at the same address, with new values"""
    for name, args in IN_PLACE.items():
        x = start()
        address, before = x.data_ptr(), x.clone()
        result = getattr(x, name)(*args)
        assert result is x and x.data_ptr() == address, f"{name}: a new tensor or new memory"
        assert not torch.equal(x, before), f"{name}: nothing was written"


def case_twin_without_underscore_makes_new():
    """add, mul, clamp, masked_fill and index_fill leave the tensor as it was"""
    for name in ("add_", "mul_", "clamp_", "masked_fill_", "index_fill_"):
        twin, args = name[:-1], IN_PLACE[name]
        x = start()
        result = getattr(x, twin)(*args)
        assert result is not x and result.data_ptr() != x.data_ptr(), f"{twin}: shared memory"
        assert torch.equal(x, start()), f"{twin} changed the tensor"


def case_views_see_the_write():
    """a method with _ called on a column of a matrix writes into the matrix"""
    matrix = torch.zeros(4, 2)
    matrix[:, 1].add_(1.0)
    assert matrix[:, 1].tolist() == [1.0] * 4 and matrix[:, 0].tolist() == [0.0] * 4, matrix


def case_augmented_assignment():
    """x += 1, x -= 1, x *= 2 and x /= 2 keep the same tensor and memory"""
    for update in (
        lambda x: x.__iadd__(1),
        lambda x: x.__isub__(1),
        lambda x: x.__imul__(2),
        lambda x: x.__itruediv__(2),
    ):
        x = start()
        view, address = x[1:], x.data_ptr()
        result = update(x)
        assert result is x and x.data_ptr() == address, "a new tensor"
        assert not torch.equal(view, start()[1:]), "the view did not see the write"


def case_index_slice_and_mask_assignment():
    """x[1] = v, x[1:3] = v, x[x > 1] = v and x[[0, 2]] = v write into x's memory"""
    for index in (1, slice(1, 3), "mask", [0, 2]):
        x = start()
        address = x.data_ptr()
        x[x > 1 if index == "mask" else index] = -5.0
        assert x.data_ptr() == address and (x == -5.0).any(), f"x[{index}] = v"


def case_dtypes():
    """int64, bool, bfloat16 and complex64 tensors"""
    for x, method, args in (
        (torch.arange(3), "add_", (2,)),
        (torch.zeros(3, dtype=torch.bool), "logical_not_", ()),
        (torch.ones(3, dtype=torch.bfloat16), "mul_", (4,)),
        (torch.ones(3, dtype=torch.complex64), "mul_", (1j,)),
    ):
        address, before = x.data_ptr(), x.clone()
        assert getattr(x, method)(*args) is x and x.data_ptr() == address, f"{x.dtype}: new tensor"
        assert not torch.equal(x, before), f"{x.dtype}: nothing written"


def case_zero_dimensional_and_empty():
    """a 0-d tensor and a tensor with no elements"""
    s = torch.tensor(1.0)
    assert s.add_(1) is s and s.item() == 2.0, s
    e = torch.zeros(0, 3)
    assert e.add_(1) is e and e.shape == (0, 3), tuple(e.shape)


def case_grad_modes():
    """under no_grad and inference_mode"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            x = start()
            address = x.data_ptr()
            assert x.mul_(2) is x and x.data_ptr() == address, mode.__name__
            x += 1
            assert x.data_ptr() == address and x.tolist() == [1.0, 3.0, 5.0, 7.0], mode.__name__
