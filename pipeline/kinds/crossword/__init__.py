"""Crosswords and fill-ins: words interlocking on a freeform grid, from a theme's clued words or a user's
list, in the book languages. Two kinds, one engine: `crossword` (clues, numbered squares) and `fillin`
(the words listed by length, an empty grid, filled only one way)."""
