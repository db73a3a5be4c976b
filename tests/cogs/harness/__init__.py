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

The package, by what each part does: ``payloads`` builds raw interaction payloads (who sends them from
where: :class:`Origin`), ``captures`` holds what the bot sent as tests read it, ``fake_discord`` is the
captured HTTP layer answering every request as Discord would, ``driver`` the :class:`DiscordHarness`
that starts the bot and dispatches interactions to it, ``tree`` the command JSON and Discord's limits.
"""

from tests.cogs.harness.captures import CapturedFile, CapturedRequest, Dispatch, SentMessage, walk_components
from tests.cogs.harness.driver import DiscordHarness
from tests.cogs.harness.payloads import (
    FakeAttachment,
    OptionValue,
    Origin,
    application_command_payload,
    autocomplete_payload,
    command_option,
    component_payload,
    message_command_payload,
    modal_submit_payload,
)
from tests.cogs.harness.tree import command_tree_json, limit_violations

__all__ = [
    "CapturedFile",
    "CapturedRequest",
    "DiscordHarness",
    "Dispatch",
    "FakeAttachment",
    "OptionValue",
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
    "walk_components",
]
