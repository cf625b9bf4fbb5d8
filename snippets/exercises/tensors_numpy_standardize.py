import numpy as np
import torch


def standardize_(a):
    t = torch.from_numpy(a)  # shares a's memory: nothing is copied
    t.sub_(t.mean()).div_(t.std(correction=0))  # in place, so a changes too


a = np.array([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
standardize_(a)
print(a.tolist())


# -- check: run this after your own standardize_
import numpy as np


def check(standardize_):
    for dtype in (np.float64, np.float32):
        a = np.array([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0], dtype=dtype)
        standardize_(a)
        assert a.dtype == dtype, f"a is {a.dtype} now, not {np.dtype(dtype)}"
        assert not np.allclose(a[:2], [2.0, 4.0]), "a did not change: was the data copied?"
        assert np.isclose(a.mean(), 0.0, atol=1e-6), f"the mean of a is {a.mean()}, not 0"
        assert np.isclose(a.std(), 1.0, atol=1e-6), f"the standard deviation of a is {a.std()}, not 1"
    print("standardize_ passed: float64 and float32 arrays changed in place")


check(standardize_)
