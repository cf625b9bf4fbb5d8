"""Layer 3, execution: what ran in this build, and what ran on every recorded release.

* ``recording``: inside sphinx-gallery: each example's ``facts``, and seeded random state;
* ``snippet_runner``: the notes' fragments and the exercise solutions, run once and cached;
* ``fact_store``: every fact this build knows, by key;
* ``expected_outputs``: the reviewed expected outputs, and how an output is compared with them;
* ``release_records``: what each recorded PyTorch release ran (``history/``).
"""
