"""Configuration read from the environment (prefix ``MTG_JUDGE_``) and an optional ``.env`` file."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_cache_dir
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


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
