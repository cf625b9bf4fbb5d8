from pathlib import Path

HERE = Path(__file__).parent

extensions = ["myst_nb", "torch_notes.evidence", "torch_notes.pages.notes_aside"]
myst_enable_extensions = ["colon_fence"]
facts_dirs = ["gallery"]  # the example's facts as a run recorded them, beside its script
snippets_dir = str(HERE / "snippets")
notes_dir = str(HERE / "notes")
notes_ledger_dir = str(HERE / "ledger")
release_history_dir = str(HERE / "history")
# As the site's floor (2.6) leaves 2.0-2.5 out: what 2.0 had needs no bound on the page.
evidence_supported_from = "2.1"
# {example-cell} reads the cells of a page sphinx-gallery generated: auto_examples/ holds one,
# written by hand, so that no gallery runs here. Without sphinx-gallery, its setting is
# declared here.
sphinx_gallery_conf = {"examples_dirs": ["gallery"], "gallery_dirs": ["auto_examples"]}

exclude_patterns = ["_build", "_generated"]
evidence_topic_exercises = False  # a page of every directive and role, not a lesson
evidence_shown_claims_minimum = 0.0


def setup(app):
    app.add_config_value("sphinx_gallery_conf", {}, "env")
