# SPDX-License-Identifier: MIT
# Sphinx configuration: make htmldocs builds Documentation/ with Debian's
# python3-sphinx; warnings are errors (make check runs it).
project = "vsharp"
copyright = "the vsharp authors"
master_doc = "index"
exclude_patterns = ["ABI"]
html_theme = "alabaster"
highlight_language = "none"
