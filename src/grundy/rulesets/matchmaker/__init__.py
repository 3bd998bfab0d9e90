"""The Matchmaker family (Burke 2009, §3.3): Matchmaker, Full and Stubborn Matchmaker, and
the class tables.
"""
