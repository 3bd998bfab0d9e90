"""Coin-turning games: a row of coins, a move turns some of them over."""
