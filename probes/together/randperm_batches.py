"""torch.randperm(n) returns 0 … n-1 in a random order; slicing that order into pieces of
batch_size gives batches that together hold every example exactly once, and each call of a
data iterator built on it (data_iter of together/scratch) draws a new order."""

import functools
import operator

import torch


def data_iter(batch_size, features, labels):
    """The page's data iterator."""
    num_examples = len(features)
    indices = torch.randperm(num_examples)
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i : i + batch_size]
        yield features[batch_indices], labels[batch_indices]


def epoch(n, batch_size):
    features = torch.arange(n).reshape(n, 1).float()
    labels = torch.arange(n)
    return [y.tolist() for _, y in data_iter(batch_size, features, labels)]


def case_permutation():
    """randperm(n) for n = 0, 1, 2, 1000 and 100000"""
    for n in (0, 1, 2, 1000, 100_000):
        order = torch.randperm(n)
        assert order.dtype == torch.int64, order.dtype
        assert torch.equal(order.sort().values, torch.arange(n)), f"n={n} is no permutation"


def case_other_dtypes_and_generator():
    """randperm with dtype=torch.int32 and with a generator of its own"""
    order = torch.randperm(500, dtype=torch.int32, generator=torch.Generator().manual_seed(1))
    assert torch.equal(order.sort().values, torch.arange(500, dtype=torch.int32)), "no permutation"


def case_every_example_once():
    """1000 examples in batches of 10, 7 in batches of 3, 5 in batches of 8"""
    for n, batch_size in ((1000, 10), (7, 3), (5, 8)):
        batches = epoch(n, batch_size)
        seen = sorted(i for batch in batches for i in batch)
        assert seen == list(range(n)), f"{n} in batches of {batch_size}: saw {seen[:20]}"
        assert all(len(b) == batch_size for b in batches[:-1]), [len(b) for b in batches]


def case_batch_of_one():
    """batches of one example"""
    assert sorted(functools.reduce(operator.iadd, epoch(6, 1), [])) == list(range(6)), (
        "not each example once"
    )


def case_new_order_each_call():
    """three calls of data_iter on 1000 examples give three different orders"""
    orders = {tuple(functools.reduce(operator.iadd, epoch(1000, 10), [])) for _ in range(3)}
    assert len(orders) == 3, f"{len(orders)} different orders"


def case_generator_yields_batches():
    """data_iter is a generator: nothing is drawn until the first batch is asked for"""
    features = torch.zeros(4, 1)
    state = torch.get_rng_state()
    iterator = data_iter(2, features, torch.zeros(4))
    assert torch.equal(torch.get_rng_state(), state), "the order was drawn before next()"
    next(iterator)
    assert not torch.equal(torch.get_rng_state(), state), "no order was drawn"
