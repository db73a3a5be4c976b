"""What the bot sent, as tests read it: each captured request, each message the fake Discord holds
for the bot, and what one dispatched interaction produced."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

if TYPE_CHECKING:
    from tests.cogs.harness.driver import DiscordHarness

CALLBACK_ROUTE = "/interactions/{webhook_id}/{webhook_token}/callback"
FOLLOWUP_ROUTE = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL_ROUTE = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_MESSAGE_ROUTE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
CHANNEL_MESSAGES_ROUTE = "/channels/{channel_id}/messages"
CHANNEL_MESSAGE_ROUTE = "/channels/{channel_id}/messages/{message_id}"

EPHEMERAL = 1 << 6
LOADING = 1 << 7


def walk_components(components: Iterable[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Every component in a message's component tree (action rows, containers, sections, accessories)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):
            inner = component.get(key)
            if isinstance(inner, Mapping):
                yield from walk_components([inner])


@dataclass(frozen=True)
class CapturedFile:
    """A file uploaded with a request (multipart)."""

    filename: str
    data: bytes
    description: str | None = None
    spoiler: bool = False


class _HasData(Protocol):
    @property
    def data(self) -> Mapping[str, Any]: ...


class _MessageFields:
    """What a sent message body holds, read from its ``data`` (a request's or a held message's)."""

    @property
    def embeds(self: _HasData) -> list[dict[str, Any]]:
        """The embeds (empty when none were sent)."""
        return cast(list[dict[str, Any]], self.data.get("embeds") or [])

    @property
    def components(self: _HasData) -> list[dict[str, Any]]:
        """The components (empty when none were sent; ``[]`` also means they were removed)."""
        return _components(self.data)

    @property
    def flags(self: _HasData) -> int:
        """The message flags (64 ephemeral, 128 loading; 0 when not sent)."""
        return _flags(self.data)

    @property
    def ephemeral(self: _HasData) -> bool:
        """Whether the EPHEMERAL flag (64) is set: only the invoker sees it."""
        return bool(_flags(self.data) & EPHEMERAL)

    @property
    def custom_ids(self: _HasData) -> list[str]:
        """The custom_ids of every component, in order."""
        return [c["custom_id"] for c in walk_components(_components(self.data)) if "custom_id" in c]


def _components(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], data.get("components") or [])


def _flags(data: Mapping[str, Any]) -> int:
    return cast(int, data.get("flags") or 0)


@dataclass(frozen=True)
class CapturedRequest(_MessageFields):
    """One request the bot sent: route, query, JSON body (``payload_json`` for multipart) and files.

    For interaction callbacks the message fields live under ``data``; for followups, edits and REST
    calls they are the body itself. The convenience properties read whichever applies.
    """

    method: str
    route: str
    path: str
    route_params: Mapping[str, str]
    query: Mapping[str, Any]
    json: Any
    files: tuple[CapturedFile, ...]
    via: Literal["webhook", "http"]
    reason: str | None = None
    at: float = field(default_factory=time.monotonic)  # when the bot sent it

    @property
    def key(self) -> str:
        """``"METHOD /route/{template}"``, as discord.py's rate-limit key."""
        return f"{self.method} {self.route}"

    @property
    def kind(self) -> str:
        """What the request is: ``callback``, ``followup``, ``get_original``, ``edit_original``,
        ``delete_original``, ``get_followup``, ``edit_followup``, ``delete_followup``, ``send_message``,
        ``edit_message``, or ``http`` for any other REST call."""
        verbs = {"GET": "get", "PATCH": "edit", "DELETE": "delete"}
        if self.route == CALLBACK_ROUTE:
            return "callback"
        if self.route == FOLLOWUP_ROUTE and self.method == "POST":
            return "followup"
        if self.route == ORIGINAL_ROUTE and self.method in verbs:
            return f"{verbs[self.method]}_original"
        if self.route == WEBHOOK_MESSAGE_ROUTE and self.method in verbs:
            return f"{verbs[self.method]}_followup"
        if self.route == CHANNEL_MESSAGES_ROUTE and self.method == "POST":
            return "send_message"
        if self.route == CHANNEL_MESSAGE_ROUTE and self.method == "PATCH":
            return "edit_message"
        return "http"

    @property
    def type(self) -> int | None:
        """The callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal)."""
        if self.route == CALLBACK_ROUTE and isinstance(self.json, Mapping):
            return cast(int, self.json["type"])
        return None

    @property
    def data(self) -> Mapping[str, Any]:
        """The message-like part of the body: the callback's ``data``, or the whole JSON object."""
        if not isinstance(self.json, Mapping):
            return {}
        if self.route == CALLBACK_ROUTE:
            return cast(Mapping[str, Any], self.json.get("data") or {})
        return cast(Mapping[str, Any], self.json)

    @property
    def content(self) -> str | None:
        """``data.content`` (``None`` when not sent)."""
        return cast(str | None, self.data.get("content"))

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        """``data.allowed_mentions`` as sent, or ``None``."""
        return cast(dict[str, Any] | None, self.data.get("allowed_mentions"))

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (callback type 8)."""
        return cast(list[dict[str, Any]], self.data.get("choices") or [])


@dataclass(eq=False)
class SentMessage(_MessageFields):
    """A message the fake Discord holds for the bot, kept up to date as the bot edits it."""

    data: dict[str, Any]
    deleted: bool = False

    @property
    def id(self) -> int:
        """The message's snowflake."""
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        """The channel it was sent in."""
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        """The current content."""
        return cast(str, self.data.get("content") or "")

    def component(self, custom_id: str) -> Mapping[str, Any]:
        """The component with ``custom_id``; ``LookupError`` names the ones there are when it is absent."""
        for component in walk_components(self.components):
            if component.get("custom_id") == custom_id:
                return component
        raise LookupError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids}")


@dataclass
class _InteractionRecord:
    id: int
    token: str
    type: int
    origin_channel_id: int
    guild_id: int | None
    user: dict[str, Any]
    source_message_id: int | None = None
    original_message_id: int | None = None


@dataclass
class Dispatch:
    """What one dispatched interaction produced: the payload fed in and the requests captured meanwhile."""

    payload: dict[str, Any]
    requests: list[CapturedRequest]
    _harness: DiscordHarness = field(repr=False)

    @property
    def callback(self) -> CapturedRequest | None:
        """The interaction callback (the initial response), if the bot responded."""
        return next((r for r in self.requests if r.kind == "callback"), None)

    @property
    def type(self) -> int | None:
        """The callback type, or ``None`` if the bot did not respond."""
        return None if self.callback is None else self.callback.type

    @property
    def followups(self) -> list[CapturedRequest]:
        """Followup messages sent through the interaction webhook."""
        return [r for r in self.requests if r.kind == "followup"]

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices returned (empty when the bot sent none)."""
        return [] if self.callback is None else self.callback.choices

    @property
    def message(self) -> SentMessage | None:
        """The interaction's original response message as it stands now (after edits), if any."""
        record = self._harness._interactions.get(self.payload["token"])
        if record is None or record.original_message_id is None:
            return None
        return self._harness.messages.get(record.original_message_id)

    def kinds(self) -> list[str]:
        """:attr:`CapturedRequest.kind` of every request, in order."""
        return [r.kind for r in self.requests]
