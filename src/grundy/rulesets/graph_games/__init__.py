"""Games played on the vertices of a graph: Node Kayles, and the tinted partizan games Col,
Snort and black-white Node Kayles.
"""
