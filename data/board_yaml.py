"""Reading a board's YAML (or JSON) into a node tree the board reader walks, refusing whatever would make
building or reading it fail or mislead: deep nesting, tags beyond plain YAML, an anchor holding its own
alias, scalars no Python value can hold (a 5,000-digit number, 2020-13-45), a key given twice, and aliases
standing for too many values. Every refusal is a :class:`BoardFormatError` naming its line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import yaml

from data.board_format import MAX_DEPTH, MAX_NODES, MAX_STRING, BoardFormatError
from data.excerpts import excerpt
from engine import msg

# A string: PyYAML without libyaml has no CSafeLoader to name at run time.
_Loader: TypeAlias = "type[yaml.SafeLoader] | type[yaml.CSafeLoader]"
FAST_LOADER: _Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The loader tried first: libyaml's when the installed PyYAML has it."""

_YAML_TAG = "tag:yaml.org,2002:"
_STR = _YAML_TAG + "str"
_CONSTRUCTED = frozenset(_YAML_TAG + tag for tag in ("null", "bool", "int", "float", "binary", "timestamp"))
_TOO_LONG = 10**MAX_STRING  # no number or text of a board has as many digits (Python won't print 4,300)
_NO_KEY = object()  # what a collection, or a merge key, is as a key: nothing to compare
_RESOLVER = yaml.resolver.Resolver()  # implicit tags only: a board sets no path resolvers


def compose_board(text: str) -> yaml.Node | None:
    """The board's node tree (its first YAML document; None for an empty text), every check above passed."""
    try:
        root = _compose(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise BoardFormatError(
            msg(
                "not valid YAML or JSON: {problem}",
                problem=excerpt(str(getattr(error, "problem", error)), 80),
            ),
            mark.line + 1 if mark else None,
        ) from None
    if root is not None and _expanded_size(root, {}) > MAX_NODES:
        # Aliases repeat what they name: a few lines could stand for millions of values (a "YAML bomb").
        raise BoardFormatError(
            msg(
                "the board stands for too many values with its aliases (at most {limit})",
                limit=format(MAX_NODES, ","),
            )
        )
    return root


def _compose(text: str) -> yaml.Node | None:
    """The node tree, read by libyaml when the installed PyYAML has it (twenty times faster than the pure
    reader). A board libyaml refuses in any way is read again by the pure reader, which raises the error
    (its wording and its line) the board always got."""
    if FAST_LOADER is not yaml.SafeLoader:
        try:
            return _first_document(text, FAST_LOADER)
        except (yaml.YAMLError, UnicodeError, BoardFormatError):
            pass  # the pure reader below says what is wrong
    return _first_document(text, yaml.SafeLoader)


def _first_document(text: str, loader: _Loader) -> yaml.Node | None:
    check = _ShapeCheck()
    for event in yaml.parse(text, Loader=loader):
        check.see(event)
    # The board is the first YAML document; later ones (a scenario's expected answer) aren't read.
    return next(yaml.compose_all(text, Loader=loader), None)


@dataclass
class _Collection:
    """An open sequence or mapping: its anchor, and for a mapping of the first document the keys given so
    far (each with its line) and whether the next node is a key."""

    anchor: str | None
    keys: dict[Any, int] | None
    expecting_key: bool = True


@dataclass
class _ShapeCheck:
    """Checks the parser's events before any node is built (building recurses and constructs values).

    In every document: nesting at most :data:`MAX_DEPTH` deep, no tag but plain YAML's (``!!python/…``
    and the like: a board is data, never objects). In the first one, the board: no alias inside the
    value of its own anchor (a value containing itself), every scalar a valid value of its tag (a number,
    a date, true or false …), no key given twice in a mapping (YAML would keep the last one silently).
    """

    open: list[_Collection] = field(default_factory=list)
    anchored: dict[str, Any] = field(default_factory=dict)  # anchored scalars: their values, as keys
    documents: int = 0
    constructor: yaml.constructor.SafeConstructor = field(default_factory=yaml.constructor.SafeConstructor)

    def see(self, event: yaml.Event) -> None:
        """Check one event, in the order the parser gives them."""
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and tag not in yaml.SafeLoader.yaml_constructors:
            raise BoardFormatError(
                msg("the tag {tag} isn't allowed: a board is plain YAML or JSON", tag=excerpt(tag)),
                _mark_line(event),
            )
        if isinstance(event, yaml.NodeEvent):
            if self.documents == 1:
                self.node(event)
            if isinstance(event, yaml.CollectionStartEvent):
                self.start(event)
        elif isinstance(event, yaml.CollectionEndEvent):
            self.open.pop()
        elif isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1

    def start(self, event: yaml.CollectionStartEvent) -> None:
        """A sequence or mapping opens, at most :data:`MAX_DEPTH` deep."""
        if len(self.open) >= MAX_DEPTH:
            raise BoardFormatError(
                msg("the board nests deeper than {limit} levels", limit=MAX_DEPTH), _mark_line(event)
            )
        mapping = isinstance(event, yaml.MappingStartEvent) and self.documents == 1
        self.open.append(_Collection(event.anchor, {} if mapping else None))

    def node(self, event: yaml.NodeEvent) -> None:
        """A scalar, an alias or the start of a collection, in the first document."""
        line = _mark_line(event)
        value: Any = _NO_KEY
        if isinstance(event, yaml.AliasEvent):
            if any(event.anchor == collection.anchor for collection in self.open):
                inside = msg(
                    "the alias {alias} is inside the value of its own anchor", alias="*" + str(event.anchor)
                )
                raise BoardFormatError(inside, line)
            value = self.anchored.get(event.anchor or "", _NO_KEY)
        elif isinstance(event, yaml.ScalarEvent):
            value = self.scalar(event, line)
            if event.anchor is not None:
                self.anchored[event.anchor] = value
        parent = self.open[-1] if self.open else None
        if parent is not None and parent.keys is not None:
            if parent.expecting_key and value is not _NO_KEY:
                _new_key(parent.keys, value, line)
            parent.expecting_key = not parent.expecting_key

    def scalar(self, event: yaml.ScalarEvent, line: int | None) -> Any:
        """The value ``event`` stands for, refused when its tag can't hold its text (``!!bool maybe``, a
        number of more than 200 digits, 2020-13-45)."""
        tag = event.tag
        if tag in (None, "!"):
            tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
        if tag == _STR:
            return event.value
        if tag not in _CONSTRUCTED:  # a merge key (<<), or a collection's tag (building the node refuses it)
            return _NO_KEY
        try:
            value = self.constructor.construct_object(yaml.ScalarNode(tag, event.value))
        except (yaml.YAMLError, ValueError, KeyError, AttributeError):  # what PyYAML's constructors raise
            raise _unreadable(event, tag, line) from None
        if type(value) is int and abs(value) >= _TOO_LONG:  # 0x, 0b and 1:59:59… ints have no digit limit
            raise _unreadable(event, tag, line)
        return value


def _unreadable(event: yaml.ScalarEvent, tag: str, line: int | None) -> BoardFormatError:
    return BoardFormatError(
        msg(
            "{value} can't be read as {tag}; quote it to make it a text",
            value=excerpt(event.value),
            tag=tag.replace(_YAML_TAG, "!!"),
        ),
        line,
    )


def _new_key(keys: dict[Any, int], key: Any, line: int | None) -> None:
    """Refuse ``key`` if its mapping already has it; the reader compares keys as texts too (1 and "1")."""
    for same in (key, str(key)):
        if same in keys:
            repeated = msg(
                "the key {key} is given twice in one mapping (first on line {line})",
                key=excerpt(str(key)),
                line=keys[same],
            )
            raise BoardFormatError(repeated, line)
    keys[key] = keys[str(key)] = line or 0


def _mark_line(event: yaml.Event) -> int | None:
    return event.start_mark.line + 1 if event.start_mark is not None else None


def _expanded_size(node: yaml.Node, sizes: dict[int, int]) -> int:
    """How many values ``node`` stands for with every alias expanded; ``sizes`` remembers each node's, so
    this is linear in the nodes written (the depth is already bounded and no node contains itself, so
    recursing is safe)."""
    if id(node) not in sizes:
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        sizes[id(node)] = 1 + sum(_expanded_size(child, sizes) for child in children)
    return sizes[id(node)]


def line_of(node: yaml.Node | None) -> int | None:
    """The line ``node`` starts on (from 1), when there is one."""
    return node.start_mark.line + 1 if node is not None else None


def plain(node: yaml.Node) -> Any:
    """``node`` as Python values (lists, dicts, texts, numbers …)."""
    try:
        return yaml.SafeLoader("").construct_object(node, deep=True)
    except yaml.YAMLError as error:  # an unhashable key ({[a]: b}) or a value its tag doesn't fit
        problem = excerpt(str(getattr(error, "problem", None) or error), 80)
        raise BoardFormatError(msg("not a plain value: {problem}", problem=problem), line_of(node)) from None


def pairs(node: yaml.MappingNode) -> Iterator[tuple[str, yaml.Node]]:
    """A mapping's keys (as texts) with their value nodes, in file order."""
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode):
            raise BoardFormatError(msg("a key must be a plain text, not a list or a mapping"), line_of(key))
        yield str(plain(key)), value
