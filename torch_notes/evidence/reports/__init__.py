"""Layer 6, reports: what the build shows of all pages together.

* ``errata_table``: ``{errata-table}``, one row per claim of the notes, and the build's JSON reports;
* ``release_changes``: each row on every recorded release, and ``{release-changes}``;
* ``table_nodes``: docutils table helpers both use.
"""
