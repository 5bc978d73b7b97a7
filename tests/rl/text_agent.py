"""A scripted text agent for the tests (no network): it reads only the observation's
text, picks one of the answers listed there, and now and then sends nonsense or an
action the game refuses, to see the feedback and the retry."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

LISTS = ("Your legal actions", "Trade proposals")
NONSENSE = ("fly to the moon", "", "0: pass", "take 99", "plant 7")


def listed(observation: str) -> list[str]:
    """The answers the observation lists (its indented lines under the lists' heads)."""
    answers: list[str] = []
    inside = False
    for line in observation.splitlines():
        if line.startswith(LISTS):
            inside = True
        elif inside and line.startswith("  "):
            text = line.strip()
            if not text.startswith("…"):
                answers.append(text.split("   (")[0])
        elif inside:
            inside = False
    return answers


@dataclass
class ScriptedAgent:
    """Answers one of the listed actions; with probability ``mischief`` a wrong one."""

    seed: int
    mischief: float = 0.05
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def answer(self, observation: str) -> str:
        if self.rng.random() < self.mischief:
            return self.rng.choice(NONSENSE)
        answers = listed(observation)
        assert answers, observation
        return self.rng.choice(answers)
