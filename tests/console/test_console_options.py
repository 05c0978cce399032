"""Console options the cart tests need: a btnp that never repeats, a validated cartdata file."""
import pytest

from consolecarts import make  # noqa: F401  (fixture)


@pytest.mark.parametrize("text", ['{"a": [1, 2', '[1, 2]', '{"a": 5}', '{"a": ["x"]}',
                                  '{"a": [1.5]}', '{"a": [' + ",".join(["0"] * 65) + ']}',
                                  '{"a": [99999999999]}', "\udcff"])
def test_a_bad_cartdata_file_is_a_one_line_user_error(tmp_path, text):
    from generator import UserError
    from generator.console.cart import read_cartdata as read_store
    path = tmp_path / "store.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(UserError) as e:
        read_store(path)
    assert "\n" not in str(e.value) and str(path) in str(e.value)


def test_btnp_can_be_made_never_to_repeat(make):
    lua = "hits={} function _update() add(hits, btnp(1)) end"
    for repeat, expect in ((False, [True] + [False] * 39),
                           (True, [k == 0 or k >= 15 and (k - 15) % 4 == 0 for k in range(40)])):
        c = make(lua, btnp_repeat=repeat)
        c.hold("right", frames=40)
        hits = c.global_("hits")
        assert [hits[i] for i in range(1, 41)] == expect
