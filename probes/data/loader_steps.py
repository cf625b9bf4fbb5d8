"""A DataLoader turns indices into batches: its sampler gives the indices (0, 1, 2, … by default, a permutation with shuffle=True), batch_size groups them, the dataset is asked for each index, and the default collate function stacks the samples into batch tensors (numbers too; strings stay lists). A dataset that defines __getitems__ is asked for a whole batch of indices at once."""

import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


class Asked(Dataset):
    def __init__(self, n):
        self.n, self.calls = n, []

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        self.calls.append(i)
        return torch.full((2,), float(i)), i


def case_sampler_order():
    """the sampler: SequentialSampler by default, RandomSampler with shuffle=True"""
    assert type(DataLoader(Asked(3)).sampler).__name__ == "SequentialSampler"
    assert type(DataLoader(Asked(3), shuffle=True).sampler).__name__ == "RandomSampler"
    assert list(DataLoader(Asked(5)).sampler) == [0, 1, 2, 3, 4]


def case_grouped_then_asked_one_by_one():
    """10 samples, batch_size=4: indices grouped 4, 4, 2, and __getitem__ called once per index"""
    data = Asked(10)
    loader = DataLoader(data, batch_size=4)
    assert [list(b) for b in loader.batch_sampler] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    list(loader)
    assert data.calls == list(range(10)), data.calls


def case_collate_stacks():
    """tensors of shape (2,) become one (4, 2) tensor, Python ints a tensor of 4"""
    rows, labels = next(iter(DataLoader(Asked(10), batch_size=4)))
    assert rows.shape == (4, 2) and torch.equal(labels, torch.tensor([0, 1, 2, 3])), (
        rows.shape,
        labels,
    )


def case_shuffled_and_one_sample():
    """shuffle=True and a dataset of one sample: one batch of one"""
    batches = list(DataLoader(TensorDataset(torch.ones(1, 3)), batch_size=4, shuffle=True))
    assert len(batches) == 1 and batches[0][0].shape == (1, 3), batches


def case_strings_stay_lists():
    """samples that are strings: the default collate gives a list of them"""
    assert list(DataLoader(["a", "b", "c"], batch_size=2)) == [["a", "b"], ["c"]]


def case_different_shapes_refused():
    """tensors of different lengths in one batch: the default collate raises RuntimeError"""
    try:
        list(DataLoader([torch.ones(1), torch.ones(2)], batch_size=2))
    except RuntimeError:
        return
    raise AssertionError("stacked tensors of lengths 1 and 2")


def case_getitems_whole_batch():
    """a dataset with __getitems__: asked once per batch with its list of indices"""

    class Batched(Asked):
        def __getitems__(self, indices):
            self.calls.append(list(indices))
            return [self[i] for i in indices]

    data = Batched(6)
    list(DataLoader(data, batch_size=4))
    assert data.calls[0] == [0, 1, 2, 3] and [4, 5] in data.calls, data.calls
