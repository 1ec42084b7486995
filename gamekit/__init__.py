"""What every game engine shares, in plain Python (no framework imports).

Engines may import this package; the platform (`matches/`) drives every
engine through it. See docs/engine-contract.md.
"""
