"""The captured HTTP layer: what Discord would answer to each request the bot sends, and the messages
it holds for the bot (see the package docstring for what is modelled)."""

from __future__ import annotations

import asyncio
import copy
import datetime
import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any, Literal, cast

import aiohttp
import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.cogs.harness.captures import (
    CHANNEL_MESSAGE_ROUTE,
    EPHEMERAL,
    LOADING,
    CapturedFile,
    CapturedRequest,
    SentMessage,
    _InteractionRecord,
)
from tests.cogs.harness.payloads import _now_iso
from tests.cogs.harness.tree import AnyBot

Responder = Any  # a reply body, or a callable taking the CapturedRequest and returning one

_MESSAGE_CALLBACK_TYPES = {4, 7}


class _RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Stands in for discord.py's webhook adapter, through which every interaction request goes."""

    def __init__(self, harness: FakeDiscord) -> None:
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


class FakeDiscord:
    """The Discord side of the harness: every request the bot sends (through the interaction webhook
    adapter or ``HTTPClient.request``) is captured and answered as Discord would, keeping the messages
    it sent up to date; it hands out the snowflakes, tokens and command ids."""

    def __init__(self, bot: AnyBot, *, bot_user_id: int, bot_name: str) -> None:
        self.bot = bot
        self.requests: list[CapturedRequest] = []
        self.messages: dict[int, SentMessage] = {}
        self._bot_user_id = bot_user_id
        self._bot_name = bot_name
        self._interactions: dict[str, _InteractionRecord] = {}
        self._responses: dict[tuple[str, str], Responder] = {}
        self._forgot = False  # forget() ran: a request for what it forgot is Discord's 404, not a test bug
        self._command_ids: dict[str, int] = {}
        self._counter = itertools.count(1)
        self._adapter = _RecordingWebhookAdapter(self)

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

    def _command_id(self, name: str) -> int:
        if name not in self._command_ids:
            self._command_ids[name] = self.snowflake()
        return self._command_ids[name]

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


def _not_found(request: CapturedRequest) -> discord.NotFound:
    """Discord's answer to a request about an interaction or message it no longer has (Unknown Webhook)."""
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(
        cast(Any, response), {"code": 10015, "message": f"Unknown Webhook ({request.path})"}
    )
