"""Drive a discord.py bot through discord.py's own interaction handling, with no Discord connection.

The bot never logs in: there is no gateway and no HTTP to Discord. Raw ``INTERACTION_CREATE`` payloads
are fed to ``ConnectionState.parse_interaction_create``, so discord.py itself builds the ``Interaction``,
routes it to the ``CommandTree`` (slash commands, autocomplete) or the ``ViewStore`` (buttons, selects)
and runs the error handlers. Every request the bot would send (interaction callbacks, followups, edits
of the original response, ordinary REST calls such as ``channel.send``) is captured and answered with a
plausible fake reply, so the code under test neither hangs nor crashes.

Usage::

    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    await bot.add_cog(CopyCog(bot))                  # or add cogs in the bot's setup_hook
    harness = await DiscordHarness.start(bot)        # or: async with DiscordHarness(bot) as harness:
    try:
        result = await harness.slash("copy", copier="Clone", original="Tarmogoyf")
        assert result.callback is not None and result.callback.type == 4   # CHANNEL_MESSAGE_WITH_SOURCE
        assert result.callback.embeds[0]["title"] == "Clone copying Tarmogoyf"
        pressed = await harness.press(result.message, "copy:details")       # runs the button's callback
        assert pressed.callback is not None and pressed.callback.type == 7  # UPDATE_MESSAGE
        chosen = await harness.choose(result.message, "copy:printing", ["lea"])
        hints = await harness.autocomplete("copy", "copier", "Clo")
        assert [c["name"] for c in hints.choices] == ["Clone"]
        editor = await harness.slash("board")                          # callback type 9: a modal
        answered = await harness.submit(editor, {"board:text": "battlefield: [Clone]"})
        posted = harness.user_message("```yaml\nbattlefield: [Clone]\n```")   # someone's message
        ruled = await harness.message_command("Rule on this board", posted)
        assert harness.requests          # everything captured so far, oldest first
    finally:
        await harness.close()

Each ``slash``/``command``/``autocomplete``/``press``/``choose``/``submit``/``message_command``/``dispatch``
call returns once the handlers it started have finished (or raises ``TimeoutError`` after ``timeout``
seconds), with a :class:`Dispatch` holding the requests captured meanwhile. Options are typed from the
command registered on ``bot.tree``, so unknown commands or options and missing required options raise
instead of silently diverging from what Discord would send. The interaction comes from
:attr:`DiscordHarness.origin` (a guild text channel by default); pass
``origin=dataclasses.replace(harness.origin, locale="ja")`` or ``harness.origin.in_dm()`` to change who,
where and in which locale. A modal the bot opened (callback type 9) is submitted with :meth:`submit`; a
message command is used on a message object (:meth:`user_message` builds one) with :meth:`message_command`.

Modelled Discord behaviour: a deferred "thinking" response (callback type 5) creates a loading message
which the first followup (or an edit of ``@original``) fills in; an UPDATE_MESSAGE (type 7) edits the
message the component was on; followups and ``channel.send`` create new messages. Anything else gets the
reply registered with :meth:`DiscordHarness.respond`, or ``None``.

:func:`command_tree_json` returns the JSON ``bot.tree.sync()`` would upload, and :func:`limit_violations`
checks it against Discord's limits on names, descriptions, options and choices.
"""

from __future__ import annotations

import asyncio
import copy
import datetime
import itertools
import json
import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field, replace
from types import SimpleNamespace, TracebackType
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self, cast

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

if TYPE_CHECKING:
    from discord.types.gateway import InteractionCreateEvent
    from discord.types.user import User as UserPayload

__all__ = [
    "CapturedFile",
    "CapturedRequest",
    "DiscordHarness",
    "Dispatch",
    "FakeAttachment",
    "Origin",
    "SentMessage",
    "application_command_payload",
    "autocomplete_payload",
    "command_option",
    "command_tree_json",
    "component_payload",
    "limit_violations",
    "message_command_payload",
    "modal_submit_payload",
]

AnyBot = commands.Bot | commands.AutoShardedBot
Responder = Any  # a reply body, or a callable taking the CapturedRequest and returning one

CALLBACK_ROUTE = "/interactions/{webhook_id}/{webhook_token}/callback"
FOLLOWUP_ROUTE = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL_ROUTE = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_MESSAGE_ROUTE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
CHANNEL_MESSAGES_ROUTE = "/channels/{channel_id}/messages"
CHANNEL_MESSAGE_ROUTE = "/channels/{channel_id}/messages/{message_id}"

EPHEMERAL = 1 << 6
LOADING = 1 << 7
_SNOWFLAKE_OPTION_TYPES = {6, 7, 8, 9}
_MESSAGE_CALLBACK_TYPES = {4, 7}


class _HasId(Protocol):
    @property
    def id(self) -> int: ...


def _now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


# --------------------------------------------------------------------------------------------- payloads


@dataclass(frozen=True)
class Origin:
    """Who sends an interaction and from where: a member in a guild text channel, or a user in a DM."""

    user_id: int = 100_000_000_000_000_001
    username: str = "tester"
    global_name: str | None = "Tester"
    guild_id: int | None = 200_000_000_000_000_001
    channel_id: int = 300_000_000_000_000_001
    channel_name: str = "judge-chat"
    locale: str = "en-US"
    guild_locale: str | None = "en-US"
    permissions: int = discord.Permissions.general().value | discord.Permissions.text().value
    app_permissions: int = discord.Permissions.text().value
    roles: tuple[int, ...] = ()
    nick: str | None = None

    def in_dm(self) -> Origin:
        """The same user, in a DM with the bot instead of a guild channel."""
        return replace(self, guild_id=None, guild_locale=None, channel_id=self.channel_id + 1)

    def user_payload(self) -> dict[str, Any]:
        """The ``user`` object Discord sends for this user."""
        return {
            "id": str(self.user_id),
            "username": self.username,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }

    def member_payload(self) -> dict[str, Any]:
        """The ``member`` object Discord sends for this user in a guild (permissions included)."""
        return {
            "user": self.user_payload(),
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "joined_at": "2020-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": str(self.permissions),
        }

    def channel_payload(self) -> dict[str, Any]:
        """The partial ``channel`` object: a guild text channel, or a DM channel without a guild."""
        if self.guild_id is None:
            return {"id": str(self.channel_id), "type": 1, "recipients": [self.user_payload()], "flags": 0}
        return {
            "id": str(self.channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.channel_name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "permissions": str(self.app_permissions),
        }


def interaction_payload(
    *,
    type: int,
    data: Mapping[str, Any] | None,
    origin: Origin,
    application_id: int,
    interaction_id: int,
    token: str,
    message: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A raw ``INTERACTION_CREATE`` payload of the given interaction ``type`` (2, 3, 4 or 5)."""
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": type,
        "token": token,
        "version": 1,
        "locale": origin.locale,
        "channel": origin.channel_payload(),
        "channel_id": str(origin.channel_id),
        "app_permissions": str(origin.app_permissions),
        "attachment_size_limit": 10 * 1024 * 1024,
        "entitlements": [],
        "context": 0 if origin.guild_id is not None else 1,
    }
    if data is not None:
        payload["data"] = dict(data)
    if origin.guild_id is not None:
        payload["guild_id"] = str(origin.guild_id)
        payload["guild"] = {
            "id": str(origin.guild_id),
            "locale": origin.guild_locale or "en-US",
            "features": [],
        }
        payload["member"] = origin.member_payload()
        payload["authorizing_integration_owners"] = {"0": str(origin.guild_id)}
        if origin.guild_locale is not None:
            payload["guild_locale"] = origin.guild_locale
    else:
        payload["user"] = origin.user_payload()
        payload["authorizing_integration_owners"] = {"1": str(origin.user_id)}
    if message is not None:
        payload["message"] = copy.deepcopy(dict(message))
    return payload


def command_option(
    name: str,
    type: int,
    value: str | int | float | bool | None = None,
    *,
    focused: bool = False,
    options: Sequence[Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """One entry of ``data.options``: a value option, or a subcommand (1) / group (2) with nested options."""
    option: dict[str, Any] = {"name": name, "type": type}
    if options is not None:
        option["options"] = [dict(o) for o in options]
    else:
        option["value"] = value
    if focused:
        option["focused"] = True
    return option


def _command_data(
    name: str,
    options: Sequence[Mapping[str, Any]],
    *,
    command_id: int,
    command_guild_id: int | None,
    resolved: Mapping[str, Any] | None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(command_id),
        "name": name,
        "type": 1,
        "options": [dict(o) for o in options],
    }
    if command_guild_id is not None:
        data["guild_id"] = str(command_guild_id)
    if resolved:
        data["resolved"] = dict(resolved)
    return data


def application_command_payload(
    name: str,
    options: Sequence[Mapping[str, Any]] = (),
    *,
    origin: Origin,
    application_id: int,
    interaction_id: int,
    token: str,
    command_id: int,
    command_guild_id: int | None = None,
    resolved: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A slash-command interaction (type 2); ``command_guild_id`` is set for guild-registered commands."""
    data = _command_data(
        name, options, command_id=command_id, command_guild_id=command_guild_id, resolved=resolved
    )
    return interaction_payload(
        type=2,
        data=data,
        origin=origin,
        application_id=application_id,
        interaction_id=interaction_id,
        token=token,
    )


def autocomplete_payload(
    name: str,
    options: Sequence[Mapping[str, Any]],
    *,
    origin: Origin,
    application_id: int,
    interaction_id: int,
    token: str,
    command_id: int,
    command_guild_id: int | None = None,
) -> dict[str, Any]:
    """An autocomplete interaction (type 4); exactly one option (possibly nested) must be ``focused``."""
    data = _command_data(
        name, options, command_id=command_id, command_guild_id=command_guild_id, resolved=None
    )
    return interaction_payload(
        type=4,
        data=data,
        origin=origin,
        application_id=application_id,
        interaction_id=interaction_id,
        token=token,
    )


def component_payload(
    message: Mapping[str, Any],
    custom_id: str,
    component_type: int,
    values: Sequence[str] | None = None,
    *,
    origin: Origin,
    application_id: int,
    interaction_id: int,
    token: str,
) -> dict[str, Any]:
    """A message-component interaction (type 3) on ``message``: a button (2) or a select (3, 5-8)."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
    if values is not None:
        data["values"] = list(values)
    return interaction_payload(
        type=3,
        data=data,
        origin=origin,
        application_id=application_id,
        interaction_id=interaction_id,
        token=token,
        message=message,
    )


def modal_submit_payload(
    custom_id: str,
    values: Mapping[str, str],
    *,
    origin: Origin,
    application_id: int,
    interaction_id: int,
    token: str,
    message: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A modal submission (type 5) of the modal ``custom_id``: one action row per text input, with the
    value the user left in it; ``message`` is the message whose component opened the modal, if one did."""
    rows = [
        {"type": 1, "components": [{"type": 4, "custom_id": input_id, "value": value}]}
        for input_id, value in values.items()
    ]
    return interaction_payload(
        type=5,
        data={"custom_id": custom_id, "components": rows},
        origin=origin,
        application_id=application_id,
        interaction_id=interaction_id,
        token=token,
        message=message,
    )


def message_command_payload(
    name: str,
    target: Mapping[str, Any],
    *,
    origin: Origin,
    application_id: int,
    interaction_id: int,
    token: str,
    command_id: int,
    command_guild_id: int | None = None,
) -> dict[str, Any]:
    """A message command (type 2, ``data.type`` 3) used on ``target``, a message object, which Discord
    sends in ``data.resolved.messages`` (content included: no intent is needed for it)."""
    data: dict[str, Any] = {
        "id": str(command_id),
        "name": name,
        "type": 3,
        "target_id": str(target["id"]),
        "resolved": {"messages": {str(target["id"]): copy.deepcopy(dict(target))}},
    }
    if command_guild_id is not None:
        data["guild_id"] = str(command_guild_id)
    return interaction_payload(
        type=2,
        data=data,
        origin=origin,
        application_id=application_id,
        interaction_id=interaction_id,
        token=token,
    )


@dataclass(frozen=True)
class FakeAttachment:
    """A file the user attached to an attachment option; it is put in ``data.resolved.attachments``."""

    filename: str
    content_type: str = "image/png"
    size: int = 1024
    width: int | None = 100
    height: int | None = 100

    def payload(self, attachment_id: int) -> dict[str, Any]:
        """The resolved attachment object with the given id."""
        url = f"https://cdn.discordapp.com/ephemeral-attachments/1/{attachment_id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(attachment_id),
            "filename": self.filename,
            "content_type": self.content_type,
            "size": self.size,
            "url": url,
            "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
            "ephemeral": True,
        }
        if self.width is not None and self.height is not None:
            data["width"] = self.width
            data["height"] = self.height
        return data


OptionValue = str | int | float | bool | discord.abc.Snowflake | FakeAttachment


# --------------------------------------------------------------------------------------------- captures


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


# --------------------------------------------------------------------------------------------- the fake


class _RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Stands in for discord.py's webhook adapter, through which every interaction request goes."""

    def __init__(self, harness: DiscordHarness) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # discord.py leaves this __init__ unannotated
        self._harness = harness

    async def request(
        self,
        route: Route,
        session: aiohttp.ClientSession,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        proxy: str | None = None,
        proxy_auth: aiohttp.BasicAuth | None = None,
        files: Sequence[discord.File] | None = None,
        reason: str | None = None,
        auth_token: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        await asyncio.sleep(0)  # a real request yields to the loop; keep orderings realistic
        return self._harness._handle(
            route, "webhook", payload=payload, multipart=multipart, files=files, query=params, reason=reason
        )


def _route_params(template: str, path: str) -> dict[str, str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    match = re.fullmatch(pattern, path)
    return {} if match is None else match.groupdict()


def _read_files(files: Sequence[discord.File] | None) -> tuple[CapturedFile, ...]:
    captured = []
    for file in files or ():
        file.reset()
        data = file.fp.read()
        file.reset()
        captured.append(
            CapturedFile(
                filename=file.filename, data=data, description=file.description, spoiler=file.spoiler
            )
        )
    return tuple(captured)


def _body(payload: Any, multipart: Iterable[Mapping[str, Any]] | None) -> Any:
    if payload is not None:
        return copy.deepcopy(payload)
    for part in multipart or ():
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


class DiscordHarness:
    """Runs a never-logged-in bot's interactions in-process and records what it would send to Discord.

    Create it with ``await DiscordHarness.start(bot)`` (close with :meth:`close`) or ``async with
    DiscordHarness(bot) as harness``. Starting enters the bot's async context (discord.py's own
    loop setup), gives it a user and an application id, runs its ``setup_hook`` and marks it ready.
    """

    def __init__(
        self,
        bot: AnyBot,
        *,
        origin: Origin | None = None,
        timeout: float = 5.0,
        run_setup_hook: bool = True,
        bot_user_id: int = 400_000_000_000_000_001,
        bot_name: str = "mtg-judge",
    ) -> None:
        self.bot = bot
        self.origin = origin or Origin()
        self.timeout = timeout
        self.requests: list[CapturedRequest] = []
        self.messages: dict[int, SentMessage] = {}
        self._run_setup_hook = run_setup_hook
        self._bot_user_id = bot_user_id
        self._bot_name = bot_name
        self._interactions: dict[str, _InteractionRecord] = {}
        self._responses: dict[tuple[str, str], Responder] = {}
        self._forgot = False  # forget() ran: a request for what it forgot is Discord's 404, not a test bug
        self._command_ids: dict[str, int] = {}
        self._counter = itertools.count(1)
        self._adapter = _RecordingWebhookAdapter(self)
        self._stack = AsyncExitStack()
        self._started = False

    # lifecycle --------------------------------------------------------------------------------------

    @classmethod
    async def start(
        cls,
        bot: AnyBot,
        *,
        origin: Origin | None = None,
        timeout: float = 5.0,
        run_setup_hook: bool = True,
        bot_user_id: int = 400_000_000_000_000_001,
        bot_name: str = "mtg-judge",
    ) -> Self:
        """Build a harness for ``bot`` (options as for the constructor) and start it."""
        harness = cls(
            bot,
            origin=origin,
            timeout=timeout,
            run_setup_hook=run_setup_hook,
            bot_user_id=bot_user_id,
            bot_name=bot_name,
        )
        await harness._start()
        return harness

    async def __aenter__(self) -> Self:
        await self._start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def _start(self) -> None:
        if self._started:
            return
        self._started = True
        bot = self.bot
        # Client.__aenter__ runs discord.py's loop setup (what login() does first); __aexit__ closes the bot.
        await self._stack.enter_async_context(bot)
        state = bot._connection  # ConnectionState: the only way in for raw gateway payloads
        if state.user is None:
            # login() would fetch the bot's own user; commands, views and messages need it
            state.user = discord.ClientUser(state=state, data=cast("UserPayload", self._bot_user_payload()))
        if state.application_id is None:
            # login() would fetch the application; interaction webhooks are addressed by its id
            state.application_id = self._bot_user_id
        # Every REST call goes through HTTPClient.request; replacing it on the instance captures them all.
        bot.http.request = self._http_request  # type: ignore[method-assign]
        self._stack.callback(vars(bot.http).pop, "request", None)
        self._stack.callback(self._stop_views)
        if self._run_setup_hook:
            await bot.setup_hook()
        # connect() would set this on READY; lets code awaiting bot.wait_until_ready() proceed
        bot._ready.set()

    async def close(self) -> None:
        """Stop the bot's views, restore its HTTP client and close the bot (unloading cogs)."""
        await self._stack.aclose()

    def _stop_views(self) -> None:
        # The ViewStore is private; stopping its views cancels their timeout tasks before the loop closes.
        store = self.bot._connection._view_store
        views = {item.view for items in store._views.values() for item in items.values() if item.view}
        for view in views:
            view.stop()

    def _bot_user_payload(self) -> dict[str, Any]:
        return {
            "id": str(self._bot_user_id),
            "username": self._bot_name,
            "global_name": None,
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
        }

    @property
    def application_id(self) -> int:
        """The application id interactions are addressed to."""
        application_id = self.bot.application_id
        assert application_id is not None, "start the harness first"
        return application_id

    # ids --------------------------------------------------------------------------------------------

    def snowflake(self) -> int:
        """A fresh snowflake for now (unique within this harness)."""
        return discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC)) + next(self._counter)

    def _new_token(self) -> str:
        return f"token-{next(self._counter)}"

    # dispatching ------------------------------------------------------------------------------------

    async def dispatch(self, payload: dict[str, Any]) -> Dispatch:
        """Feed a raw ``INTERACTION_CREATE`` payload to discord.py and wait for the handlers it started."""
        if not self._started:
            raise RuntimeError("start the harness (DiscordHarness.start or async with) before dispatching")
        message = payload.get("message")
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        self._interactions[payload["token"]] = _InteractionRecord(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            origin_channel_id=int(payload["channel"]["id"]),
            guild_id=int(payload["guild_id"]) if "guild_id" in payload else None,
            user=user,
            source_message_id=None if message is None else int(message["id"]),
        )
        first = len(self.requests)
        before = asyncio.all_tasks()
        # Interaction code reads the webhook adapter from this ContextVar; tasks created below copy it.
        context_token = async_context.set(self._adapter)
        try:
            # the gateway's INTERACTION_CREATE handler: builds the Interaction, routes it to tree or ViewStore
            self.bot._connection.parse_interaction_create(cast("InteractionCreateEvent", payload))
        finally:
            async_context.reset(context_token)
        await self._wait(asyncio.all_tasks() - before)
        return Dispatch(payload=payload, requests=self.requests[first:], _harness=self)

    async def _wait(self, tasks: set[asyncio.Task[Any]]) -> None:
        if not tasks:
            await asyncio.sleep(0)
            return
        done, pending = await asyncio.wait(tasks, timeout=self.timeout)
        for task in pending:
            task.cancel()
        if pending:
            names = sorted(task.get_name() for task in pending)
            raise TimeoutError(f"interaction handlers still running after {self.timeout}s: {names}")
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                raise cast(BaseException, task.exception())

    async def slash(self, command: str, /, **options: OptionValue) -> Dispatch:
        """Invoke slash command ``command`` (``"group sub"`` for subcommands) with ``options`` as the user."""
        return await self.command(command, options)

    async def command(
        self,
        command: str,
        options: Mapping[str, OptionValue] | None = None,
        *,
        origin: Origin | None = None,
        resolved: Mapping[str, Any] | None = None,
    ) -> Dispatch:
        """Invoke a slash command; like :meth:`slash` but with option names that are not identifiers,
        another ``origin`` and extra ``resolved`` data (users, roles, channels for snowflake options)."""
        origin = origin or self.origin
        leaf, command_guild_id = self._find_command(command, origin)
        values = dict(options or {})
        merged: dict[str, Any] = copy.deepcopy(dict(resolved or {}))
        leaf_options = [self._option(leaf, name, value, merged) for name, value in values.items()]
        missing = [p.display_name for p in leaf.parameters if p.required and p.display_name not in values]
        if missing:
            raise ValueError(f"/{command} requires options {missing}; Discord would not send it without them")
        payload = application_command_payload(
            command.split()[0],
            self._nest(command, leaf_options),
            origin=origin,
            application_id=self.application_id,
            interaction_id=self.snowflake(),
            token=self._new_token(),
            command_id=self._command_id(command.split()[0]),
            command_guild_id=command_guild_id,
            resolved=merged,
        )
        return await self.dispatch(payload)

    async def autocomplete(
        self,
        command: str,
        option: str,
        value: str,
        /,
        options: Mapping[str, OptionValue] | None = None,
        *,
        origin: Origin | None = None,
    ) -> Dispatch:
        """Ask for autocomplete choices while the user types ``value`` into ``option`` of ``command``;
        ``options`` are the values already filled in. The result's :attr:`Dispatch.choices` has them."""
        origin = origin or self.origin
        leaf, command_guild_id = self._find_command(command, origin)
        unused: dict[str, Any] = {}
        leaf_options = [self._option(leaf, name, v, unused) for name, v in (options or {}).items()]
        focused = self._option(leaf, option, value, unused)
        focused["value"] = value  # Discord sends the text typed so far, whatever the option's type
        focused["focused"] = True
        payload = autocomplete_payload(
            command.split()[0],
            self._nest(command, [*leaf_options, focused]),
            origin=origin,
            application_id=self.application_id,
            interaction_id=self.snowflake(),
            token=self._new_token(),
            command_id=self._command_id(command.split()[0]),
            command_guild_id=command_guild_id,
        )
        return await self.dispatch(payload)

    async def press(
        self, message: _HasId | int, custom_id: str, /, *, origin: Origin | None = None
    ) -> Dispatch:
        """Press the button ``custom_id`` on a message the bot sent (a :class:`SentMessage`, a
        ``discord.Message`` or an id); its view's callback runs through discord.py's ViewStore."""
        sent = self._sent(message)
        component = sent.component(custom_id)
        if component.get("type") != discord.ComponentType.button.value:
            raise TypeError(f"{custom_id!r} is a component of type {component.get('type')}, not a button")
        return await self._component(sent, custom_id, component, None, origin)

    async def choose(
        self, message: _HasId | int, custom_id: str, values: Sequence[str], /, *, origin: Origin | None = None
    ) -> Dispatch:
        """Choose ``values`` in the select menu ``custom_id`` on a message the bot sent."""
        sent = self._sent(message)
        component = sent.component(custom_id)
        if component.get("type") == discord.ComponentType.button.value:
            raise TypeError(f"{custom_id!r} is a button; use press()")
        if component.get("type") == discord.ComponentType.string_select.value:
            offered = [o["value"] for o in component.get("options", [])]
            unknown = [v for v in values if v not in offered]
            if unknown:
                raise ValueError(f"{custom_id!r} offers {offered}, not {unknown}")
        return await self._component(sent, custom_id, component, values, origin)

    async def submit(
        self, opened: Dispatch, values: Mapping[str, str] | None = None, /, *, origin: Origin | None = None
    ) -> Dispatch:
        """Submit the modal ``opened`` showed (its callback of type 9), each text input keeping its
        prefilled value unless ``values`` (by the input's custom_id) gives another; refused, as Discord
        refuses it, when a value breaks the input's ``min_length``/``max_length``/``required``."""
        if opened.type != 9 or opened.callback is None:
            raise LookupError(f"the interaction opened no modal; it sent {opened.kinds()}")
        modal = opened.callback.data
        inputs = {
            c["custom_id"]: c for c in walk_components(modal.get("components", [])) if c.get("type") == 4
        }
        unknown = sorted(set(values or {}) - set(inputs))
        if unknown:
            raise LookupError(f"the modal has no text input {unknown}; it has {sorted(inputs)}")
        submitted = {
            input_id: (values or {}).get(input_id, c.get("value") or "") for input_id, c in inputs.items()
        }
        for input_id, value in submitted.items():
            shown = inputs[input_id]
            low = shown.get("min_length") or (1 if shown.get("required", True) else 0)
            if (value and not low <= len(value) <= shown.get("max_length", 4_000)) or (not value and low):
                raise ValueError(f"Discord would not submit {len(value)} characters in {input_id!r}")
        record = self._interactions.get(opened.payload["token"])
        source = None if record is None or record.source_message_id is None else record.source_message_id
        message = self.messages.get(source) if source is not None else None
        payload = modal_submit_payload(
            str(modal["custom_id"]),
            submitted,
            origin=origin or replace(self.origin, channel_id=int(opened.payload["channel"]["id"])),
            application_id=self.application_id,
            interaction_id=self.snowflake(),
            token=self._new_token(),
            message=None if message is None else message.data,
        )
        return await self.dispatch(payload)

    async def message_command(
        self, name: str, target: Mapping[str, Any] | SentMessage, /, *, origin: Origin | None = None
    ) -> Dispatch:
        """Use the message command ``name`` (a context menu registered on ``bot.tree``) on ``target``: a
        message the bot sent, or a message object such as :meth:`user_message` builds."""
        origin = origin or self.origin
        guild = discord.Object(origin.guild_id) if origin.guild_id is not None else None
        message_type = discord.AppCommandType.message
        menu = self.bot.tree.get_command(name, guild=guild, type=message_type) if guild else None
        command_guild_id = origin.guild_id if menu is not None else None
        menu = menu or self.bot.tree.get_command(name, type=message_type)
        if not isinstance(menu, app_commands.ContextMenu):
            known = sorted(c.name for c in self.bot.tree.get_commands(type=message_type))
            raise LookupError(f"no message command {name!r} on the tree; it has {known}")
        payload = message_command_payload(
            name,
            target.data if isinstance(target, SentMessage) else target,
            origin=origin,
            application_id=self.application_id,
            interaction_id=self.snowflake(),
            token=self._new_token(),
            command_id=self._command_id(f"message:{name}"),
            command_guild_id=command_guild_id,
        )
        return await self.dispatch(payload)

    def user_message(
        self,
        content: str = "",
        *,
        attachments: Sequence[FakeAttachment] = (),
        author: Origin | None = None,
        channel_id: int | None = None,
    ) -> dict[str, Any]:
        """A message object someone (``author``: another user of the guild by default) posted in the
        origin's channel, with ``attachments`` (for :meth:`message_command`)."""
        author = author or replace(self.origin, user_id=self.origin.user_id + 7, username="player")
        message_id = self.snowflake()
        files = []
        for attachment in attachments:
            file = attachment.payload(self.snowflake())
            file["ephemeral"] = False
            file["url"] = file["url"].replace("ephemeral-attachments", "attachments")
            files.append(file)
        data: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel_id or self.origin.channel_id),
            "type": 0,
            "content": content,
            "author": author.user_payload(),
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": files,
            "embeds": [],
            "components": [],
            "pinned": False,
            "flags": 0,
        }
        if self.origin.guild_id is not None:
            data["guild_id"] = str(self.origin.guild_id)
        return data

    async def _component(
        self,
        sent: SentMessage,
        custom_id: str,
        component: Mapping[str, Any],
        values: Sequence[str] | None,
        origin: Origin | None,
    ) -> Dispatch:
        if component.get("disabled"):
            raise ValueError(f"{custom_id!r} is disabled; Discord would not let the user use it")
        payload = component_payload(
            sent.data,
            custom_id,
            int(component["type"]),
            values,
            origin=replace(origin or self.origin, channel_id=sent.channel_id),
            application_id=self.application_id,
            interaction_id=self.snowflake(),
            token=self._new_token(),
        )
        return await self.dispatch(payload)

    def _sent(self, message: _HasId | int) -> SentMessage:
        message_id = message if isinstance(message, int) else message.id
        sent = self.messages.get(message_id)
        if sent is None:
            raise LookupError(f"the bot sent no message {message_id}")
        if sent.deleted:
            raise LookupError(f"message {message_id} was deleted")
        return sent

    # command lookup ---------------------------------------------------------------------------------

    def _find_command(
        self, command: str, origin: Origin
    ) -> tuple[app_commands.Command[Any, ..., Any], int | None]:
        root_name, *path = command.split()
        tree = self.bot.tree
        node: app_commands.Command[Any, ..., Any] | app_commands.Group | None = None
        command_guild_id: int | None = None
        if origin.guild_id is not None:
            node = tree.get_command(root_name, guild=discord.Object(origin.guild_id))
            command_guild_id = origin.guild_id if node is not None else None
        if node is None:
            node = tree.get_command(root_name)
        for part in path:
            node = node.get_command(part) if isinstance(node, app_commands.Group) else None
        if not isinstance(node, app_commands.Command):
            known = sorted(c.qualified_name for c in tree.walk_commands())
            raise LookupError(f"no slash command /{command} on the tree; it has {known}")
        return node, command_guild_id

    def _command_id(self, name: str) -> int:
        if name not in self._command_ids:
            self._command_ids[name] = self.snowflake()
        return self._command_ids[name]

    @staticmethod
    def _nest(command: str, leaf_options: list[dict[str, Any]]) -> list[dict[str, Any]]:
        path = command.split()[1:]
        options = leaf_options
        for depth, part in reversed(list(enumerate(path))):
            kind = 1 if depth == len(path) - 1 else 2  # SUB_COMMAND at the leaf, SUB_COMMAND_GROUP above
            options = [command_option(part, kind, options=options)]
        return options

    def _option(
        self,
        leaf: app_commands.Command[Any, ..., Any],
        name: str,
        value: OptionValue,
        resolved: dict[str, Any],
    ) -> dict[str, Any]:
        parameter = next((p for p in leaf.parameters if p.display_name == name), None)
        if parameter is None:
            names = [p.display_name for p in leaf.parameters]
            raise LookupError(f"/{leaf.qualified_name} has no option {name!r}; it has {names}")
        option_type = parameter.type.value
        if isinstance(value, FakeAttachment):
            attachment_id = self.snowflake()
            resolved.setdefault("attachments", {})[str(attachment_id)] = value.payload(attachment_id)
            return command_option(name, option_type, str(attachment_id))
        if option_type in _SNOWFLAKE_OPTION_TYPES:
            snowflake = value if isinstance(value, int) else cast(_HasId, value).id
            return command_option(name, option_type, str(snowflake))
        return command_option(name, option_type, cast(str | int | float | bool, value))

    # fake replies -----------------------------------------------------------------------------------

    def respond(self, method: str, route: str, reply: Responder) -> None:
        """Answer ``method route`` (the route template, e.g. ``"GET", "/users/{user_id}"``) with ``reply``,
        or with ``reply(request)`` when it is callable, instead of the built-in fake reply."""
        self._responses[(method.upper(), route)] = reply

    def clear(self) -> None:
        """Forget the captured requests (messages and views stay, so they can still be pressed)."""
        self.requests.clear()

    def forget(self) -> None:
        """Forget the messages and interactions too (so a long run holds only what the bot keeps); the
        bot's later requests about them are answered 404, as Discord answers an expired interaction."""
        self.clear()
        self.messages.clear()
        self._interactions.clear()
        self._forgot = True

    @property
    def last_request(self) -> CapturedRequest:
        """The most recent captured request."""
        return self.requests[-1]

    async def _http_request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        await asyncio.sleep(0)  # a real request yields to the loop; keep orderings realistic
        return self._handle(
            route,
            "http",
            payload=kwargs.get("json"),
            multipart=list(form) if form is not None else None,
            files=files,
            query=kwargs.get("params"),
            reason=kwargs.get("reason"),
        )

    def _handle(
        self,
        route: Route,
        via: Literal["webhook", "http"],
        *,
        payload: Any,
        multipart: Iterable[Mapping[str, Any]] | None,
        files: Sequence[discord.File] | None,
        query: Mapping[str, Any] | None,
        reason: str | None,
    ) -> Any:
        path = route.url.removeprefix(Route.BASE)
        request = CapturedRequest(
            method=route.method,
            route=route.path,
            path=path,
            route_params=_route_params(route.path, path),
            query=dict(query or {}),
            json=_body(payload, multipart),
            files=_read_files(files),
            via=via,
            reason=reason,
        )
        self.requests.append(request)
        override = self._responses.get((request.method, request.route))
        if override is not None:
            return override(request) if callable(override) else copy.deepcopy(override)
        return copy.deepcopy(self._fake_reply(request))

    def _fake_reply(self, request: CapturedRequest) -> Any:
        params = request.route_params
        body = request.data
        kind = request.kind
        record = self._interactions.get(params.get("webhook_token", ""))
        if kind == "callback":
            if record is None:
                raise LookupError(f"callback for an interaction the harness did not dispatch: {request.path}")
            return self._callback_reply(record, request)
        if kind in ("followup", "get_original", "edit_original", "delete_original") and record is None:
            if self._forgot:
                raise _not_found(request)
            raise LookupError(
                f"webhook request for an interaction the harness did not dispatch: {request.path}"
            )
        if kind == "followup":
            assert record is not None
            loading = self._original(record)
            if loading is not None and not loading.deleted and loading.flags & LOADING:
                # the first followup after a "thinking" defer replaces the loading message
                self._edit(loading, body, request.files, keep_ephemeral=True)
                message = loading
            else:
                message = self._create(record.origin_channel_id, body, request.files, record, webhook=True)
            return message.data if request.query.get("wait") else None
        if kind in ("get_original", "edit_original", "delete_original"):
            assert record is not None
            original = self._original(record)
            if original is None:
                raise LookupError(f"interaction {record.id} has no original response to {request.method}")
            return self._existing(original, request)
        if kind in ("get_followup", "edit_followup", "edit_message") or (
            request.route == CHANNEL_MESSAGE_ROUTE and request.method in ("GET", "DELETE")
        ):
            message_id = int(params["message_id"])
            if message_id not in self.messages and self._forgot:
                raise _not_found(request)
            if message_id not in self.messages:
                raise LookupError(f"the bot sent no message {message_id} ({request.key})")
            return self._existing(self.messages[message_id], request)
        if kind == "send_message":
            return self._create(int(params["channel_id"]), body, request.files, None, webhook=False).data
        if request.method == "PUT" and request.route.endswith("/commands") and isinstance(request.json, list):
            # tree.sync(): Discord echoes the commands with ids
            return [{**c, "id": str(self._command_id(c["name"])), "application_id": str(self.application_id)}
                    for c in request.json]  # fmt: skip
        return None

    def _callback_reply(self, record: _InteractionRecord, request: CapturedRequest) -> dict[str, Any]:
        callback_type = request.type
        body = request.data
        message: SentMessage | None = None
        if callback_type == 4:
            message = self._create(record.origin_channel_id, body, request.files, record, webhook=True)
            record.original_message_id = message.id
        elif callback_type == 5:
            loading = {"content": "", "flags": LOADING | (int(body.get("flags") or 0) & EPHEMERAL)}
            message = self._create(record.origin_channel_id, loading, (), record, webhook=True)
            record.original_message_id = message.id
        elif callback_type in (6, 7) and record.source_message_id is not None:
            record.original_message_id = record.source_message_id
            message = self.messages.get(record.source_message_id)
            if callback_type == 7 and message is not None:
                self._edit(message, body, request.files, keep_ephemeral=True)
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = bool(message.flags & LOADING)
            interaction["response_message_ephemeral"] = message.ephemeral
        reply: dict[str, Any] = {"interaction": interaction}
        if callback_type is not None:
            reply["resource"] = {"type": callback_type}
            if callback_type in _MESSAGE_CALLBACK_TYPES and message is not None:
                reply["resource"]["message"] = message.data
        return reply

    def _existing(self, message: SentMessage, request: CapturedRequest) -> dict[str, Any] | None:
        if request.method == "DELETE":
            message.deleted = True
            return None
        if request.method == "PATCH":
            self._edit(message, request.data, request.files, keep_ephemeral=True)
        return message.data

    def _original(self, record: _InteractionRecord) -> SentMessage | None:
        if record.original_message_id is None:
            return None
        return self.messages.get(record.original_message_id)

    def _create(
        self,
        channel_id: int,
        body: Mapping[str, Any],
        files: Sequence[CapturedFile],
        record: _InteractionRecord | None,
        *,
        webhook: bool,
    ) -> SentMessage:
        message_id = self.snowflake()
        data: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "type": 20 if record is not None and record.type == 2 else 0,
            "content": body.get("content") or "",
            "author": self._bot_user_payload(),
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self._attachments(body, files, []),
            "embeds": copy.deepcopy(list(body.get("embeds") or [])),
            "components": copy.deepcopy(list(body.get("components") or [])),
            "pinned": False,
            "flags": int(body.get("flags") or 0),
            "application_id": str(self.application_id),
        }
        if record is not None and record.guild_id is not None:
            data["guild_id"] = str(record.guild_id)
        if webhook:
            data["webhook_id"] = str(self.application_id)
        if record is not None:
            data["interaction_metadata"] = {"id": str(record.id), "type": record.type, "user": record.user}
        message = SentMessage(data)
        self.messages[message_id] = message
        return message

    def _edit(
        self,
        message: SentMessage,
        body: Mapping[str, Any],
        files: Sequence[CapturedFile],
        *,
        keep_ephemeral: bool,
    ) -> None:
        data = message.data
        for key in ("content", "embeds", "components"):
            if key in body:
                data[key] = (
                    copy.deepcopy(body[key]) if body[key] is not None else ([] if key != "content" else "")
                )
        if "attachments" in body or files:
            data["attachments"] = self._attachments(body, files, data.get("attachments") or [])
        flags = int(body.get("flags") or 0) if "flags" in body else data.get("flags") or 0
        if keep_ephemeral:
            flags |= (data.get("flags") or 0) & EPHEMERAL
        data["flags"] = flags & ~LOADING
        data["edited_timestamp"] = _now_iso()

    def _attachments(
        self, body: Mapping[str, Any], files: Sequence[CapturedFile], existing: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        by_id = {str(a["id"]): a for a in existing}
        result: list[dict[str, Any]] = []
        for file in files:
            attachment_id = self.snowflake()
            url = f"https://cdn.discordapp.com/attachments/1/{attachment_id}/{file.filename}"
            result.append(
                {
                    "id": str(attachment_id),
                    "filename": file.filename,
                    "size": len(file.data),
                    "url": url,
                    "proxy_url": url,
                    "description": file.description,
                }
            )
        kept = [by_id[str(a["id"])] for a in body.get("attachments") or [] if str(a.get("id")) in by_id]
        return kept + result


# --------------------------------------------------------------------------------------------- tree JSON

_NAME = re.compile(r"^[-_\w]{1,32}$")


def command_tree_json(bot: AnyBot, *, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    """The command JSON ``bot.tree.sync(guild=guild)`` would upload (without translations)."""
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands(guild=guild)]


def limit_violations(tree_json: Sequence[Mapping[str, Any]]) -> list[str]:
    """Where the command JSON breaks Discord's limits (empty when it is within them): names 1-32
    lowercase word characters or ``-``, descriptions 1-100, at most 25 options and 25 choices, required
    options first, choice names and string values 1-100 and at most 4000 characters per command."""
    problems: list[str] = []
    chat_inputs = [c for c in tree_json if c.get("type", 1) == 1]
    if len(chat_inputs) > 100:
        problems.append(f"{len(chat_inputs)} slash commands (at most 100)")

    def text_length(item: Mapping[str, Any]) -> int:
        total = len(item.get("name", "")) + len(item.get("description", ""))
        for choice in item.get("choices") or []:
            total += len(choice["name"]) + len(str(choice["value"]))
        return total + sum(text_length(o) for o in item.get("options") or [])

    def check(item: Mapping[str, Any], where: str, slash: bool) -> None:
        name = str(item.get("name", ""))
        if slash and (not _NAME.match(name) or name != name.lower()):
            problems.append(f"{where}: name {name!r} must be 1-32 lowercase letters, digits, '-' or '_'")
        elif not 1 <= len(name) <= 32:
            problems.append(f"{where}: name {name!r} must be 1-32 characters")
        description = str(item.get("description", ""))
        if slash and not 1 <= len(description) <= 100:
            problems.append(f"{where}: description has {len(description)} characters (1-100)")
        options = list(item.get("options") or [])
        if len(options) > 25:
            problems.append(f"{where}: {len(options)} options (at most 25)")
        required = [bool(o.get("required")) for o in options if o.get("type") not in (1, 2)]
        if required != sorted(required, reverse=True):
            problems.append(f"{where}: required options must come before optional ones")
        choices = list(item.get("choices") or [])
        if len(choices) > 25:
            problems.append(f"{where}: {len(choices)} choices (at most 25)")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= 100:
                problems.append(f"{where}: choice name {choice['name']!r} must be 1-100 characters")
            if isinstance(choice["value"], str) and not 1 <= len(choice["value"]) <= 100:
                problems.append(f"{where}: choice value {choice['value']!r} must be 1-100 characters")
        for option in options:
            check(option, f"{where} {option.get('name')}", True)

    for command in tree_json:
        slash = command.get("type", 1) == 1
        where = f"/{command.get('name')}" if slash else repr(command.get("name"))
        check(command, where, slash)
        if text_length(command) > 4000:
            problems.append(f"{where}: {text_length(command)} characters in all (at most 4000)")
    return problems


def _not_found(request: CapturedRequest) -> discord.NotFound:
    """Discord's answer to a request about an interaction or message it no longer has (Unknown Webhook)."""
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(
        cast(Any, response), {"code": 10015, "message": f"Unknown Webhook ({request.path})"}
    )
