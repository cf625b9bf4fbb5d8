import torch

a = torch.ones(2, device="meta")
print(torch.zeros(2).device)
print(torch.zeros_like(a).device)
print(torch.zeros(2, device=a.device).device)
print((a * 2).device)
