"""The questions the judge answers, as structured results the front ends render.

* ``copy_result``: the answer about one object of a board: copiable values (CR 707), current
  characteristics (613) and linked abilities (607).
* ``copy_question``: the default board for "what is COPIER when it copies ORIGINAL?" (707).
* ``stack_board``: the ``stack:`` section of a board built into spells, abilities and their copies
  (707.10–707.12).
* ``stack_answer``: the answer about a copy on the stack (707.10–707.12).
* ``copy_triggers``: the board's "whenever you cast or copy" abilities a copy on the stack triggers (603.2,
  707.10).

The top of the dependency order: may use every other subpackage.
"""
