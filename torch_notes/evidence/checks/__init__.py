"""Layer 5, checks: what every page must satisfy, run on each page a rendering build reads.

Each module holds one check; ``torch_notes.evidence.setup`` connects them, once, for builders
that render (the gettext builder runs nothing, so it has nothing to check).
"""
