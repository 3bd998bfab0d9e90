"""Atropos (Burke 2009, Ch. 2 and §3.2): the board, the rules and their variants, the
fast outcome solver, computer players and conjecture checks.
"""
