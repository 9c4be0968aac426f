"""The conformance check of who a view says may act: nothing false, nothing secret.

`state.to_act` is the truth: every seat that may act now. A game may ask a seat in
secret (Wypas offers a special card, at any moment, to a seat that holds one it
could play), so a view need not show every seat of `to_act`; but what it shows is
held to this:

- the seats a view shows acting are all to act;
- a seat's view shows that seat exactly when it is to act (so it knows it may act);
- the spectator's view shows what the whole table sees: every seat's view shows
  those seats too, and nothing more but the seat itself (another seat's secret turn
  is not shown to anybody else);
- the table sees someone to act until the game is over.

Together with the kit's re-dealing check (a view is unchanged by re-dealing what
its seat cannot see), a secret turn leaks through no view.
"""

from __future__ import annotations

from .where import Where
from .where import expect

__all__ = ["check_view_to_act"]


def check_view_to_act(
    seen: frozenset[int],
    p: int | None,
    to_act: frozenset[int],
    public: frozenset[int],
    where: Where,
) -> None:
    """What a view says about who may act: nothing false and nothing secret.

    `to_act` is the truth; a seat may be asked in secret (Wypas offers a special card
    to a seat that holds one), so a view shows the seats the whole table sees acting
    (`public`, the spectator's) and, besides, only its own seat, exactly when that
    seat is to act. Someone is seen to act until the game is over."""
    who = f"view({p}).to_act {sorted(seen)}"
    expect(
        isinstance(seen, frozenset) and seen <= to_act,
        where,
        f"{who} names a seat that is not to act (to_act is {sorted(to_act)})",
    )
    if p is None:
        expect(
            bool(seen) == bool(to_act),
            where,
            f"{who}: the table must see someone to act until the game is over",
        )
        return
    expect(
        (p in seen) == (p in to_act),
        where,
        f"{who} must show seat {p} exactly when it is to act (to_act is {sorted(to_act)})",
    )
    expect(
        public <= seen,
        where,
        f"{who} hides a seat the spectator sees acting ({sorted(public)})",
    )
    expect(
        seen <= public | {p},
        where,
        f"{who} shows another seat's secret turn (the spectator sees {sorted(public)})",
    )
