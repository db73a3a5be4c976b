"""A fake Scryfall API on 127.0.0.1 (aiohttp), serving the shared card data as the documented API does.

It runs its own event loop in a thread, so both async tests and synchronous CLI tests (which call
``asyncio.run``) can talk to it. Every request is recorded (path, query, headers, arrival time);
faults can be queued for the next requests: HTTP 429 with or without ``Retry-After``, 5xx, slow
answers, malformed JSON, a body of any bytes under any content type (or none), a body dripped out a
byte at a time, or a whole outage. The bulk files can be served as any bytes too (``bulk_cards_body``).

It also plays Wizards' rules page (``rules_url``): a page linking the rules file ``rules_link`` names
(with a space, as the real one does), served from ``rules_files`` under ``/rules/files/``.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

PAGE_SIZE = 5


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it."""

    path: str
    query: dict[str, str]
    headers: dict[str, str]
    at: float  # time.monotonic() on arrival


@dataclass
class Fault:
    """How to misbehave for the next request whose path starts with ``path``."""

    kind: str  # "429", "500", "503", "slow", "malformed", "stall", "oversized", "truncated", "raw", "drip"
    path: str = "/"
    retry_after: str | None = None
    delay: float = 0.0  # "slow": before answering; "stall": after the first bytes; "drip": for how long
    size: int = 0  # "oversized": bytes of the body
    status: int = 200  # "raw"
    body: bytes = b""  # "raw"
    content_type: str | None = "application/json"  # "raw": the header sent as it is; None: no header


@dataclass
class FakeScryfall:
    """The fake server; ``url`` is its base URL once started."""

    cards: list[dict[str, Any]]
    bulk_cards: list[dict[str, Any]] = field(default_factory=list)
    bulk_rulings: list[dict[str, Any]] = field(default_factory=list)
    bulk_all_cards: list[dict[str, Any]] = field(default_factory=list)  # printings, every language
    bulk_cards_body: bytes | None = None  # served instead of ``bulk_cards`` as JSON (an empty, cut file)
    bulk_rulings_body: bytes | None = None  # likewise for ``bulk_rulings``
    bulk_updated_at: str = "2019-09-26T09:02:48.000+00:00"  # every bulk file's date in /bulk-data
    all_cards_updated_at: str | None = None  # the all_cards file's own date (None: ``bulk_updated_at``)
    rules_link: str | None = None  # the file name the rules page links (None: the page answers 404)
    rules_files: dict[str, bytes] = field(default_factory=dict)  # file name: bytes, under /rules/files/
    printings: list[dict[str, Any]] = field(default_factory=list)  # searched with include_multilingual
    requests: list[RecordedRequest] = field(default_factory=list)
    faults: deque[Fault] = field(default_factory=deque)
    outage: bool = False
    url: str = ""

    def __post_init__(self) -> None:
        self._by_name: dict[str, dict[str, Any]] = {}
        self._by_id = {str(card["id"]): card for card in self.cards if "id" in card}
        for card in self.cards:
            for name in _names(card):
                self._by_name.setdefault(name.casefold(), card)
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def start(self) -> FakeScryfall:
        """Serve on a free port of 127.0.0.1 and return self."""
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(timeout=10)
        return self

    def stop(self) -> None:
        """Shut the server and its loop down."""
        asyncio.run_coroutine_threadsafe(self._shut_down(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _shut_down(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        # the handlers a "slow" fault still holds: cancelled, not left pending when the loop stops
        handlers = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in handlers:
            task.cancel()
        await asyncio.gather(*handlers, return_exceptions=True)

    @property
    def rules_url(self) -> str:
        """The fake official rules page (``Settings.rules_url``)."""
        return f"{self.url}/rules"

    def fail_next(self, *faults: Fault) -> None:
        """Queue faults, each used by the next matching request."""
        self.faults.extend(faults)

    def requests_to(self, path_prefix: str) -> list[RecordedRequest]:
        """The recorded requests whose path starts with ``path_prefix``."""
        return [request for request in self.requests if request.path.startswith(path_prefix)]

    async def _serve(self) -> None:
        app = web.Application(middlewares=[self._record_and_misbehave])
        app.on_response_prepare.append(_without_content_type)
        app.router.add_get("/cards/named", self._named)
        app.router.add_get("/cards/autocomplete", self._autocomplete)
        app.router.add_get("/cards/search", self._search)
        app.router.add_get("/cards/{id}/rulings", self._rulings)
        app.router.add_get("/bulk-data", self._bulk_data)
        app.router.add_get("/downloads/oracle-cards.json", self._download)
        app.router.add_get("/downloads/rulings.json", self._download_rulings)
        app.router.add_get("/downloads/all-cards.json", self._download_all_cards)
        app.router.add_get("/rules", self._rules_page)
        app.router.add_get("/rules/files/{name}", self._rules_file)
        # a stopped fake cancels the handlers still sleeping (a "slow" fault of 30 s) instead of awaiting them
        self._runner = web.AppRunner(app, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"

    @web.middleware
    async def _record_and_misbehave(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        self.requests.append(
            RecordedRequest(request.path, dict(request.query), dict(request.headers), time.monotonic())
        )
        if self.outage:
            return _error(503, "service_unavailable", "Scryfall is down for maintenance.")
        fault = self._take_fault(request.path)
        if fault is None:
            return await handler(request)
        if fault.kind == "429":
            headers = {"Retry-After": fault.retry_after} if fault.retry_after is not None else {}
            return web.json_response(
                {"object": "error", "code": "rate_limited", "status": 429, "details": "Too many requests."},
                status=429,
                headers=headers,
            )
        if fault.kind in {"500", "503"}:
            return _error(int(fault.kind), "internal_error", "Something went wrong.")
        if fault.kind == "malformed":
            return web.Response(text='{"object": "card", "name": ', content_type="application/json")
        if fault.kind in {"stall", "oversized", "truncated"}:
            return await _misbehaving_body(request, fault)
        if fault.kind == "raw":
            return _raw(fault)
        if fault.kind == "drip":
            return await _dripped(request, fault.delay)
        await asyncio.sleep(fault.delay)  # "slow"
        return await handler(request)

    def _take_fault(self, path: str) -> Fault | None:
        for fault in self.faults:
            if path.startswith(fault.path):
                self.faults.remove(fault)
                return fault
        return None

    async def _named(self, request: web.Request) -> web.Response:
        if "exact" in request.query:
            card = self._by_name.get(request.query["exact"].casefold())
            if card is None:
                return _not_found("No card found with the given name.")
            return web.json_response(card)
        query = request.query.get("fuzzy", "").casefold()
        if query in self._by_name:
            return web.json_response(self._by_name[query])
        matches = _distinct(card for name, card in self._by_name.items() if query and query in name)
        if len(matches) == 1:
            return web.json_response(matches[0])
        if matches:
            return web.json_response(
                {
                    "object": "error",
                    "code": "not_found",
                    "status": 404,
                    "type": "ambiguous",
                    "details": f"Too many cards match ambiguous name “{query}”. Add more words to refine.",
                },
                status=404,
            )
        return _not_found("No cards found matching that name.")

    async def _autocomplete(self, request: web.Request) -> web.Response:
        query = request.query.get("q", "").casefold()
        names = sorted(
            card["name"] for card in _distinct(self._by_name.values()) if query in card["name"].casefold()
        )
        return web.json_response({"object": "catalog", "total_values": len(names[:20]), "data": names[:20]})

    async def _search(self, request: web.Request) -> web.Response:
        query = request.query.get("q", "").casefold()
        page = int(request.query.get("page", "1"))
        if request.query.get("include_multilingual") == "true":
            found = self._multilingual(query)
        elif query.startswith("oracleid:"):
            found = [card for card in self.cards if card.get("oracle_id") == query.removeprefix("oracleid:")]
        else:
            found = [card for card in self.cards if query in card["name"].casefold()]
        if not found:
            return _not_found("Your query didn’t match any cards.")
        chunk = found[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
        has_more = page * PAGE_SIZE < len(found)
        body: dict[str, Any] = {
            "object": "list",
            "total_cards": len(found),
            "has_more": has_more,
            "data": chunk,
        }
        if has_more:
            body["next_page"] = str(request.url.update_query({"page": str(page + 1)}))
        return web.json_response(body)

    def _multilingual(self, query: str) -> list[dict[str, Any]]:
        """The printings (then the English cards) whose printed name has every quoted word of ``query``."""
        words = re.findall(r'"([^"]*)"', query) or query.split()
        return [
            card
            for card in [*self.printings, *self.cards]
            if all(word in _printed_name(card).casefold() for word in words)
        ]

    async def _rulings(self, request: web.Request) -> web.Response:
        card = self._by_id.get(request.match_info["id"])
        if card is None:
            return _not_found("No card found with the given ID.")
        ruling = {
            "object": "ruling",
            "oracle_id": card.get("oracle_id"),
            "source": "wotc",
            "published_at": "2019-10-04",
            "comment": f"A ruling about {card['name']}.",
        }
        return web.json_response({"object": "list", "has_more": False, "data": [ruling]})

    async def _bulk_data(self, request: web.Request) -> web.Response:
        entry = {
            "object": "bulk_data",
            "type": "oracle_cards",
            "updated_at": self.bulk_updated_at,
            "download_uri": f"{self.url}/downloads/oracle-cards.json",
            "content_type": "application/json",
        }
        rulings = {**entry, "type": "rulings", "download_uri": f"{self.url}/downloads/rulings.json"}
        all_cards = {
            **entry,
            "type": "all_cards",
            "download_uri": f"{self.url}/downloads/all-cards.json",
            "updated_at": self.all_cards_updated_at or self.bulk_updated_at,
        }
        return web.json_response({"object": "list", "has_more": False, "data": [rulings, entry, all_cards]})

    async def _download(self, request: web.Request) -> web.Response:
        body = self.bulk_cards_body
        return _json_file(json.dumps(self.bulk_cards).encode() if body is None else body)

    async def _download_rulings(self, request: web.Request) -> web.Response:
        body = self.bulk_rulings_body
        return _json_file(json.dumps(self.bulk_rulings).encode() if body is None else body)

    async def _download_all_cards(self, request: web.Request) -> web.StreamResponse:
        """The printings as one JSON array, written card by card (as a file of several GB would be)."""
        response = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
        await response.prepare(request)
        await response.write(b"[")
        for index, card in enumerate(self.bulk_all_cards):
            await response.write((b",\n" if index else b"\n") + json.dumps(card, ensure_ascii=False).encode())
        await response.write(b"\n]")
        return response

    async def _rules_page(self, request: web.Request) -> web.Response:
        if self.rules_link is None:
            return web.Response(status=404, text="Not Found")
        link = f"{self.url}/rules/files/{self.rules_link}"
        page = f'<html><body><a href="/rules.pdf">PDF</a> <a href="{link}">TXT</a></body></html>'
        return web.Response(text=page, content_type="text/html")

    async def _rules_file(self, request: web.Request) -> web.Response:
        body = self.rules_files.get(request.match_info["name"])
        if body is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=body, content_type="text/plain")


def _printed_name(card: dict[str, Any]) -> str:
    faces = " // ".join(str(face.get("printed_name", "")) for face in card.get("card_faces", []))
    return str(card.get("printed_name") or faces or card["name"])


def _names(card: dict[str, Any]) -> list[str]:
    return [card["name"], *(face["name"] for face in card.get("card_faces", []))]


def _distinct(cards: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[int, dict[str, Any]] = {}
    for card in cards:
        seen.setdefault(id(card), card)
    return list(seen.values())


def _not_found(details: str) -> web.Response:
    return _error(404, "not_found", details)


def _error(status: int, code: str, details: str) -> web.Response:
    return web.json_response(
        {"object": "error", "code": code, "status": status, "details": details}, status=status
    )


async def _misbehaving_body(request: web.Request, fault: Fault) -> web.StreamResponse:
    """A 200 whose body stalls after its first bytes, is ``size`` bytes of JSON, or stops short."""
    length = fault.size if fault.kind == "oversized" else 1000
    response = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
    if fault.kind != "oversized":  # announced: the client may refuse it by its length alone otherwise
        response.content_length = length
    await response.prepare(request)
    await response.write(b'{"object": "card", "name": "')
    if fault.kind == "stall":
        await asyncio.sleep(fault.delay)
    elif fault.kind == "oversized":
        chunk = b"x" * 65536
        for _ in range(length // len(chunk)):
            await response.write(chunk)
    if fault.kind == "truncated" and request.transport is not None:
        request.transport.close()  # the connection ends short of the announced length, as a cut one does
    return response  # "truncated": fewer bytes than announced, then the connection ends


def _json_file(body: bytes) -> web.Response:
    return web.Response(body=body, content_type="application/json")


_NO_CONTENT_TYPE = "X-Fake-No-Content-Type"


def _raw(fault: Fault) -> web.Response:
    """The fault's status and body under its Content-Type header exactly (or none at all)."""
    response = web.Response(status=fault.status, body=fault.body)
    if fault.content_type is None:
        response.headers[_NO_CONTENT_TYPE] = "1"
    else:
        response.headers["Content-Type"] = fault.content_type
    return response


async def _without_content_type(request: web.Request, response: web.StreamResponse) -> None:
    """Drop the Content-Type aiohttp adds by itself from a reply that must have none."""
    if response.headers.pop(_NO_CONTENT_TYPE, None) is not None:
        response.headers.popall("Content-Type", None)


async def _dripped(request: web.Request, seconds: float) -> web.StreamResponse:
    """A 200 whose JSON body arrives a byte every 0.1 s for ``seconds``: never silent, never done."""
    response = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
    await response.prepare(request)
    await response.write(b"[")
    ends_at = time.monotonic() + seconds
    while time.monotonic() < ends_at:
        await asyncio.sleep(0.1)
        await response.write(b" ")
    await response.write(b"]")
    return response
