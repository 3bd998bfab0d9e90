"""Partizan games on a strip of squares: Toads and Frogs."""
