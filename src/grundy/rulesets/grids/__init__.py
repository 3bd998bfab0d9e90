"""Partizan games on grids of cells: Domineering."""
