import torch

torch.manual_seed(0)
true_w = torch.tensor([2, -3.4])
true_b = 4.2
features = torch.normal(0, 1, (1000, 2))
labels = (features @ true_w + true_b + torch.normal(0, 0.01, (1000,))).reshape(-1, 1)


def data_iter(batch_size, features, labels):
    indices = torch.randperm(len(features))
    for i in range(0, len(features), batch_size):
        batch_indices = indices[i : i + batch_size]
        yield features[batch_indices], labels[batch_indices]


def sgd_without_zero(params, lr, batch_size):
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad / batch_size


def sgd(params, lr, batch_size):
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad / batch_size
            param.grad.zero_()


def train(update):
    torch.manual_seed(1)
    w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for epoch in range(3):
        for X, y in data_iter(10, features, labels):
            batch_losses = (X @ w + b - y) ** 2 / 2
            batch_losses.sum().backward()
            update([w, b], 0.03, 10)
    with torch.no_grad():
        return ((features @ w + b - labels) ** 2 / 2).mean().item()


print(train(sgd_without_zero) > 1)
print(f"{train(sgd):.5f}")
