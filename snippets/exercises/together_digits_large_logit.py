import torch
import torch.nn.functional as F

logits = torch.tensor([[1000.0, 0.0, 0.0]])
label = torch.tensor([1])
naive = -torch.log(torch.exp(logits[0, 1]) / torch.exp(logits).sum())
print(naive.item())
print(F.cross_entropy(logits, label).item())
print(F.cross_entropy(logits, torch.tensor([0])).item())
