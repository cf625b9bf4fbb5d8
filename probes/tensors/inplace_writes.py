"""y[:] = x + y, y += x and y.add_(x) write the sum into y's existing memory, so every view of y sees it; where PyTorch refuses such a write (an integer y and a float x, a leaf that requires grad), it raises and writes nothing anywhere."""

import torch

FORMS = {
    "y[:] = x + y": lambda x, y: y.__setitem__(slice(None), x + y),
    "y += x": lambda x, y: y.__iadd__(x),
    "y.add_(x)": lambda x, y: y.add_(x),
}


def case_same_memory_and_views_see_it():
    """float32 x and y of shape (3,), with a view y[1:] and a view of the whole, y.view(3)"""
    for form, update in FORMS.items():
        x, y = torch.ones(3), torch.zeros(3)
        tail, whole, address = y[1:], y.view(3), y.untyped_storage().data_ptr()
        update(x, y)
        assert y.untyped_storage().data_ptr() == address, f"{form}: y moved"
        assert tail.tolist() == [1.0, 1.0] and whole.tolist() == [1.0, 1.0, 1.0], f"{form}: views"


def case_y_is_itself_a_view():
    """y a column of a matrix (not contiguous): the matrix sees the sum"""
    for form, update in FORMS.items():
        matrix = torch.zeros(3, 2)
        update(torch.ones(3), matrix[:, 1])
        assert matrix[:, 1].tolist() == [1.0, 1.0, 1.0], (
            f"{form}: the matrix holds {matrix.tolist()}"
        )


def case_x_broadcast():
    """x a 0-d tensor and x a row of 3 for y of shape (2, 3)"""
    for form, update in FORMS.items():
        for x in (torch.tensor(1.0), torch.ones(3)):
            y = torch.zeros(2, 3)
            view = y[1]
            update(x, y)
            assert view.tolist() == [1.0, 1.0, 1.0], f"{form} with x of shape {tuple(x.shape)}"


def case_other_dtypes():
    """int64, float16, bfloat16 and complex64, x and y of the same dtype"""
    for dtype in (torch.int64, torch.float16, torch.bfloat16, torch.complex64):
        for form, update in FORMS.items():
            x, y = torch.ones(3, dtype=dtype), torch.zeros(3, dtype=dtype)
            view = y[1:]
            update(x, y)
            assert view.tolist() == [1, 1], f"{form}, {dtype}: the view reads {view.tolist()}"


def case_grad_modes():
    """under no_grad and inference_mode"""
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            for form, update in FORMS.items():
                x, y = torch.ones(3), torch.zeros(3)
                view = y[1:]
                update(x, y)
                assert view.tolist() == [1.0, 1.0], f"{form} under {mode.__name__}"


def refuses(form, x, y):
    """Whether the form raises; y and its memory are then checked unchanged."""
    before, address = y.detach().clone(), y.untyped_storage().data_ptr()
    try:
        FORMS[form](x, y)
    except RuntimeError:
        assert torch.equal(y.detach(), before), f"{form} raised but changed y"
        assert y.untyped_storage().data_ptr() == address, f"{form} raised but moved y"
        return True
    return False


def case_integer_y_float_x():
    """y int64, x float32: y += x and y.add_(x) refuse; y[:] = x + y writes, in y's dtype, into y"""
    for form in ("y += x", "y.add_(x)"):
        y = torch.zeros(3, dtype=torch.int64)
        assert refuses(form, torch.full((3,), 1.5), y), f"{form} ran: y is {y.tolist()}"
    x, y = torch.full((3,), 1.5), torch.zeros(3, dtype=torch.int64)
    view, address = y[1:], y.untyped_storage().data_ptr()
    FORMS["y[:] = x + y"](x, y)
    assert y.untyped_storage().data_ptr() == address and y.dtype == torch.int64, "y moved"
    assert view.tolist() == [1, 1], f"the view reads {view.tolist()}"


def case_leaf_requiring_grad():
    """y a leaf that requires grad: each form refuses"""
    for form in FORMS:
        y = torch.zeros(3, requires_grad=True)
        assert refuses(form, torch.ones(3), y), f"{form} ran on a leaf requiring grad"
