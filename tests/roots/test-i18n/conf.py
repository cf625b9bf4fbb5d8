extensions = ["myst_nb", "torch_notes.i18n.translation_check", "torch_notes.evidence"]
language = "zh_CN"
locale_dirs = ["locales/"]
gettext_compact = False
exclude_patterns = ["_build"]
