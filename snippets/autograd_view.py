import torch
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = 2 * x
#.view（）相当于numpy 的reshape
z = y.view(2, 2)
print(z)
