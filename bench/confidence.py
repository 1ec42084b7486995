"""Confidence intervals the benchmarks print beside their figures (no framework, no dependency)."""
import math


def wilson(hits, n, z=1.96):
    """The Wilson score interval of a proportion ``hits`` / ``n`` (95 % by default); (0, 0) for no trial."""
    if n == 0:
        return 0.0, 0.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
