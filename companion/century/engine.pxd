# C types for the compiled copy of engine.py (Cython's pure-Python mode: an "augmenting" .pxd).
#
# hatch_build.py compiles engine.py as companion/century/_engine_c and copies this file beside it as
# _engine_c.pxd where Cython looks for it; engine.py itself is unchanged by it and runs as plain Python without
# it. Declared here: the module's private tables and constants (C globals, so no dictionary look-up of their
# names; they are not attributes of _engine_c, and the names the docstring examples use stay module attributes),
# the ints and tuples of the hot loops (C ints and doubles; a state's fields are tuples of ints), and the
# internal helpers, called directly from C. The public functions keep untyped (object) arguments, and values
# taken from an action stay Python objects until checked: they accept and refuse exactly what the interpreted
# source does (tests/century/test_compiled_engine.py).

cimport cython

cdef Py_ssize_t GOLEM_ROW_SIZE, MARKET_SIZE, CARAVAN_LIMIT
cdef long MAIN, DISCARD
cdef dict _M, _G, _KIND, _INPUTS, _COST, _UPGRADES_OF, _GAIN
cdef dict _PLAY_ONCE, _REVEAL_GOLEM, _REVEAL_MERCHANT, _DISCARDS, _TRADES, _UPGRADE_PLAYS, _ACQUIRES
cdef tuple _TURN_PASSES, _CLAIMS, _ZERO
cdef object _REST, _ACQUIRE_FIRST, _tnew, _bisect

@cython.locals(p=Py_ssize_t, y=long, g=long, b=long, pk=long, r=double, can_play=int, k=int, pos=Py_ssize_t,
               size=Py_ssize_t, c0=long, c1=long, c2=long, c3=long, i0=long, i1=long, i2=long, i3=long,
               most=long, times=long, total=long, hand=tuple, row=tuple, market=tuple, golem_deck=tuple,
               merchant_deck=tuple, claimable=list, played=tuple, caravans=tuple, hands=tuple)
cpdef sample_action(s, rng)

@cython.locals(inputs=tuple, i0=long, i1=long, i2=long, i3=long)
cdef bint _payable(cid, long y, long g, long b, long pink) except -1

@cython.locals(drawn=list, total=long, r=double, i=long, _n=Py_ssize_t)
cdef tuple _draw_crystals(rnd, long y, long g, long b, long pink, Py_ssize_t k)

@cython.locals(n_players=Py_ssize_t, current=Py_ssize_t, p=Py_ssize_t, stage=long, turn=long, y=long, g=long, b=long,
               pink=long, i=Py_ssize_t, j=Py_ssize_t, copper_pile=long, silver_pile=long, caravans=tuple, hands=tuple,
               played=tuple, golems=tuple, copper=tuple, silver=tuple, market=tuple, market_crystals=tuple,
               merchant_deck=tuple, golem_row=tuple, golem_deck=tuple, hand=tuple, back=tuple, mine=tuple, cost=tuple,
               gain=tuple, inputs=tuple, bonus=tuple, placed=list, c=list)
cdef _apply(s, a, bint legal)

cpdef apply_action(s, a)

cpdef sample_and_apply(s, rng)

@cython.locals(i=Py_ssize_t)
cdef Py_ssize_t _position(tuple values, value) except -2

@cython.locals(x=list)
cdef tuple _replaced(tuple values, Py_ssize_t i, value)

cdef bint _is_counts(v) except -1
