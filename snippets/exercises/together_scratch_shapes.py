import torch

torch.manual_seed(0)
true_w = torch.tensor([2, -3.4])
true_b = 4.2
features = torch.normal(0, 1, (1000, 2))
labels = features @ true_w + true_b + torch.normal(0, 0.01, (1000,))  # shape (1000,)


def data_iter(batch_size, features, labels):
    indices = torch.randperm(len(features))
    for i in range(0, len(features), batch_size):
        batch_indices = indices[i : i + batch_size]
        yield features[batch_indices], labels[batch_indices]


def squared_loss_no_reshape(y_hat, y):
    return (y_hat - y) ** 2 / 2


torch.manual_seed(1)
w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(3):
    for X, y in data_iter(10, features, labels):
        batch_losses = squared_loss_no_reshape(X @ w + b, y)
        batch_losses.sum().backward()
        with torch.no_grad():
            for param in [w, b]:
                param -= 0.03 * param.grad / 10
                param.grad.zero_()

print(list(batch_losses.shape))
print(round(w.abs().max().item(), 1))
print(round(b.item(), 1))
print(round(labels.mean().item(), 1))
