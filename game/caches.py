"""Bounded caches of pure functions: plain dicts that forget their oldest entry when full.

A cache emptied all at once when full frees its thousands of entries in one go: Flixo's
CPU partners' cache of line shapes took 7.7 ms to empty at 5,000 entries, a stall in whatever
frame a decision happened to be thought in. Forgetting one entry per new one costs a few
microseconds instead (a dict keeps its keys in the order they came, so the first is the oldest).
"""

from __future__ import annotations


def remember(cache: dict, most: int, key, value):
    """cache[key] = value, the oldest entry forgotten first if the cache holds `most`; value."""
    if len(cache) >= most:
        del cache[next(iter(cache))]
    cache[key] = value
    return value
