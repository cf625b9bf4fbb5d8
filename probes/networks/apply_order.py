"""net.apply(fn) calls fn on every module of the network (containers and activations included), each child's modules before the child and the network itself last; a fn that tests isinstance changes only the layers it picks."""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.block = nn.Sequential(nn.Conv2d(2, 2, 3), nn.ReLU())
        self.dense = nn.Linear(8, 2)


def visits(model):
    seen = []
    model.apply(seen.append)
    return seen


def names(model):
    return [type(m).__name__ for m in visits(model)]


def case_order_children_first():
    """Net(conv, Sequential(conv, ReLU), Linear)"""
    assert names(Net()) == ["Conv2d", "Conv2d", "ReLU", "Sequential", "Linear", "Net"], names(Net())


def case_every_module_visited():
    """the visited modules are exactly net.modules()"""
    net = Net()
    assert {id(m) for m in visits(net)} == {id(m) for m in net.modules()}, "a module was missed"


def case_deep_nesting():
    """a Sequential inside a Sequential: 7 calls, each container after what it holds, the outer last"""
    inner = nn.Sequential(nn.Linear(8, 8), nn.ReLU())
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), inner, nn.Linear(8, 1))
    seen = visits(net)
    assert len(seen) == 7 and seen[-1] is net, [type(m).__name__ for m in seen]
    assert seen.index(inner) > seen.index(inner[0]) and seen.index(inner) > seen.index(inner[1])


def case_module_list_and_dict():
    """layers in a ModuleList and a ModuleDict are visited, before their container"""
    net = nn.Module()
    net.items = nn.ModuleList([nn.Linear(1, 1)])
    net.named = nn.ModuleDict({"a": nn.Tanh()})
    assert names(net) == ["Linear", "ModuleList", "Tanh", "ModuleDict", "Module"], names(net)


def case_plain_list_not_part_of_it():
    """a layer in a plain Python list is not a module of the network, and is not visited"""
    net = nn.Module()
    hidden = nn.Linear(1, 1)
    net.layers = [hidden]
    assert all(m is not hidden for m in visits(net)), "the unregistered layer was visited"


def case_shared_module():
    """one layer under two names of one parent: visited once; under two parents: visited under each"""
    layer = nn.Linear(1, 1)
    one = nn.Module()
    one.a = one.b = layer
    assert sum(m is layer for m in visits(one)) == 1
    two = nn.Sequential(nn.Sequential(layer), nn.Sequential(layer))
    seen = visits(two)
    assert sum(m is layer for m in seen) == 2 and seen[-1] is two, names(two)


def case_lazy_layer_visited():
    """a LazyLinear not yet run is visited like any layer"""
    assert names(nn.Sequential(nn.LazyLinear(2))) == ["LazyLinear", "Sequential"]


def case_isinstance_picks_layers():
    """a fn that sets Conv2d and Linear weights to 1 leaves ReLU, Sequential and Net with nothing changed"""
    net = Net()
    before = {k: v.clone() for k, v in net.state_dict().items()}

    def init(m):
        if isinstance(m, (nn.Conv2d, nn.Linear)):
            nn.init.ones_(m.weight)

    net.apply(init)
    changed = {k for k, v in net.state_dict().items() if not torch.equal(v, before[k])}
    assert changed == {"conv.weight", "block.0.weight", "dense.weight"}, changed


def case_returns_the_network():
    """apply returns the network it was called on"""
    net = Net()
    assert net.apply(lambda m: None) is net
