"""y = x + y makes a new tensor and rebinds the name, leaving the old tensor and its views as they were; y[:] = ..., y += x and y.add_(x) write into y's existing memory, so the same object and its views see the sum (or raise and write nothing, as for an integer y and a float x)."""

import torch

IN_PLACE = {
    "y[:] = x + y": lambda x, y: y.__setitem__(slice(None), x + y),
    "y += x": lambda x, y: y.__iadd__(x),
    "y.add_(x)": lambda x, y: y.add_(x),
}


def storage(t):
    return t.untyped_storage().data_ptr()


def case_rebinding_makes_a_new_tensor():
    """float32, int64, bfloat16, 0-d and transposed y: y = x + y is a new object in new memory"""
    for y in (
        torch.zeros(3),
        torch.zeros(3, dtype=torch.int64),
        torch.zeros(3, dtype=torch.bfloat16),
        torch.tensor(0.0),
        torch.zeros(3, 2).t(),
    ):
        old, view = y, y.view(-1) if y.is_contiguous() else y[0]
        before = view.clone()
        y = torch.ones_like(y) + y
        assert y is not old and storage(y) != storage(old), (
            f"{old.dtype} {tuple(old.shape)}: not new"
        )
        assert torch.equal(view, before) and torch.equal(old, torch.zeros_like(old)), (
            "the old tensor changed"
        )


def case_in_place_forms_keep_object_and_memory():
    """float32, int64, bfloat16 and complex y with a view y[1:]: the same object, the same memory, the view sees it"""
    for dtype in (torch.float32, torch.int64, torch.bfloat16, torch.complex64):
        for form, update in IN_PLACE.items():
            y = torch.zeros(3, dtype=dtype)
            old, view, address = y, y[1:], storage(y)
            update(torch.ones(3, dtype=dtype), y)
            assert y is old and storage(y) == address, f"{form}, {dtype}: moved"
            assert view.tolist() == [1, 1], f"{form}, {dtype}: the view reads {view.tolist()}"


def case_broadcast_x_and_non_contiguous_y():
    """x a row for y of 2 × 3, and y a column of a matrix"""
    for form, update in IN_PLACE.items():
        y = torch.zeros(2, 3)
        update(torch.ones(3), y)
        assert y.tolist() == [[1.0] * 3] * 2, f"{form}: {y.tolist()}"
        matrix = torch.zeros(3, 2)
        update(torch.ones(3), matrix[:, 0])
        assert matrix[:, 0].tolist() == [1.0] * 3, f"{form}: the matrix holds {matrix.tolist()}"


def case_grad_modes():
    """under no_grad and inference_mode"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            for form, update in IN_PLACE.items():
                y = torch.zeros(3)
                view = y[1:]
                update(torch.ones(3), y)
                assert view.tolist() == [1.0, 1.0], f"{form} under {mode.__name__}"
                y = torch.ones(3) + y
                assert view.tolist() == [1.0, 1.0], f"rebinding under {mode.__name__} wrote"


def case_refused_forms_write_nothing():
    """an int64 y with a float x: += and add_ raise and leave y; y[:] = writes, cast to int64"""
    for form in ("y += x", "y.add_(x)"):
        y = torch.zeros(3, dtype=torch.int64)
        try:
            IN_PLACE[form](torch.full((3,), 1.5), y)
        except RuntimeError:
            assert y.tolist() == [0, 0, 0], f"{form} raised but wrote {y.tolist()}"
            continue
        raise AssertionError(f"{form} ran: y is {y.tolist()}")
    y = torch.zeros(3, dtype=torch.int64)
    IN_PLACE["y[:] = x + y"](torch.full((3,), 1.5), y)
    assert y.dtype == torch.int64 and y.tolist() == [1, 1, 1], y
