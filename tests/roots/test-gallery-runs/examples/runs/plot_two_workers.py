"""
Two workers
===========

A ``DataLoader`` whose two worker processes send tensors back to the build's process:
Python's multiprocessing makes a socket for that in ``TMPDIR``.
"""

# %% two_workers
import torch
from torch.utils.data import DataLoader, TensorDataset

loader = DataLoader(TensorDataset(torch.arange(16.0).reshape(8, 2)), batch_size=2, num_workers=2)
print([batch.tolist() for (batch,) in loader][-1])
