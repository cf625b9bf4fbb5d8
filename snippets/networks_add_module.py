import torch
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv=torch.nn.Sequential()
        self.conv.add_module("conv1",torch.nn.Conv2d(3, 32, 3, 1, 1))
print(Net())
