"""deduce's own helpers, shared by every layer: argument checks and where arguments enter
the library. Nothing here is public API; the names a user or a game author needs are in
:mod:`deduce` and the layer packages.
"""
