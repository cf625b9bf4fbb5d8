from pathlib import Path

HERE = Path(__file__).parent

extensions = ["myst_nb", "torch_notes.evidence"]
myst_enable_extensions = ["colon_fence"]
snippets_dir = str(HERE / "snippets")
notes_dir = str(HERE)
exclude_patterns = ["_build", "_generated"]
# Its one page is a lesson (what a topic page is: torch_notes/evidence/checks/topic_shape.py).
evidence_topic_pages = ["index"]
