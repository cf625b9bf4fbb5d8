"""
Convolutions on the digits
==========================

A convolution layer computed by hand, first with loops, then with ``unfold`` as one matrix
product, and checked equal to ``nn.Conv2d``; the output size for any padding and stride;
channels, pooling and batches shaped N × C × H × W; then a small convolutional network trained
on the 8×8 digits with the split of the digits example, against the MLP trained the same way,
and the feature maps of its first layer.
"""

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
# sphinx_gallery_start_ignore
# The values the pages state about this example; the build checks them (torch_notes/evidence/facts.py).
facts = {}
# sphinx_gallery_end_ignore

# %% by_hand
# Cross-correlation by hand
# -------------------------
# A kernel ``K`` of size :math:`k_h \times k_w` slides over the input ``X``; at each position
# the output is the sum of the products of the kernel and the window under it. Deep-learning
# libraries call this a convolution, although the kernel is not flipped: mathematically it
# is a cross-correlation.


def corr2d(X, K):
    kh, kw = K.shape
    Y = torch.zeros(X.shape[0] - kh + 1, X.shape[1] - kw + 1)
    for i in range(Y.shape[0]):
        for j in range(Y.shape[1]):
            Y[i, j] = (X[i : i + kh, j : j + kw] * K).sum()
    return Y


X = torch.arange(9.0).reshape(3, 3)
K = torch.tensor([[0.0, 1.0], [2.0, 3.0]])
print(corr2d(X, K))

conv = nn.Conv2d(in_channels=1, out_channels=1, kernel_size=2, bias=False)
with torch.no_grad():
    conv.weight.copy_(K.reshape(1, 1, 2, 2))
    by_layer = conv(X.reshape(1, 1, 3, 3))
print("nn.Conv2d gives the same:", torch.equal(by_layer.reshape(2, 2), corr2d(X, K)))
print("flipping the kernel gives a true convolution:", corr2d(X, K.flip(0, 1)))
# sphinx_gallery_start_ignore
facts["corr_row1"] = corr2d(X, K)[0].tolist()
facts["corr_row2"] = corr2d(X, K)[1].tolist()
facts["layer_equals_by_hand"] = torch.equal(by_layer.reshape(2, 2), corr2d(X, K))
facts["flipped_differs"] = not torch.equal(corr2d(X, K.flip(0, 1)), corr2d(X, K))
assert [facts["corr_row1"], facts["corr_row2"]] == [[19.0, 25.0], [37.0, 43.0]]
assert facts["layer_equals_by_hand"] and facts["flipped_differs"]
# sphinx_gallery_end_ignore

# %% unfold
# One matrix product with ``unfold``
# ----------------------------------
# ``F.unfold`` copies every window of a batch into a column: for 3 input channels and a 3 × 3
# kernel a column holds 3 · 3 · 3 = 27 numbers, one column per output position. The layer's
# weights, reshaped to one row per output channel, multiply all the columns at once; adding
# the bias and restoring the spatial shape gives the layer's output.

x = torch.randn(2, 3, 6, 6)
layer = nn.Conv2d(3, 4, kernel_size=3)
columns = F.unfold(x, kernel_size=3)
print("columns:", tuple(columns.shape))
out = layer.weight.reshape(4, -1) @ columns + layer.bias.reshape(4, 1)
out = out.reshape(2, 4, 4, 4)
print("equal to the layer up to rounding:", torch.allclose(out, layer(x), atol=1e-5))
# sphinx_gallery_start_ignore
facts["columns_shape"] = list(columns.shape)
facts["unfold_equals_layer"] = torch.allclose(out, layer(x), atol=1e-5)
assert facts["columns_shape"] == [2, 27, 16] and facts["unfold_equals_layer"]
# sphinx_gallery_end_ignore

# %% output_size
# Padding, stride and the output size
# -----------------------------------
# Padding adds :math:`p` rows and columns on each side, zeros by default; the stride
# :math:`s` is how far the kernel moves at each step. With the default dilation of 1, an
# input of size :math:`n` and a kernel of size :math:`k` give
# :math:`\lfloor (n + 2p - k) / s \rfloor + 1` positions along each axis. The loop below
# checks the formula against the layer for every setting in a grid.


def output_size(n, k, p, s):
    return (n + 2 * p - k) // s + 1


settings = 0
for n in range(4, 11):
    for k in range(1, 6):
        for p in range(3):
            for s in range(1, 4):
                if k > n + 2 * p:
                    continue
                shape = F.conv2d(
                    torch.zeros(1, 1, n, n), torch.zeros(1, 1, k, k), padding=p, stride=s
                ).shape
                assert shape[-1] == output_size(n, k, p, s), (n, k, p, s)
                settings += 1
print("settings checked:", settings)
print(
    "8 × 8 input, 3 × 3 kernel: padding 0 ->",
    output_size(8, 3, 0, 1),
    "| padding 1 ->",
    output_size(8, 3, 1, 1),
    "| padding 1, stride 2 ->",
    output_size(8, 3, 1, 2),
)
# The two layers of the notes: in, out, kernel, stride, padding, given by position or by name.
notes_small = nn.Conv2d(3, 32, 3, 1, 1)
notes_large = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3)
print("Conv2d(3, 32, 3, 1, 1) on 32 × 32:", tuple(notes_small(torch.zeros(1, 3, 32, 32)).shape))
print(
    "Conv2d(3, 64, kernel_size=7, stride=2, padding=3) on 224 × 224:",
    tuple(notes_large(torch.zeros(1, 3, 224, 224)).shape),
)
# sphinx_gallery_start_ignore
facts["settings_checked"] = settings
facts["size_pad0"] = output_size(8, 3, 0, 1)
facts["size_pad1"] = output_size(8, 3, 1, 1)
facts["size_pad1_stride2"] = output_size(8, 3, 1, 2)
facts["notes_small_shape"] = list(notes_small(torch.zeros(1, 3, 32, 32)).shape)
facts["notes_large_shape"] = list(notes_large(torch.zeros(1, 3, 224, 224)).shape)
assert facts["notes_large_shape"][-1] == output_size(224, 7, 3, 2) == 112
assert (facts["size_pad0"], facts["size_pad1"], facts["size_pad1_stride2"]) == (6, 8, 4)
# sphinx_gallery_end_ignore

# %% pooling
# Pooling
# -------
# Max pooling keeps the largest value of each window, average pooling its mean; with a
# 2 × 2 window and the default stride, equal to the window, each halves an even height and
# width (an odd one is rounded down). A pooling layer has no parameters.

Z = torch.tensor(
    [[1.0, 2.0, 5.0, 0.0], [3.0, 4.0, 1.0, 1.0], [0.0, 1.0, 2.0, 2.0], [6.0, 0.0, 2.0, 2.0]]
).reshape(1, 1, 4, 4)
print("max:", nn.MaxPool2d(2)(Z).reshape(2, 2))
print("average:", nn.AvgPool2d(2)(Z).reshape(2, 2))
print("parameters of a pooling layer:", len(list(nn.MaxPool2d(2).parameters())))
# sphinx_gallery_start_ignore
facts["max_pooled"] = nn.MaxPool2d(2)(Z).flatten().tolist()
facts["avg_pooled"] = nn.AvgPool2d(2)(Z).flatten().tolist()
facts["pool_parameters"] = len(list(nn.MaxPool2d(2).parameters()))
assert facts["max_pooled"] == [4.0, 5.0, 6.0, 2.0]
assert facts["avg_pooled"] == [2.5, 1.75, 1.75, 2.0]
# sphinx_gallery_end_ignore

# %% batches
# Images as N × C × H × W batches
# -------------------------------
# A convolution layer takes a batch of images shaped (N, C, H, W): N images, C channels
# (1 for grey levels, 3 for red, green and blue), H rows and W columns. The digits become
# one channel each. Each output channel has one kernel per input channel and sums over all
# of them, so ``nn.Conv2d(c_in, c_out, k)`` has :math:`c_\text{out} \cdot c_\text{in} \cdot k^2`
# weights and :math:`c_\text{out}` biases.

digits = load_digits()
images = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 16
labels = torch.tensor(digits.target, dtype=torch.int64)
print("batch of images:", tuple(images.shape))
first = nn.Conv2d(1, 16, kernel_size=3, padding=1)
second = nn.Conv2d(16, 32, kernel_size=3, padding=1)
maps = first(images[:5])
print("16 channels, padding 1:", tuple(maps.shape))
print("after 2 × 2 max pooling:", tuple(F.max_pool2d(maps, 2).shape))
print(
    "parameters:",
    sum(p.numel() for p in first.parameters()),
    "and",
    sum(p.numel() for p in second.parameters()),
)
# sphinx_gallery_start_ignore
facts["images_shape"] = list(images.shape)
facts["maps_shape"] = list(maps.shape)
facts["pooled_shape"] = list(F.max_pool2d(maps, 2).shape)
facts["first_params"] = sum(p.numel() for p in first.parameters())
facts["second_params"] = sum(p.numel() for p in second.parameters())
facts["max_grey_scaled"] = images.max().item()
assert facts["first_params"] == 16 * 1 * 9 + 16 and facts["second_params"] == 32 * 16 * 9 + 32
# sphinx_gallery_end_ignore

# %% split
# The digits example's split
# --------------------------
# The same seeded order of the indices as in the digits example: 360 test images, 360 for
# validation, the rest for training. The grey levels are divided by 16, so each pixel lies
# between 0 and 1 and a blank pixel stays 0.

generator = torch.Generator().manual_seed(0)
order = torch.randperm(len(images), generator=generator)
test_idx, val_idx, train_idx = order[:360], order[360:720], order[720:]
X_train, y_train = images[train_idx], labels[train_idx]
X_val, y_val = images[val_idx], labels[val_idx]
X_test, y_test = images[test_idx], labels[test_idx]
print("train:", len(X_train), "validation:", len(X_val), "test:", len(X_test))
# sphinx_gallery_start_ignore
facts["num_train"] = len(X_train)
facts["num_val"] = len(X_val)
facts["num_test"] = len(X_test)
# sphinx_gallery_end_ignore

# %% cnn_vs_mlp
# A convolutional network against the MLP
# ---------------------------------------
# Two convolution blocks (convolution, ReLU, 2 × 2 max pooling) turn each 1 × 8 × 8 image into
# 32 × 2 × 2 features, and a linear layer turns those into 10 logits. The MLP of the digits
# example, 64 inputs, 64 hidden units and 10 outputs, is trained on the same images with the
# same optimizer, batches and number of epochs.


def make_cnn():
    return nn.Sequential(
        nn.Conv2d(1, 16, kernel_size=3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(16, 32, kernel_size=3, padding=1),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(32 * 2 * 2, 10),
    )


def make_mlp():
    return nn.Sequential(nn.Flatten(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10))


def accuracy(logits, y):
    return (logits.argmax(dim=1) == y).float().mean().item()


def train(model, epochs=20):
    loader = DataLoader(
        TensorDataset(X_train, y_train),
        batch_size=32,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    val_losses = []
    for epoch in range(epochs):
        model.train()
        for xb, yb in loader:
            loss = F.cross_entropy(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            val_losses.append(F.cross_entropy(model(X_val), y_val).item())
    return val_losses


results = {}
for name, make in [("CNN", make_cnn), ("MLP", make_mlp)]:
    torch.manual_seed(1)
    model = make()
    val_losses = train(model)
    with torch.no_grad():
        val_acc = accuracy(model(X_val), y_val)
        test_acc = accuracy(model(X_test), y_test)
    params = sum(p.numel() for p in model.parameters())
    results[name] = (model, val_losses, val_acc, test_acc, params)
    print(
        f"{name}: {params} parameters, validation loss {val_losses[-1]:.3f}, "
        f"validation accuracy {val_acc:.3f}, test accuracy {test_acc:.3f}"
    )
cnn = results["CNN"][0]

fig, ax = plt.subplots(figsize=(6, 3.5))
for name, (_, val_losses, *_) in results.items():
    ax.plot(range(1, 21), val_losses, marker="o", label=name)
ax.set_xlabel("epoch")
ax.set_ylabel("validation loss")
ax.set_yscale("log")
ax.legend()
fig.tight_layout()
plt.show()
# sphinx_gallery_start_ignore
facts["epochs"] = 20
facts["cnn_params"] = results["CNN"][4]
facts["mlp_params"] = results["MLP"][4]
facts["cnn_val_loss"] = round(results["CNN"][1][-1], 3)
facts["mlp_val_loss"] = round(results["MLP"][1][-1], 3)
facts["cnn_val_loss_under_half"] = results["CNN"][1][-1] < 0.5 * results["MLP"][1][-1]
facts["cnn_test_acc_higher"] = results["CNN"][3] > results["MLP"][3]
facts["cnn_test_acc"] = round(results["CNN"][3], 3)
facts["mlp_test_acc"] = round(results["MLP"][3], 3)
facts["cnn_test_acc_above_0_97"] = results["CNN"][3] > 0.97
facts["cnn_test_correct"] = round(results["CNN"][3] * len(y_test))
assert facts["cnn_params"] == 6090 and facts["mlp_params"] == 4810
assert facts["cnn_val_loss_under_half"] and facts["cnn_test_acc_higher"]
assert facts["cnn_test_acc_above_0_97"]
# sphinx_gallery_end_ignore

# %% feature_maps
# What the first layer sees
# -------------------------
# The 16 kernels of the trained network's first layer, and the 16 feature maps they give for
# one test image after the ReLU: each map is bright where its kernel's pattern (an edge, a
# stroke in one direction) appears in the digit.

image = X_test[:1]
with torch.no_grad():
    feature_maps = cnn[1](cnn[0](image))[0]
kernels = cnn[0].weight.detach()[:, 0]
fig, axes = plt.subplots(2, 17, figsize=(10, 1.5), gridspec_kw={"width_ratios": [1.6] + [1] * 16})
axes[0, 0].imshow(image[0, 0], cmap="gray_r")
axes[0, 0].set_title(f"digit {y_test[0].item()}", fontsize=8)
for c in range(16):
    axes[0, c + 1].imshow(kernels[c], cmap="RdBu_r")
    axes[1, c + 1].imshow(feature_maps[c], cmap="viridis")
for ax in axes.flat:
    ax.axis("off")
fig.tight_layout()
plt.show()
print("feature maps:", tuple(feature_maps.shape))
# sphinx_gallery_start_ignore
facts["feature_maps_shape"] = list(feature_maps.shape)
facts["feature_maps_nonnegative"] = bool((feature_maps >= 0).all())
assert facts["feature_maps_shape"] == [16, 8, 8] and facts["feature_maps_nonnegative"]
# sphinx_gallery_end_ignore

# %% learn_kernel
# A kernel learned back
# ---------------------
# A kernel is a parameter like any other, so gradient descent can find it. The target is the
# output of a known kernel, Sobel's horizontal-gradient kernel, on 16 training digits; a
# ``Conv2d`` with one 3 × 3 kernel, started at random, is trained to give the same output
# (mean squared error, plain SGD). After 200 steps its kernel is Sobel's, up to rounding.

torch.manual_seed(0)
sobel = torch.tensor([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]])
inputs = X_train[:16]
targets = F.conv2d(inputs, sobel.reshape(1, 1, 3, 3))
learner = nn.Conv2d(1, 1, kernel_size=3, bias=False)
optimizer = torch.optim.SGD(learner.parameters(), lr=0.5)
for step in range(1, 201):
    loss = F.mse_loss(learner(inputs), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step in (1, 10, 200):
        print(f"step {step:3}: loss {loss.item():.3f}")
learned = learner.weight.detach().reshape(3, 3)
print(learned.round(decimals=2) + 0.0)  # + 0.0 prints -0.0 as 0.0
# sphinx_gallery_start_ignore
facts["learned_kernel_max_error_below_0_01"] = (learned - sobel).abs().max().item() < 0.01
facts["learned_kernel_2dp"] = [[round(v, 2) + 0.0 for v in row] for row in learned.tolist()]
facts["learn_targets_shape"] = list(targets.shape)
facts["learn_final_loss_below_1e-5"] = loss.item() < 1e-5
assert facts["learned_kernel_max_error_below_0_01"]
# sphinx_gallery_end_ignore

# %% one_by_one
# 1 × 1 convolutions and receptive fields
# ---------------------------------------
# A 1 × 1 kernel sees one pixel: it mixes the channels at each position, as a linear layer
# applied to each pixel's vector of channels does. Stacked 3 × 3 layers see more and more of
# the input. For these randomly initialised convolutions, with no nonlinearity between them,
# the gradient of one output pixel with respect to the input is nonzero on its whole receptive
# field, so it marks that field. In general it marks only the pixels the output actually
# depends on: a zero weight, weights that cancel across layers, or a ReLU can zero some.

torch.manual_seed(0)
mix = nn.Conv2d(16, 4, kernel_size=1)
maps = torch.randn(2, 16, 8, 8)
per_pixel = maps.permute(0, 2, 3, 1) @ mix.weight[:, :, 0, 0].T + mix.bias  # N × H × W × C
same = torch.allclose(mix(maps), per_pixel.permute(0, 3, 1, 2), atol=1e-6)
print("1 × 1 convolution = a linear layer on each pixel's channels:", same)

fields = []
for depth in (1, 2, 3):
    stack = nn.Sequential(*[nn.Conv2d(1, 1, 3, padding=1) for _ in range(depth)])
    image = torch.randn(1, 1, 11, 11, requires_grad=True)
    stack(image)[0, 0, 5, 5].backward()
    reached = image.grad[0, 0] != 0
    rows, cols = reached.any(dim=1).sum().item(), reached.any(dim=0).sum().item()
    fields.append(rows)
    print(f"{depth} layer(s) of 3 × 3: output pixel (5, 5) depends on a {rows} × {cols} window")
# sphinx_gallery_start_ignore
facts["one_by_one_is_linear"] = same
facts["receptive_fields"] = fields
assert fields == [3, 5, 7]
# sphinx_gallery_end_ignore

# %%
# See also
# --------
# :doc:`/images/convolutions` explains each step; :doc:`/together/digits` trains the MLP and
# splits the data; :doc:`/images/augmentation` trains this network on shifted and rotated
# digits.
