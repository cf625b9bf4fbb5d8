import torch
from torch import nn
from torch.nn import init
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3)
        init.xavier_uniform(self.conv1.weight)
        init.constant(self.conv1.bias, 0.1)
net = Net()
print(net.conv1.bias[:3])
