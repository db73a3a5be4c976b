"""Board actions: everything that changes a board, one event at a time.

* ``events``: a board spec becomes events, applied in order (entering as a copy 707.5, becoming a copy
  707.4, token copies 111.12, face up/down 708, transforming 701.28, 712).
* ``resolving``: permanent spells resolving and replacements on entering (608.3, 614.12, 728, 702.145).
* ``faces``: double-faced, flip and face-down objects (701.28, 708, 710, 712).
* ``attaching``: Auras, Equipment, Fortifications becoming attached (701.3, 301.5, 303.4, 613.7e).
* ``zones``, ``zone_replacements``, ``zone_triggers``: leaving the battlefield and returning
  (400.7, 111.7, 712.21, 614.6, 603.10a).
* ``imprint``: cards exiled with an object and "the last card exiled with ~" (607.2a, 712.21b).
"""
