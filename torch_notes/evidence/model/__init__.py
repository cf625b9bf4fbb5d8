"""Layer 1, the model: the records the build keeps, and the functions that compare values.

Nothing here knows Sphinx's build: a record is a frozen dataclass, a value function a pure
function. Every other layer builds on these.

* ``records``: checks, errata rows, their evidence and outcomes, and the verdict rule;
* ``values``: recorded values as JSON and back, how they are shown, and when a stated value
  states an executed one;
* ``text``: how text is compared: whitespace, and the rules every output is normalised by;
* ``attributes``: the names of the node attributes that carry evidence between layers.
"""
