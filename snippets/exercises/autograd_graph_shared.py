import torch

x = torch.tensor(1.0, requires_grad=True)
y = x + 1
z = y * y + y
add = z.grad_fn
mul = add.next_functions[0][0]
edges = add.next_functions + mul.next_functions
print(sum(node is y.grad_fn for node, _ in edges))
z.backward()
print(x.grad.item())
