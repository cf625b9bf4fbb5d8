from pathlib import Path

HERE = Path(__file__).parent

extensions = ["myst_nb", "torch_notes.evidence"]
facts_dirs = ["facts"]
snippets_dir = str(HERE / "snippets")
notes_dir = str(HERE / "notes")
exclude_patterns = ["_build", "_generated"]
evidence_topic_exercises = False  # a page of checks, not a lesson (see test-exercises)
evidence_topic_pages = ["index"]  # what it uses is recorded (topics.json)
# Its facts come from no gallery cell: the share of claims shown is tested on its own
# (tests/test_example_cells.py), with the minimum raised again.
evidence_shown_claims_minimum = 0.0
evidence_api_names = str(HERE / "apis.toml")  # the key of each claim in compat.json
