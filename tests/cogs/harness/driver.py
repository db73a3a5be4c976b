"""The :class:`DiscordHarness`: a never-logged-in bot started in-process, and the interactions a user
would send it (slash commands, autocomplete, buttons, selects, modals, message commands) built from
the commands on its tree and dispatched through discord.py."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import replace
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, Self, cast

import discord
from discord import app_commands
from discord.webhook.async_ import async_context

from tests.cogs.harness.captures import Dispatch, SentMessage, _InteractionRecord, walk_components
from tests.cogs.harness.fake_discord import FakeDiscord
from tests.cogs.harness.payloads import (
    FakeAttachment,
    OptionValue,
    Origin,
    _now_iso,
    application_command_payload,
    autocomplete_payload,
    command_option,
    component_payload,
    message_command_payload,
    modal_submit_payload,
)
from tests.cogs.harness.tree import AnyBot

if TYPE_CHECKING:
    from discord.types.gateway import InteractionCreateEvent
    from discord.types.user import User as UserPayload

_SNOWFLAKE_OPTION_TYPES = {6, 7, 8, 9}


class _HasId(Protocol):
    @property
    def id(self) -> int: ...


class DiscordHarness(FakeDiscord):
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
        super().__init__(bot, bot_user_id=bot_user_id, bot_name=bot_name)
        self.origin = origin or Origin()
        self.timeout = timeout
        self._run_setup_hook = run_setup_hook
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
