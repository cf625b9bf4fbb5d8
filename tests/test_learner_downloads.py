"""What a learner downloads loses the build's bookkeeping (torch_notes/gallery/downloads.py)."""

from __future__ import annotations

import zipfile

from torch_notes.gallery import downloads

SCRIPT = '''"""
Title
=====
"""

import torch

# sphinx_gallery_start_ignore
# The values the pages state about this example.
facts = {}
# sphinx_gallery_end_ignore

# %%
# Text.

x = torch.ones(2)
print(x)
# sphinx_gallery_start_ignore
facts["x"] = x.tolist()
# sphinx_gallery_end_ignore

try:
    x.view(3)
except RuntimeError as error:
    print(error)
    # sphinx_gallery_start_ignore
    facts["error"] = error
    # sphinx_gallery_end_ignore

# %%
# A figure.

# sphinx_gallery_thumbnail_number = 2
print(x.sum())  # volatile: a comment for the reader stays
'''


def test_hidden_blocks_and_configuration_comments_are_left_out():
    script = downloads.learner_script(SCRIPT)
    assert "facts" not in script and "sphinx_gallery_" not in script
    assert "print(x)\n\ntry:\n" in script
    assert "    print(error)\n\n# %%\n" in script
    assert "# A figure.\n\nprint(x.sum())  # volatile: a comment for the reader stays\n" in script
    assert "\n\n\n\n" not in script
    compile(script, "learner.py", "exec")


def test_blank_lines_between_definitions_stay():
    source = "import torch\n\n\ndef f():\n    return 1\n\n\nprint(f())\n"
    assert downloads.learner_script(source) == source


def test_an_archive_is_made_again_from_the_final_files(tmp_path):
    gallery = tmp_path / "auto_examples"
    (gallery / "tensors").mkdir(parents=True)
    source = gallery / "auto_examples_python.zip"
    with zipfile.ZipFile(source, "w") as original:
        original.writestr("tensors/plot_a.py", "facts = {}\n")
        original.writestr("tensors/notes.txt", "kept as it was\n")
    copy = tmp_path / "copy.zip"
    contents = {(gallery / "tensors" / "plot_a.py").resolve(): b"print('a')\n"}
    downloads.rebuild_archive(copy, source, contents)
    with zipfile.ZipFile(copy) as rebuilt:
        assert rebuilt.namelist() == ["tensors/plot_a.py", "tensors/notes.txt"]
        assert rebuilt.read("tensors/plot_a.py") == b"print('a')\n"
        assert rebuilt.read("tensors/notes.txt") == b"kept as it was\n"
        assert {info.date_time for info in rebuilt.infolist()} == {downloads.ZIP_TIMESTAMP}
