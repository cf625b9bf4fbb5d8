import torch


def one_hot(labels, num_classes):
    classes = torch.arange(num_classes)  # shape (num_classes,): 0, 1, ..., num_classes - 1
    matches = labels.view(-1, 1) == classes  # (n, 1) against (num_classes,): (n, num_classes)
    return matches.float()  # bool to float32


print(one_hot(torch.tensor([2, 0, 1]), 4).tolist())


# -- check: run this after your own one_hot
import torch


def check(one_hot):
    labels = torch.tensor([2, 0, 1, 2, 4])
    result = one_hot(labels, 5)
    assert result.shape == (5, 5), f"the shape is {tuple(result.shape)}, not (5, 5)"
    assert result.dtype == torch.float32, f"the dtype is {result.dtype}, not torch.float32"
    assert torch.equal(result.sum(dim=1), torch.ones(5)), "each row must hold exactly one 1"
    assert torch.equal(result.argmax(dim=1), labels), "row i must hold its 1 in column labels[i]"
    assert one_hot(torch.tensor([0]), 1).tolist() == [[1.0]], "one label, one class: [[1.0]]"
    print("one_hot passed:", tuple(result.shape), result.dtype)


check(one_hot)
