"""nn.Sequential takes the names of its layers in one expression only from an OrderedDict (collections', or a subclass of it); a plain dict, a list of pairs or keyword arguments raise a TypeError."""

import collections
import typing

import torch
from torch import nn


def names(container):
    return list(container._modules)


def pairs():
    return [("conv1", nn.Conv2d(1, 2, 3)), ("relu1", nn.ReLU())]


def refused(make):
    try:
        make()
    except TypeError:
        return True
    return False


def case_ordered_dict():
    """an OrderedDict of (name, layer) pairs"""
    assert names(nn.Sequential(collections.OrderedDict(pairs()))) == ["conv1", "relu1"]


def case_typing_alias_and_subclass():
    """typing.OrderedDict (which builds a collections.OrderedDict) and a subclass of OrderedDict"""

    class Mine(collections.OrderedDict):
        pass

    assert names(nn.Sequential(typing.OrderedDict(pairs()))) == ["conv1", "relu1"]
    assert names(nn.Sequential(Mine(pairs()))) == ["conv1", "relu1"]


def case_plain_dict_refused():
    """a plain dict, which keeps its order too"""
    assert refused(lambda: nn.Sequential(dict(pairs()))), "it was taken"


def case_list_of_pairs_refused():
    """a list of (name, layer) pairs, and the pairs as separate arguments"""
    assert refused(lambda: nn.Sequential(pairs())), "a list was taken"
    assert refused(lambda: nn.Sequential(*pairs())), "tuples were taken"


def case_keyword_arguments_refused():
    """names as keyword arguments"""
    assert refused(lambda: nn.Sequential(conv1=nn.Conv2d(1, 2, 3))), "keywords were taken"


def case_names_and_positions():
    """the named container still runs its layers in order and indexes them by position"""
    seq = nn.Sequential(collections.OrderedDict(pairs()))
    assert seq.conv1 is seq[0] and seq(torch.ones(1, 1, 5, 5)).shape == (1, 2, 3, 3)
