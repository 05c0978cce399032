"""cart/save.lua's packing of progress into the 256 cartdata bytes, under lupaz8, against a
plain Python model of the layout its comment documents."""
from hypothesis import given, settings, strategies as st
from lupaz8 import luaz8

from generator.console.screenshots import saved_progress

SAVE = open("cart/save.lua").read()


def runtime():
    rt = luaz8.LuaRuntime()
    rt.execute("memset(0x5e00,0,0x200) " + SAVE)   # lupaz8's memory outlives a runtime
    return rt


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 280), st.integers(0, 63)), max_size=120))
def test_records_read_back_and_stay_in_their_bytes(writes):
    rt = runtime()
    model = {}
    for p, v in writes:
        rt.execute(f"rec({p},{v})")
        if p <= 253:
            model[p] = v
    for p in range(254):
        assert rt.eval(f"rec({p})") == model.get(p, 0)
    # the board's bytes and everything past the cartdata are untouched
    assert all(rt.eval(f"peek({a})") == 0 for a in list(range(0x5e00, 0x5e41)) + [0x5f00, 0x5f01])


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=225, max_size=225), st.integers(-2, 250),
       st.integers(0, 30000))
def test_the_board_in_progress_round_trips(cells, cur, seconds):
    rt = runtime()
    rt.execute("g={} " + " ".join(f"g[{i}]={v}" for i, v in enumerate(cells)))
    rt.execute(f"cur,tf={cur},{seconds}+.6 saveboard()")
    rt.execute(f"b=loadboard({cur})")
    assert [rt.eval(f"b[{i}]") for i in range(225)] == cells
    assert rt.eval("tf") == seconds
    assert rt.eval(f"loadboard({cur + 1})") is None


def test_screenshot_progress_uses_the_same_layout():
    rt = runtime()
    raw = saved_progress({0: 9, 5: 63, 253: 17})["picross8_v1"]
    data = b"".join(v.to_bytes(4, "little") for v in raw)
    rt.execute(" ".join(f"poke({0x5e00 + i},{b})" for i, b in enumerate(data) if b))
    assert [rt.eval(f"rec({p})") for p in (0, 1, 5, 253)] == [9, 0, 63, 17]
