"""An nn.Module registers what is assigned to its attributes only when it is a module, a parameter or an nn.Buffer (or a plain tensor under a name already registered as a buffer), each under the attribute's name; forward is plain Python, free to call layers and functions in any order, with loops and conditions."""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.dense = nn.Linear(8, 4)
        self._private = nn.ReLU()
        self.lazy = nn.LazyLinear(2)
        self.scale = nn.Parameter(torch.ones(1))
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.register_buffer("count", torch.zeros(1))
        self.count = torch.ones(1)  # a tensor under a buffer's name replaces the buffer
        self.plain = torch.ones(1)
        self.as_list = [nn.Linear(1, 1)]
        self.as_tuple = (nn.Linear(1, 1),)
        self.as_dict = {"a": nn.Linear(1, 1)}
        self.number = 3

    def forward(self, x, repeat=2):
        x = torch.max_pool2d(torch.relu(self.conv(x)), 2).flatten(1)
        x = self.dense(x)
        for _ in range(repeat):  # a loop, with the same layers reused
            for block in self.blocks:
                x = block(x) if x.sum() > -1e9 else -block(x)  # a condition
        return self.lazy(self._private(x) * self.scale)


def case_modules_under_their_names():
    """Conv2d, Linear, an underscore name, a lazy layer and a ModuleList"""
    names = [n for n, _ in Net().named_children()]
    assert names == ["conv", "dense", "_private", "lazy", "blocks"], names


def case_parameter_under_its_name():
    """an nn.Parameter assigned to self.scale"""
    assert "scale" in dict(Net().named_parameters()), list(dict(Net().named_parameters()))


def case_plain_values_not_registered():
    """a plain tensor, a list, a tuple and a dict of layers, a number"""
    net = Net()
    registered = set(net.state_dict()) | {n for n, _ in net.named_modules()}
    for name in ("plain", "as_list", "as_tuple", "as_dict", "number"):
        assert not any(r == name or r.startswith(name + ".") for r in registered), name
    hidden = [net.as_list[0].weight, net.as_tuple[0].weight, net.as_dict["a"].weight]
    ids = {id(p) for p in net.parameters()}
    assert not any(id(p) in ids for p in hidden), "a layer held in a container was registered"


def case_tensor_under_buffer_name():
    """a plain tensor assigned under a name registered with register_buffer replaces the buffer"""
    net = Net()
    assert torch.equal(dict(net.named_buffers())["count"], torch.ones(1)), dict(net.named_buffers())


def case_nn_buffer_registered():
    """an nn.Buffer assigned in __init__ (persistent or not) and after construction: a buffer, saved unless persistent=False"""

    class WithBuffers(nn.Module):
        def __init__(self):
            super().__init__()
            self.kept = nn.Buffer(torch.ones(2))
            self.scratch = nn.Buffer(torch.zeros(1), persistent=False)

    net = WithBuffers()
    net.late = nn.Buffer(torch.ones(1))
    assert list(dict(net.named_buffers())) == ["kept", "scratch", "late"], list(net.named_buffers())
    assert list(net.state_dict()) == ["kept", "late"], list(net.state_dict())
    assert type(net.kept) is torch.Tensor, type(net.kept).__name__
    assert net.to(torch.float64).late.dtype == torch.float64, "to() did not convert the buffer"


def case_tensor_under_parameter_name_refused():
    """a plain tensor assigned to a parameter's name: TypeError, the parameter stays"""
    net = Net()
    try:
        net.scale = torch.zeros(1)
    except TypeError:
        assert isinstance(net.scale, nn.Parameter), type(net.scale)
        return
    raise AssertionError("the tensor was taken")


def case_assigned_before_init_refused():
    """a layer assigned before super().__init__(): AttributeError, not a silent miss"""

    class Early(nn.Module):
        def __init__(self):
            self.layer = nn.Linear(1, 1)
            super().__init__()

    try:
        Early()
    except AttributeError:
        return
    raise AssertionError("it was built")


def case_same_layer_two_names():
    """one layer assigned to two attributes is registered under both"""

    class Twice(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = self.b = nn.Linear(1, 1)

    assert list(Twice()._modules) == ["a", "b"], list(Twice()._modules)


def case_assigned_after_construction():
    """a layer assigned to an attribute of a built model is registered too"""
    net = Net()
    net.extra = nn.Linear(1, 1)
    assert "extra.weight" in net.state_dict(), list(net.state_dict())


def case_forward_runs():
    """forward with functions between layers, a loop, a condition and a lazy layer"""
    out = Net()(torch.randn(2, 1, 6, 6))
    assert out.shape == (2, 2), out.shape


def case_forward_under_no_grad_and_inference_mode():
    """the same forward under no_grad and inference_mode"""
    net = Net()
    net(torch.randn(1, 1, 6, 6))  # materialise the lazy layer first
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert net(torch.randn(1, 1, 6, 6), repeat=3).shape == (1, 2), mode.__name__
