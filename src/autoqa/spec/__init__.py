"""Markdown specs: parsing, includes, variables and the plain-step grammar.

Kept import-free so that ``autoqa.spec.model`` stays cheap to import. The public entry points:

- :func:`autoqa.spec.loader.load_spec` / :func:`~autoqa.spec.loader.spec_secrets`
- :func:`autoqa.spec.spec_parser.parse_spec_text` (structure only, before includes and variables)
- :func:`autoqa.spec.discovery.discover_specs` / :func:`~autoqa.spec.discovery.matches_tags`
- :func:`autoqa.spec.grammar.parse_plain_step` (the grammar table is in that module's docstring)
"""
