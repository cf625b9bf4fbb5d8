import torch


def normalize_(t):
    """Subtract the mean and divide by the standard deviation, in t's own memory."""
    mean, std = t.mean(), t.std()
    t.sub_(mean).div_(std)
    return t


def normalized(t):
    """The same values in a new tensor; t is left alone."""
    return (t - t.mean()) / t.std()


# -- check: run this after your own normalize_ and normalized
import torch


def check(normalize_, normalized):
    t = torch.tensor([1.0, 2.0, 3.0])
    view = t[1:]  # a view made before the call
    out = normalize_(t)
    assert out is t, "normalize_ must return the tensor it was given"
    assert t.tolist() == [-1.0, 0.0, 1.0], f"normalize_ gave {t.tolist()}"
    assert view.tolist() == [0.0, 1.0], "a view made before the call must see the new values"
    print(t.tolist())
    print(view.tolist())
    u = torch.tensor([1.0, 2.0, 3.0])
    new = normalized(u)
    assert u.tolist() == [1.0, 2.0, 3.0], "normalized must leave its argument alone"
    assert new.untyped_storage().data_ptr() != u.untyped_storage().data_ptr(), (
        "normalized must return a tensor in memory of its own"
    )
    print(new.tolist())
    print(u.tolist())


check(normalize_, normalized)
