"""Narrated self-play demos, one module per game, each with ``run(console, *, seed)``."""
