"""The game state a board describes and builds (CR 400, 110, 111, 613.7 timestamps, 728).

* ``board``: the board spec a user writes (objects, effects, actions) and the immutable ``Board``:
  objects, zones, timestamps, the event log.
* ``zone_records``: what a board records about zone changes and triggers (CR 400.7, 603.10a).
* ``tokens``: tokens a spell or ability defines, and the predefined tokens (CR 111.3, 111.4, 111.10).

Builds on :mod:`engine.core` and :mod:`engine.oracle`; changing a board is :mod:`engine.actions`' job.
"""
