"""Test doubles shipped with autoqa-py: importable by our tests, benchmarks and users' own tests."""
