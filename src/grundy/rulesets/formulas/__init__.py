"""Games on Boolean formulas: Avoid True (Burke, Ferland & Teng 2021) and Schaefer's G_pos
(Fenner et al. 2015).
"""
