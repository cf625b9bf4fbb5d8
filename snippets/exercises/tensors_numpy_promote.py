import numpy as np
import torch

from_array = torch.from_numpy(np.ones(2))
print(from_array.dtype)
print((from_array + torch.ones(2)).dtype)
print((from_array.float() + torch.ones(2)).dtype)
