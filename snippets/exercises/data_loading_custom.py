from torch.utils.data import DataLoader


class Squares:
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return i, i * i


loader = DataLoader(Squares(), batch_size=2)
print(len(loader))
numbers, squares = next(iter(loader))
print(type(squares).__name__)
print([batch.tolist() for _, batch in loader])
