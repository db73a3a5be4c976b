"""Copy effects on permanents and cards (CR 707.1–707.9, 707.13–707.20, 708.3, 710, 712).

``effects``: the copiable values one copy effect grants, with its exceptions, and applying it in
layer 1a; ``exceptions``: each kind of exception (707.9); ``mana_spent``: a copy effect that copies
differently when some mana was spent to cast its spell (Mythos of Illuna, 707.9a). Copies of spells and
abilities on the stack (707.10–707.12) are :mod:`engine.stack`.
"""
