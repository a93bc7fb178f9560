"""Markdown specs: parsing, includes, variables and the plain-step grammar."""
