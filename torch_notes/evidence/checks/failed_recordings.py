"""A record holds what each release does: a cell that failed in the example's own code is none.

The probe stops on such a cell (``torch_notes.history.probe``); a record made before it did, or
elsewhere, may still hold one: a ``NameError`` raised by a line of the example, which the
pages would show as a release difference ("cannot run on 2.10") though PyTorch never ran
(``execution.own_code``). The build fails on each, naming the record's release, the example,
its cell and line, and the command that records the release again; the release boxes and
the errata leave such a cell out (``Record.own_code``).
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes import sitewide
from torch_notes.evidence.execution.release_records import failed_recordings

logger = logging.getLogger(__name__)


def check_failed_recordings(app: Sphinx, env: BuildEnvironment) -> None:
    """Every record's failures are the release's own, not the example's."""
    if (app.config.language or "en") != sitewide.SOURCE_LANGUAGE.code:
        return  # every language reads the same records: reported once, with the source
    for failed in failed_recordings(env):
        logger.warning(failed.message(), type="evidence", subtype="history")
