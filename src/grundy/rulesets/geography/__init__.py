"""The Geography family: vertex and edge geography, NimG, Tower Nim, and their polynomial
algorithms (Ferland 2024; Burke, Ferland & Teng 2022).
"""
