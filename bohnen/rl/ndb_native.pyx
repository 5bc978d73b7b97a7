# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The native writer of Nicht die Bohne!'s vector (:mod:`bohnen.rl.ndb_vector`), built
with Cython by the compiled build only (``BOHNEN_MYPYC=1``); ``ndb_native.py``, the
module of the same name that the pure build and ``BOHNEN_PURE=1`` import, has none.

:class:`Writer` writes the vector of what a seat sees (any value with the fields of
``ndb_vector.Seen``) straight into a new float32 array, field by field, with no store:
each float is C's conversion of the double that the pure writer packs (a count, or a
whole number over its scale), so that both write the same vector, float for float.

A value of the accessor's own type (a named tuple of ``Seen``'s fields in order, and its
rows' ``(cards, score)``) is read by position, any other by its attributes; a card code's
kind is kept by the code's address in a small table that holds a reference to each code
it keeps (no address is reused while it is kept).
"""

cimport numpy as cnp
from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject
from libc.string cimport memset

cnp.import_array()

NATIVE = True
cdef enum:
    SEATS = 6  # slots per seat field, as ndb_vector.SEATS
    SLOTS = 256  # the table of codes' kinds by address: a power of two
    HELD = 4096  # the most codes kept before the table is emptied

# the fields of ndb_vector.Seen, in order, and of its rows: what a named tuple read by
# position must have
SEEN_FIELDS = ("seat", "players", "rounds", "phase", "round", "dealer", "token", "taker",
               "to_act", "played", "taken", "table", "hand", "hand_sizes", "rows",
               "rows_scores", "totals")
ROW_FIELDS = ("cards", "score")


cdef inline tuple _tuple(object value, str field):
    """``value``, a tuple (TypeError naming ``field`` otherwise)."""
    if not isinstance(value, tuple):
        raise TypeError(f"{field} is a tuple, not {type(value).__name__}")
    return <tuple>value


cdef int _phase(object phase):
    """The phase's index in the one-hot (lead, play, take, over); -1 for no phase."""
    if phase == "lead":
        return 0
    if phase == "play":
        return 1
    if phase == "take":
        return 2
    if phase == "over":
        return 3
    return -1


cdef class Writer:
    """The vectors of a ``players``-player game: ``kinds`` the kind of each card code,
    ``colours`` the most rows a seat has, ``offsets`` each field's offset (by name),
    ``size`` the vector's length, ``scales`` the hand's, a row's and the rows' and
    totals' scales (see ``ndb_vector``)."""

    cdef int players, width, colours
    cdef cnp.npy_intp size
    cdef dict kinds
    cdef double hand_scale, row_scale, score_scale
    cdef Py_ssize_t o_phase, o_round, o_last, o_hand, o_present, o_dealer, o_token
    cdef Py_ssize_t o_taker, o_to_act, o_played, o_taken, o_cards, o_sizes, o_rows
    cdef Py_ssize_t o_scores, o_score, o_totals
    cdef object seen_type, row_type  # the named tuples read by position, once met
    cdef PyObject* keys[SLOTS]  # a code kept at its address's slot, or NULL
    cdef int kept[SLOTS]  # its kind
    cdef list held  # the codes kept: their references

    def __init__(self, int players, dict kinds, int colours, dict offsets, Py_ssize_t size,
                 double hand_scale, double row_scale, double score_scale):
        if not 0 < players <= SEATS:
            raise ValueError(f"ndb is played by at most {SEATS} players, not {players}")
        self.players, self.kinds, self.colours, self.size = players, dict(kinds), colours, size
        self.width = len(kinds)
        self.held = []
        self.seen_type = self.row_type = None
        for kind in kinds.values():
            if not 0 <= kind < self.width:
                raise ValueError(f"a card kind is 0 to {self.width - 1}, not {kind!r}")
        self.hand_scale, self.row_scale, self.score_scale = hand_scale, row_scale, score_scale
        self.o_phase, self.o_round = offsets["phase"], offsets["round"]
        self.o_last, self.o_hand = offsets["last_round"], offsets["hand"]
        self.o_present, self.o_dealer = offsets["present"], offsets["dealer"]
        self.o_token, self.o_taker = offsets["token"], offsets["taker"]
        self.o_to_act, self.o_played = offsets["to_act"], offsets["played"]
        self.o_taken, self.o_cards = offsets["taken"], offsets["own_card"]
        self.o_sizes, self.o_rows = offsets["hand_size"], offsets["rows"]
        self.o_scores, self.o_score = offsets["row_scores"], offsets["rows_score"]
        self.o_totals = offsets["totals"]
        if offsets["table"] != self.o_cards + self.width:
            raise ValueError("the table's field does not follow the own card's")
        if self.o_totals + SEATS != size:
            raise ValueError("the totals are not the vector's last field")

    cdef int _kind(self, object code) except -1:
        """The kind of a card's code (KeyError for no card of the game)."""
        cdef size_t slot = (<size_t><void*>code >> 4) & (SLOTS - 1)
        if self.keys[slot] == <PyObject*>code:
            return self.kept[slot]
        cdef PyObject* kind = PyDict_GetItem(self.kinds, code)
        if kind is NULL:
            raise KeyError(code)
        if len(self.held) >= HELD:
            memset(self.keys, 0, sizeof(self.keys))
            self.held = []
        self.held.append(code)
        self.keys[slot] = <PyObject*>code
        self.kept[slot] = <int><object>kind
        return self.kept[slot]

    cdef int _rel(self, int me, long s) except -1:
        """The relative seat of seat ``s`` seen from ``me`` (IndexError for no seat)."""
        if not 0 <= s < self.players:
            raise IndexError(f"no seat {s} in a {self.players}-player game")
        return (s - me + self.players) % self.players

    cdef int _per_seat(self, float* v, Py_ssize_t at, int me, tuple values,
                       double scale) except -1:
        """One value per seat over ``scale`` at its relative seat."""
        cdef Py_ssize_t s
        if len(values) > self.players:
            raise IndexError(f"more values than the {self.players} seats")
        for s in range(len(values)):
            v[at + self._rel(me, s)] = <float>(<double><long>values[s] / scale)
        return 0

    cdef int _flags(self, float* v, Py_ssize_t at, int me, tuple seats) except -1:
        """The flags of ``seats`` at their relative seats."""
        for s in seats:
            v[at + self._rel(me, s)] = 1.0
        return 0

    cdef tuple _fields(self, object seen):
        """``seen``'s fields in ``SEEN_FIELDS``' order: itself where it is a named tuple
        of those fields (its type kept once met), else read by name."""
        kind = type(seen)
        if kind is self.seen_type:
            return <tuple>seen
        if isinstance(seen, tuple) and getattr(kind, "_fields", None) == SEEN_FIELDS:
            self.seen_type = kind
            return <tuple>seen
        return tuple([getattr(seen, name) for name in SEEN_FIELDS])

    cdef tuple _row(self, object row):
        """A row's ``(cards, score)``, as :meth:`_fields` reads a value."""
        kind = type(row)
        if kind is self.row_type:
            return <tuple>row
        if isinstance(row, tuple) and getattr(kind, "_fields", None) == ROW_FIELDS:
            self.row_type = kind
            return <tuple>row
        return (row.cards, row.score)

    def vector(self, seen):
        """The vector of what ``seen.seat`` sees."""
        cdef tuple f = self._fields(seen)
        cdef int me = f[0]
        if f[1] != self.players:
            raise ValueError(f"not a view of a {self.players}-player ndb game")
        if not 0 <= me < self.players:
            raise IndexError(f"no seat {me} in a {self.players}-player game")
        phase = f[3]
        cdef int p = _phase(phase)
        if p < 0:
            raise ValueError(f"no phase {phase!r} in ndb")
        cdef long rounds = f[2]
        cdef long now = f[4]
        cdef tuple table = _tuple(f[11], "table")
        cdef tuple rows = _tuple(f[14], "rows")
        if len(table) != self.players or len(rows) != self.players:
            raise ValueError("what the seat sees does not fit the encoding's layout")
        out = cnp.PyArray_SimpleNew(1, &self.size, cnp.NPY_FLOAT32)
        cdef float* v = <float*>cnp.PyArray_DATA(out)
        memset(v, 0, self.size * sizeof(float))
        cdef int r, s, i
        cdef tuple seat_rows, row
        v[self.o_phase + p] = 1.0
        v[self.o_round] = <float>(<double>now / <double>rounds)
        v[self.o_last] = 1.0 if now == rounds else 0.0
        for code in _tuple(f[12], "hand"):
            v[self.o_hand + self._kind(code)] += 1.0
        for r in range(self.players):
            v[self.o_present + r] = 1.0
        v[self.o_dealer + self._rel(me, f[5])] = 1.0
        v[self.o_token + self._rel(me, f[6])] = 1.0
        taker = f[7]
        if taker is not None:
            v[self.o_taker + self._rel(me, taker)] = 1.0
        self._flags(v, self.o_to_act, me, _tuple(f[8], "to_act"))
        self._flags(v, self.o_played, me, _tuple(f[9], "played"))
        self._flags(v, self.o_taken, me, _tuple(f[10], "taken"))
        for r in range(self.players):  # the own card, then the others' (the table)
            s = (me + r) % self.players
            card = table[s]
            if card is not None:
                v[self.o_cards + r * self.width + self._kind(card)] = 1.0
            seat_rows = _tuple(rows[s], "a seat's rows")
            if len(seat_rows) > self.colours:
                raise ValueError("what the seat sees does not fit the encoding's layout")
            i = 0
            for value in seat_rows:
                row = self._row(value)
                for code in _tuple(row[0], "a row's cards"):
                    v[self.o_rows + r * self.width + self._kind(code)] += 1.0
                v[self.o_scores + r * self.colours + i] = <float>(
                    <double><long>row[1] / self.row_scale)
                i += 1
        self._per_seat(v, self.o_sizes, me, _tuple(f[13], "hand_sizes"), self.hand_scale)
        self._per_seat(v, self.o_score, me, _tuple(f[15], "rows_scores"), self.score_scale)
        self._per_seat(v, self.o_totals, me, _tuple(f[16], "totals"), self.score_scale)
        return out

def writer(int players, kinds, int colours, offsets, Py_ssize_t size, double hand_scale,
           double row_scale, double score_scale):
    """The native writer of a ``players``-player game (see ``ndb_native.py``)."""
    return Writer(players, dict(kinds), colours, dict(offsets), size, hand_scale,
                  row_scale, score_scale)
