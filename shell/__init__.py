"""Arcade shell: the pygame side (window, loop, devices, seats, settings, stats, look, audio)."""
