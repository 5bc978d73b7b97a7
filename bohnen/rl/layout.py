"""The layout of an observation vector: named fields, each a run of floats at a fixed
offset with its bounds, so that an encoding is documented, bounded and tested field by
field from one table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Observation = npt.NDArray[np.float32]  # the same as bohnen.rl.encoding's


@dataclass(frozen=True, slots=True)
class Field:
    """A run of ``size`` floats at ``offset``, each within ``low`` .. ``high``;
    ``private``: what only the seat itself knows (its hand, its own draft), as opposed
    to what every seat sees (OpenSpiel's public and private observations)."""

    name: str
    offset: int
    size: int
    low: float
    high: float
    meaning: str
    private: bool = False

    @property
    def stop(self) -> int:
        return self.offset + self.size

    @property
    def slice(self) -> slice:
        return slice(self.offset, self.stop)


class Layout:
    """Fields laid end to end in the order given: ``(name, size, low, high, meaning)``,
    or ``(name, size, low, high, meaning, private)`` for a field only the seat knows."""

    def __init__(self, fields: Sequence[tuple[str, int, float, float, str]
                                        | tuple[str, int, float, float, str, bool]]) -> None:
        offset = 0
        built: list[Field] = []
        for name, size, low, high, meaning, *private in fields:
            own = bool(private and private[0])
            built.append(Field(name, offset, size, low, high, meaning, own))
            offset += size
        self.fields: tuple[Field, ...] = tuple(built)
        self.size = offset
        self._by_name = {f.name: f for f in built}
        if len(self._by_name) != len(built):
            raise ValueError("two fields of a layout have the same name")

    def __getitem__(self, name: str) -> Field:
        return self._by_name[name]

    def offset(self, name: str) -> int:
        return self._by_name[name].offset

    def bounds(self) -> tuple[Observation, Observation]:
        """The lowest and highest value of every float (float32 arrays)."""
        low = np.empty(self.size, np.float32)
        high = np.empty(self.size, np.float32)
        for f in self.fields:
            low[f.slice] = f.low
            high[f.slice] = f.high
        return low, high

    def table(self) -> str:
        """The layout as a Markdown table (offset, size, bounds, meaning)."""
        lines = ["| field | offset | size | range | meaning |", "| --- | --- | --- | --- | --- |"]
        for f in self.fields:
            lines.append(f"| `{f.name}` | {f.offset} | {f.size} | {_num(f.low)} .. "
                         f"{_num(f.high)} | {f.meaning} |")
        return "\n".join(lines)


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
