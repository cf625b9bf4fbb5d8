"""torch-notes: the site's own code. See CONTRIBUTING.md, "Layout", for the data path."""
