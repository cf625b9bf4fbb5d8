"""A model built in PyTorch, whether an nn.Sequential or a subclass of nn.Module, is an nn.Module: it owns its layers and their parameters, and calling it runs its forward, which says how an input flows through them; a traced model stays an nn.Module, while torch.export gives an ExportedProgram, which is not one (its .module() is)."""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(3, 4)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x)))


def case_sequential_and_subclass():
    """an nn.Sequential and a subclass of nn.Module are both nn.Modules"""
    for model in (nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2)), Net()):
        assert isinstance(model, nn.Module), type(model).__mro__


def case_owns_layers_and_parameters():
    """the subclass lists its two layers as children and their four tensors as its parameters"""
    net = Net()
    assert [n for n, _ in net.named_children()] == ["hidden", "out"], list(net.named_children())
    mine = {id(p) for p in net.parameters()}
    theirs = {id(p) for layer in (net.hidden, net.out) for p in layer.parameters()}
    assert mine == theirs and len(mine) == 4, (len(mine), len(theirs))


def case_call_runs_forward():
    """net(x) gives what net.forward(x) gives, for a batch and for a batch of one"""
    net = Net()
    for x in (torch.randn(5, 3), torch.randn(1, 3)):
        assert torch.equal(net(x), net.forward(x)), "the call and forward differ"


def case_call_in_grad_modes():
    """the call runs forward under no_grad and inference_mode too"""
    net, x = Net(), torch.randn(2, 3)
    expected = net(x).detach()
    for mode in (torch.no_grad, torch.inference_mode):
        with mode():
            assert torch.equal(net(x), expected), mode.__name__


def case_without_forward():
    """a subclass that defines no forward: calling it raises NotImplementedError"""

    class NoForward(nn.Module):
        pass

    try:
        NoForward()(torch.ones(1))
    except NotImplementedError:
        return
    raise AssertionError("it ran without a forward")


def case_traced():
    """torch.fx.symbolic_trace gives an nn.Module (a GraphModule) that computes the same"""
    net, x = Net(), torch.randn(2, 3)
    traced = torch.fx.symbolic_trace(net)
    assert isinstance(traced, nn.Module), type(traced)
    assert torch.allclose(traced(x), net(x)), "the traced model computes something else"


def case_exported_program_is_not_a_module():
    """torch.export's ExportedProgram is no subclass of nn.Module (its .module() gives one)"""
    from torch.export import ExportedProgram

    assert not issubclass(ExportedProgram, nn.Module), ExportedProgram.__mro__
    assert callable(getattr(ExportedProgram, "module", None)), "no .module()"
