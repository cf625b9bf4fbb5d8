import torch
from torch.utils.data import DataLoader, Dataset


class Windows(Dataset):
    """Sample i: the `length` values of `series` from i on, and the value after them."""

    def __init__(self, series, length):
        self.series, self.length = series, length

    def __len__(self):
        return len(self.series) - self.length

    def __getitem__(self, i):
        return self.series[i : i + self.length], self.series[i + self.length]


# -- check: run this after your own Windows
import torch
from torch.utils.data import DataLoader


def check(Windows):
    series = torch.arange(10.0)
    dataset = Windows(series, 3)
    assert len(dataset) == 7, f"10 values give 7 windows of 3 with a next value, not {len(dataset)}"
    window, target = dataset[0]
    assert window.tolist() == [0.0, 1.0, 2.0] and target.item() == 3.0, "sample 0 is wrong"
    assert dataset[len(dataset) - 1][1].item() == 9.0, "the last sample must end at the last value"
    shapes = [tuple(windows.shape) for windows, _ in DataLoader(dataset, batch_size=4)]
    assert shapes == [(4, 3), (3, 3)], f"batches of windows have the shapes {shapes}"
    print(len(dataset))
    print(window.tolist())
    print(target.item())
    print(shapes)


check(Windows)
