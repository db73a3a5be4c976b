"""The ``cr`` and ``import-rules`` commands through Typer's CliRunner with a temporary database."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from bot.cli import app
from bot.judge import LIMITS
from tests.data.rules.test_rules_parser import MINI_RULES

runner = CliRunner()

MAX_QUERY_LENGTH = LIMITS.rules_query


def invoke(*args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, list(args), env=env)


def json_of(result: Result) -> Any:
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def db(rules_path: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database with the shared rules imported through the CLI."""
    path = str(tmp_path_factory.mktemp("cli-rules") / "cache.db")
    result = invoke("import-rules", str(rules_path), "--db", path, "--json")
    assert result.exit_code == 0, result.output
    assert json_of(result) == {
        "source": str(rules_path),
        "version": "2025-02-07",
        "rules": 3022,
        "sections": 144,
        "examples": 274,
        "glossary": 703,
    }
    return path


@pytest.mark.slow
def test_import_then_offline_look_up(db: str) -> None:
    result = invoke("--offline", "--db", db, "cr", "707.9d")
    assert result.exit_code == 0, result.output
    assert "CR 707.9d" in result.stdout
    assert "Quicksilver" in result.stdout
    assert "#R7079d" in result.stdout


@pytest.mark.slow
def test_rule_json(db: str) -> None:
    result = invoke("cr", "707.2a", "--json", "--db", db, "--offline")
    assert result.exit_code == 0, result.output
    payload = json_of(result)
    assert list(payload) == ["number", "text", "examples", "parent", "children", "version"]
    assert payload["number"] == "707.2a"
    assert payload["text"].startswith("A copy acquires the color of the object it’s copying")
    assert (payload["examples"], payload["parent"], payload["children"]) == ([], "707.2", [])
    assert payload["version"] == "2025-02-07"
    parent = json_of(invoke("cr", "707.2", "--json", "--db", db))
    assert parent["children"] == ["707.2a", "707.2b", "707.2c"]
    assert len(parent["examples"]) == 2


@pytest.mark.slow
def test_rule_panel_shows_subrules_and_keeps_brackets(db: str) -> None:
    result = invoke("cr", "606.5", "--db", db)
    assert result.exit_code == 0, result.output
    assert "[+1]" in result.stdout
    subrules = invoke("cr", "707.2", "--db", db)
    assert all(number in subrules.stdout for number in ("707.2a", "707.2b", "707.2c"))


@pytest.mark.slow
def test_glossary_term_and_the_rules_it_points_to(db: str) -> None:
    result = invoke("cr", "copiable values", "--json", "--db", db)
    assert result.exit_code == 0, result.output
    payload = json_of(result)
    assert payload["term"] == "Copiable Values"
    assert [rule["number"] for rule in payload["rules"]] == ["613.2", "707.2", "707.3"]
    panel = invoke("cr", "Copiable Value", "--db", db)
    assert "Copiable Values" in panel.stdout
    assert "707.3" in panel.stdout


@pytest.mark.slow
def test_search_is_ranked(db: str) -> None:
    result = invoke("cr", "--search", "linked abilities", "--json", "--db", db)
    assert result.exit_code == 0, result.output
    numbers = [hit["number"] for hit in json_of(result)["results"]]
    assert numbers[:2] == ["607", "607.2"]
    assert len(numbers) == 10
    text = invoke("cr", "--search", "linked abilities", "--limit", "3", "--db", db)
    assert text.stdout.splitlines()[0].startswith(" 1. 607 Linked Abilities")
    assert re.findall(r"^ ?(\d+)\. ", text.stdout, re.MULTILINE) == ["1", "2", "3"]


@pytest.mark.slow
def test_unknown_number_and_term_suggest_the_nearest(db: str) -> None:
    number = invoke("cr", "707.2z", "--json", "--db", db)
    assert number.exit_code == 1
    assert "no rule 707.2z" in json_of(number)["error"]
    assert "707.2a" in json_of(number)["suggestions"]
    term = invoke("cr", "copyable valus", "--db", db)
    assert term.exit_code == 1
    assert "not a rule number or a glossary term" in term.stderr
    assert "Copiable Values" in term.stderr


@pytest.mark.slow
def test_bad_input_is_refused(db: str) -> None:
    too_long = invoke("cr", "x" * (MAX_QUERY_LENGTH + 1), "--json", "--db", db)
    assert too_long.exit_code == 1
    assert "longer than" in json_of(too_long)["error"]
    assert invoke("cr", "--db", db).exit_code == 1
    assert invoke("cr", "707.2", "--search", "copy", "--db", db).exit_code == 1
    assert invoke("cr", "--search", "copy", "--limit", "500", "--db", db).exit_code != 0


def test_offline_without_rules_explains_how_to_import(tmp_path: Path) -> None:
    result = invoke("--offline", "cr", "707.2a", "--db", str(tmp_path / "empty.db"))
    assert result.exit_code == 1
    assert "mtg-judge import-rules PATH" in " ".join(result.stderr.split())


def test_importing_a_file_that_is_not_rules_fails_cleanly(tmp_path: Path) -> None:
    not_rules = tmp_path / "notes.txt"
    not_rules.write_text("Just some notes.\n", encoding="utf-8")
    result = invoke("import-rules", str(not_rules), "--db", str(tmp_path / "cache.db"))
    assert result.exit_code == 1
    assert "Could not import" in result.stderr


class _RulesSite(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/en/rules":
            body, kind = b'<a href="/files/Magic Rules.txt">TXT</a>', "text/html"
        elif self.path == "/files/Magic%20Rules.txt":
            body, kind = MINI_RULES.encode("utf-8"), "text/plain"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output quiet."""


@pytest.fixture
def rules_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _RulesSite)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/en/rules"
    finally:
        server.shutdown()
        server.server_close()


def test_the_first_command_downloads_the_rules_once_and_says_so(rules_site: str, tmp_path: Path) -> None:
    env = {"MTG_JUDGE_RULES_URL": rules_site}
    db = str(tmp_path / "cache.db")
    first = invoke("cr", "100.1a", "--json", "--db", db, env=env)
    assert first.exit_code == 0, first.output
    assert "Downloaded the Comprehensive Rules" in first.stderr
    assert json_of(first)["version"] == "2033-03-04"
    second = invoke("cr", "100.1a", "--db", db, env=env)
    assert second.exit_code == 0, second.output
    assert "Downloaded" not in second.stderr


def test_a_failed_download_says_how_to_import(tmp_path: Path) -> None:
    env = {"MTG_JUDGE_RULES_URL": "http://127.0.0.1:9/en/rules", "MTG_JUDGE_OFFLINE": "0"}
    result = invoke("cr", "707.2a", "--json", "--db", str(tmp_path / "cache.db"), env=env)
    assert result.exit_code == 1
    error = json_of(result)["error"]
    assert error.startswith("Could not download the rules: could not fetch http://127.0.0.1:9/en/rules")
    assert error.endswith("Import them with `mtg-judge import-rules PATH`.")
