"""The harness itself, exercised with a toy cog: slash commands, autocomplete, views, defers, errors."""

from __future__ import annotations

import asyncio
import dataclasses
import io
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.cogs.harness import (
    DiscordHarness,
    FakeAttachment,
    command_tree_json,
    limit_violations,
)

CARDS = ["Clone", "Clever Impersonator", "Cryptoplasm", "Tarmogoyf"]
Interaction = discord.Interaction[commands.Bot]


class ToyView(discord.ui.View):
    """A button that replaces the message and a select that answers privately."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.pressed_by: list[int] = []

    @discord.ui.button(label="Details", custom_id="toy:details", style=discord.ButtonStyle.primary)
    async def details(self, interaction: Interaction, button: discord.ui.Button[ToyView]) -> None:
        self.pressed_by.append(interaction.user.id)
        await interaction.response.edit_message(content="Details: CR 707.2", embed=None, view=None)

    @discord.ui.select(
        custom_id="toy:printing",
        placeholder="Printing",
        options=[
            discord.SelectOption(label="Alpha", value="lea"),
            discord.SelectOption(label="Beta", value="leb"),
        ],
    )
    async def printing(self, interaction: Interaction, select: discord.ui.Select[ToyView]) -> None:
        await interaction.response.send_message(f"printing {select.values[0]}", ephemeral=True)


class ToyCog(commands.Cog):
    """Commands covering each way a cog answers Discord."""

    def __init__(self) -> None:
        self.views: list[ToyView] = []
        self.seen: list[str] = []

    @app_commands.command(name="copy", description="What a copy of a card copies")
    @app_commands.describe(copier="The copying permanent", original="The permanent copied")
    async def copy(self, interaction: Interaction, copier: str, original: str) -> None:
        view = ToyView()
        self.views.append(view)
        embed = discord.Embed(title=f"{copier} copying {original}", description="Copiable values (CR 707.2)")
        response = await interaction.response.send_message(
            f"<@{interaction.user.id}> asked", embed=embed, view=view
        )
        assert isinstance(response.resource, discord.InteractionMessage)
        self.seen.append(f"responded {response.message_id} {response.resource.id}")

    @copy.autocomplete("copier")
    async def copier_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in CARDS if n.lower().startswith(current.lower())]

    @app_commands.command(name="ruling", description="Look up a ruling after thinking about it")
    async def ruling(self, interaction: Interaction, card: str, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=private, thinking=True)
        await interaction.followup.send(f"Rulings for {card}")

    @app_commands.command(name="verdict", description="Think, then answer by editing the original response")
    async def verdict(self, interaction: Interaction) -> None:
        await interaction.response.defer(thinking=True)
        view = ToyView()
        self.views.append(view)
        await interaction.edit_original_response(content="Verdict: legal", view=view)
        original = await interaction.original_response()
        self.seen.append(f"original {original.id} {original.content}")

    @app_commands.command(name="announce", description="Post in the channel and acknowledge privately")
    async def announce(self, interaction: Interaction) -> None:
        await interaction.response.send_message("posted", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        view = ToyView()
        self.views.append(view)
        await interaction.channel.send("Judge call!", view=view)

    @app_commands.command(name="export", description="Send a file")
    async def export(self, interaction: Interaction) -> None:
        file = discord.File(io.BytesIO(b"707.2. copiable values"), filename="rules.txt")
        await interaction.response.send_message("here", file=file)

    @app_commands.command(name="scan", description="Read an uploaded image")
    async def scan(self, interaction: Interaction, image: discord.Attachment) -> None:
        await interaction.response.send_message(f"{image.filename} {image.size} {image.content_type}")

    @app_commands.command(name="boom", description="Always fails")
    async def boom(self, interaction: Interaction) -> None:
        raise RuntimeError("kaboom")

    @app_commands.command(name="stall", description="Never answers")
    async def stall(self, interaction: Interaction) -> None:
        await asyncio.Event().wait()

    @app_commands.command(name="whereami", description="Echo the invocation context")
    async def whereami(self, interaction: Interaction) -> None:
        place = "dm" if interaction.guild is None else f"guild {interaction.guild_id}"
        kind = type(interaction.user).__name__
        await interaction.response.send_message(f"{place} {kind} {interaction.locale.value}")

    rules = app_commands.Group(name="rules", description="Comprehensive Rules")

    @rules.command(name="lookup", description="Show a rule")
    async def lookup(self, interaction: Interaction, number: str, depth: int = 1) -> None:
        await interaction.response.send_message(f"{number} depth {depth} in {interaction.locale.value}")


class ToyTree(app_commands.CommandTree[commands.Bot]):
    """A tree whose error handler apologises privately, as a real bot's would."""

    def __init__(self, client: commands.Bot) -> None:
        super().__init__(client)
        self.errors: list[app_commands.AppCommandError] = []

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        self.errors.append(error)
        await interaction.response.send_message("Something went wrong.", ephemeral=True)


class ToyBot(commands.Bot):
    """Adds the toy cog in ``setup_hook``, like the real bot."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=ToyTree,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.cog = ToyCog()

    async def setup_hook(self) -> None:
        await self.add_cog(self.cog)


@pytest.fixture
async def bot() -> ToyBot:
    return ToyBot()


@pytest.fixture
async def harness(bot: ToyBot) -> AsyncIterator[DiscordHarness]:
    async with DiscordHarness(bot, timeout=2.0) as harness:
        yield harness


def tree_errors(bot: commands.Bot) -> list[app_commands.AppCommandError]:
    assert isinstance(bot.tree, ToyTree)
    return bot.tree.errors


async def test_slash_reply_carries_the_embed_the_view_and_the_bots_allowed_mentions(
    harness: DiscordHarness,
) -> None:
    result = await harness.slash("copy", copier="Clone", original="Tarmogoyf")
    assert result.kinds() == ["callback"]
    callback = result.callback
    assert callback is not None
    assert callback.type == 4
    assert callback.path.startswith(f"/interactions/{result.payload['id']}/")
    assert not callback.ephemeral
    assert callback.embeds[0]["title"] == "Clone copying Tarmogoyf"
    assert callback.custom_ids == ["toy:details", "toy:printing"]
    assert callback.allowed_mentions == {"parse": []}
    assert callback.content == f"<@{harness.origin.user_id}> asked"
    assert result.message is not None
    assert result.message.custom_ids == ["toy:details", "toy:printing"]


async def test_pressing_the_button_runs_its_callback_and_updates_the_message(
    harness: DiscordHarness, bot: ToyBot
) -> None:
    sent = (await harness.slash("copy", copier="Clone", original="Tarmogoyf")).message
    assert sent is not None
    pressed = await harness.press(sent, "toy:details")
    assert bot.cog.views[0].pressed_by == [harness.origin.user_id]
    assert pressed.payload["type"] == 3
    assert pressed.payload["message"]["id"] == str(sent.id)
    assert pressed.type == 7
    assert pressed.callback is not None
    assert pressed.callback.content == "Details: CR 707.2"
    assert pressed.callback.data["components"] == []
    assert pressed.message is sent
    assert sent.content == "Details: CR 707.2"
    assert sent.components == []
    assert sent.embeds == []
    with pytest.raises(LookupError, match="no component 'toy:details'"):
        await harness.press(sent, "toy:details")


async def test_choosing_a_select_option_answers_privately(harness: DiscordHarness) -> None:
    sent = (await harness.slash("copy", copier="Clone", original="Tarmogoyf")).message
    assert sent is not None
    chosen = await harness.choose(sent, "toy:printing", ["leb"])
    assert chosen.payload["data"] == {"custom_id": "toy:printing", "component_type": 3, "values": ["leb"]}
    assert chosen.callback is not None
    assert chosen.callback.type == 4
    assert chosen.callback.flags == 64
    assert chosen.callback.content == "printing leb"
    assert chosen.message is not None
    assert chosen.message.ephemeral
    with pytest.raises(ValueError, match="offers"):
        await harness.choose(sent, "toy:printing", ["2ed"])
    with pytest.raises(TypeError, match="use press"):
        await harness.choose(sent, "toy:details", [])


async def test_autocomplete_returns_the_choices(harness: DiscordHarness) -> None:
    result = await harness.autocomplete("copy", "copier", "Cl", {"original": "Tarmogoyf"})
    focused = [o for o in result.payload["data"]["options"] if o.get("focused")]
    assert focused == [{"name": "copier", "type": 3, "value": "Cl", "focused": True}]
    assert result.type == 8
    assert result.choices == [
        {"name": "Clone", "value": "Clone"},
        {"name": "Clever Impersonator", "value": "Clever Impersonator"},
    ]
    assert (await harness.autocomplete("copy", "copier", "zzz")).choices == []


async def test_defer_then_followup_fills_the_thinking_message(harness: DiscordHarness) -> None:
    result = await harness.slash("ruling", card="Clone", private=True)
    assert result.kinds() == ["callback", "followup"]
    assert result.type == 5
    assert result.callback is not None
    assert result.callback.flags == 64
    followup = result.followups[0]
    assert followup.method == "POST"
    assert followup.route == "/webhooks/{webhook_id}/{webhook_token}"
    assert followup.route_params["webhook_id"] == str(harness.application_id)
    assert followup.query["wait"] == 1
    assert followup.content == "Rulings for Clone"
    assert result.message is not None
    assert result.message.content == "Rulings for Clone"
    assert result.message.flags == 64

    public = await harness.slash("ruling", card="Clone")
    assert public.callback is not None
    assert public.callback.data == {}
    assert public.message is not None
    assert not public.message.ephemeral


async def test_channel_send_goes_through_http_and_its_view_can_be_pressed(
    harness: DiscordHarness, bot: ToyBot
) -> None:
    result = await harness.slash("announce")
    assert result.kinds() == ["callback", "send_message"]
    sent_request = result.requests[1]
    assert sent_request.via == "http"
    assert sent_request.path == f"/channels/{harness.origin.channel_id}/messages"
    assert sent_request.content == "Judge call!"
    assert sent_request.allowed_mentions == {"parse": []}
    channel_message = next(m for m in harness.messages.values() if m.content == "Judge call!")
    pressed = await harness.press(channel_message.id, "toy:details")
    assert pressed.type == 7
    assert bot.cog.views[0].pressed_by == [harness.origin.user_id]


async def test_files_are_captured_with_the_payload_json(harness: DiscordHarness) -> None:
    result = await harness.slash("export")
    callback = result.callback
    assert callback is not None
    assert callback.type == 4
    assert callback.content == "here"
    assert [(f.filename, f.data) for f in callback.files] == [("rules.txt", b"707.2. copiable values")]
    assert callback.data["attachments"][0]["filename"] == "rules.txt"
    assert result.message is not None
    assert result.message.data["attachments"][0]["size"] == len(b"707.2. copiable values")


async def test_attachment_options_are_resolved(harness: DiscordHarness) -> None:
    result = await harness.slash(
        "scan", image=FakeAttachment("goyf.jpg", content_type="image/jpeg", size=2048)
    )
    (option,) = result.payload["data"]["options"]
    assert option["type"] == 11
    assert option["value"] in result.payload["data"]["resolved"]["attachments"]
    assert result.callback is not None
    assert result.callback.content == "goyf.jpg 2048 image/jpeg"


async def test_subcommands_nest_and_carry_the_locale(harness: DiscordHarness) -> None:
    origin = dataclasses.replace(harness.origin, locale="ja")
    result = await harness.command("rules lookup", {"number": "707.2", "depth": 2}, origin=origin)
    assert result.payload["locale"] == "ja"
    assert result.payload["data"]["options"] == [
        {
            "name": "lookup",
            "type": 1,
            "options": [
                {"name": "number", "type": 3, "value": "707.2"},
                {"name": "depth", "type": 4, "value": 2},
            ],
        }
    ]
    assert result.callback is not None
    assert result.callback.content == "707.2 depth 2 in ja"


async def test_origin_is_a_guild_member_or_a_dm_user(harness: DiscordHarness) -> None:
    in_guild = await harness.slash("whereami")
    assert in_guild.callback is not None
    assert in_guild.callback.content == f"guild {harness.origin.guild_id} Member en-US"
    in_dm = await harness.command("whereami", origin=harness.origin.in_dm())
    assert "guild_id" not in in_dm.payload
    assert in_dm.callback is not None
    assert in_dm.callback.content == "dm User en-US"


async def test_errors_reach_the_trees_error_handler(harness: DiscordHarness, bot: ToyBot) -> None:
    result = await harness.slash("boom")
    (error,) = tree_errors(bot)
    assert isinstance(error, app_commands.CommandInvokeError)
    assert isinstance(error.original, RuntimeError)
    assert result.callback is not None
    assert result.callback.type == 4
    assert result.callback.ephemeral
    assert result.callback.content == "Something went wrong."


async def test_a_handler_that_never_finishes_times_out(bot: ToyBot) -> None:
    async with DiscordHarness(bot, timeout=0.05) as harness:
        with pytest.raises(TimeoutError, match="CommandTree-invoker"):
            await harness.slash("stall")


async def test_the_harness_refuses_what_discord_would_never_send(harness: DiscordHarness) -> None:
    with pytest.raises(LookupError, match="no slash command /cpy"):
        await harness.slash("cpy")
    with pytest.raises(LookupError, match="no option 'copyer'"):
        await harness.slash("copy", copyer="Clone", original="Tarmogoyf")
    with pytest.raises(ValueError, match="requires options"):
        await harness.slash("copy", copier="Clone")
    with pytest.raises(LookupError, match="sent no message"):
        await harness.press(12345, "toy:details")


async def test_cogs_added_after_start_and_custom_replies(bot: ToyBot) -> None:
    class Extra(commands.Cog):
        @app_commands.command(name="whoami", description="Fetch the invoker")
        async def whoami(self, interaction: Interaction) -> None:
            user = await interaction.client.fetch_user(interaction.user.id)
            await interaction.response.send_message(user.name)

    harness = await DiscordHarness.start(bot, run_setup_hook=False)
    try:
        await bot.add_cog(Extra())
        harness.respond(
            "GET", "/users/{user_id}", lambda request: {**harness.origin.user_payload(), "username": "x"}
        )
        result = await harness.slash("whoami")
        assert result.kinds() == ["http", "callback"]
        assert result.requests[0].route_params == {"user_id": str(harness.origin.user_id)}
        assert result.callback is not None
        assert result.callback.content == "x"
        assert bot.tree.get_command("copy") is None
    finally:
        await harness.close()


async def test_sync_uploads_the_tree_json(harness: DiscordHarness, bot: ToyBot) -> None:
    synced = await bot.tree.sync()
    upload = harness.last_request
    assert upload.method == "PUT"
    assert upload.json == command_tree_json(bot)
    assert sorted(c.name for c in synced) == sorted(c["name"] for c in upload.json)


async def test_the_command_tree_is_within_discords_limits(harness: DiscordHarness, bot: ToyBot) -> None:
    tree_json = command_tree_json(bot)
    assert {c["name"] for c in tree_json} >= {"copy", "ruling", "rules"}
    copy = next(c for c in tree_json if c["name"] == "copy")
    assert [(o["name"], o["required"], o.get("autocomplete")) for o in copy["options"]] == [
        ("copier", True, True),
        ("original", True, None),
    ]
    assert limit_violations(tree_json) == []
    bad = [
        {
            "name": "Copy",
            "description": "x" * 101,
            "options": [
                {"name": "a", "description": "a", "type": 3, "required": False},
                {"name": "b", "description": "b", "type": 3, "required": True},
            ],
        }
    ]
    problems = limit_violations(bad)
    assert len(problems) == 3
    assert "lowercase" in problems[0]
    assert "101 characters" in problems[1]
    assert "required options" in problems[2]


async def test_the_callback_reply_names_the_message_it_created(harness: DiscordHarness, bot: ToyBot) -> None:
    result = await harness.slash("copy", copier="Clone", original="Tarmogoyf")
    assert result.message is not None
    assert bot.cog.seen == [f"responded {result.message.id} {result.message.id}"]
    assert result.callback is not None
    assert result.callback.query == {"with_response": "1"}


async def test_editing_the_original_response_after_a_defer(harness: DiscordHarness, bot: ToyBot) -> None:
    result = await harness.slash("verdict")
    assert result.kinds() == ["callback", "edit_original", "get_original"]
    assert result.type == 5
    edit = result.requests[1]
    assert edit.method == "PATCH"
    assert edit.path.endswith("/messages/@original")
    assert edit.content == "Verdict: legal"
    assert edit.custom_ids == ["toy:details", "toy:printing"]
    assert result.message is not None
    assert result.message.flags == 0
    assert bot.cog.seen == [f"original {result.message.id} Verdict: legal"]
    pressed = await harness.press(result.message, "toy:details")
    assert pressed.type == 7
    assert bot.cog.views[0].pressed_by == [harness.origin.user_id]


async def test_an_auto_sharded_bot_works_too() -> None:
    bot = commands.AutoShardedBot(
        command_prefix=commands.when_mentioned, intents=discord.Intents.default(), shard_count=1
    )
    await bot.add_cog(ToyCog())
    async with DiscordHarness(bot) as harness:
        result = await harness.slash("rules lookup", number="707.2")
        assert result.callback is not None
        assert result.callback.content == "707.2 depth 1 in en-US"
