"""Link every page to the same page in the site's other languages.

The site is deployed as one folder per language, side by side (``en/``, ``zh_CN/``), each a
separate ``sphinx-build -D language=...``. For each page this adds ``language_links`` to
the template context, a list of ``{"code", "name", "href", "current"}`` whose ``href`` is
relative (``../../zh_CN/autograd/basics.html`` from ``en/autograd/basics.html``), so the
site works from any host path and from disk. ``_templates/language-switcher.html`` shows
them and carries the reader's ``#anchor`` along.

    language_switcher_languages = {"en": "English", "zh_CN": "简体中文"}
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def language_links(pagename: str, current: str, languages: dict[str, str], suffix: str) -> list[dict]:
    up = "../" * (pagename.count("/") + 1)
    return [
        {"code": code, "name": name, "current": code == current,
         "href": f"{up}{code}/{pagename}{suffix}", "hreflang": code.replace("_", "-")}
        for code, name in languages.items()
    ]


def add_context(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    languages = app.config.language_switcher_languages
    if not languages:
        return
    context["language_links"] = language_links(
        pagename, app.config.language, languages, app.builder.link_suffix
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("language_switcher_languages", {}, "html", types=[dict])
    app.connect("html-page-context", add_context)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
