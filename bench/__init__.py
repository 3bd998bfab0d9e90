"""Repeatable benchmarks: ``python -m bench`` prints one JSON line per workload."""
