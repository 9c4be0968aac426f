"""A game's modules, handed to the core, which wires their conventional functions as hooks.

Every game names its modules and their functions the same way (the game skeleton:
``setup.start``, ``legal.legal_actions``, ``transitions.successor``, ...), so the
lines that hand them to `GameBase` would be the same two dozen lines in every game.
Instead a game hands the core its modules, and the core wires them::

    RULES = Skeleton(actions, setup, legal, transitions, scoring, view, explain, invariants, render)

    class Goofspiel(GameBase[State, Bid, View], skeleton=RULES):
        spec = SPEC
        ...

Checked twice. Statically: each field is typed by a protocol naming the functions its
module must have and their types (`Setup`, `Legal`, ... here; a capability's own
protocol from `meeple.core.capabilities`), so ``mypy --strict`` takes a module for it
only when the module has them, infers ``Skeleton[State, Action, View]`` from the
modules, and refuses a module whose function is missing or whose types disagree with
the others' (no two protocols ask for the same function, so a module in the wrong
place fails too). At class creation: `GameBase.__init_subclass__` sets each hook and
capability method the class body does not define to ``staticmethod(module.function)``,
as a hand-written line would (so the state class binds the plain function: the hot
path's fast case), following one table, `WIRING`; a module lacking its function is
refused there, naming the class, the module and the function.

What the class body defines wins: Wypas parses actions through its shared tables
(``_parse_action = staticmethod(tables.parse_action)``), and the optional hooks a few
games fill (``_seen_to_act``, ``_out_of_turn``) stay one explicit line each. A game
that wires every hook by hand, without ``skeleton=``, works as before.

Capability modules (`Skeleton.offering`) fill only methods the class declares, so that
a type checker sees on a game's class what the game offers: `EncodingBase` declares
``encoding``'s hooks, `FullGameBase` every capability method (the four built-in games
offer them all). A game offering a few writes each in its class, one line each.
"""

from __future__ import annotations

from typing import Any
from typing import Final
from typing import Generic
from typing import Protocol
from typing import TypeVar

import attrs

from .capabilities import Encodable
from .capabilities import EncodesStates
from .capabilities import HasElements
from .capabilities import HasHeuristic
from .capabilities import HasHtml
from .capabilities import HasLegend
from .capabilities import HasPublicNotation
from .capabilities import HasStatistics
from .capabilities import HasStyledText
from .outcome import Outcome

__all__ = [
    "WIRING",
    "Actions",
    "Explain",
    "Invariants",
    "Legal",
    "Render",
    "Scoring",
    "Setup",
    "Skeleton",
    "Transitions",
    "Views",
    "declares",
    "missing",
    "wire",
]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)

# One protocol a rule module, with `GameBase`'s hook types. Parameters are
# positional-only, as the hooks' are: a module's own parameter names are its business.


class Actions(Protocol[A_co]):
    """``actions``: the parser beside the action classes' printers."""

    def parse_action(self, text: str, /) -> A_co:
        """The action written as `text` (MalformedActionError)."""
        ...


class Setup(Protocol[S_co]):
    """``setup``: a fresh state."""

    def start(self, players: int, seed: int, options: Any, /) -> S_co:
        """The opening position (players and options already checked)."""
        ...


class Legal(Protocol[S_contra, A_co]):
    """``legal``: what may be done now."""

    def legal_actions(self, state: S_contra, player: int, /) -> tuple[A_co, ...]:
        """`player`'s legal actions (`player` is to act)."""
        ...


class Transitions(Protocol[S, A_contra]):
    """``transitions``: what a legal action does, chance included."""

    def successor(self, state: S, action: A_contra, player: int, /) -> S:
        """The state after a legal action."""
        ...


class Scoring(Protocol[S_contra]):
    """``scoring``: scores, ranks, winners and details."""

    def outcome(self, state: S_contra, /) -> Outcome:
        """The outcome (provisional before the end: public facts only)."""
        ...


class Views(Protocol[S, V]):
    """``view``: what a seat may see, and a full state from a view."""

    def view_of(self, state: S, player: int | None, /) -> V:
        """What `player` (None: a spectator) may see."""
        ...

    def determinize(self, view: V, seed: int, /) -> S:
        """A full state consistent with `view`."""
        ...


class Explain(Protocol[S_contra, V_contra]):
    """``explain``: refusal reasons and the one-line prompt."""

    def refusal(self, state: S_contra, action: Any, player: int, /) -> str:
        """Why `action` is not legal for `player` (a rule's reason)."""
        ...

    def prompt(self, view: V_contra, /) -> str:
        """What ``view.player`` decides now, from that view."""
        ...


class Invariants(Protocol[S_contra, V_contra]):
    """``invariants``: what every loaded state and view must satisfy."""

    def validate(self, state: S_contra, /) -> None:
        """ValueError naming the broken invariant of a state."""
        ...

    def validate_view(self, view: V_contra, /) -> None:
        """ValueError naming the broken invariant (or an unbounded number) of a view."""
        ...


class Render(Protocol[V_contra]):
    """``render``: the text picture of a view."""

    def render(self, view: V_contra, /) -> str:
        """A plain-text picture of `view`."""
        ...


@attrs.frozen
class Skeleton(Generic[S, A, V]):
    """A game's modules, one a job, for `GameBase` to wire (``skeleton=`` in the class
    statement): the nine rule modules, then any capability modules (by `offering`)."""

    actions: Actions[A]
    setup: Setup[S]
    legal: Legal[S, A]
    transitions: Transitions[S, A]
    scoring: Scoring[S]
    view: Views[S, V]
    explain: Explain[S, V]
    invariants: Invariants[S, V]
    render: Render[V]
    # The capabilities (a field a `CAPABILITIES` name), each the module offering it.
    encoding: Encodable[A, V] | None = attrs.field(default=None, kw_only=True)
    state_encoding: EncodesStates[S] | None = attrs.field(default=None, kw_only=True)
    html: HasHtml[V] | None = attrs.field(default=None, kw_only=True)
    elements: HasElements[V] | None = attrs.field(default=None, kw_only=True)
    statistics: HasStatistics[S] | None = attrs.field(default=None, kw_only=True)
    public: HasPublicNotation[A] | None = attrs.field(default=None, kw_only=True)
    heuristic: HasHeuristic[S] | None = attrs.field(default=None, kw_only=True)
    styled: HasStyledText[V] | None = attrs.field(default=None, kw_only=True)
    legend: HasLegend[V] | None = attrs.field(default=None, kw_only=True)

    def offering(
        self,
        encoding: Encodable[A, V] | None = None,
        state_encoding: EncodesStates[S] | None = None,
        html: HasHtml[V] | None = None,
        elements: HasElements[V] | None = None,
        statistics: HasStatistics[S] | None = None,
        public: HasPublicNotation[A] | None = None,
        heuristic: HasHeuristic[S] | None = None,
        *,
        styled: HasStyledText[V] | None = None,
        legend: HasLegend[V] | None = None,
    ) -> Skeleton[S, A, V]:
        """These rules offering these capabilities (and no others), each module checked
        against the rules' types; `styled` and `legend` are usually ``render`` again."""
        return attrs.evolve(
            self,
            encoding=encoding,
            state_encoding=state_encoding,
            html=html,
            elements=elements,
            statistics=statistics,
            public=public,
            heuristic=heuristic,
            styled=styled,
            legend=legend,
        )


WIRING: Final[tuple[tuple[str, str, str], ...]] = (
    # (the Game's hook or capability method, the Skeleton field, the module's function)
    ("_parse_action", "actions", "parse_action"),
    ("_start", "setup", "start"),
    ("_legal_actions", "legal", "legal_actions"),
    ("_successor", "transitions", "successor"),
    ("_outcome", "scoring", "outcome"),
    ("_view", "view", "view_of"),
    ("_determinize", "view", "determinize"),
    ("_refusal", "explain", "refusal"),
    ("_prompt", "explain", "prompt"),
    ("_validate", "invariants", "validate"),
    ("_validate_view", "invariants", "validate_view"),
    ("_render", "render", "render"),
    ("_vocabulary", "encoding", "action_vocabulary"),  # EncodingBase's three hooks
    ("_observation_size", "encoding", "observation_size"),
    ("_encode_view", "encoding", "encode_view"),
    ("encode_state", "state_encoding", "encode_state"),
    ("render_html", "html", "render_html"),
    ("elements", "elements", "elements"),
    ("element_actions", "elements", "element_actions"),
    ("statistics", "statistics", "statistics"),
    ("public_notation", "public", "public_notation"),
    ("heuristic", "heuristic", "heuristic"),
    ("render_styled", "styled", "render_styled"),
    ("legend", "legend", "legend"),
)
"""Every hook and capability method the core wires from a `Skeleton`, in one place.
Each must be one the class declares: a hook of `GameBase` (or of `EncodingBase`, for
the encoding's three), a capability method of `FullGameBase` (see `declares`)."""


def wire(cls: type[Any], skeleton: Skeleton[Any, Any, Any]) -> None:
    """Set each of `WIRING`'s names that the body of `cls` does not define from
    `skeleton`'s modules, as ``staticmethod(module.function)``.

    TypeError, naming the class, the module and the function, if a module lacks its
    function, or if `cls` does not declare the name (a hook of `GameBase` or
    `EncodingBase`, a capability method of `FullGameBase`): what a type checker
    sees on the class is then what the class has."""
    for name, field, function in WIRING:
        module = getattr(skeleton, field)
        if module is None or name in vars(cls):
            continue
        where = f"{cls.__name__}: the {field} module {_name(module)}"
        found = getattr(module, function, None)
        if not callable(found):
            raise TypeError(f"{where} has no function {function}(), which {name} needs")
        if not declares(cls, name):
            raise TypeError(
                f"{where} fills {name}, which {cls.__name__} does not declare{_hint(field, name)}"
            )
        setattr(cls, name, staticmethod(found))


def declares(cls: type[Any], name: str) -> bool:
    """Whether `cls` has `name`, or declares it (an annotation of it or of a base)."""
    return hasattr(cls, name) or any(
        name in vars(k).get("__annotations__", {}) for k in cls.__mro__
    )


def missing(cls: type[Any]) -> list[tuple[str, str]]:
    """The capability methods `cls` declares but lacks, each with its skeleton field."""
    return [
        (name, field)
        for name, field, _ in WIRING
        if not name.startswith("_") and declares(cls, name) and not hasattr(cls, name)
    ]


def _hint(field: str, name: str) -> str:
    """How to declare `name`, for the error that it is not declared."""
    if field == "encoding":
        return " (mix in EncodingBase)"
    return f" (inherit FullGameBase, or write {name} = staticmethod(...) in the class)"


def _name(module: object) -> str:
    """A module's name for an error message (anything else: its repr, shortened)."""
    name = getattr(module, "__name__", None)
    return name if isinstance(name, str) else f"{module!r:.60}"
