"""The terminal game, driven with scripted input."""

from __future__ import annotations

from petersburg.engine import GameOptions, apply_action, final_scores, new_game, parse_action, view
from petersburg.engine.state import UNKNOWN
from petersburg.tui.play import run_terminal_game
from petersburg.tui.render import render_view


def test_human_plays_by_number_and_text_and_sees_errors() -> None:
    answers = iter(["buy U11", "99", "buy U1", "help"] + ["1"] * 2000)
    out: list[str] = []
    state = run_terminal_game(new_game(2, 4), 1, "random", read=lambda _: next(answers), write=out.append)
    text = "\n".join(out)
    assert "'buy U11' is not an action" in text
    assert "There is no option 99" in text
    assert "Upper row:" in text and "Your hand" in text and "costs you" in text
    assert "Type an action or its number" in text
    assert state.is_over and "Final scoring:" in text and "Winner:" in text
    assert any(line.startswith("Worker scoring:") and "you +" in line and "₽" in line for line in out)
    table = text.split("Final scoring:")[-1]
    for line in final_scores(state):
        assert f"{line.total:6d} {line.rubles:7d}" in table


def test_a_market_game_is_played_to_its_end_in_the_terminal() -> None:
    out: list[str] = []
    options = GameOptions(edition="second", market=True)
    state = run_terminal_game(new_game(3, 4, options), 1, "greedy", read=lambda _: "1", write=out.append)
    text = "\n".join(out)
    assert state.is_over and "Winner:" in text
    assert "market phase" in text and "goods: chicken" in text and "Stacks - workers" in text


def test_quit_and_end_of_input_stop_the_game() -> None:
    out: list[str] = []
    state = run_terminal_game(new_game(2, 4), 2, "random", read=lambda _: "quit", write=out.append)
    assert not state.is_over and out[-1] == "Game abandoned."

    def eof(_: str) -> str:
        raise EOFError

    state = run_terminal_game(new_game(1, 4), 1, "random", read=eof, write=out.append)
    assert not state.is_over


def test_hidden_information_of_bots_is_not_printed() -> None:
    answers = iter(["board"] + ["pass"] * 3000)
    out: list[str] = []
    run_terminal_game(new_game(2, 8), 1, "random", read=lambda _: next(answers), write=out.append)
    assert any("? rubles" in line for line in out)


def test_the_board_names_another_players_hand_cards_taken_from_the_board() -> None:
    state = new_game(2, 8)
    seat = state.current_player
    taken = state.upper[0]
    apply_action(state, parse_action("hand U1"))
    drawn_view = view(state, 1 - seat)
    assert drawn_view.state.players[seat].hand == [taken]
    text = render_view(drawn_view, ["Ann", "Bob"])
    name = state.shape.card_name[taken]
    assert f"{['Ann', 'Bob'][seat]}: 0 VP, ? rubles, 1 in hand ({name})" in text
    drawn_view.state.players[seat].hand = [UNKNOWN]  # a secret card is not named
    assert "1 in hand (" not in render_view(drawn_view, ["Ann", "Bob"])
