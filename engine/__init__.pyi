"""Type stub of the engine's public API; ``engine/__init__.py`` loads each name from here on first use."""

from .actions.zones import meld_parts_needed
from .answers.copy_question import OriginalState, copy_question, face_state
from .answers.copy_result import (
    BoardAnswer,
    CharacteristicsView,
    CurrentView,
    LinkedView,
    ObjectAnswer,
    answer_board,
)
from .answers.stack_answer import (
    StackBoardAnswer,
    StackCopyAnswer,
    answer_stack_board,
    copies_on_the_stack,
    stack_copy_question,
)
from .answers.stack_board import BoardObject, board_object, build_stack, stack_handles
from .copy.effects import CopyError
from .core.budget import MAX_OUTCOMES, MAX_WORK, QuestionBudget, TooMuchWork
from .core.characteristics import COLOR_NAMES
from .core.citations import CITATIONS_CHECKED_AGAINST, Citation, registered_citations
from .core.effects import PT_COUNTS, EffectKind, EffectSpec, Player
from .core.game import STARTING_LIFE, Game
from .core.mana import mana_symbols
from .core.messages import Message, Param, msg
from .core.model import Ability, Card, CopyEffect, Face
from .core.results import Explanation
from .errors import JudgeError, UserError, WorldError
from .linked.links import LinkedReport, find_links
from .oracle import parse_card
from .oracle.corpus import CorpusReport, survey
from .oracle.keywords import KeywordVocabulary
from .oracle.text_change import KIND_WORDS, WordChange, WordKind, word_kind
from .stack.copies import CopyChoices
from .stack.items import StackError, Value
from .state.actions import (
    Action,
    AttachAction,
    BecomesCopyAction,
    CausedAction,
    ChangeTextAction,
    CleanupAction,
    CreateTokenAction,
    CreateTokenCopyAction,
    DayNightAction,
    EndsAction,
    EntersAction,
    ExchangeTextAction,
    FlipAction,
    LeavesAction,
    NextEntersAsCopyAction,
    PutOntoBattlefieldAction,
    ResolvesAction,
    ReturnsAction,
    TransformAction,
    TurnFaceDownAction,
    TurnFaceUpAction,
)
from .state.board import (
    ActionKind,
    BoardError,
    BoardSpec,
    DayNight,
    FaceDownKind,
    MoveSpec,
    ObjectSpec,
    TextChangeSpec,
    Zone,
)
from .state.stack_spec import StackEntrySpec, stack_card_names
from .state.tokens import PREDEFINED_TOKENS, TokenSpec
from .state.zone_records import TriggerHit, ZoneMove

__all__ = [
    "CITATIONS_CHECKED_AGAINST",
    "COLOR_NAMES",
    "KIND_WORDS",
    "MAX_OUTCOMES",
    "MAX_WORK",
    "PREDEFINED_TOKENS",
    "PT_COUNTS",
    "STARTING_LIFE",
    "Ability",
    "Action",
    "ActionKind",
    "AttachAction",
    "BecomesCopyAction",
    "BoardAnswer",
    "BoardError",
    "BoardObject",
    "BoardSpec",
    "Card",
    "CausedAction",
    "ChangeTextAction",
    "CharacteristicsView",
    "Citation",
    "CleanupAction",
    "CopyChoices",
    "CopyEffect",
    "CopyError",
    "CorpusReport",
    "CreateTokenAction",
    "CreateTokenCopyAction",
    "CurrentView",
    "DayNight",
    "DayNightAction",
    "EffectKind",
    "EffectSpec",
    "EndsAction",
    "EntersAction",
    "ExchangeTextAction",
    "Explanation",
    "Face",
    "FaceDownKind",
    "FlipAction",
    "Game",
    "JudgeError",
    "KeywordVocabulary",
    "LeavesAction",
    "LinkedReport",
    "LinkedView",
    "Message",
    "MoveSpec",
    "NextEntersAsCopyAction",
    "ObjectAnswer",
    "ObjectSpec",
    "OriginalState",
    "Param",
    "Player",
    "PutOntoBattlefieldAction",
    "QuestionBudget",
    "ResolvesAction",
    "ReturnsAction",
    "StackBoardAnswer",
    "StackCopyAnswer",
    "StackEntrySpec",
    "StackError",
    "TextChangeSpec",
    "TokenSpec",
    "TooMuchWork",
    "TransformAction",
    "TriggerHit",
    "TurnFaceDownAction",
    "TurnFaceUpAction",
    "UserError",
    "Value",
    "WordChange",
    "WordKind",
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
    "mana_symbols",
    "meld_parts_needed",
    "msg",
    "parse_card",
    "registered_citations",
    "stack_card_names",
    "stack_copy_question",
    "stack_handles",
    "survey",
    "word_kind",
]
