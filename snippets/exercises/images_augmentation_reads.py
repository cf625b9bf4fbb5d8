import math

import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


def move(image, degrees=0.0, dx=0, dy=0):
    height, width = image.shape[-2:]
    angle = math.radians(degrees)
    theta = torch.tensor([[math.cos(angle), -math.sin(angle), -2 * dx / width],
                          [math.sin(angle), math.cos(angle), -2 * dy / height]])
    grid = F.affine_grid(theta.unsqueeze(0), [1, *image.shape], align_corners=False)
    return F.grid_sample(image.unsqueeze(0), grid, align_corners=False)[0]


class DigitsDataset(Dataset):
    def __init__(self, images, labels, augment=False, seed=0):
        self.images, self.labels, self.augment = images, labels, augment
        self.generator = torch.Generator().manual_seed(seed)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, index):
        image = self.images[index]
        if self.augment:
            degrees = (torch.rand((), generator=self.generator).item() * 2 - 1) * 10
            dx, dy = torch.randint(-1, 2, (2,), generator=self.generator).tolist()
            image = move(image, degrees, dx, dy)
        return image, self.labels[index]


torch.manual_seed(0)
images, labels = torch.rand(4, 1, 8, 8), torch.arange(4)
first = DigitsDataset(images, labels, augment=True)
a, b = first[0][0], first[0][0]
print(torch.equal(a, b))
second = DigitsDataset(images, labels, augment=True)
print(torch.equal(second[0][0], a))
