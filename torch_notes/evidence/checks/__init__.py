"""Layer 5, checks: what every page must satisfy, run on each page a rendering build reads.

Each module holds one check; ``torch_notes.evidence.setup`` connects them, once, for builders
that render pages (extracting messages runs nothing, so there is nothing to check).
"""
