"""Result building blocks shared by every engine answer."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.citations import Citation


class Explanation(BaseModel):
    """One sentence of a ruling with the rule numbers that support it (a step or a note)."""

    model_config = ConfigDict(frozen=True)

    text: str
    rules: tuple[str, ...]

    @classmethod
    def of(cls, text: str, *citations: Citation) -> Explanation:
        """Build an explanation citing registered rules, each number once (two phrases may share a rule)."""
        return cls(text=text, rules=tuple(dict.fromkeys(c.number for c in citations)))


UNKNOWN = "unknown"
"""How an answer shows a characteristic value the engine can't determine (never a guess)."""


class Unknown(BaseModel):
    """Characteristics the engine can't determine, and why: something it doesn't model or wasn't told."""

    model_config = ConfigDict(frozen=True)

    characteristics: tuple[
        str, ...
    ]  # "power", "toughness", "abilities", "types", "subtypes", "colors", "name"
    reason: str  # completes "unknown, because …"
    rules: tuple[str, ...]

    @classmethod
    def of(cls, characteristics: tuple[str, ...], reason: str, *citations: Citation) -> Unknown:
        """An unknown citing registered rules, each number once."""
        return cls(
            characteristics=characteristics,
            reason=reason,
            rules=tuple(dict.fromkeys(c.number for c in citations)),
        )
