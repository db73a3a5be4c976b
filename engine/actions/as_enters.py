"""What a permanent's "as [this] enters" abilities do as it enters (CR 614.1c, 614.12, 707.6): its choices,
the coin flip or die roll, "you may" actions, the cards it exiles, P/T settings and what a copy applies anew.

A mandatory action happens; its result is the board's (``choices``, ``random``) or unknown with each outcome
named, and an optional one the board doesn't decide is asked, not assumed (issue 21 §1).
"""

from __future__ import annotations

from engine.actions.counters import counters_as_it_enters
from engine.actions.entering_faces import is_token_card
from engine.actions.entering_triggers import enters_trigger_notes
from engine.actions.kicking import kicker_notes
from engine.actions.optional_copy import optional_copy_not_given
from engine.actions.others_face_down import turn_others_face_down
from engine.actions.paid_triggers import paid_trigger_notes
from engine.actions.protectors import protector_chosen
from engine.actions.resolving import (
    COPIED_ENTERING_TEXT,
)
from engine.actions.standing_copies import AS_IT_WOULD_EXIST
from engine.copy.effects import (
    COPIABLE,
    COPIABLE_SETTING,
)
from engine.core.characteristics import GameAbility
from engine.core.citations import Citation, cite
from engine.core.effects import EffectKind, EffectSpec, Player
from engine.core.known import Known, Unsure
from engine.core.messages import Param, listing, msg, series, type_words
from engine.core.messages import card as card_name
from engine.core.model import AbilityKind
from engine.core.results import Explanation, Unknown
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.counted import (
    card_types_off_battlefield,
    option_abilities,
    set_as_entered,
    setting_given_by,
)
from engine.layers.notes import statics_of, unknown_note
from engine.layers.system import current_characteristics
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.entering import (
    COIN_KEY,
    EXILED_KEY,
    MAY_KEY,
    AsEntersChoice,
    AsEntersResult,
    Chooser,
    as_enters_choices,
    as_enters_result,
    choice_key,
    choice_keys,
    choice_options,
    chosen_pt_option,
    entering_abilities,
    enters_tapped,
    other_as_enters,
    pt_options,
    pt_setting_ability,
    pt_setting_key,
    riot_of,
    settled_optional,
)
from engine.oracle.linked import exiled_cards, says_exile
from engine.oracle.statics import takes_abilities
from engine.oracle.text import strip_reminder
from engine.oracle.wording import PROTOTYPE_CHARACTERISTICS, prototype_of, pt_from_exiled_cards
from engine.state.board import (
    AsEntersSetting,
    Board,
    BoardError,
    GameObject,
    ObjectSpec,
    TimedEffect,
    Zone,
)

AS_TURNED_FACE_UP = cite("708.11", "that ability is applied while that permanent is being turned face up")
TOKEN_MARKER = cite(
    "111.1", "A token is a marker used to represent any permanent that isn’t represented by a card."
)
COIN_FLIP = cite("705.1", "Some cards refer to flipping a coin")
DIE_ROLL = cite("706.1", "An effect that instructs a player to roll a die")
FACE_DOWN_ENTERS = cite("708.3", "the permanent’s enters-the-battlefield abilities won’t trigger")
NEW_CHOICES = cite("707.6", "the object’s controller will get to make any “as [this] enters the battlefield”")
OTHER_AS_ENTERS = cite("603.6d", "Such text is a static ability—not a triggered ability—whose effect occurs")


def check_choices(obj: GameObject, abilities: tuple[GameAbility, ...]) -> None:
    """Every choice the board gives ``obj`` must be one it uses (its abilities as it enters, or those printed
    on its card's faces): a key nothing reads is refused, never shown and ignored."""
    if not obj.choices:
        return
    printed = tuple(a for face in (obj.card.faces if obj.card else ()) for a in face.abilities)
    accepted = choice_keys((*abilities, *printed))
    unused = sorted(set(obj.choices) - accepted)
    if not unused:
        return
    takes = (
        msg("the choices it takes: {keys}", keys=", ".join(sorted(accepted)))
        if accepted
        else msg("nothing it has takes a choice")
    )
    raise BoardError(
        msg(
            "{object} has no ability that uses choices: {unused} ({takes})",
            object=card_name(obj.id),
            unused=", ".join(unused),
            takes=takes,
        )
    )


def _token_card(board: Board, obj: GameObject) -> tuple[Board, GameObject]:
    """A permanent whose card data is a token's (Scryfall's token layouts) is a token: no card represents it
    (CR 111.1), whether or not the board says ``token: true``."""
    if obj.token or obj.card is None or not is_token_card(obj.card):
        return board, obj
    note = Explanation.of(
        msg(
            "{card} is a token's card data, so {object} is a token.",
            card=card_name(obj.card.name),
            object=card_name(obj.id),
        ),
        TOKEN_MARKER,
    )
    return board.explain(obj.id, note), obj.model_copy(update={"token": True})


def enter_replacements(
    board: Board, obj: GameObject, spec: ObjectSpec, timestamp: int, *, listed: bool = False
) -> tuple[Board, GameObject]:
    """Apply the entering object's own "as enters"/"enters with" text and list its enters triggers (707.5)."""
    board, obj = _token_card(board, obj)
    check_choices(obj, copiable_values(obj).abilities)
    board, obj = optional_copy_not_given(board, obj, spec)
    board, obj = _prototype_not_given(board, obj)
    if obj.face_down:
        return board.explain(
            obj.id,
            Explanation.of(
                msg("It enters face down, so its own enters abilities have no effect and don't trigger."),
                FACE_DOWN_ENTERS,
            ),
            note=True,
        ), obj
    board, obj = protector_chosen(board, obj, spec)
    abilities = copiable_values(obj).abilities
    board, obj = pt_setting(board, obj, abilities, timestamp)
    abilities, board, obj = _as_it_would_exist(board, obj)
    board, obj = _choices(board, obj, abilities, copied=bool(spec.copy_of))
    board, obj = turn_others_face_down(board, obj, abilities, timestamp, listed=listed)
    kicked = obj.kicked_text
    board, obj = _counters_and_tapped(board, obj, spec, abilities)
    exiled = tuple(o for o in board.in_zone(Zone.EXILE) if o.exiled_by == obj.id)
    for other in other_as_enters(abilities):
        board, obj = _as_enters_note(board, obj, other, exiled, counters_given=spec.counters is not None)
    board = enters_trigger_notes(board, obj, abilities, kicked=kicked)
    return paid_trigger_notes(board, obj, abilities), obj


def _as_it_would_exist(board: Board, obj: GameObject) -> tuple[tuple[GameAbility, ...], Board, GameObject]:
    """The entering object's abilities that it would have on the battlefield: its own replacement effects,
    "as enters" abilities and enters triggers apply only then (CR 614.12). Blood Moon takes a nonbasic
    land's "enters tapped", "as enters" choice and enters trigger away before they can apply (its ruling)."""
    printed = copiable_values(obj).abilities
    if not any("enters" in a.rules_text for a in printed):
        return printed, board, obj  # nothing that applies as it enters to take away
    others = (o for o in board.in_zone(Zone.BATTLEFIELD) if o.id != obj.id and not o.phased_out)
    if not any(takes_abilities(a.rules_text) for o in others for a in statics_of(copiable_values(o))):
        return printed, board, obj  # nothing on the board takes abilities away
    layered = current_characteristics(obj, board).abilities
    if not isinstance(layered, Known):
        return _may_have_lost(board, obj, printed, layered)
    have = {a.rules_text for a in layered.value}
    lost = [a for a in printed if a.rules_text not in have and "enters" in a.rules_text]
    if not lost:
        return printed, board, obj
    step = Explanation.of(
        msg(
            "As it would exist on the battlefield it doesn't have {abilities} (another permanent's effect "
            "takes them away), so they don't apply as it enters and don't trigger.",
            abilities=series([msg("“{text}”", text=strip_reminder(a.text)) for a in lost]),
        ),
        AS_IT_WOULD_EXIST,
    )
    return tuple(a for a in printed if a not in lost), board.explain(obj.id, step), obj


def _may_have_lost(
    board: Board, obj: GameObject, printed: tuple[GameAbility, ...], layered: Unsure
) -> tuple[tuple[GameAbility, ...], Board, GameObject]:
    """Its abilities as it would exist on the battlefield aren't known, and a permanent takes abilities
    away: whether its "enters" abilities still apply is unknown (CR 614.12), so none is applied and what
    they decide is unknown, both outcomes named; never applied as if it surely had them."""
    entering = [a for a in printed if "enters" in a.rules_text]
    reason = msg(
        "as it would exist on the battlefield its abilities aren't known ({reason}), so whether {abilities} "
        "still apply as it enters is unknown: if it has them, they apply (and trigger); if not, they don't",
        reason=layered.reason,
        abilities=series([msg("“{text}”", text=strip_reminder(a.text)) for a in entering]),
    )
    # Its abilities are unknown already, with the layers' reason; what they decide as it enters is too.
    note = Explanation.of(
        msg("What it enters with is unknown, because {reason}.", reason=reason), AS_IT_WOULD_EXIST
    )
    unknown = Unknown.of(("tapped",), reason, AS_IT_WOULD_EXIST)
    kept = tuple(a for a in printed if a not in entering)
    return kept, board.explain(obj.id, note, note=True), obj.with_unknowns(unknown)


def _prototype_not_given(board: Board, obj: GameObject) -> tuple[Board, GameObject]:
    """A prototype card on the battlefield whose board doesn't say whether it was cast prototyped: its mana
    cost, colors, power and toughness are its normal ones or its prototype's (CR 718.3b, 718.4), and a copy
    of it copies whichever they are (718.3d)."""
    card = obj.card
    if obj.prototyped is not None or obj.copies or obj.token or obj.face_down or card is None:
        return board, obj
    prototype = prototype_of(card.front.abilities)
    if prototype is None:
        return board, obj
    cost, power, toughness = prototype
    printed = "".join(cost) + " — " + f"{power}/{toughness}"
    note, unknown = unknown_note(
        PROTOTYPE_CHARACTERISTICS,
        msg(
            "the board doesn't say whether it was cast as a prototyped spell (prototyped: true or false): "
            "if it was, it has only its prototype's mana cost, power and toughness ({prototype}) and that "
            "cost's colors; if not, its normal ones",
            prototype=printed,
        ),
        PROTOTYPED,
        NOT_PROTOTYPED,
    )
    obj = obj.with_unknowns(unknown.model_copy(update={"copiable": True, "copied": True}))
    return board.explain(obj.id, note, note=True), obj


PROTOTYPED = cite(
    "718.3b", "Both a prototyped spell and the permanent it becomes have only its alternative set"
)
NOT_PROTOTYPED = cite("718.4", "when not cast as a prototyped spell, a prototype card has only its normal")


def _as_enters_note(
    board: Board,
    obj: GameObject,
    ability: GameAbility,
    exiled: tuple[GameObject, ...],
    *,
    counters_given: bool,
) -> tuple[Board, GameObject]:
    """What ``obj``'s "As ~ enters, …" ``ability`` did. It always applies as it enters (CR 614.1c; a "you
    may" is a choice): the cards the board lists as exiled with it for one that exiles (CR 607.2b), the
    optional action given as ``choices: {may: done|not done}``; otherwise its result is unknown, and so is
    what of the permanent depends on it, with each outcome named — never taken as not done."""
    anew, rules = _anew(obj)
    listed = exile_note(obj, ability, exiled)
    if listed is not None:
        note, unknown = listed
        obj = obj.with_unknowns(unknown) if unknown else obj
        return board.explain(obj.id, note, note=True), obj
    result = as_enters_result(ability)
    done = _optional_done(obj, result)
    if result.tapped_unless_done and done is not None:
        return _tapped_unless_done(board, obj, ability, done, anew, rules)
    if result.counted and done is not None:
        return board.explain(obj.id, _done_or_not(ability, done, anew, rules)), obj
    affects = tuple(
        a
        for a in result.affects
        if (a != "tapped" or not (obj.tapped or obj.tapped_given))
        and not (counters_given and a in _DECIDED_BY_COUNTERS)
    )
    if counters_given and not affects and _DECIDED_BY_COUNTERS & set(result.affects):
        given = msg(
            "“{ability}” applies as it enters{anew}: the board gives the counters it entered with.",
            ability=ability.text,
            anew=anew,
        )
        return board.explain(obj.id, Explanation.of(given, *rules, GIVEN_COUNTERS)), obj
    rules = (*rules, *_random_rules(ability))
    reason = (
        msg(
            "“{ability}” applies as it enters{anew}, and the board doesn't say whether it was done (choices: "
            "{{may: done}} or {{may: not done}}){outcomes}",
            ability=ability.text,
            anew=anew,
            outcomes=msg(": done, it enters untapped; not done, tapped") if result.tapped_unless_done else "",
        )
        if result.optional
        else msg(
            "“{ability}” applies as it enters{anew}, and the board doesn't give its result{give}",
            ability=ability.text,
            anew=anew,
            give=msg(" (give the counters it entered with: counters: {{…}})")
            if "counters" in affects
            else "",
        )
    )
    if result.counted and not affects:
        return board, obj  # the counter readers say what its counters wait on
    if affects:
        note, unknown = unknown_note(affects, reason, *rules)
        obj = obj.with_unknowns(unknown)
        return board.explain(obj.id, note, note=True), obj
    happened = Explanation.of(
        msg("{reason}; whatever it does to other objects or players isn't on this board.", reason=reason),
        *rules,
    )
    return board.explain(obj.id, happened, note=True), obj


_DECIDED_BY_COUNTERS = {"counters", "power", "toughness"}
"""What of an "as enters" result the counters a board says the permanent entered with decide."""
GIVEN_COUNTERS = cite("122.6", "an object that’s given counters as it enters the battlefield")


def _random_rules(ability: GameAbility) -> tuple[Citation, ...]:
    """The rule of the coin flip or die roll an "as enters" ability makes (CR 705.1, 706.1)."""
    text = ability.rules_text
    return (*((COIN_FLIP,) if "flip a coin" in text else ()), *((DIE_ROLL,) if "roll " in text else ()))


def _done_or_not(ability: GameAbility, done: bool, anew: Param, rules: tuple[Citation, ...]) -> Explanation:
    """ "As ~ enters, you may … If you do, it enters with …", with the board's ``may`` answer."""
    said = (
        msg("it was done (choices: {{may: done}}), so it enters with what it gives")
        if done
        else msg("it wasn't done (choices: {{may: not done}}), so it gives nothing")
    )
    return Explanation.of(
        msg("“{ability}” applies as it enters{anew}: {said}.", ability=ability.text, anew=anew, said=said),
        ENTERS_REPLACEMENT,
        *rules,
    )


def _anew(obj: GameObject) -> tuple[Param, tuple[Citation, ...]]:
    """For a permanent entering as a copy, that its controller acts on the copied "as enters" text anew."""
    if not obj.copies:
        return "", (OTHER_AS_ENTERS,)
    anew = msg(": its controller acts on it anew; what the original did with it isn't copied")
    return anew, (OTHER_AS_ENTERS, COPIED_ENTERING_TEXT, NEW_CHOICES)


def exile_note(
    obj: GameObject, ability: GameAbility, exiled: tuple[GameObject, ...]
) -> tuple[Explanation, Unknown | None] | None:
    """An "As ~ enters, exile …" ability: the cards the board lists as exiled with it (CR 607.2b), or, when
    it lists none, that which cards it exiled is unknown. None for an ability that doesn't exile."""
    if not says_exile(ability.rules_text.casefold()):
        return None
    anew, rules = _anew(obj)
    if exiled:
        _check_exilable(obj, ability, exiled)
        names = series([card_name(o.card.name if o.card else o.id) for o in exiled])
        text = msg(
            "“{ability}” applies as it enters{anew}: the board lists {names} as exiled with it.",
            ability=ability.text,
            anew=anew,
            names=names,
        )
        return Explanation.of(text, *rules), None
    if obj.choices.get(EXILED_KEY, "").strip().casefold() == "none":
        text = msg(
            "“{ability}” applies as it enters{anew}: the board says it exiled no card (choices: {{exiled: "
            "none}}).",
            ability=ability.text,
            anew=anew,
        )
        return Explanation.of(text, *rules), None
    reason = msg(
        "“{ability}” applies as it enters{anew}, and the board lists no card as exiled with it (give them in "
        "exile: with exiled_by, or choices: {{exiled: none}})",
        ability=ability.text,
        anew=anew,
    )
    totals = any(pt_from_exiled_cards(a.rules_text) for a in copiable_values(obj).abilities)
    return unknown_note(("exiled cards", *(("power", "toughness") if totals else ())), reason, *rules)


def _check_exilable(obj: GameObject, ability: GameAbility, exiled: tuple[GameObject, ...]) -> None:
    """The cards the board lists as exiled with ``obj``'s "exile … cards from your graveyard" ability are
    ones it can exile: of the card types it names, from its controller's graveyard (CR 607.2b)."""
    wording = exiled_cards(ability.rules_text.casefold())
    if wording is None:
        return
    for card in exiled:
        if card.card is None:
            continue
        if wording.types and not card_types_off_battlefield(card.card) & set(wording.types):
            raise BoardError(
                msg(
                    "{card} can't be exiled with {object}: “{ability}” exiles only {types} cards.",
                    card=card_name(card.id),
                    object=card_name(obj.id),
                    ability=ability.text,
                    types=listing([type_words((t,)) for t in wording.types], "or"),
                )
            )
        if wording.yours and card.owner is not current_controller(obj):
            raise BoardError(
                msg(
                    "{card} can't be exiled with {object}: “{ability}” exiles cards from its controller's "
                    "graveyard, and {card} has another owner (give it controller: the same player).",
                    card=card_name(card.id),
                    object=card_name(obj.id),
                    ability=ability.text,
                )
            )


def _optional_done(obj: GameObject, result: AsEntersResult) -> bool | None:
    """Whether the board says ``obj``'s optional "as enters" action was done (None: it doesn't say)."""
    given = obj.choices.get(MAY_KEY, "").strip().casefold()
    if not result.optional or given not in ("done", "not done"):
        return None
    return given == "done"


def _tapped_unless_done(
    board: Board,
    obj: GameObject,
    ability: GameAbility,
    done: bool,
    anew: Param,
    rules: tuple[Citation, ...],
) -> tuple[Board, GameObject]:
    """ "As ~ enters, you may pay 2 life. If you don't, it enters tapped.", with the board's answer."""
    if not done:
        obj = obj.model_copy(update={"tapped": True})
    said = (
        msg("it was done (choices: {{may: done}}), so it doesn't enter tapped")
        if done
        else msg("it wasn't done (choices: {{may: not done}}), so it enters tapped")
    )
    return board.explain(
        obj.id,
        Explanation.of(
            msg(
                "“{ability}” applies as it enters{anew}: {said}.", ability=ability.text, anew=anew, said=said
            ),
            ENTERS_REPLACEMENT,
            *rules,
        ),
    ), obj


def _setting_not_given(ability: GameAbility, *, copied: bool) -> Explanation:
    """The note for a P/T-setting ability whose result the board doesn't give: each possible result named
    (the layers then leave what depends on it unknown, never one of them guessed)."""
    options = pt_options(ability)
    if pt_setting_key(ability) == COIN_KEY:
        heads, tails = (o.text for o in options)
        return Explanation.of(
            msg(
                "“{ability}” flips a coin as it enters, and the board doesn't give the result (choices: "
                "{{coin: heads}} or {{coin: tails}}): heads, it enters as {heads}; tails, as {tails}.",
                ability=ability.text,
                heads=heads,
                tails=tails,
            ),
            ENTERS_REPLACEMENT,
            COIN_FLIP,
        )
    listed = "; ".join(f"{i}: {o.text}" for i, o in enumerate(options, 1))
    return Explanation.of(
        msg(
            "“{ability}” needs a choice as it enters and none was given (choices: {{option: N}}; {options}).",
            ability=ability.text,
            options=listed,
        ),
        ENTERS_REPLACEMENT,
        *((NEW_CHOICES,) if copied else ()),  # a copy makes the choice anew (CR 707.6)
    )


def pt_setting(
    board: Board,
    obj: GameObject,
    abilities: tuple[GameAbility, ...],
    timestamp: int,
    *,
    turned_face_up: bool = False,
) -> tuple[Board, GameObject]:
    """``obj`` with the result of its P/T-setting "as [this] enters" (or "as turned face up") ability: the
    option the board gives, else unknown with each option named (CR 614.1c, 707.6, 708.11)."""
    ability = pt_setting_ability(abilities, turned_face_up=turned_face_up)
    if ability is None:
        return board, obj
    option = chosen_pt_option(ability, obj.choices)
    if option is None:
        board = board.explain(obj.id, _setting_not_given(ability, copied=bool(obj.copies)), note=True)
        if not obj.copies:
            return board, obj  # its */* stays undefined: the layers say it's unknown and why
        # It copied an original's result, which its own new result replaces (the Primal Clay ruling).
        note, unknown = unknown_note(
            set_as_entered(ability),
            msg(
                "it entered as a copy, so “{ability}” applies to it anew and its own result, which the board "
                "doesn't give, replaces the original's",
                ability=ability.text,
            ),
            NEW_CHOICES,
        )
        # its own result is copiable (CR 707.2)
        unknown = unknown.model_copy(
            update={
                "copiable": True,
                "given_by": (setting_given_by(obj, ability),),
                "may_add": option_abilities(ability),
            }
        )
        obj = obj.with_unknowns(unknown)
        return board.explain(obj.id, note, note=True), obj
    setting = AsEntersSetting(
        timestamp=timestamp,
        option=option.text,
        power=option.power,
        toughness=option.toughness,
        types=option.types,
        subtypes=option.subtypes,
        abilities=option.abilities,
    )
    obj = obj.model_copy(update={"settings": (*obj.settings, setting)})
    copied = bool(obj.copies) and not turned_face_up
    coin = pt_setting_key(ability) == COIN_KEY
    anew: Param = (
        msg(
            " The copied ability applies as it enters and {object}'s controller flips a coin anew: the "
            "original's result isn't copied, and this flip decides what the copy is, its power, toughness "
            "and abilities (the official Molten Sentry ruling).",
            object=card_name(obj.id),
        )
        if copied and coin
        else msg(
            " The copied ability applies as it enters and {object}'s controller makes the choice anew: the "
            "original's choice isn't copied, and this choice decides its power, toughness and what else the "
            "option gives (the official Primal Clay ruling: the copy won't necessarily have the same power, "
            "toughness and abilities as the original).",
            object=card_name(obj.id),
        )
        if copied
        else ""
    )
    becomes = (
        msg(
            "As it is turned face up, it becomes {option}. That sets power and toughness, so the result is "
            "part of its copiable values.{anew}",
            option=option.text,
            anew=anew,
        )
        if turned_face_up
        else msg(
            "As it enters, the coin comes up {side} (the board gives it), so it becomes {option}. That sets "
            "power and toughness, so the result is part of its copiable values.{anew}",
            side=obj.choices[COIN_KEY].strip().casefold(),
            option=option.text,
            anew=anew,
        )
        if coin
        else msg(
            "As it enters, it becomes {option}. That sets power and toughness, so the result is part of its "
            "copiable values.{anew}",
            option=option.text,
            anew=anew,
        )
    )
    board = board.explain(
        obj.id,
        Explanation.of(
            becomes,
            ENTERS_REPLACEMENT,
            COPIABLE_SETTING,
            *((COPIED_ENTERING_TEXT, NEW_CHOICES, COPIABLE) if copied else ()),
            *((AS_TURNED_FACE_UP,) if turned_face_up else ()),
            *((COIN_FLIP,) if coin else ()),
        ),
    )
    return board, obj


def _choices(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...], *, copied: bool
) -> tuple[Board, GameObject]:
    rules = (ENTERS_REPLACEMENT, NEW_CHOICES) if copied else (ENTERS_REPLACEMENT,)
    for wanted in as_enters_choices(abilities):
        if wanted.chooser.per_player:
            board = _per_player_choice(board, obj, wanted, rules)
            continue
        key = choice_key(wanted.what)
        chosen = obj.choices.get(key)
        who = (
            msg("its controller")
            if wanted.chooser is Chooser.CONTROLLER
            else msg("its controller's opponent")
        )
        if chosen:
            board = board.explain(
                obj.id,
                Explanation.of(
                    msg(
                        "As it enters, {who} chooses {what}: {chosen}{copied}.",
                        who=who,
                        what=wanted.what,
                        chosen=chosen,
                        copied=msg(" (a new choice; the original’s choice is not copied)") if copied else "",
                    ),
                    *rules,
                ),
            )
        else:
            board = board.explain(
                obj.id,
                Explanation.of(
                    msg(
                        "As it enters, {who} chooses {what}{options} (give it as choices: {{{key}: …}})"
                        "{copied}.",
                        who=who,
                        what=wanted.what,
                        options=_options(wanted.what),
                        key=key,
                        copied=msg("; the original’s choice is not copied") if copied else "",
                    ),
                    *rules,
                ),
                note=True,
            )
    return board, obj


def _options(wanted: str) -> Param:
    """ ", one of white, blue, black, red or green": the values a choice can take, when they can be listed."""
    options = choice_options(wanted)
    return msg(", one of {options}", options=listing(list(options), "or")) if options else ""


def _per_player_choice(
    board: Board, obj: GameObject, wanted: AsEntersChoice, rules: tuple[Citation, ...]
) -> Board:
    """ "As ~ enters, each player chooses …": one choice per player, given as ``{KEY by you: …, KEY by
    opponent: …}`` (the players the board has: you and your opponent)."""
    key = choice_key(wanted.what)
    players = [p for p in Player if wanted.chooser is Chooser.EACH_PLAYER or p is not obj.controller]
    keys = {player: f"{key} by {player.value}" for player in players}
    if key in obj.choices:
        wanted_keys = ", ".join(f"{k}: …" for k in keys.values())
        raise BoardError(
            msg(
                "{card}: {chooser} chooses {what}, so the board gives one choice per player (choices: "
                "{keys}), not {key}: {value}",
                card=card_name(obj.id),
                chooser=_CHOOSER_WORDS[wanted.chooser],
                what=wanted.what,
                keys="{" + wanted_keys + "}",
                key=key,
                value=obj.choices[key],
            )
        )
    missing = [k for k in keys.values() if k not in obj.choices]
    if missing:
        return board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "As it enters, {chooser} chooses {what}; the board doesn't say what {who} chose (give it "
                    "as choices: {{{keys}}}).",
                    chooser=_CHOOSER_WORDS[wanted.chooser],
                    what=wanted.what,
                    who=msg("each") if len(missing) > 1 else msg("one"),
                    keys=", ".join(f"{k}: …" for k in missing),
                ),
                *rules,
            ),
            note=True,
        )
    said = series(
        [
            msg("you chose {choice}", choice=obj.choices[k])
            if p is Player.YOU
            else msg("the opponent chose {choice}", choice=obj.choices[k])
            for p, k in keys.items()
        ]
    )
    return board.explain(
        obj.id,
        Explanation.of(
            msg(
                "As it enters, {chooser} chooses {what}: {said}.",
                chooser=_CHOOSER_WORDS[wanted.chooser],
                what=wanted.what,
                said=said,
            ),
            *rules,
        ),
    )


_CHOOSER_WORDS: dict[Chooser, Param] = {
    Chooser.CONTROLLER: msg("its controller"),
    Chooser.OPPONENT: msg("an opponent"),
    Chooser.EACH_PLAYER: msg("each player"),
    Chooser.EACH_OPPONENT: msg("each opponent"),
}


def _riot(board: Board, obj: GameObject) -> tuple[Board, GameObject]:
    """Riot: "You may have this permanent enter with an additional +1/+1 counter on it. If you don't, it
    gains haste" (CR 702.136a): the board's ``may`` choice decides both; not given, both are open."""
    given = obj.choices.get(MAY_KEY, "").strip().casefold()
    if given == "done":
        return board, obj
    # Haste it has already (Kiki-Jiki's copy exception): gaining it again changes nothing (702.10d).
    hasty = any((a.keyword or "").casefold() == "haste" for a in copiable_values(obj).abilities)
    if given != "not done" and hasty:
        return board, obj
    if given != "not done":
        note, unknown = unknown_note(
            ("abilities",),
            msg(
                "riot lets its controller have it enter with an additional +1/+1 counter, and if they don't, "
                "it gains haste; the board doesn't say which (choices: {{may: done}} for the counter, "
                "{{may: not done}} for haste)"
            ),
            RIOT,
        )
        obj = obj.with_unknowns(unknown.model_copy(update={"may_add": ("Haste",)}))
        return board.explain(obj.id, note, note=True), obj
    board, stamp = board.tick()
    effect = TimedEffect(
        timestamp=stamp,
        spec=EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=("Haste",)),
        source=msg("riot (its controller didn't have it enter with the counter)"),
    )
    obj = obj.model_copy(update={"effects": (*obj.effects, effect)})
    step = Explanation.of(
        msg("Riot: it didn't enter with the additional +1/+1 counter, so it gains haste."), RIOT
    )
    return board.explain(obj.id, step), obj


RIOT = cite("702.136a", "If you don’t, it gains haste")
OLDER_HIDEAWAY = cite("702.75b", "caused the permanent to enter the battlefield tapped")


def _counters_and_tapped(
    board: Board, obj: GameObject, spec: ObjectSpec, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    board, obj = kicker_notes(board, obj, abilities)
    board, obj = counters_as_it_enters(board, obj, spec, settled_optional(abilities, obj.choices))
    if riot_of(abilities) is not None:
        board, obj = _riot(board, obj)
    gained = entering_abilities(abilities, kicked=obj.kicked_text)
    if gained:
        board, stamp = board.tick()
        effect = TimedEffect(
            timestamp=stamp,
            spec=EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=gained),
            source=msg(
                "the “enters with” replacement effect of {object}'s own ability", object=card_name(obj.id)
            ),
        )
        obj = obj.model_copy(update={"effects": (*obj.effects, effect)})
    tapped = enters_tapped(abilities)
    if tapped and not obj.tapped:
        obj = obj.model_copy(update={"tapped": True})
        board = board.explain(
            obj.id,
            Explanation.of(
                msg("“{ability}”: it enters tapped.", ability=tapped.text),
                ENTERS_REPLACEMENT,
                *((OLDER_HIDEAWAY,) if tapped.kind is AbilityKind.KEYWORD else ()),
                *((COPIED_ENTERING_TEXT,) if obj.copies else ()),
            ),
        )
    return board, obj
