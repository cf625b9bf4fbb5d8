"""Verdicts of the errata table are computed from evidence (docs/_ext/errata_table.py)."""

from __future__ import annotations

import pytest

import errata_table


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [
        ({"source": "snippet", "same": True}, "holds"),
        ({"source": "snippet", "same": None}, "holds"),  # the note printed nothing; it runs
        ({"source": "snippet", "same": False}, "output changed"),
        ({"source": "snippet", "same": True, "warnings": ["FutureWarning: old"]}, "deprecated"),
        (
            {"source": "snippet", "error_type": "TypeError", "error": "unexpected keyword"},
            "now raises",
        ),
        ({"source": "snippet", "error_type": "NameError", "error": "name 'x'"}, "was never right"),
        ({"source": "erratum", "error_type": "SyntaxError"}, "was never right"),
        (
            {
                "source": "erratum",
                "error_type": "AttributeError",
                "error": "'Net' object has no attribute 'paramters'",
            },
            "was never right",
        ),
        (
            {
                "source": "erratum",
                "error_type": "AttributeError",
                "error": "module 'torch.nn.init' has no attribute 'xavier_uniform'",
            },
            "now raises",
        ),
        ({"source": "erratum", "warnings": ["FutureWarning"]}, "deprecated"),
        ({"source": "erratum"}, "output changed"),
        ({"source": "erratum", "note_claims_stated": "Variable"}, "output changed"),
        ({"source": "erratum", "note_claims_stated": "False"}, "was never right"),
        (
            {"source": "erratum", "note_claims_stated": "None", "error_type": "RuntimeError"},
            "was never right",
        ),
        ({"source": "quote"}, "holds"),
        ({"source": "quote", "renamed": True}, "output changed"),
    ],
)
def test_verdict_follows_the_evidence(evidence, expected):
    assert errata_table.verdict(evidence) == expected


def test_a_fact_says_whether_it_raised_or_warned():
    facts = {
        "ex.typo_error": "'Net' object has no attribute 'paramters'",
        "snippets.s.warnings": ["FutureWarning: x"],
    }
    assert errata_table.value_evidence(
        "ex.typo_error_type", "AttributeError", facts.__getitem__
    ) == {"warnings": [], "error_type": "AttributeError", "error": facts["ex.typo_error"]}
    assert errata_table.value_evidence("ex.category", "FutureWarning", facts.__getitem__) == {
        "warnings": ["FutureWarning"]
    }
    assert errata_table.value_evidence("snippets.s.output", "x", facts.__getitem__) == {
        "warnings": ["FutureWarning: x"]
    }
    assert errata_table.value_evidence("ex.count", 3, facts.__getitem__) == {"warnings": []}
