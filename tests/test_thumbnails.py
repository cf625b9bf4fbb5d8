"""Every example's thumbnail on the gallery's index is its own picture, in both languages."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from torch_notes import paths, sitewide
from torch_notes.pages import thumbnails

pytestmark = pytest.mark.site

EXAMPLES = sorted(p.stem for p in (paths.ROOT / "gallery").rglob("plot_*.py"))
THUMBNAIL = re.compile(
    r'<div class="sphx-glr-thumbcontainer".*?<img [^>]*?src="([^"]+)"', re.DOTALL
)


def pixels(image: Path) -> str:
    """A digest of what the image shows (not of how the file encodes it)."""
    from PIL import Image

    with Image.open(image) as opened:
        rgb = opened.convert("RGBA").convert("RGB")  # a palette with transparency: RGBA first
        return hashlib.sha256(repr(rgb.size).encode() + rgb.tobytes()).hexdigest()


def thumbnail_files(site: Path, language: str) -> dict[str, Path]:
    """The thumbnail image of each example on the gallery's index, by example."""
    index = site / language / "auto_examples" / "index.html"
    found = {}
    for source in THUMBNAIL.findall(index.read_text(encoding="utf-8")):
        image = (index.parent / source).resolve()
        found[image.name.removeprefix("sphx_glr_").removesuffix("_thumb.png")] = image
    return found


@pytest.fixture(scope="module")
def stock_thumbnails(tmp_path_factory) -> dict[str, str]:
    """What sphinx-gallery shows for an example without a figure, or one that failed."""
    from sphinx_gallery import glr_path_static
    from sphinx_gallery.utils import scale_image

    folder = tmp_path_factory.mktemp("stock")
    digests = {}
    for name in ("no_image.png", "broken_example.png"):
        scale_image(Path(glr_path_static()) / name, folder / name, *thumbnails.THUMBNAIL_SIZE)
        thumbnails.store_with_palette(folder / name)  # as the build stores every thumbnail
        digests[pixels(folder / name)] = name
    return digests


@pytest.mark.parametrize("language", sitewide.LANGUAGE_CODES)
def test_every_example_has_a_thumbnail_of_its_own(site, language, stock_thumbnails):
    images = thumbnail_files(site, language)
    assert sorted(images) == EXAMPLES
    digests = {example: pixels(image) for example, image in images.items()}
    stock = {
        example: stock_thumbnails[d] for example, d in digests.items() if d in stock_thumbnails
    }
    assert stock == {}, "sphinx-gallery's stock thumbnail instead of a figure"
    shared = {d: sorted(e for e in digests if digests[e] == d) for d in digests.values()}
    assert [examples for examples in shared.values() if len(examples) > 1] == []
