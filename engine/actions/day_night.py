"""Day and night on a board (CR 728, 702.145): it becomes day or night, daybound and nightbound permanents
transform with it. A board that doesn't give the designation (``day_night``) leaves it unknown, unless a
daybound permanent front face up (or a nightbound one back face up) on it says which it is."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.actions.faces import (
    has_keyword,
    transform,
)
from engine.core.citations import Citation, cite
from engine.core.known import is_true
from engine.core.messages import Message, msg
from engine.core.messages import card as card_name
from engine.core.model import Card
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values
from engine.state.board import (
    Board,
    BoardError,
    DayNight,
    Event,
    GameObject,
    Zone,
)

Enter = Callable[[Board, Event, Mapping[str, Card]], Board]

BECOMES_NIGHT = cite("702.145g", "there are no permanents with daybound on the battlefield, it becomes night")
NIGHT_TRANSFORMS = cite("702.145c", "that player transforms that permanent")
DAY_NIGHT = cite("728.1a", "refer to the game losing the first designation and gaining the second one")
DAY_TRANSFORMS = cite("702.145f", "that player transforms that permanent")
BECOMES_DAY = cite("702.145d", "if it’s neither day nor night, it becomes day")


def becomes_day_or_night(board: Board, event: Event, wanted: DayNight) -> Board:
    """It becomes day or night (CR 728.1a): daybound permanents transform at night, nightbound ones by day."""
    if board.day_night is wanted:
        return board
    if wanted is DayNight.NEITHER:
        if board.day_night is not None:  # once it is day or night, nothing makes it neither (CR 728.1)
            raise BoardError(msg("Once it is day or night, it can't become neither (CR 728.1)."))
        return board.model_copy(update={"day_night": wanted})
    board = board.model_copy(update={"day_night": wanted})
    when = msg("It becomes {designation}", designation=_DESIGNATIONS[wanted])
    for obj in board.in_zone(Zone.BATTLEFIELD):
        board = _bound_transform(board, obj, event.timestamp, when, DAY_NIGHT)
    return board


def day_night_checks(board: Board, changed: set[str], timestamp: int) -> Board:
    """The day/night rules that apply "any time" (CR 702.145c, d, f, g), after an event changed ``changed``:
    the designation a daybound or nightbound permanent gives, and the permanents that must transform."""
    board = designation_from_permanents(board)
    if board.day_night in (None, DayNight.NEITHER):
        return board
    for handle in sorted(changed):
        if board.has(handle) and board.get(handle).zone is Zone.BATTLEFIELD:
            when = msg("It is {designation}", designation=_DESIGNATIONS[board.day_night])
            board = _bound_transform(board, board.get(handle), timestamp, when)
    return board


_DESIGNATIONS = {DayNight.DAY: msg("day"), DayNight.NIGHT: msg("night")}
_KEYWORDS = {"Daybound": msg("daybound"), "Nightbound": msg("nightbound")}


def _bound_transform(board: Board, obj: GameObject, timestamp: int, when: Message, *rules: Citation) -> Board:
    """A front-face-up daybound permanent at night, or a back-face-up nightbound one by day, transforms."""
    keyword, face_up_back = ("Daybound", False) if board.day_night is DayNight.NIGHT else ("Nightbound", True)
    if obj.phased_out or obj.face_down or obj.transformed is not face_up_back:
        return board
    # Only what its copiable values list as daybound/nightbound gets here; abilities an effect made unknown
    # leave it as it is (its other characteristics carry that unknown already).
    if not _lists(obj, keyword) or not is_true(has_keyword(obj, board, keyword)):
        return board
    board = board.explain(
        obj.id,
        Explanation.of(
            msg(
                "{when} and it has {keyword}: its controller transforms it, if it can.",
                when=when,
                keyword=_KEYWORDS[keyword],
            ),
            *rules,
            NIGHT_TRANSFORMS if board.day_night is DayNight.NIGHT else DAY_TRANSFORMS,
        ),
    )
    return transform(board, obj.id, timestamp, by_day_night=True)


def designation_from_permanents(board: Board) -> Board:
    """With neither day nor night, a daybound permanent makes it day (CR 702.145d); else a nightbound one
    makes it night (702.145g). Checked after every event, as the rules check it "any time"."""
    if board.day_night not in (None, DayNight.NEITHER):
        return board
    for keyword, designation, rule in (
        ("Daybound", DayNight.DAY, BECOMES_DAY),
        ("Nightbound", DayNight.NIGHT, BECOMES_NIGHT),
    ):
        holder = next(
            (
                o
                for o in _may_have(board, keyword)
                if _face_known(o) and is_true(has_keyword(o, board, keyword))
            ),
            None,
        )
        if holder is not None and board.day_night is DayNight.NEITHER:
            because = msg(
                "It was neither day nor night, and {holder} has {keyword}: it becomes {designation}.",
                holder=card_name(holder.id),
                keyword=_KEYWORDS[keyword],
                designation=_DESIGNATIONS[designation],
            )
            return board.model_copy(update={"day_night": designation}).explain(
                holder.id, Explanation.of(because, rule), note=True
            )
        if holder is not None:
            because = msg(
                "The board doesn't say whether it is day or night (day_night: day|night says), but {holder} "
                "has {keyword}, so it is {designation}: with the other designation it would have "
                "transformed at once, and with neither it becomes {designation}.",
                holder=card_name(holder.id),
                keyword=_KEYWORDS[keyword],
                designation=_DESIGNATIONS[designation],
            )
            transforms = NIGHT_TRANSFORMS if designation is DayNight.DAY else DAY_TRANSFORMS
            return board.model_copy(update={"day_night": designation}).explain(
                holder.id, Explanation.of(because, transforms, rule), note=True
            )
    return board


def _face_known(obj: GameObject) -> bool:
    """Whether which face of ``obj`` is up is known (not so for one that entered while whether it was night
    wasn't known)."""
    return not any("name" in u.characteristics for u in obj.unknowns)


def _may_have(board: Board, keyword: str) -> list[GameObject]:
    """Permanents whose copiable values list ``keyword`` (a cheap filter before the layers are computed)."""
    return [obj for obj in board.in_zone(Zone.BATTLEFIELD) if not obj.phased_out and _lists(obj, keyword)]


def _lists(obj: GameObject, keyword: str) -> bool:
    return any(a.keyword == keyword for a in copiable_values(obj).abilities)
