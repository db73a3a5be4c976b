"""Assertions every reply must pass: Discord's message limits and no mentions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tests.cogs.harness import CapturedRequest, walk_components

NO_MENTIONS: dict[str, list[str]] = {"parse": []}


def assert_within_discord_limits(request: CapturedRequest) -> None:
    """Content 2,000; embed title 256, description 4,096, fields 25 × 1,024, footer 2,048, 6,000 in
    all; 5 component rows; 25 select options; and mentions disabled on every message."""
    data = request.data
    assert len(data.get("content") or "") <= 2_000
    embeds = request.embeds
    assert len(embeds) <= 10
    for embed in embeds:
        _check_embed(embed)
    assert len(request.components) <= 5
    for component in walk_components(request.components):
        assert len(component.get("options", [])) <= 25
        for option in component.get("options", []):
            assert 1 <= len(option["label"]) <= 100
    if request.kind in {"callback", "followup"} and request.type in (None, 4):
        assert request.allowed_mentions == NO_MENTIONS


def _check_embed(embed: Mapping[str, Any]) -> None:
    title = embed.get("title") or ""
    description = embed.get("description") or ""
    footer = (embed.get("footer") or {}).get("text") or ""
    fields = embed.get("fields") or []
    assert len(title) <= 256
    assert len(description) <= 4_096
    assert len(footer) <= 2_048
    assert len(fields) <= 25
    assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1_024 for f in fields)
    total = (
        len(title) + len(description) + len(footer) + sum(len(f["name"]) + len(f["value"]) for f in fields)
    )
    assert total <= 6_000


def assert_all_within_limits(requests: Iterable[CapturedRequest]) -> None:
    """:func:`assert_within_discord_limits` for each request."""
    for request in requests:
        assert_within_discord_limits(request)
