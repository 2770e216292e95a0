"""Word search: find every listed word in a grid of letters, reading in a straight line."""
