"""Hackenbush: cutting coloured edges of a graph rooted on the ground."""
