"""A transforming token made by a copy effect with exceptions (Kiki-Jiki's "except it has haste" on a
Delver of Secrets): the token has both faces (CR 707.8a), and the exceptions are part of the copiable values
of each of them (707.9a, 707.9b), so they hold whichever face is up and after it transforms."""

from __future__ import annotations

from engine.copy.exceptions import apply_exception
from engine.core.characteristics import CopiableText
from engine.core.model import CopyEffect, ExceptionKind
from engine.core.results import Explanation
from engine.layers.copiable import printed_text
from engine.state.board import GameObject


def with_excepted_faces(
    token: GameObject, original: GameObject, effect: CopyEffect | None
) -> tuple[GameObject, list[Explanation]]:
    """``token`` (a transforming token copy of ``original``) with ``effect``'s exceptions applied to both of
    its faces, and why; unchanged when the effect has none that change copiable values."""
    exceptions = [e for e in (effect.exceptions if effect else ()) if e.kind is not ExceptionKind.FOLLOW_UP]
    if not exceptions:
        return token, []
    faces: list[CopiableText] = []
    why: list[Explanation] = []
    for transformed in (False, True):
        values = printed_text(token.model_copy(update={"transformed": transformed}))
        for exception in exceptions:
            values, because = apply_exception(values, exception, token, effect, original)
            if transformed is token.transformed:
                why += because
        faces.append(values)
    return token.model_copy(update={"excepted_faces": tuple(faces)}), why
