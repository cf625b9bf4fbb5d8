"""The example whose facts tests/roots/test-claims/facts/plot_example.facts.json holds."""

import torch

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
name = type(y.grad_fn).__name__
