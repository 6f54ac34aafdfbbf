"""The clock-face layout: positions round a circle, the centre in the middle, or rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.dial import ROWS, dial_group, place, positions
from client.render import board_lines


def test_twelve_hours_go_round_with_twelve_at_the_top_and_six_at_the_bottom() -> None:
    spots = place([8] * 12, 10, 80)
    assert spots is not None and len(spots) == 13
    hours = {h: spots[h - 1] for h in range(1, 13)}
    assert hours[12][0] == 0 and hours[6][0] == ROWS - 1
    assert hours[3][0] == hours[9][0] == ROWS // 2 == spots[12][0]
    assert hours[9][1] < spots[12][1] < hours[3][1]  # nine left, centre, three right
    assert hours[1][1] > hours[12][1] > hours[11][1]  # clockwise


def test_cells_too_wide_for_the_dial_fall_back_to_rows() -> None:
    assert place([30] * 12, None, 80) is None
    assert place([5, 5], None, 80) is None  # two positions are no dial


def test_positions_merge_a_zone_and_its_dotted_parts_and_find_the_centre() -> None:
    zones = [{"id": "h1"}, {"id": "h1.up"}, {"id": "h2"}, {"id": "centre"},
             {"id": "centre.up"}]
    around, centre = positions(zones)
    assert [k for k, _ in around] == ["h1", "h2"]
    assert centre is not None and [z["id"] for z in centre[1]] == ["centre", "centre.up"]


def test_only_views_with_the_clock_hint_get_a_dial() -> None:
    grouped: list[tuple[str, list[Mapping[str, Any]]]] = [
        ("a", [{"id": "x"}]), ("dial", [{"id": f"h{i}"} for i in range(12)])]
    assert dial_group({"layout": "clock"}, grouped) == "dial"
    assert dial_group({"layout": "rows"}, grouped) is None
    zones = [{"id": f"h{i}", "group": "dial", "down": 4, "up": []} for i in range(1, 13)]
    lines = board_lines({"layout": "clock", "zones": zones}, moves=False, width=80)
    assert lines[1] == "dial:" and lines[2].strip() == "h12 [4▒]"
