"""Count the uses of ``typing.Any`` in the package, per layer and in all.

Run: ``python scripts/count_any.py [--files]``. A use is the name ``Any`` in code (an
annotation, a cast, a type alias), found with the ``ast`` module, so that comments and
docstrings do not count. ``docs/architecture.md`` quotes the figures.
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "bohnen"


def uses(path: Path) -> int:
    """The ``Any`` names in the code of ``path`` (its import of ``Any`` not counted)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(1 for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "Any")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="list every file's count")
    args = parser.parse_args()
    per_layer: Counter[str] = Counter()
    per_file: dict[str, int] = {}
    for path in sorted(ROOT.rglob("*.py")):
        count = uses(path)
        relative = path.relative_to(ROOT.parent)
        per_file[str(relative)] = count
        per_layer[relative.parts[1] if len(relative.parts) > 2 else "bohnen"] += count
    if args.files:
        for name, count in sorted(per_file.items(), key=lambda item: -item[1]):
            if count:
                print(f"{count:5} {name}")
    for layer, count in sorted(per_layer.items()):
        print(f"{layer:10} {count:5}")
    print(f"{'all':10} {sum(per_layer.values()):5}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
