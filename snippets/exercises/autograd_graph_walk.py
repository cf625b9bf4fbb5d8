import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * 2).sum()
node = y.grad_fn
while node is not None:
    print(type(node).__name__)
    node = node.next_functions[0][0] if node.next_functions else None
