"""What a refresh reads of the rules page before deciding to download: the linked file's URL, and the
date its name gives; the file alone downloaded, each within its deadline (the fake rules page)."""

from __future__ import annotations

from datetime import date

import pytest

from data.rules.download import RulesDownloadError, download_rules_file, find_rules_file, rules_file_date
from tests.data.rules.test_rules_parser import MINI_RULES
from tests.fakes.scryfall import FakeScryfall, Fault


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("https://media.wizards.com/2025/downloads/MagicCompRules%2020250207.txt", date(2025, 2, 7)),
        ("https://x.example/MagicCompRules 20330304.txt", date(2033, 3, 4)),
        ("https://x.example/20240101/rules.txt", None),  # a date in a folder is not the file's
        ("https://x.example/MagicCompRules_20251399_20251114.txt", date(2025, 11, 14)),  # 13th month: next
        ("https://x.example/MagicCompRules%20202502071.txt", None),  # nine digits: no date
        ("https://x.example/comprehensive-rules.txt", None),
    ],
)
def test_the_date_a_rules_file_name_gives(url: str, named: date | None) -> None:
    assert rules_file_date(url) == named


async def test_the_page_alone_then_the_file_alone(fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.rules_link = "MagicCompRules 20330304.txt"
    fake_scryfall.rules_files = {"MagicCompRules 20330304.txt": MINI_RULES.encode()}
    url = await find_rules_file(fake_scryfall.rules_url)
    assert url == f"{fake_scryfall.url}/rules/files/MagicCompRules%2020330304.txt"
    assert not fake_scryfall.requests_to("/rules/files")
    downloaded = await download_rules_file(url)
    assert (downloaded.url, downloaded.raw) == (url, MINI_RULES.encode())


async def test_a_stalled_page_is_given_up_at_the_deadline(fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.rules_link = "MagicCompRules 20330304.txt"
    fake_scryfall.fail_next(Fault("stall", "/rules", delay=30))
    with pytest.raises(RulesDownloadError, match="could not fetch"):
        await find_rules_file(fake_scryfall.rules_url, deadline=0.5)
