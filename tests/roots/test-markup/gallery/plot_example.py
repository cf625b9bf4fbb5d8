"""
An example
==========
"""

import torch

# %% add
# Adding two tensors.

x = torch.ones(2, requires_grad=True)
y = x + 2
print(type(y.grad_fn).__name__)
