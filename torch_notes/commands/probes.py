"""Run the statement probes and print each case, so that a probe can be written and tried
without a build (``torch_notes.evidence.execution.statement_probes``).

    python -m torch_notes.commands.probes [SECTION/NAME ...]      (no name: every probe)

Exits 1 when a case is refuted.
"""

from __future__ import annotations

import sys

from torch_notes.evidence.execution.statement_probes import all_probes, probe_path, run_probe


def main(names: list[str]) -> int:
    names = names or all_probes()
    refuted = 0
    for name in names:
        run = run_probe(probe_path(name), name)
        print(f"{name}: {run.statement}")
        for case in run.cases:
            detail = f" -> {case.detail}" if case.detail else ""
            print(f"  {case.outcome:8} {case.name}: {case.edge}{detail}")
        refuted += len(run.refuted)
    print(f"{len(names)} probes, {refuted} cases refuted")
    return 1 if refuted else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
