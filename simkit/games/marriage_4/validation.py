"""Marriage for four checks for ``simkit validate``: the chance that a seat's nine cards,
and a side's eighteen (split marriages count), are dealt a marriage, counted in the
kernel from the hands as dealt against the enumeration of :mod:`.exact`."""
from simkit.games.marriage_4.exact import marriage_dealt
from simkit.validation import Check

RANDOM = {"exchange": "random", "declare": "random", "claim": "random", "play": "random"}


def checks() -> list:
    return [Check("a seat's nine cards hold a marriage", float(marriage_dealt(9)), 20_000, {}, RANDOM,
                  "marriage_dealt.seat", source="enumeration"),
            Check("a side's eighteen cards hold a marriage (split ones count)", float(marriage_dealt(18)), 20_000,
                  {}, RANDOM, "marriage_dealt.side", source="enumeration")]
