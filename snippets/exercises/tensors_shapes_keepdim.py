import torch

scores = torch.tensor([[1.0, 4.0, 2.0], [3.0, 6.0, 6.0]])
try:
    scores / scores.max(dim=1).values
except RuntimeError as error:
    print(type(error).__name__)
print(tuple(scores.max(dim=1).values.shape))
print(tuple(scores.max(dim=1, keepdim=True).values.shape))
print((scores / scores.max(dim=1, keepdim=True).values).tolist())
