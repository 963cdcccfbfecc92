//! A match's statistics as engine authors compute them: the score, its Elo difference in the
//! logistic model with a 95 % interval, and the sequential probability ratio test's
//! log-likelihood ratio (the normal approximation of the generalised SPRT that fishtest and
//! fastchess use), from the per-game (trinomial) or per-pair (pentanomial) spread of scores.

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_964;

/// The Elo difference a mean score stands for (logistic model): `-400 log10(1/s - 1)`; infinite
/// at a score of 0 or 1.
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(0.0, 1.0);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The mean score an Elo difference expects (logistic model).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Scores of independent units (games, or pairs of games on one opening), each in `0..=1`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    scores: Vec<f64>,
}

/// Mean, Elo and interval of a [`Sample`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The number of units.
    pub units: usize,
    /// The mean score.
    pub score: f64,
    /// The Elo difference of the mean score.
    pub elo: f64,
    /// The 95 % interval of the Elo difference.
    pub low: f64,
    /// The 95 % interval's upper end.
    pub high: f64,
}

impl Sample {
    /// Adds a unit's score.
    pub fn push(&mut self, score: f64) {
        self.scores.push(score);
    }

    /// Mean and variance of one unit's score (the variance divides by `n`, as the multinomial
    /// model's maximum-likelihood estimate does).
    fn mean_variance(&self) -> (f64, f64) {
        let n = self.scores.len().max(1) as f64;
        let mean = self.scores.iter().sum::<f64>() / n;
        let var = self.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
        (mean, var)
    }

    /// The Elo difference with its 95 % interval; `None` without units.
    pub fn estimate(&self) -> Option<Estimate> {
        if self.scores.is_empty() {
            return None;
        }
        let (score, var) = self.mean_variance();
        let half = Z95 * (var / self.scores.len() as f64).sqrt();
        Some(Estimate {
            units: self.scores.len(),
            score,
            elo: elo_of_score(score),
            low: elo_of_score(score - half),
            high: elo_of_score(score + half),
        })
    }

    /// The log-likelihood ratio of `elo1` against `elo0` (logistic Elo), in the normal
    /// approximation `n (s1 - s0) (2 mean - s0 - s1) / (2 var)`; 0 while the variance is 0.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (mean, var) = self.mean_variance();
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        self.scores.len() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }
}

/// The SPRT's hypotheses and error rates, and its stopping bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The alternative (`elo1`) accepted.
    H1,
    /// The null hypothesis (`elo0`) accepted.
    H0,
    /// Neither bound crossed yet.
    Continue,
}

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<f64> = text
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("--sprt wants elo0,elo1,alpha,beta, not {text:?}"))?;
        let [elo0, elo1, alpha, beta] = parts[..] else {
            return Err(format!("--sprt wants four numbers, not {text:?}"));
        };
        let rate = 0.0..0.5;
        if elo1 <= elo0 || !rate.contains(&alpha) || !rate.contains(&beta) || alpha <= 0.0 {
            return Err(format!(
                "--sprt {text:?}: needs elo0 < elo1 and 0 < alpha, beta < 0.5"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta: beta.max(f64::MIN_POSITIVE),
        })
    }

    /// The log-likelihood ratio bounds `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(wins: usize, draws: usize, losses: usize) -> Sample {
        let mut s = Sample::default();
        for (count, score) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
            for _ in 0..count {
                s.push(score);
            }
        }
        s
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -35.5, 0.0, 10.0, 191.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
        assert!((elo_of_score(0.75) - 190.848).abs() < 1e-3);
    }

    #[test]
    fn trinomial_interval_matches_the_hand_computation() {
        // 60 wins, 20 draws, 20 losses: mean 0.7, variance 0.7*... computed by hand below.
        let e = sample(60, 20, 20).estimate().unwrap();
        let var: f64 = (60.0 * 0.09 + 20.0 * 0.04 + 20.0 * 0.49) / 100.0;
        let half = Z95 * (var / 100.0).sqrt();
        assert!((e.score - 0.7).abs() < 1e-12);
        assert!((e.low - elo_of_score(0.7 - half)).abs() < 1e-9);
        assert!((e.high - elo_of_score(0.7 + half)).abs() < 1e-9);
        assert!(e.low < e.elo && e.elo < e.high);
    }

    #[test]
    fn an_even_match_has_an_interval_around_zero() {
        let e = sample(30, 40, 30).estimate().unwrap();
        assert!(e.elo.abs() < 1e-9 && e.low < 0.0 && e.high > 0.0);
        assert!((e.low + e.high).abs() < 1e-9);
        assert_eq!(Sample::default().estimate(), None);
    }

    #[test]
    fn sprt_accepts_the_true_hypothesis() {
        let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
        let (low, high) = sprt.bounds();
        assert!((high - 2.944).abs() < 1e-3 && (low + 2.944).abs() < 1e-3);
        // A clearly stronger engine (score 0.6) over 400 games crosses the upper bound...
        let strong = sample(160, 160, 80);
        assert_eq!(sprt.verdict(strong.llr(0.0, 10.0)), Verdict::H1);
        // ...a weaker one the lower, and an equal one of few games neither.
        let weak = sample(80, 160, 160);
        assert_eq!(sprt.verdict(weak.llr(0.0, 10.0)), Verdict::H0);
        assert_eq!(
            sprt.verdict(sample(5, 10, 5).llr(0.0, 10.0)),
            Verdict::Continue
        );
        assert!(Sprt::parse("10,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,10,0.05").is_err());
        assert!(Sprt::parse("0,10,x,0.05").is_err());
    }
}
