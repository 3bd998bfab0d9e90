"""Poset games (Fenner et al. 2015): impartial poset games, Chomp, and black-white poset
games.
"""
