"""Benchmarks: `python -m bench` runs them all side by side and writes bench/results.json."""
