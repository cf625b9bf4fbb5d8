"""Layer 2, where records live: the ``evidence`` domain, per page, and how a page adds to it."""
