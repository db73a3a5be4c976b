"""Raw ``INTERACTION_CREATE`` payloads, as Discord sends them: who sends one and from where
(:class:`Origin`), slash commands, autocomplete, components, modals, message commands and
attachments."""

from __future__ import annotations

import copy
import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord


def _now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


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
