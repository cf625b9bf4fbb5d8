"""On a recorded release, every fact of the record must be what this build ran.

Each build on a recorded release compares the record with what it ran (the three legs of CI
run on recorded releases): a fact that differs fails the build, naming the record, the key and
both values, so the committed history cannot drift from what PyTorch does.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes import sitewide
from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.execution.release_records import own_record
from torch_notes.evidence.model.values import format_value

logger = logging.getLogger(__name__)


def check_record_of_this_release(app: Sphinx, env: BuildEnvironment) -> None:
    """On a recorded release, every fact of the record must be what this build ran."""
    if (app.config.language or "en") != sitewide.SOURCE_LANGUAGE.code:
        return  # every language runs the same examples: compared once, with the source
    record, store = own_record(env), fact_store(env)
    if record is None:
        return
    for key in sorted(record.facts):
        if key in store.volatile:
            continue  # timings differ on every run
        try:
            live = store.lookup(key)
        except LookupError:
            continue  # not a fact of this project (another record layout): nothing to compare
        if format_value(live) != format_value(record.value(key)):
            logger.warning(
                "history/torch-%s.json records %s = %r, but this build ran %r: record the "
                "release again (nox -s history -- %s)",
                record.release.split("+")[0],
                key,
                format_value(record.value(key)),
                format_value(live),
                record.release.split("+")[0],
                type="evidence",
                subtype="history",
            )
