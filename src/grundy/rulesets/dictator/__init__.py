"""The Dictator family (Burke 2009, §3.4): ballots filled slot by slot, and chain-proof
certificates.
"""
