"""Bohnanza's drafts as values (bohnen/rl/bohnanza_draft.py: frozen dataclasses with their
constructor written out, so that the compiled build compiles it) and the vector's blocks
written item by item (bohnen/rl/bohnanza_vector.py's ``block``): alike in both builds."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

np = pytest.importorskip("numpy", reason="the rl encodings need numpy")

from bohnen.rl import bohnanza_vector  # noqa: E402
from bohnen.rl.bohnanza_draft import Context, Draft  # noqa: E402

CTX = Context(1, 4, ((2, "1: pass"),), True, (0, 2), ((0, 7, 3),),
              ((1, (((2,), "1: accept 4 give h0"),)),), 5, 0, 2, True)


def test_a_draft_is_a_frozen_value_equal_by_its_fields() -> None:
    draft = Draft(CTX, "propose", 2, (0, 3), 1, (4,), 0, 1)
    again = Draft(Context(*dataclasses.astuple(CTX)), kind="propose", target=2, gives=(0, 3),
                  give_talers=1, wants=(4,), cancels=1)
    assert draft == again and hash(draft) == hash(again) and draft is not again
    assert draft != Draft(CTX) and Draft(CTX) == Draft(CTX, "root", -1, (), 0, (), 0, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        draft.kind = "root"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        CTX.seat = 2  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(Draft)] == [
        "ctx", "kind", "target", "gives", "give_talers", "wants", "want_talers", "cancels"]


def test_replace_and_repr_are_those_of_a_dataclass() -> None:
    draft = Draft(CTX, "counter", 0)
    other = dataclasses.replace(draft, wants=(1, 1), cancels=1)
    assert (other.kind, other.target, other.wants, other.cancels, other.ctx) == (
        "counter", 0, (1, 1), 1, CTX)
    assert repr(Draft(CTX)).startswith("Draft(ctx=Context(seat=1, players=4, simple=")
    assert repr(Draft(CTX)).endswith(
        "kind='root', target=-1, gives=(), give_talers=0, wants=(), want_talers=0, cancels=0)")


def test_drafts_and_contexts_pickle_by_their_fields() -> None:
    draft = Draft(CTX, "accept", 1, (2,), cancels=1)
    copy = pickle.loads(pickle.dumps(draft))
    assert copy == draft and copy.ctx == CTX and type(copy.ctx) is Context


def test_a_block_skips_its_zeros_but_keeps_a_negative_zero() -> None:
    out = bohnanza_vector.block(6, [0, 1, 2, 3, 5], [0.0, -0.0, 0.5, 1, 0])
    assert out.dtype == np.float32 and out.tolist() == [0.0, 0.0, 0.5, 1.0, 0.0, 0.0]
    assert np.signbit(out).tolist() == [False, True, False, False, False, False]
    with pytest.raises(ValueError):
        bohnanza_vector.block(4, [0, 1], [1.0])  # places and values of unequal lengths
