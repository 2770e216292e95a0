"""Mazes: perfect mazes (one way between any two cells) on square, honeycomb and round boards."""
