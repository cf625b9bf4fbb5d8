import torch


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = torch.randperm(num_examples)
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i : i + batch_size]
        yield features[batch_indices], labels[batch_indices]


# -- check: run this after your own data_iter
import torch


def check(data_iter):
    torch.manual_seed(0)
    features = torch.arange(25.0).reshape(25, 1)  # example i holds the number i
    labels = 10 * features
    epochs = []
    for _ in range(2):
        sizes, seen = [], []
        for X, y in data_iter(10, features, labels):
            assert X.shape[1:] == (1,) and y.shape == X.shape, "batches of rows"
            assert torch.equal(y, 10 * X), "each label stays with its features"
            sizes.append(len(X))
            seen += X.flatten().int().tolist()
        assert sorted(seen) == list(range(25)), "every example exactly once per epoch"
        epochs.append(seen)
    assert epochs[0] != list(range(25)), "the order is shuffled"
    assert epochs[0] != epochs[1], "each epoch has a new order"
    print(sizes)
    print(len(set(seen)))
    print(epochs[0] != epochs[1])


check(data_iter)
