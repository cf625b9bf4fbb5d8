"""With num_workers > 0, each DataLoader worker gets its own copy of the dataset, a generator it
holds included: workers draw the same numbers from it, and by default
(persistent_workers=False), as they start afresh from the main process's copy, which does not
draw, every epoch starts them from the same state. get_worker_info() in a worker_init_fn names the worker's copy and a seed that
differs per worker and per epoch, drawn from the loader's generator; seeding the copy with it
gives each worker and epoch its own draws, the same on every run with a seeded loader. The
worker_init_fn runs once in each worker when it starts (each epoch, without persistent
workers), on the worker's copy."""

import torch
from torch.utils.data import DataLoader, Dataset


class Draws(Dataset):
    """Each read returns one number drawn from the dataset's own generator."""

    def __init__(self, n=6):
        self.n = n
        self.generator = torch.Generator().manual_seed(0)

    def __len__(self):
        return self.n

    def __getitem__(self, index):
        return torch.rand((), generator=self.generator)


def reseed(worker_id):
    info = torch.utils.data.get_worker_info()
    info.dataset.generator.manual_seed(info.seed)


def epochs(workers, init, count=2, seed=0):
    loader = DataLoader(
        Draws(), batch_size=1, num_workers=workers, worker_init_fn=init,
        generator=torch.Generator().manual_seed(seed),
    )  # fmt: skip
    return [[round(x.item(), 6) for x in loader] for _ in range(count)]


def case_workers_repeat_each_other():
    """2 and 3 workers, batches dealt in turn: the k-th read of each worker draws alike"""
    for workers in (2, 3):
        first = epochs(workers, None, count=1)[0]
        rounds = [first[i : i + workers] for i in range(0, len(first), workers)]
        assert all(len(set(r)) == 1 for r in rounds), (workers, first)


def case_epochs_repeat():
    """without a worker_init_fn, epoch 2 draws what epoch 1 drew"""
    one, two = epochs(2, None)
    assert one == two, (one, two)


def case_main_process_draws_on():
    """with num_workers=0 the one generator goes on: no repeats within or across epochs"""
    one, two = epochs(0, None)
    assert len(set(one + two)) == 12, (one, two)


def case_reseeded_differs_and_repeats():
    """seeded from get_worker_info().seed: no repeats across workers or epochs; same per run"""
    one, two = epochs(2, reseed)
    assert len(set(one + two)) == 12, (one, two)
    assert epochs(2, reseed) == [one, two]


class Counts(Dataset):
    """Each read returns how many times worker_init_fn ran on this copy of the dataset."""

    def __init__(self):
        self.initialised = 0

    def __len__(self):
        return 6

    def __getitem__(self, index):
        return torch.tensor(self.initialised)


def count_start(worker_id):
    torch.utils.data.get_worker_info().dataset.initialised += 1


def case_init_runs_once_per_worker_start():
    """2 workers, 2 epochs: every read sees 1 call of worker_init_fn on its copy; the main copy 0"""
    dataset = Counts()
    loader = DataLoader(dataset, batch_size=1, num_workers=2, worker_init_fn=count_start)
    for _ in range(2):
        assert [int(x) for x in loader] == [1] * 6
    assert dataset.initialised == 0


def case_persistent_workers_go_on():
    """persistent_workers=True: epoch 2 goes on from epoch 1, though workers still repeat each other"""
    loader = DataLoader(
        Draws(), batch_size=1, num_workers=2, persistent_workers=True,
        generator=torch.Generator().manual_seed(0),
    )  # fmt: skip
    one, two = ([round(x.item(), 6) for x in loader] for _ in range(2))
    assert one != two, one
    assert one[0] == one[1] and two[0] == two[1], (one, two)
