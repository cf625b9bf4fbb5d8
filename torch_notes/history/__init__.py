"""How every claim of the notes fares on each PyTorch release from 2.0 to the newest.

* ``probe``: runs inside one release's environment: every example, cell by cell, and every
  snippet, and writes what they recorded;
* ``record``: ``nox -s history``: one environment at a time, each release probed and its
  environment removed; the results go to ``history/torch-<release>.json`` with provenance.

The site's build reads those files (``torch_notes.evidence.execution.release_records``): each errata row shows,
for every release, whether it behaves as it does now, and a page lists what changed when.

The releases evaluated (the latest patch of each minor release) are listed in
``torch_notes.release_list``, below every package: the evidence core reads it too.
"""
