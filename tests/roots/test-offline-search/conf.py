extensions = ["torch_notes.pages.mathml_math", "torch_notes.workarounds.chinese_search"]
html_math_renderer = "mathml"
language = "zh_CN"
exclude_patterns = ["_build"]
