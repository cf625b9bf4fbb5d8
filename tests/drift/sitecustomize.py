"""Deliberate drift for tests/test_drift.py: PyTorch altered as a future release might alter it.

Python imports ``sitecustomize`` at start-up from the first folder on ``sys.path`` that has
one; the tests put this folder on ``PYTHONPATH`` and choose the alteration with
``TORCH_NOTES_DRIFT``. Without the variable nothing is changed (and torch is not imported).

* ``numeric``: ``Tensor.backward()`` without an argument seeds the pass with 2 instead of 1,
  so every gradient doubles;
* ``name``: ``grad_fn`` objects lose the number in their class name (``SumBackward``),
  as they print in ``tensor(..., grad_fn=<...>)`` and in ``print(t.grad_fn)``;
* ``raises``: ``Tensor.backward()`` accepts the removed ``retain_variables`` keyword again;
* ``warning``: the old ``nn.init`` names warn with ``DeprecationWarning``, not ``FutureWarning``;
* ``repr``: only how a tensor prints changes: its ``grad_fn`` is shown without the number
  (``grad_fn=<AddBackward>``); every value, and every ``grad_fn`` name read in code, stays.
"""

import os

DRIFT = os.environ.get("TORCH_NOTES_DRIFT")


def numeric(torch) -> None:
    original = torch.Tensor.backward

    def backward(self, gradient=None, *args, **kwargs):
        if gradient is None:
            gradient = torch.full_like(self, 2.0)
        return original(self, gradient, *args, **kwargs)

    torch.Tensor.backward = backward


def name(torch) -> None:
    native = torch._C.TensorBase.grad_fn

    def grad_fn(self):
        node = native.__get__(self)
        if node is None:
            return None
        renamed = type(
            type(node).__name__.rstrip("0123456789"),
            (),
            {
                "__getattr__": lambda _, attribute: getattr(node, attribute),
                "__repr__": lambda proxy: f"<{type(proxy).__name__} object at {hex(id(proxy))}>",
            },
        )
        return renamed()

    torch.Tensor.grad_fn = property(grad_fn)


def raises(torch) -> None:
    original = torch.Tensor.backward

    def backward(
        self,
        gradient=None,
        retain_graph=None,
        create_graph=False,
        inputs=None,
        retain_variables=None,
    ):
        keep = retain_variables if retain_graph is None else retain_graph
        return original(self, gradient, keep, create_graph, inputs)

    torch.Tensor.backward = backward


def warning(torch) -> None:
    import warnings

    from torch.nn import init

    def deprecated(old, new):
        def function(*args, **kwargs):
            warnings.warn(
                f"`nn.init.{old}` is now deprecated in favor of `nn.init.{old}_`.",
                DeprecationWarning,
                stacklevel=2,
            )
            return new(*args, **kwargs)

        return function

    for old in (
        "uniform",
        "normal",
        "constant",
        "xavier_uniform",
        "xavier_normal",
        "kaiming_uniform",
        "kaiming_normal",
        "orthogonal",
        "sparse",
    ):
        setattr(init, old, deprecated(old, getattr(init, f"{old}_")))


def repr_(torch) -> None:
    import re

    from torch import _tensor_str

    original = _tensor_str._str

    def printed(self, *args, **kwargs):
        return re.sub(r"grad_fn=<(\w+?)\d+>", r"grad_fn=<\1>", original(self, *args, **kwargs))

    _tensor_str._str = printed


if DRIFT:
    import torch

    drifts = {"numeric": numeric, "name": name, "raises": raises, "warning": warning, "repr": repr_}
    drifts[DRIFT](torch)
