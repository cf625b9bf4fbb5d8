import torch


def confusion_matrix(predicted, labels, num_classes):
    matrix = torch.zeros(num_classes, num_classes, dtype=torch.int64)
    for true, pred in zip(labels.tolist(), predicted.tolist()):
        matrix[true, pred] += 1
    return matrix


# -- check: run this after your own confusion_matrix
import torch


def check(confusion_matrix):
    labels = torch.tensor([0, 0, 1, 2, 2, 2])
    predicted = torch.tensor([0, 1, 1, 2, 0, 2])
    small = confusion_matrix(predicted, labels, 3)
    expected = torch.tensor([[1, 1, 0], [0, 1, 0], [1, 0, 2]])
    assert small.shape == (3, 3), "one row and one column per class"
    assert torch.equal(small, expected), "row: the true class, column: the predicted one"
    torch.manual_seed(0)
    labels = torch.randint(0, 10, (500,))
    predicted = torch.randint(0, 10, (500,))
    matrix = confusion_matrix(predicted, labels, 10)
    assert torch.equal(matrix.sum(dim=1), torch.bincount(labels, minlength=10)), "rows: true"
    assert torch.equal(matrix.sum(dim=0), torch.bincount(predicted, minlength=10)), "columns"
    assert matrix.trace().item() == (predicted == labels).sum().item(), "diagonal: correct"
    print(small.tolist())
    print(matrix.sum().item())
    print("confusion_matrix passed")


check(confusion_matrix)
