"""The face-up toggles of a Plotters player: a pair is built from two taps."""

from views.plotters_entry import FaceUpTap, tap_face_up


def test_a_first_colour_waits_and_a_second_makes_the_pair():
    assert tap_face_up(None, None, "red") == FaceUpTap("red")
    assert tap_face_up(None, "red", "red") == FaceUpTap(None)
    assert tap_face_up(None, "red", "blue") == FaceUpTap(None, ["red", "blue"], changes_pair=True)


def test_a_saved_pair_loses_the_tapped_colour_or_its_older_one():
    assert tap_face_up(["red", "blue"], None, "red") == FaceUpTap("blue", None, changes_pair=True)
    assert tap_face_up(["red", "blue"], None, "green") == FaceUpTap(
        None, ["blue", "green"], changes_pair=True
    )
