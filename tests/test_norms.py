"""game.norms: the published figures come back out of the fitted distributions, and the
percentile reads them the right way round (higher = faster)."""

import math

import pytest

from game.norms import DEFAULT_NORM, NORMS, hick_ms, norm_for, percentile


def test_each_norm_gives_back_the_figures_it_was_fitted_to():
    hb = NORMS["human_benchmark"]
    assert hb.median == pytest.approx(273.0) and hb.mean == pytest.approx(284.0)
    for key, mean, sd in (("deary_simple", 243.1, 17.6), ("deary_choice4", 388.0, 45.0),
                          ("laming_go_nogo", 384.0, 384.0 * 45.0 / 388.0)):
        assert NORMS[key].mean == pytest.approx(mean) and NORMS[key].sd == pytest.approx(sd)


def test_percentile_at_known_points():
    # Human Benchmark's median: half of the people are slower
    assert percentile("simple", 273) == pytest.approx(50.0)
    # its 10th and 90th percentiles of time: faster than 90 %, faster than 10 %
    hb = NORMS["human_benchmark"]
    assert percentile("simple", hb.quantile(0.1)) == pytest.approx(90.0)
    assert percentile("simple", hb.quantile(0.9)) == pytest.approx(10.0)
    # one sigma either side of the log-median, worked out by hand: Phi(1) = 0.8413
    z1 = math.exp(hb.mu + hb.sigma)
    assert percentile("simple", z1) == pytest.approx(15.87, abs=0.01)
    assert round(z1) == 362  # 273 * e^0.281
    # the lab choice norm's median, and the ends
    assert percentile("choice", NORMS["deary_choice4"].median) == pytest.approx(50.0)
    assert percentile("go_nogo", 0) == 100.0 and percentile("go_nogo", 5000) < 0.001


def test_faster_is_a_higher_percentile_and_stays_within_0_to_100():
    for kind in DEFAULT_NORM:
        values = [percentile(kind, ms) for ms in range(50, 1500, 25)]
        assert all(0 <= v <= 100 for v in values)
        assert values == sorted(values, reverse=True) and values[0] > 99 and values[-1] < 1


def test_every_norm_names_its_source_and_what_it_includes():
    for norm in NORMS.values():
        assert norm.source and norm.includes and norm.label
        assert norm.kind in DEFAULT_NORM
        assert norm.pdf(norm.median) > 0 and norm.cdf(norm.median) == pytest.approx(0.5)


def test_kinds_without_a_published_norm():
    assert norm_for("slap") is None
    with pytest.raises(KeyError, match="no published norm for 'grab'"):
        percentile("grab", 500)


def test_hick_hyman_line_through_the_lab_means():
    assert hick_ms(1) == pytest.approx(243.1) and hick_ms(4) == pytest.approx(388.0)
    assert hick_ms(2) < hick_ms(4) < hick_ms(8)
    assert hick_ms(8) - hick_ms(4) == pytest.approx(
        (388.0 - 243.1) / (math.log2(5) - 1) * (math.log2(9) - math.log2(5)))
    with pytest.raises(ValueError):
        hick_ms(0)
