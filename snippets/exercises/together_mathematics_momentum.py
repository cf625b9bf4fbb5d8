import torch


def sgd_momentum_step(params, grads, velocities, lr, mu):
    for i, (p, g) in enumerate(zip(params, grads)):
        if velocities[i] is None:
            velocities[i] = g.clone()
        else:
            velocities[i] = mu * velocities[i] + g
        p -= lr * velocities[i]


# -- check: run this after your own sgd_momentum_step
import torch


def check(sgd_momentum_step):
    torch.manual_seed(0)
    target = torch.randn(5)
    start = [torch.randn(5), torch.randn(3)]

    def loss(params):
        return ((params[0] - target) ** 2).sum() + (params[1] ** 2).sum()

    mine = [p.clone().requires_grad_() for p in start]
    velocities = [None, None]
    theirs = [p.clone().requires_grad_() for p in start]
    optimizer = torch.optim.SGD(theirs, lr=0.05, momentum=0.9)
    for _ in range(10):
        grads = torch.autograd.grad(loss(mine), mine)
        with torch.no_grad():
            sgd_momentum_step(mine, grads, velocities, lr=0.05, mu=0.9)
        optimizer.zero_grad()
        loss(theirs).backward()
        optimizer.step()
    same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(mine, theirs))
    assert same, "the parameters differ from torch.optim.SGD(momentum=0.9)"
    print(same)
    print("sgd_momentum_step passed")


check(sgd_momentum_step)
