"""permute(*dims) returns a view with the dimensions and strides reordered (element [i0, i1, ...]
of the result is element [i_dims...] of the input); flatten(start_dim=1) joins every dimension
after the first, returning a view when the strides allow one and a copy otherwise."""

import itertools

import torch


def case_permute_is_a_view():
    """every order of a 4-D tensor: same memory, sizes and strides in the new order, every element"""
    x = torch.arange(2 * 3 * 4 * 5).view(2, 3, 4, 5)
    for dims in itertools.permutations(range(4)):
        p = x.permute(*dims)
        assert p.data_ptr() == x.data_ptr(), dims
        assert p.stride() == tuple(x.stride(d) for d in dims), dims
        assert p.shape == tuple(x.shape[d] for d in dims), dims
        for index in itertools.product(*(range(n) for n in p.shape)):
            source = [0] * 4
            for position, d in enumerate(dims):
                source[d] = index[position]  # dimension `position` of p is dimension d of x
            assert p[index] == x[tuple(source)], (dims, index)


def case_flatten_view_exactly_when_view_works():
    """for every permutation, flatten(start_dim=1) shares memory iff view(n, -1) succeeds"""
    x = torch.arange(2 * 3 * 4 * 5).view(2, 3, 4, 5)
    for dims in itertools.permutations(range(4)):
        p = x.permute(*dims)
        flat = p.flatten(start_dim=1)
        assert flat.shape == (p.shape[0], p[0].numel()), dims
        assert torch.equal(flat, p.reshape(p.shape[0], -1)), dims
        try:
            p.view(p.shape[0], -1)
            viewable = True
        except RuntimeError:
            viewable = False
        shares = (
            flat.data_ptr() == p.data_ptr()
            and flat.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        )
        assert shares == viewable, (dims, shares, viewable)
