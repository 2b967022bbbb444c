"""Placeholder while the rules module is written; replaced by the real module."""
INFO = None
