"""The open part of a game: the fields a state and a seat's view hold alike.

A game declares what lies open on the table once, as its ``Table``: the attrs base
(``slots=False``) of both its `State` and its `View`. A view shows those fields as
the state holds them, and `determinize` takes them back as they are. The view's
own fields (the seat, its hand, counts of what it cannot see) are slots, so the
view's ``__dict__`` holds the table's fields and nothing else; `table_reader`
checks that layout once, when the game is imported, and `determinize` passes the
table on in one step::

    _table = table_reader(View, Table)
    State(rng=rng, hands=..., **_table(view))

The state is still made by its own ``__init__``, so its fields, their order, the
repr, documents and pickles are those of a keyword-by-keyword call; reading the
dict costs next to nothing (reading the fields one by one, ``attrgetter`` into a
new dict, made ``determinize`` 4% slower).

`view_of` goes the other way, from a state whose hidden fields share its
``__dict__``, on every step of a simulation, where any copy of a dict shows (a
generic ``View(**open_fields(state), ...)`` cost 18-22% more instructions a view).
So the view's own fields are declared in a second base, ``Seen`` (slots), and
`view_maker` writes once, when the game is imported, the function a game would
write by hand, as attrs writes a class's ``__init__``::

    class View(Seen, Table): ...
    _make = view_maker(State, View, Table, Seen)
    # def make_view(s, player, hand):
    #     return View(player, s.players, s.to_act, ..., hand)

and `view_of` says only what the seat sees apart from the table:
``_make(s, player=player, hand=s.hands[player] ...)``. mypy checks each call
against ``Seen``'s ``__init__``, whose fields are the only ones passed.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from typing import Any
from typing import Concatenate
from typing import ParamSpec
from typing import TypeVar
from typing import cast

import attrs

__all__ = ["table_reader", "view_maker"]

P = ParamSpec("P")
S = TypeVar("S")
V = TypeVar("V")


def table_reader(view: type, table: type) -> Callable[[object], dict[str, Any]]:
    """The function that gives a `view`'s `table` fields (its ``__dict__``), to be
    unpacked into a call and never changed.

    TypeError, when the game is imported, unless `view` is an attrs subclass of the
    attrs class `table`, keeps every field of its own in slots and every field of
    `table` in its ``__dict__``: then the dict holds exactly the table.
    """
    _check_subclass(view, table)
    slots: set[str] = set()
    for cls in view.__mro__:
        names = vars(cls).get("__slots__", ())
        slots.update((names,) if isinstance(names, str) else names)
    shared = {f.name for f in attrs.fields(table)}
    own = {f.name for f in attrs.fields(view)} - shared
    if not own <= slots or shared & slots:
        raise TypeError(
            f"{view.__qualname__} must keep its own fields in slots and those of "
            f"{table.__qualname__} in its __dict__ (attrs slots=True over a slots=False base)"
        )
    return vars


def view_maker(
    state: type[S], view: type[V], table: type, seen: Callable[P, object]
) -> Callable[Concatenate[S, P], V]:
    """The function that makes a `view` of a `state`: every `table` field copied from
    the state as it is, every `seen` field given, as `seen`'s ``__init__`` takes it.

    Generated and compiled once: its body is the ``View(...)`` call a game would
    write, with the fields in the view's order. TypeError, when the game is
    imported, unless `state` and `view` are attrs subclasses of `table`, `view` one
    of `seen`, and every field of `view` is one of `table`'s or `seen`'s (none
    with a default in `seen`: the call names them all).
    """
    _check_subclass(state, table)
    _check_subclass(view, table)
    seen_class = cast(type, seen)  # typed by its __init__, for the calls' parameters
    _check_subclass(view, seen_class)
    cls: type = view  # attrs.fields takes a plain class; the checks above made it one
    shared = {f.name for f in attrs.fields(table)}
    given = [f for f in attrs.fields(seen_class) if f.init]
    fields = [f for f in attrs.fields(cls) if f.init]
    names = {f.name for f in given} | shared
    where = f"view_maker({view.__qualname__})"
    stray = [f.name for f in fields if f.name not in names]
    if stray:
        raise TypeError(
            f"{where}: the fields {stray} are neither in {table.__qualname__} nor in "
            f"{seen_class.__qualname__}, so no state gives them and no caller passes them"
        )
    if (
        any(f.default is not attrs.NOTHING for f in given)
        or shared & {f.name for f in given}
        or "s" in {f.alias for f in given}
    ):
        raise TypeError(
            f"{where}: {seen_class.__qualname__}'s fields must have no default, none may "
            f"be a field of {table.__qualname__} and none be named s (the state)"
        )
    # its parameters are seen's __init__'s (mypy checks calls against that); the view
    # is called positionally as far as its __init__ allows (cheaper than keywords),
    # in its own order, then with its keyword-only fields by name
    params = [f.alias for f in given if not f.kw_only]
    if any(f.kw_only for f in given):
        params += ["*", *(f.alias for f in given if f.kw_only)]
    values = {f.alias: f"s.{f.name}" if f.name in shared else f.alias for f in fields}
    args = [values[f.alias] for f in fields if not f.kw_only]
    args += [f"{f.alias}={values[f.alias]}" for f in fields if f.kw_only]
    name = "make_" + view.__name__.lower()
    filename = f"<meeple view_maker {view.__module__}.{view.__qualname__}>"
    source = f"def {name}(s, {', '.join(params)}):\n    return View({', '.join(args)})\n"
    namespace: dict[str, Any] = {"View": view}
    exec(compile(source, filename, "exec"), namespace)
    # as attrs does for its methods: tracebacks and inspect show the generated source
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    made: Callable[Concatenate[S, P], V] = namespace[name]
    made.__module__ = view.__module__
    made.__qualname__ = name
    made.__doc__ = (
        f"A {view.__qualname__} of a {state.__qualname__} `s`: its {table.__qualname__} "
        f"as it is, the {seen_class.__qualname__} fields ({', '.join(params)}) as given "
        "(written by `meeple.core.table.view_maker`)."
    )
    return made


def _check_subclass(view: type, table: type) -> None:
    if not (attrs.has(view) and attrs.has(table) and issubclass(view, table)):
        raise TypeError(f"{view.__qualname__} must be an attrs subclass of {table.__qualname__}")
