"""Where a batch of bot games runs: the ``--workers``, ``--backend`` and
``--ray-address`` flags `meeple simulate` and `meeple analyze` share, declared,
checked and carried together (the batch functions take them as three keywords)."""

from __future__ import annotations

from typing import Annotated

import attrs
import typer

from ..core.errors import InvalidOptionsError
from ..core.extras import has_extra
from ..core.extras import install_hint
from ..sim.batch import Backend
from ..sim.batch import backend_named

__all__ = ["BackendArg", "RayAddressArg", "RunOn", "WorkersArg"]

WorkersArg = Annotated[int | None, typer.Option(metavar="N", help="processes (default: all cores)")]
BackendArg = Annotated[str, typer.Option(metavar="BACKEND", help="local or ray")]
RayAddressArg = Annotated[str | None, typer.Option(metavar="ADDRESS", help="Ray cluster address")]


@attrs.frozen
class RunOn:
    """The three flags as one value, the backend's name already checked."""

    backend: Backend
    workers: int | None
    ray_address: str | None

    @classmethod
    def from_flags(cls, backend: str, workers: int | None, ray_address: str | None) -> RunOn:
        """The flags as given; an unknown backend (InvalidOptionsError names the two
        there are), the ray backend without the ray extra, or fewer than one worker is
        refused here, before any game is played."""
        if workers is not None and workers < 1:
            raise InvalidOptionsError(f"--workers must be at least 1, not {workers}")
        named = backend_named(backend)
        if named == "ray" and not has_extra("ray"):
            raise InvalidOptionsError(f"the ray backend needs the ray extra: {install_hint('ray')}")
        return cls(named, workers, ray_address)
