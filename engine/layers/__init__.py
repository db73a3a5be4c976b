"""The layer system (CR 613): copiable values and current characteristics of an object on a board.

* ``system``: layer 1 copiable values (613.2, 707.2, 711, 712) and layers 2–7 (613.1, 613.3, 613.4).
* ``dependency``: which effect of a layer applies next, by dependency or timestamp (613.7, 613.8).
* ``statics``: which objects the static abilities of permanents affect, and how (CR 604, 611.3, 613).
"""
