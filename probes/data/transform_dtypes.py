"""A dataset may read its file in __init__ or sample by sample in __getitem__, with the same
batches either way; its transform decides the dtypes a batch arrives in, since the default collate
function keeps them: float32 tensors stay float32 and int64 ones int64, while plain Python
floats become float64 and ints int64. A float32 model refuses float64 or integer inputs, and
CrossEntropyLoss takes int64 class indices; so the transform turns each row into a float32
tensor of features and an int64 label."""

import pathlib

import torch
from torch import nn
from torch.utils.data import DataLoader

ROWS = [[0, 16, 8, 3], [4, 4, 0, 7], [16, 1, 2, 1]]  # three pixels and a label per row


class Rows:
    def __init__(self, transform):
        self.transform = transform

    def __len__(self):
        return len(ROWS)

    def __getitem__(self, i):
        return self.transform(ROWS[i])


def scale_pixels(row):
    return torch.tensor(row[:-1], dtype=torch.float32) / 16, torch.tensor(row[-1])


def batch(transform):
    return next(iter(DataLoader(Rows(transform), batch_size=3)))


def refused(run):
    try:
        run()
    except RuntimeError:
        return True
    return False


def case_collate_keeps_tensor_dtypes():
    """a transform giving float32 pixels and an int64 label: the batch is float32 and int64"""
    x, y = batch(scale_pixels)
    assert (x.dtype, y.dtype, tuple(x.shape)) == (torch.float32, torch.int64, (3, 3)), (
        x.dtype,
        y.dtype,
    )


def case_collate_python_numbers():
    """a transform giving Python floats and ints: the batch is float64 and int64"""
    x, y = batch(lambda row: ([p / 16 for p in row[:-1]], row[-1]))
    assert torch.stack(x, dim=1).dtype == torch.float64 and y.dtype == torch.int64, (x, y)


def case_model_and_loss_accept():
    """the float32 batch through nn.Linear(3, 8) and CrossEntropyLoss with the int64 labels"""
    x, y = batch(scale_pixels)
    loss = nn.CrossEntropyLoss()(nn.Linear(3, 8)(x), y)
    assert loss.dtype == torch.float32 and torch.isfinite(loss), loss


def case_model_refuses_other_dtypes():
    """float64 and int64 pixels given to a float32 nn.Linear: refused"""
    layer = nn.Linear(3, 8)
    for dtype in (torch.float64, torch.int64):
        assert refused(lambda dtype=dtype: layer(torch.ones(3, 3, dtype=dtype))), (
            f"{dtype} accepted"
        )


def case_loss_refuses_float_indices():
    """float labels of shape (3,) for 8 classes: not class indices, refused"""
    logits = torch.randn(3, 8)
    assert refused(lambda: nn.CrossEntropyLoss()(logits, torch.tensor([3.0, 7.0, 1.0]))), "accepted"


def case_read_in_init_or_getitem():
    """rows read once in __init__, or from the file in __getitem__: the same batches"""
    path = pathlib.Path("rows.csv")
    path.write_text("".join(",".join(map(str, row)) + "\n" for row in ROWS))

    class Eager:
        def __init__(self):
            self.rows = [list(map(int, line.split(","))) for line in path.read_text().splitlines()]

        def __len__(self):
            return len(self.rows)

        def __getitem__(self, i):
            return scale_pixels(self.rows[i])

    class Lazy:
        def __len__(self):
            return len(ROWS)

        def __getitem__(self, i):
            return scale_pixels(list(map(int, path.read_text().splitlines()[i].split(","))))

    eager, lazy = (list(DataLoader(d, batch_size=2)) for d in (Eager(), Lazy()))
    assert all(
        torch.equal(a, b)
        for x, y in zip(eager, lazy, strict=True)
        for a, b in zip(x, y, strict=True)
    ), "they differ"
