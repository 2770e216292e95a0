"""Hidato (king adjacency) and its Numbrix variant (orthogonal adjacency): boards, solver, generator."""
