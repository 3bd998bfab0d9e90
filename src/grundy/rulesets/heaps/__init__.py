"""Heap games: Nim, Boolean Nim, subtraction games (impartial and partizan) and superstars."""
