"""The rules engine: pure, typed code (no I/O, no Discord, no SQLite).

It turns Scryfall-shaped card data into typed models, finds linked abilities (CR 607), applies copy
effects through the layer system (CR 613, 707) and returns structured results that cite rule numbers.

This module is the engine's public API: ``bot/`` and ``data/`` import from ``engine`` only, never from
its subpackages, so the engine's files can move without touching the front ends.
"""

from engine.actions.zones import meld_parts_needed
from engine.answers.copy_question import OriginalState, copy_question, face_state
from engine.answers.copy_result import (
    BoardAnswer,
    CharacteristicsView,
    CurrentView,
    LinkedView,
    ObjectAnswer,
    answer_board,
)
from engine.answers.stack_answer import (
    StackBoardAnswer,
    StackCopyAnswer,
    answer_stack_board,
    copies_on_the_stack,
    stack_copy_question,
)
from engine.answers.stack_board import BoardObject, board_object, build_stack, stack_handles
from engine.copy.effects import CopyError
from engine.core.characteristics import COLOR_NAMES
from engine.core.citations import CITATIONS_CHECKED_AGAINST, Citation, registered_citations
from engine.core.model import Ability, Card, CopyEffect, Face
from engine.core.results import Explanation
from engine.errors import JudgeError, UserError, WorldError
from engine.linked.links import LinkedReport, find_links
from engine.oracle import parse_card
from engine.oracle.corpus import CorpusReport, survey
from engine.oracle.keywords import KeywordVocabulary
from engine.stack.copies import CopyChoices
from engine.stack.items import StackError, Value
from engine.state.board import (
    PT_COUNTS,
    ActionKind,
    ActionSpec,
    BoardError,
    BoardSpec,
    DayNight,
    EffectKind,
    EffectSpec,
    FaceDownKind,
    MoveSpec,
    ObjectSpec,
    Player,
    Zone,
)
from engine.state.stack_spec import StackEntrySpec, stack_card_names
from engine.state.tokens import PREDEFINED_TOKENS, TokenSpec
from engine.state.zone_records import TriggerHit, ZoneMove

__all__ = [
    "CITATIONS_CHECKED_AGAINST",
    "COLOR_NAMES",
    "PREDEFINED_TOKENS",
    "PT_COUNTS",
    "Ability",
    "ActionKind",
    "ActionSpec",
    "BoardAnswer",
    "BoardError",
    "BoardObject",
    "BoardSpec",
    "Card",
    "CharacteristicsView",
    "Citation",
    "CopyChoices",
    "CopyEffect",
    "CopyError",
    "CorpusReport",
    "CurrentView",
    "DayNight",
    "EffectKind",
    "EffectSpec",
    "Explanation",
    "Face",
    "FaceDownKind",
    "JudgeError",
    "KeywordVocabulary",
    "LinkedReport",
    "LinkedView",
    "MoveSpec",
    "ObjectAnswer",
    "ObjectSpec",
    "OriginalState",
    "Player",
    "StackBoardAnswer",
    "StackCopyAnswer",
    "StackEntrySpec",
    "StackError",
    "TokenSpec",
    "TriggerHit",
    "UserError",
    "Value",
    "WorldError",
    "Zone",
    "ZoneMove",
    "answer_board",
    "answer_stack_board",
    "board_object",
    "build_stack",
    "copies_on_the_stack",
    "copy_question",
    "face_state",
    "find_links",
    "meld_parts_needed",
    "parse_card",
    "registered_citations",
    "stack_card_names",
    "stack_copy_question",
    "stack_handles",
    "survey",
]
