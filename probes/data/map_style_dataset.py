"""A DataLoader needs of a dataset only __len__ and __getitem__, wherever its samples come from;
TensorDataset is that dataset for tensors of equal first size (PyTorch 2.10 also takes
tensors of different lengths)."""

import pathlib

import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


class Squares:
    """Two methods, no base class, no tensors."""

    def __len__(self):
        return 5

    def __getitem__(self, i):
        return i, i * i


class Lines:
    """Reads sample i from a file on disk when asked."""

    def __init__(self, path):
        self.path = path
        self.count = len(path.read_text().splitlines())

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        return float(self.path.read_text().splitlines()[i])


def batches(data, **options):
    return [batch for batch in DataLoader(data, **options)]


def case_plain_class():
    """a class with __len__ and __getitem__ only, not derived from Dataset"""
    assert not isinstance(Squares(), Dataset)
    got = [b[1].tolist() for b in batches(Squares(), batch_size=2)]
    assert got == [[0, 1], [4, 9], [16]], f"gave {got}"


def case_plain_class_shuffled_and_dropped():
    """the same class with shuffle=True, a seeded generator and drop_last=True"""
    got = batches(
        Squares(),
        batch_size=2,
        shuffle=True,
        drop_last=True,
        generator=torch.Generator().manual_seed(0),
    )
    assert len(got) == 2 and all(len(b[0]) == 2 for b in got), f"gave {got}"


def case_samples_from_a_file():
    """samples read from a file in __getitem__"""
    path = pathlib.Path("samples.txt")
    path.write_text("1.5\n2.5\n3.5\n")
    got = torch.cat(batches(Lines(path), batch_size=2)).tolist()
    assert got == [1.5, 2.5, 3.5], f"gave {got}"


def case_batch_size_none():
    """batch_size=None: the samples one by one, as __getitem__ returns them"""
    got = batches(Squares(), batch_size=None)
    assert len(got) == 5 and tuple(got[2]) == (2, 4), f"gave {got}"


def case_unequal_samples_are_collate_business():
    """samples of different lengths: the default collate refuses a batch, collate_fn=list takes it"""

    class Ragged:
        def __len__(self):
            return 2

        def __getitem__(self, i):
            return torch.ones(i + 1)

    try:
        batches(Ragged(), batch_size=2)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the default collate stacked tensors of lengths 1 and 2")
    got = batches(Ragged(), batch_size=2, collate_fn=list)
    assert [len(t) for t in got[0]] == [1, 2], f"gave {got}"


def case_tensor_dataset_rows():
    """TensorDataset(x, y, w): item i is the tuple of the i-th rows, its length the first size"""
    x, y, w = torch.arange(6).reshape(3, 2), torch.arange(3), torch.ones(3)
    data = TensorDataset(x, y, w)
    assert len(data) == 3 and isinstance(data[1], tuple), repr(data[1])
    assert data[1][0].tolist() == [2, 3] and data[1][1].item() == 1, repr(data[1])


def case_tensor_dataset_empty():
    """TensorDataset of tensors with 0 rows"""
    data = TensorDataset(torch.empty(0, 3), torch.empty(0))
    assert len(data) == 0 and batches(data, batch_size=2) == [], "not empty"


def case_tensor_dataset_lengths_differ():
    """tensors of 10 and 9 rows: refused with an AssertionError, except on PyTorch 2.10"""
    release = tuple(int(part) for part in torch.__version__.split("+")[0].split(".")[:2])
    try:
        TensorDataset(torch.zeros(10), torch.zeros(9))
    except AssertionError:
        assert release != (2, 10), "2.10 refused them"
        return
    assert release == (2, 10), f"{torch.__version__} accepted them"
