"""Published human reaction-time norms as data, and a percentile against them.

Pure Python (math and statistics only): no pygame, no clock, no files.

What a norm is here: the spread of *people's typical times* in a published sample (each
person's mean or median over a block of trials), not the spread of single trials. So compare a
person's typical time with it, e.g. the median of a session's correct responses. (A person's
median sits a little below their mean, because single reaction times are skewed to the slow
side; against norms built from means that flatters by a few milliseconds.)

Every norm is a log-normal distribution (reaction times are positive and skewed to the slow
side; a log-normal is fixed by two published figures). Each entry names its source, the figures
taken from it, what its times include (screen, input device, browser), and how the figures
became the two parameters:

    from_median_mean(median, mean):  mu = ln(median), sigma = sqrt(2 ln(mean / median))
    from_mean_sd(mean, sd):          sigma^2 = ln(1 + (sd / mean)^2), mu = ln(mean) - sigma^2 / 2

Kinds (the `kind` names the reaction-time store uses for drills):
    "simple"   one stimulus, one button
    "choice"   four stimuli, four buttons (which of four colours lit up)
    "go_nogo"  press for the target, hold back for the lure (times of the presses on targets)

API:
    NORMS: {norm id: Norm}               every table
    DEFAULT_NORM: {kind: norm id}        the one percentile() uses for a kind
    percentile(kind, ms) -> 0..100       share of the default norm's people slower than ms
                                         (90 = faster than 90 %, as Human Benchmark says it);
                                         KeyError (naming the kinds) for a kind with no norm
    norm_for(kind) -> Norm | None
    Norm.percentile(ms), .cdf(ms), .pdf(ms), .quantile(p), .median, .mean, .sd
    hick_ms(n) -> mean choice time with n equally likely alternatives (Hick-Hyman law)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

_UNIT = NormalDist()


@dataclass(frozen=True)
class Norm:
    """A log-normal of people's typical reaction times (ms): ln(ms) ~ Normal(mu, sigma)."""

    kind: str
    label: str      # short, for a screen: "Human Benchmark (browser)"
    source: str     # where the figures come from, checkable
    includes: str   # what the published times include besides the person
    mu: float
    sigma: float

    @classmethod
    def from_median_mean(cls, kind, label, source, includes, median: float, mean: float):
        return cls(kind, label, source, includes, math.log(median),
                   math.sqrt(2 * math.log(mean / median)))

    @classmethod
    def from_mean_sd(cls, kind, label, source, includes, mean: float, sd: float):
        var = math.log(1 + (sd / mean) ** 2)
        return cls(kind, label, source, includes, math.log(mean) - var / 2, math.sqrt(var))

    @property
    def median(self) -> float:
        return math.exp(self.mu)

    @property
    def mean(self) -> float:
        return math.exp(self.mu + self.sigma ** 2 / 2)

    @property
    def sd(self) -> float:
        return self.mean * math.sqrt(math.exp(self.sigma ** 2) - 1)

    def cdf(self, ms: float) -> float:
        """Share of people whose typical time is at most ms."""
        if ms <= 0:
            return 0.0
        return _UNIT.cdf((math.log(ms) - self.mu) / self.sigma)

    def pdf(self, ms: float) -> float:
        """Density per ms (to draw the norm's curve under a histogram)."""
        if ms <= 0:
            return 0.0
        z = (math.log(ms) - self.mu) / self.sigma
        return _UNIT.pdf(z) / (self.sigma * ms)

    def quantile(self, p: float) -> float:
        """The time below which a share p (0 < p < 1) of people's typical times lie."""
        return math.exp(self.mu + self.sigma * _UNIT.inv_cdf(p))

    def percentile(self, ms: float) -> float:
        """0..100: the share of people slower than ms (higher is faster)."""
        return 100.0 * (1.0 - self.cdf(ms))


# -- the tables ----------------------------------------------------------------------------------

NORMS: dict[str, Norm] = {
    # Human Benchmark, "Reaction Time Test" statistics (humanbenchmark.com/tests/reactiontime,
    # statistics page): median 273 ms over millions of tests (the figure issue 11 quotes); mean
    # about 284 ms (as quoted, with the median, by test.deadline.co/reaction-time-percentiles).
    # A test is the average of 5 clicks when a box turns green. Fitted through median and mean.
    # Browser times: they include the monitor's and the mouse's or touch screen's lag and the
    # browser's event delay (tens of ms), much like the arcade's own uncorrected times (TV and
    # pad lag), so this is the default for "simple".
    "human_benchmark": Norm.from_median_mean(
        "simple", "Human Benchmark (browser)",
        "humanbenchmark.com reaction time test statistics: median 273 ms, mean ~284 ms",
        "browser, monitor and mouse/touch lag; anyone who took the test online",
        median=273.0, mean=284.0),

    # Deary, Liewald & Nissan (2011), "A free, easy-to-use, computer-based simple and
    # four-choice reaction time programme: The Deary-Liewald reaction time task", Behavior
    # Research Methods 43:258-268, doi:10.3758/s13428-010-0024-1, Table 1, ages 18-25 (n = 50):
    # simple RT mean 243.1 ms (SD 17.6 between people); 20 trials after 8 practice, keyboard,
    # 60 Hz screen. Fitted through mean and SD. (A cross-check: Woods et al. 2015, Front. Hum.
    # Neurosci. 9:131, 1469 people aged 18-65: mean 231 ms, 213 ms once their measured 17.8 ms
    # of display and mouse delay is taken off.) Young adults: older people are slower.
    "deary_simple": Norm.from_mean_sd(
        "simple", "Lab, ages 18-25 (Deary 2011)",
        "Deary, Liewald & Nissan 2011, Behav. Res. Methods 43:258, Table 1: 243.1 ms, SD 17.6",
        "a PC keyboard and a 60 Hz screen (some ms of lag); young adults",
        mean=243.1, sd=17.6),

    # The same study and table: four-choice RT (press the key under the one of four squares that
    # shows a cross), ages 18-25: mean 388.0 ms (SD 45.0), 40 trials after 8 practice, errors
    # 3.0 %. Fitted through mean and SD. The arcade's choice drill (which of four face-button
    # colours lit up) is the same four-to-four mapping.
    "deary_choice4": Norm.from_mean_sd(
        "choice", "Lab 4-choice, ages 18-25 (Deary 2011)",
        "Deary, Liewald & Nissan 2011, Behav. Res. Methods 43:258, Table 1: 388.0 ms, SD 45.0",
        "a PC keyboard and a 60 Hz screen (some ms of lag); young adults",
        mean=388.0, sd=45.0),

    # Laming (1968), Information Theory of Choice-Reaction Times (Academic Press), as quoted in
    # R. J. Kosinski, "A Literature Review on Reaction Time" (Clemson University, 2013):
    # recognition (go/no-go) reaction time averaged 384 ms where simple RT averaged 220 ms.
    # The source gives no spread between people, so sigma is an assumption: the same relative
    # spread as the four-choice norm above (SD/mean = 45.0/388.0). Lab apparatus of the 1960s.
    "laming_go_nogo": Norm.from_mean_sd(
        "go_nogo", "Lab go/no-go (Laming 1968)",
        "Laming 1968 via Kosinski 2013: 384 ms mean; spread assumed (4-choice SD/mean)",
        "lab apparatus; adults; the spread is assumed, not published",
        mean=384.0, sd=384.0 * 45.0 / 388.0),
}

DEFAULT_NORM: dict[str, str] = {
    "simple": "human_benchmark",
    "choice": "deary_choice4",
    "go_nogo": "laming_go_nogo",
}


def norm_for(kind: str) -> Norm | None:
    """The default norm of a kind, or None when there is no published norm for it (the games'
    own kinds: "grab", "first_box", "slap" ...)."""
    key = DEFAULT_NORM.get(kind)
    return NORMS[key] if key else None


def percentile(kind: str, ms: float) -> float:
    """0..100: the share of the kind's default norm slower than ms (higher is faster)."""
    norm = norm_for(kind)
    if norm is None:
        raise KeyError(f"no published norm for {kind!r}; kinds with one: "
                       f"{', '.join(sorted(DEFAULT_NORM))}")
    return norm.percentile(ms)


# -- Hick-Hyman law ------------------------------------------------------------------------------
# Hick (1952), "On the rate of gain of information", Q. J. Exp. Psychol. 4:11-26, and Hyman
# (1953), J. Exp. Psychol. 45:188-196: mean choice time grows with the information of the choice,
# RT = a + b * log2(n + 1) for n equally likely alternatives (the +1 is the uncertainty of when
# the stimulus comes). a and b here are fitted through the two Deary 2011 means above (n = 1:
# 243.1 ms, n = 4: 388.0 ms), which gives b ~ 110 ms per bit (textbook values run 110-150).
HICK_B_MS = (388.0 - 243.1) / (math.log2(5) - math.log2(2))
HICK_A_MS = 243.1 - HICK_B_MS * math.log2(2)


def hick_ms(n: int) -> float:
    """Mean reaction time (ms) of a young adult choosing among n equally likely alternatives."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    return HICK_A_MS + HICK_B_MS * math.log2(n + 1)
