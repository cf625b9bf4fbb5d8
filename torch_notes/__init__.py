"""torch-notes: the site's own code. See the README's "Layout" for the data path."""
