"""Benchmarks of deduce: `make bench` (or `python -m benchmarks [name ...]`)."""
