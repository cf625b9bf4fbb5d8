project = "hosting-test"
extensions = [
    "myst_nb",
    "torch_notes.pages.language_switcher",
    "torch_notes.pages.page_meta",
    "torch_notes.pages.not_found",
]
page_meta_description_length = 60
exclude_patterns = ["_build"]
