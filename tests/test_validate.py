"""simkit.validate() and `simkit validate`: checks discovered from each game, one table,
a wrong exact value fails; every game's checks pass at a small size (what `make test` runs)."""
import json
import math

import pytest

import simkit
from simkit.cli import main
from simkit.games.base import Game
from simkit.validation import Check

COLUMNS = ["game", "check", "rules", "policies", "hands", "exact", "simulated", "stderr", "z", "verdict", "source"]


def test_every_check_of_every_game_passes_small():
    df = simkit.validate(hands=2000, seed=1)
    assert list(df.columns[:len(COLUMNS)]) == COLUMNS
    assert {"treize", "banchok", "blackjack", "macao", "ochko", "poker", "oh-hell", "spades", "kontchinka",
            "babochka"} <= set(df.game)
    assert (df.stderr > 0).all() and df.z.map(math.isfinite).all()
    assert (df.verdict == "pass").all(), df[df.verdict != "pass"].to_string()


def test_a_wrong_exact_value_fails(monkeypatch):
    game = simkit.get_game("treize")
    good = game.validation_checks()[0]
    bad = Check(good.what, good.exact + 0.2, good.hands, good.rules)
    monkeypatch.setattr(type(game), "validation_checks", lambda self: [good, bad])
    df = simkit.validate("treize", hands=2000)
    assert list(df.verdict) == ["pass", "FAIL"] and df.z.iloc[1] < -4
    code = main(["validate", "--game", "treize", "--hands", "2000"])
    assert code == 1


def test_games_without_a_validation_module_have_no_checks():
    class Bare(Game):
        id = "bare"
    assert Bare().validation_checks() == []


def test_cli_validate_json(capsys):
    code = main(["validate", "--game", "macao", "--hands", "2000", "--json"])
    out, err = capsys.readouterr()
    rows = json.loads(out)
    assert code == 0 and len(rows) == 3 and {r["verdict"] for r in rows} == {"pass"}
    assert "3 checks, 0 failed" in err
    code = main(["validate", "--game", "nope"])
    _, err = capsys.readouterr()
    assert code == 2 and "nope" in err
    with pytest.raises(SystemExit):
        main(["validate", "--hands"])
