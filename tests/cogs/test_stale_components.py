"""Item 10 of issue 24: a button or menu the bot no longer tracks is acknowledged privately, never left
to fail (after a restart, once chosen, or stopped as the oldest of too many live views)."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from typing import Any

from bot import create_bot
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import DiscordHarness, Dispatch, SentMessage, component_payload

EXPIRED = "This menu has expired — ask again."


async def stale_use(
    harness: DiscordHarness, message: SentMessage, custom_id: str, values: list[str] | None = None
) -> Dispatch:
    """The component ``custom_id`` of ``message`` used as it was sent (even when the bot has since
    edited or never sent the message), as a user with an old client would."""
    component = message.component(custom_id)
    payload = component_payload(
        message.data,
        custom_id,
        int(component["type"]),
        values,
        origin=dataclasses.replace(harness.origin, channel_id=message.channel_id),
        application_id=harness.application_id,
        interaction_id=harness.snowflake(),
        token=f"stale-{harness.snowflake()}",
    )
    return await harness.dispatch(payload)


def expired_note(result: Dispatch) -> dict[str, Any]:
    """The one private note a stale component gets."""
    assert result.kinds() == ["callback"]
    callback = result.callback
    assert callback is not None
    assert callback.type == 4
    assert callback.ephemeral
    return {"content": callback.content, "embeds": callback.embeds}


async def test_a_button_from_before_a_restart_says_its_menu_has_expired(
    make_settings: SettingsFactory,
) -> None:
    async with DiscordHarness(create_bot(make_settings())) as before:
        paged = (await before.slash("cr", query="702")).message
        copied = (await before.slash("copy", copier="Clone", original="Tarmogoyf")).message
        assert paged is not None
        assert copied is not None
    async with DiscordHarness(create_bot(make_settings())) as after:
        pressed = await stale_use(after, paged, "page:next")
        chosen = await stale_use(after, copied, "rules:cited", ["707.2"])
    assert expired_note(pressed) == {"content": EXPIRED, "embeds": []}
    assert expired_note(chosen) == {"content": EXPIRED, "embeds": []}


async def test_a_live_button_is_answered_by_its_view_only(harness: DiscordHarness) -> None:
    sent = (await harness.slash("cr", query="702")).message
    assert sent is not None
    turned = await harness.press(sent, "page:next")
    assert turned.kinds() == ["callback"]
    assert turned.type == 7


async def test_a_menu_already_chosen_says_it_has_expired(harness: DiscordHarness) -> None:
    asked = await harness.slash("copy", copier="Clone", original="Nightveil")
    menu = asked.message
    assert menu is not None
    as_sent = dataclasses.replace(menu, data=copy.deepcopy(menu.data))  # as the user's client shows it
    chosen = await harness.choose(menu, "card:candidates", ["Nightveil Specter"])
    assert chosen.type == 7
    again = await stale_use(harness, as_sent, "card:candidates", ["Nightveil Specter"])
    assert expired_note(again)["content"] == EXPIRED


async def test_the_oldest_of_too_many_replies_says_it_has_expired(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(live_views=1))) as harness:
        first = (await harness.slash("cr", query="702")).message
        assert first is not None
        as_sent = dataclasses.replace(first, data=copy.deepcopy(first.data))
        await harness.slash("cr", query="702")  # stops the first reply's view
        pressed = await stale_use(harness, as_sent, "page:next")
    assert expired_note(pressed)["content"] == EXPIRED


async def test_a_button_past_its_timeout_says_its_menu_has_expired(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(page_timeout=0.5))) as harness:
        sent = (await harness.slash("cr", query="702")).message
        assert sent is not None
        as_sent = dataclasses.replace(sent, data=copy.deepcopy(sent.data))  # a client that missed the edit
        for _ in range(200):  # discord.py's view timeout, then the edit disabling the buttons
            if harness.messages[sent.id].component("page:next").get("disabled"):
                break
            await asyncio.sleep(0.05)
        assert harness.messages[sent.id].component("page:next").get("disabled")
        pressed = await stale_use(harness, as_sent, "page:next")
    assert expired_note(pressed)["content"] == EXPIRED


async def test_the_note_is_in_the_users_language(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings())) as before:
        sent = (await before.slash("cr", query="702")).message
        assert sent is not None
    async with DiscordHarness(create_bot(make_settings())) as after:
        after.origin = dataclasses.replace(after.origin, locale="ja")
        pressed = await stale_use(after, sent, "page:next")
    assert expired_note(pressed)["content"] == "このメニューは期限切れです。もう一度質問してください。"


async def test_two_choices_at_once_answer_once_and_say_the_other_has_expired(harness: DiscordHarness) -> None:
    menu = (await harness.slash("copy", copier="Clone", original="Nightveil")).message
    assert menu is not None
    as_sent = dataclasses.replace(menu, data=copy.deepcopy(menu.data))
    harness.clear()
    await asyncio.gather(
        stale_use(harness, as_sent, "card:candidates", ["Nightveil Specter"]),
        stale_use(harness, as_sent, "card:candidates", ["Nightveil Sprite"]),
    )
    callbacks = [r for r in harness.requests if r.kind == "callback"]
    assert sorted((r.type, r.content) for r in callbacks) == [
        (4, EXPIRED),
        (7, "Answering with **Nightveil Specter**…"),
    ]
    answers = [r.embeds[0]["title"] for r in harness.requests if r.kind == "followup"]
    assert answers == ["Clone copying Nightveil Specter"]
