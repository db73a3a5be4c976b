"""The Judge: the one typed API of mtg-judge. The CLI and the Discord cogs import only this package.

``Judge`` answers questions; the answer models, the error family and the input limits are here too.
"""

from bot.judge.board import BoardResult, board_json
from bot.judge.cards import CardAnswer, FaceView, OracleCard, Ruling, RulingsAnswer, card_faces, card_json
from bot.judge.errors import (
    AmbiguousCardName,
    BoardFormatError,
    CacheUnusable,
    CardImportError,
    CardLookupError,
    CardNotFound,
    InvalidCardQuery,
    InvalidQuestion,
    JudgeError,
    RuleNotFound,
    RulesDownloadError,
    RulesParseError,
    RulesUnavailable,
    SyncFailed,
    UserError,
    WorldError,
)
from bot.judge.judge import DataVersions, Judge
from bot.judge.limits import (
    LIMITS,
    Limits,
    original_state,
    parse_choices,
    parse_counters,
    parse_graveyard,
    parse_pump,
)
from bot.judge.linked import LinkedAnswer, linked_json
from bot.judge.parse import ParseAnswer, parse_json
from bot.judge.rules import GlossaryAnswer, ImportSummary, RuleAnswer, SearchAnswer
from data.cards.importer import ImportSummary as CardImportSummary
from data.cards.importer import Progress
from engine import BoardAnswer, Explanation, StackBoardAnswer

__all__ = [
    "LIMITS",
    "AmbiguousCardName",
    "BoardAnswer",
    "BoardFormatError",
    "BoardResult",
    "CacheUnusable",
    "CardAnswer",
    "CardImportError",
    "CardImportSummary",
    "CardLookupError",
    "CardNotFound",
    "DataVersions",
    "Explanation",
    "FaceView",
    "GlossaryAnswer",
    "ImportSummary",
    "InvalidCardQuery",
    "InvalidQuestion",
    "Judge",
    "JudgeError",
    "Limits",
    "LinkedAnswer",
    "OracleCard",
    "ParseAnswer",
    "Progress",
    "RuleAnswer",
    "RuleNotFound",
    "RulesDownloadError",
    "RulesParseError",
    "RulesUnavailable",
    "Ruling",
    "RulingsAnswer",
    "SearchAnswer",
    "StackBoardAnswer",
    "SyncFailed",
    "UserError",
    "WorldError",
    "board_json",
    "card_faces",
    "card_json",
    "linked_json",
    "original_state",
    "parse_choices",
    "parse_counters",
    "parse_graveyard",
    "parse_json",
    "parse_pump",
]
