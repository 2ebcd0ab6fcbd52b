"""Benchmarks: `python -m tests.bench` (not run as tests)."""
