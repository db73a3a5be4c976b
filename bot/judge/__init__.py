"""The Judge: the one typed API of mtg-judge. The CLI and the Discord cogs import only this package.

``Judge`` answers questions; the answer models, the error family and the input limits are here too.

The names are listed once, in ``__init__.pyi``; each is imported from its module on first use
(``lazy_loader``), so ``mtg-judge card`` never imports the engine's copy and layer code.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
