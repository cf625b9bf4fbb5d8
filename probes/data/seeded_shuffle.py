"""A DataLoader with shuffle=True draws a new permutation of the samples for every epoch; a
seeded generator of its own makes that sequence of orders the same on every run."""

import torch
from torch.utils.data import DataLoader, TensorDataset


def dataset(n=10):
    return TensorDataset(torch.arange(n))


def epochs(loader, count=3):
    """The sample order of each of ``count`` epochs."""
    return [torch.cat([batch for (batch,) in loader]).tolist() for _ in range(count)]


def seeded(seed=0, **options):
    options.setdefault("batch_size", 4)
    return DataLoader(
        dataset(options.pop("n", 10)),
        shuffle=True,
        generator=torch.Generator().manual_seed(seed),
        **options,
    )


def case_each_epoch_a_permutation():
    """10 samples in batches of 4, 3 epochs: each epoch shows every sample once"""
    for order in epochs(seeded()):
        assert sorted(order) == list(range(10)), f"an epoch showed {order}"


def case_new_order_each_epoch():
    """three epochs of one loader differ from one another"""
    orders = epochs(seeded())
    assert len({tuple(o) for o in orders}) == 3, f"orders {orders}"


def case_same_sequence_same_seed():
    """two loaders with generators seeded alike: the same three epochs"""
    assert epochs(seeded()) == epochs(seeded()), "the sequences differ"


def case_other_draws_in_between():
    """the global generator reseeded and used between the two loaders' epochs"""
    first = seeded()
    torch.manual_seed(123)
    a = epochs(first)
    second = seeded()
    torch.manual_seed(456)
    torch.rand(100)
    b = epochs(second)
    assert a == b, "the global random numbers changed the order"


def case_thread_count():
    """the same seed on 1 thread and on 4 threads"""
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        a = epochs(seeded(n=1000, batch_size=64))
        torch.set_num_threads(4)
        b = epochs(seeded(n=1000, batch_size=64))
    finally:
        torch.set_num_threads(before)
    assert a == b, "the thread count changed the order"


def case_batch_size_and_drop_last():
    """batch size 3 with drop_last=True: the order of the samples kept is the same permutation"""
    full = epochs(seeded(batch_size=1))
    dropped = epochs(seeded(batch_size=3, drop_last=True))
    assert [o[:9] for o in full] == dropped, f"{full} against {dropped}"


def case_one_sample():
    """a data set of one sample, shuffled"""
    assert epochs(seeded(n=1, batch_size=1)) == [[0], [0], [0]], "not the one sample per epoch"


def case_other_seed_other_order():
    """seeds 0 and 1 give different first epochs"""
    assert epochs(seeded(0), 1) != epochs(seeded(1), 1), "the same order"
