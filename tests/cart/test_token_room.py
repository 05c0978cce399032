"""The cart keeps room for the game's next fixes: at least 250 of PICO-8's 8,192 tokens free.

The build refuses only a cart over 8,192; this floor is the project's own (docs/building.md records
the count), so that a fix a player needs never waits on finding tokens first."""

FLOOR = 250


def test_the_cart_keeps_250_tokens_free(built_cart):
    tokens = built_cart.manifest["counts"]["tokens"]
    free = tokens["limit"] - tokens["total"]
    assert tokens["limit"] == 8192
    assert free >= FLOOR, f"{free} tokens free, under the {FLOOR} kept free: make room by structure"
