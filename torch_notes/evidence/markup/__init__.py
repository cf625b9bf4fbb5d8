"""Layer 4, markup: the roles and directives pages are written with.

Each module's docstring shows its syntax. A role or directive turns what a page says into
nodes, with the evidence it rests on in named attributes (``model.attributes``).
"""
