"""`make bench`: generation and uniqueness-proof timings, compared with an OR-tools CP-SAT model.

Run as `python -m bench` from the project root. Bench code only: the product never imports it,
and it never fails the build on a missed target (it reports PASS/MISS and a summary instead).
"""
