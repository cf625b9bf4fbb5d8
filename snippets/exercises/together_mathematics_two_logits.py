import torch
import torch.nn.functional as F

logits = torch.tensor([[0.0, 0.0]], requires_grad=True)
F.cross_entropy(logits, torch.tensor([0])).backward()
print(logits.grad.tolist())
