"""Transverse Wave and the games isomorphic to it (Burke, Ferland & Teng 2021): Crosswise
AND/OR, Friend Circle, Demographic Influence, Power Station and Hydropipe.
"""
