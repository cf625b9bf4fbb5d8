# A gallery of one section, run as the site's gallery runs (torch_notes.gallery.gallery_conf):
# tests/test_build_limits.py builds it from a deep checkout and plants examples that hang.
from torch_notes.gallery import gallery_conf

extensions = ["sphinx_gallery.gen_gallery"]
sphinx_gallery_conf = gallery_conf("examples", "auto_examples", sections=("runs",))
exclude_patterns = ["_build", "**.ipynb", "**.md5", "**/GALLERY_HEADER.rst"]
suppress_warnings = ["config.cache"]
