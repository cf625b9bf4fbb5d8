import numpy as np
import torch

a = np.ones(3)
t = torch.from_numpy(a).float()
a[0] = 100
print(t.tolist())
print(t.dtype)
