"""Configuration read from the environment (prefix ``MTG_JUDGE_``) and an optional ``.env`` file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

from platformdirs import user_cache_dir
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def default_db_path() -> Path:
    """The SQLite cache in the user's cache directory."""
    return Path(user_cache_dir("mtg-judge")) / "mtg-judge.db"


class Settings(BaseSettings):
    """Every setting the bot and the CLI read; CLI flags override the environment."""

    model_config = SettingsConfigDict(env_prefix="MTG_JUDGE_", env_file=".env", extra="ignore")

    db: Path = Field(default_factory=default_db_path, description="SQLite cache file")
    scryfall_base_url: str = Field(default="https://api.scryfall.com", description="Scryfall API root")
    offline: bool = Field(default=False, description="never touch the network")
    rules_url: str = Field(
        default="https://magic.wizards.com/en/rules",
        description="official rules page that links the Comprehensive Rules .txt file",
    )
    rules_link_base: str = Field(
        default="https://yawgatog.com/resources/magic-rules/#R",
        description="hyperlinked rules copy; a rule number without dots is appended",
    )
    discord_token: SecretStr | None = Field(default=None, description="bot token; only `run` needs it")
    discord_guild_id: int | None = Field(default=None, description="sync commands to one guild")
    discord_shard_count: int | None = Field(
        default=None, description="total shards across every process (default: Discord's recommendation)"
    )
    discord_shard_ids: list[int] | None = Field(
        default=None, description="the shards this process runs, e.g. [0, 1] (default: all of them)"
    )
    cooldown_rate: int = Field(default=10, ge=1, description="answered questions a user may ask in a row")
    cooldown_per: float = Field(default=60.0, gt=0, description="seconds in which those come back")
    defer_after: float = Field(
        default=1.0, gt=0, le=2.0, description="seconds an answer may take before the bot defers (Discord: 3)"
    )
    page_timeout: float = Field(default=300.0, gt=0, description="seconds a reply's buttons keep working")
    live_views: int = Field(
        default=1_000, ge=1, description="most replies whose buttons work at once (the oldest stop first)"
    )
    board_file_bytes: int = Field(default=100_000, ge=1, description="largest board file accepted by /board")
    refresh_hours: float = Field(
        default=24.0,
        ge=0,
        description="hours between checks for newer Scryfall bulk files while the bot runs (0: never)",
    )
    refresh_retry_minutes: float = Field(
        default=60.0, gt=0, description="minutes before checking again after a failed refresh"
    )
    refresh_languages: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description=(
            "languages whose printed names each refresh imports again when Scryfall's all_cards file "
            "changed, e.g. ja,fr (several GB to download; none by default)"
        ),
    )
    discord_chat_cards: bool = Field(
        default=False,
        description="answer [[card name]] in messages (needs the message content intent; off by default)",
    )

    @field_validator("refresh_languages", mode="before")
    @classmethod
    def _language_list(cls, value: object) -> object:
        """``ja,fr`` (or a JSON list, ``["ja", "fr"]``) from the environment, as a list."""
        if isinstance(value, str):
            text = value.strip()
            return (
                json.loads(text)
                if text.startswith("[")
                else [code.strip() for code in text.split(",") if code.strip()]
            )
        return value
