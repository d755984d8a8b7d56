"""The statistics of a comparison over seeds (tabbench.reporting.across_seeds) against known values."""

import math

import pytest

from tabbench.reporting.across_seeds import (
    across_seeds,
    chi2_survival,
    heterogeneity,
    incomplete_beta,
    mean_sd,
    one_sample_t,
    t_two_sided,
)


@pytest.mark.parametrize("t", [0.1, 0.632, 1.0, 3.0, 25.0])
def test_t_matches_closed_forms(t):
    # df = 1 is the Cauchy distribution; df = 2 has p = 1 - t / sqrt(t^2 + 2)
    assert t_two_sided(t, 1) == pytest.approx(1 - 2 / math.pi * math.atan(t), rel=1e-9)
    assert t_two_sided(t, 2) == pytest.approx(1 - t / math.sqrt(t * t + 2), rel=1e-9)


def test_t_large_df_tends_to_the_normal():
    assert t_two_sided(1.959964, 10**7) == pytest.approx(0.05, rel=1e-4)
    assert t_two_sided(0.0, 5) == pytest.approx(1.0)


@pytest.mark.parametrize("x", [0.01, 1.0, 3.84, 11.5, 50.0])
def test_chi2_matches_closed_forms(x):
    assert chi2_survival(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
    assert chi2_survival(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
    three = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    assert chi2_survival(x, 3) == pytest.approx(three, rel=1e-9)
    assert chi2_survival(0.0, 4) == 1.0


def test_incomplete_beta_symmetry_and_bounds():
    assert incomplete_beta(3.0, 3.0, 0.5) == pytest.approx(0.5)
    assert incomplete_beta(2.0, 5.0, 0.3) + incomplete_beta(5.0, 2.0, 0.7) == pytest.approx(1.0)
    assert incomplete_beta(1.0, 1.0, 0.25) == pytest.approx(0.25)  # the uniform distribution
    assert incomplete_beta(2.0, 2.0, 0.0) == 0.0 and incomplete_beta(2.0, 2.0, 1.0) == 1.0


def test_mean_sd_and_one_sample_t():
    assert mean_sd([1.0, 2.0, 3.0, 4.0]) == pytest.approx((2.5, math.sqrt(5 / 3)))
    assert mean_sd([4.0]) == (4.0, None)
    # mean 2.5, se sqrt(5/3)/2: t = 3.873, df 3
    assert one_sample_t([1.0, 2.0, 3.0, 4.0]) == pytest.approx(t_two_sided(2.5 / (math.sqrt(5 / 3) / 2), 3))
    assert one_sample_t([2.0, 2.0]) is None  # no spread: undefined, not "p = 0"
    assert one_sample_t([2.0]) is None


def test_heterogeneity_is_pearsons_chi_square():
    # the committed Spider proof's GRPO-vs-control splits: +47/-16 (seed 0) and +16/-23 (seed 1)
    assert heterogeneity([(47, 16), (16, 23)]) == pytest.approx(0.000696, rel=1e-3)
    assert heterogeneity([(10, 10), (20, 20), (5, 5)]) == pytest.approx(1.0)
    assert heterogeneity([(10, 3)]) is None
    assert heterogeneity([(10, 0), (4, 0)]) is None  # no losses anywhere: nothing to compare


def _seed(ups, downs, both_pass, both_fail, offset=0):
    """Verdict maps (old, new) with the given counts; ids numbered from ``offset``."""
    old, new = {}, {}
    counts = [(ups, False, True), (downs, True, False), (both_pass, True, True), (both_fail, False, False)]
    i = offset
    for n, before, after in counts:
        for _ in range(n):
            old[f"q{i}"], new[f"q{i}"] = before, after
            i += 1
    return old, new


def test_the_committed_spider_proof_numbers():
    """Two seeds of 527 questions with the committed splits: seed-level p 0.64 (as the issue says), the pooled
    McNemar 0.022, heterogeneity 0.0007 (Pearson; Fisher's exact test gives the issue's 0.0009)."""
    first = _seed(47, 16, 26, 438)
    second = _seed(16, 23, 41, 447)
    result = across_seeds("spider", [first, second])
    assert [s.paired for s in result.seeds] == [527, 527]
    assert result.seeds[0].difference == pytest.approx(100 * 31 / 527)
    assert result.seed_p == pytest.approx(0.641, abs=1e-3)
    assert result.pooled_p == pytest.approx(0.0223, abs=1e-4)
    assert result.heterogeneity_p == pytest.approx(0.000696, rel=1e-3)
    assert not result.significant
    verdict = result.verdict("GRPO", "the control")
    assert verdict.startswith("No significant difference between GRPO and the control (+2.3 points")
    assert "seeds disagree" in verdict and "pooled McNemar p=0.022" in verdict


def test_question_clusters_keep_a_questions_seeds_together():
    # the same 10 questions won in both seeds: 10 clusters of +2 and 90 of 0
    seeds = [_seed(10, 0, 0, 90), _seed(10, 0, 0, 90)]
    result = across_seeds("b", seeds)
    assert sorted(result.cluster_sums) == [0] * 90 + [2] * 10
    mean, sd = 0.2, math.sqrt((10 * 1.8**2 + 90 * 0.2**2) / 99)
    assert result.clustered_p == pytest.approx(t_two_sided(mean / (sd / 10), 99))
    assert result.seed_p is None  # both seeds +10 points: no spread


def test_a_consistent_effect_over_three_seeds_is_significant_and_says_so():
    seeds = [_seed(30, 5, 20, 145, offset=0), _seed(28, 6, 20, 146, offset=0), _seed(33, 4, 20, 143, offset=0)]
    result = across_seeds("b", seeds)
    assert result.significant
    assert result.verdict("GRPO", "SFT").startswith("GRPO beats SFT (+")
    losing = across_seeds("b", [(new, old) for old, new in seeds])
    assert losing.significant and losing.verdict("GRPO", "SFT").startswith("GRPO trails SFT (-")


def test_one_seed_falls_back_to_mcnemar_and_says_why():
    won = across_seeds("b", [_seed(20, 2, 10, 68)])
    assert won.significant and "one seed cannot" in won.verdict("A", "B")
    tie = across_seeds("b", [_seed(5, 4, 10, 81)])
    assert not tie.significant and tie.verdict("A", "B").startswith("No significant difference between A and B")


def test_items_not_applicable_or_missing_are_left_out():
    old, new = _seed(3, 1, 2, 4)
    old["gone"], new["gone"] = None, True
    result = across_seeds("b", [(old, new), _seed(3, 1, 2, 4)])
    assert [s.paired for s in result.seeds] == [10, 10]
    assert len(result.cluster_sums) == 10
