"""Benchmarks: each script times one part of the judge; ``python -m benchmarks`` runs them all."""
