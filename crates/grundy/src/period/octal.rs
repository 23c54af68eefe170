//! Least pre-period and least period of a take-and-break game, with the
//! certificate of the Guy-Smith periodicity theorem, within a budget.
//!
//! **The theorem** (R. K. Guy, C. A. B. Smith, The G-values of various
//! games, 1956; Berlekamp, Conway, Guy, Winning Ways ch. 4). Let t be the
//! code length and k the most heaps one move leaves. If g(n + p) = g(n)
//! for all n with n0 <= n < E (the bound of [`GuySmith`]), then g(n + p) =
//! g(n) for all n >= n0. The proof is an induction on n >= E: a move from
//! n + p removing i <= t tokens and leaving heaps a <= b (<= c) has its
//! largest part at least (n + p - i) / k, so that part minus p is still at
//! least n0' = max(n0, 1) exactly when n >= k n0' + (k - 1) p + i; the
//! smaller parts are shared, and the matching move from n leaves the
//! largest part minus p (non-empty, so a split stays a split).
//! The same bound serves codes with d0 = 4 (a split removing i = 0 tokens)
//! and hexadecimal codes with k = 3; for k <= 1 the value of n depends
//! only on the t values before it, and n >= t + 1 rules out the move that
//! takes a whole heap of exactly i <= t tokens. Grundy's game has no such
//! theorem (the equal-parts exception breaks the pairing of moves), so for
//! it no period is ever claimed.
//!
//! **The search.** With N values known, (n0, p) is certified exactly when
//! the agreement above fits: E + p <= N. For k >= 2 and n0 >= 1 that is
//! k (n0 + p) + t <= N, which holds if and only if the last
//! W = ceil(((k - 1) N + t) / k) values occur again p places earlier
//! (n0 = 0 needs k more values: the certificate is checked directly, and
//! a later check finds it). So the least certifiable p is the
//! nearest earlier occurrence of that final window, found with a rolling
//! hash (mod 2^61 - 1, every hit compared exactly) in O(N) time and O(1)
//! memory beyond the values; n0 is then the last disagreement plus one. A
//! certified p is an eventual period, so the least eventual period divides
//! it and shares its pre-period (and is then also certifiable): each
//! divisor is checked over one period as an independent second proof of
//! minimality. Checks run at fixed N (64, 80, 100, ..., a quarter more
//! each time), so they add O(N) in all and the result does not depend on
//! timing or on a resume in between. Every loop polls the budget's
//! deadline and cancel flag. Besides its heap count, the budget limits
//! splits (the engine's unit of cost, `Budget::max_splits`), since heaps
//! of games whose values keep growing cost ever more; the engine stops at
//! the first heap past that limit, so this stop does not depend on timing
//! either (within one run: a resumed run counts its own splits).

use std::time::{Duration, Instant};

use crate::budget::{Budget, StopReason, Stopped, Unit};
use crate::code::OctalGame;
use crate::engine::octal::SparseEngine;

use super::divisors::divisors;
use super::found::GuySmith;
use super::outcomes::outcome_period;

/// What a search found: the Grundy sequence's least pre-period and
/// period with the certificate, and the outcome sequence's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OctalPeriod {
    pub(crate) certificate: GuySmith,
    /// The P/N sequence's least pre-period and period.
    pub(crate) outcome: (u64, u64),
    /// The largest value (it occurs before preperiod + period).
    pub(crate) max_value: u64,
    /// Values computed.
    pub(crate) positions: u64,
}

/// A period search driving a sparse engine: values stream out chunk by
/// chunk, and the engine can be checkpointed between chunks.
#[derive(Debug)]
pub(crate) struct OctalSearch {
    engine: SparseEngine,
    next_check: u64,
    chunk: u64,
}

/// The first length at which a period check runs.
const FIRST_CHECK: u64 = 64;
/// Chunks aim at this much time, so budgets are checked promptly.
const CHUNK_TIME: Duration = Duration::from_millis(20);
/// Steps of a scan between two polls of the deadline and cancel flag.
const POLL: usize = 1 << 20;

impl OctalSearch {
    /// A search from n = 0.
    pub(crate) fn new(game: &OctalGame) -> OctalSearch {
        OctalSearch::resume(SparseEngine::new(game))
    }

    /// A search continuing with an engine (fresh, or resumed from a
    /// checkpoint).
    pub(crate) fn resume(engine: SparseEngine) -> OctalSearch {
        let mut next_check = FIRST_CHECK;
        while next_check < engine.len() {
            next_check = next_check_after(next_check);
        }
        OctalSearch { engine, next_check, chunk: 256 }
    }

    /// The engine (for its values, survey and checkpoint).
    pub(crate) fn engine(&self) -> &SparseEngine {
        &self.engine
    }

    /// The engine, to compute values outside the search.
    pub(crate) fn engine_mut(&mut self) -> &mut SparseEngine {
        &mut self.engine
    }

    /// Runs until a period is proven or the budget ends (`done` counts
    /// values computed, a resumed search's included, or for a split stop
    /// the splits of this run; the stop carries a survey of the values).
    /// After each chunk, `on_chunk` sees the engine (to stream values,
    /// write a checkpoint, show progress) and says whether to go on (false
    /// stops it as cancelled). A game without a periodicity theorem runs
    /// to the budget.
    pub(crate) fn run(
        &mut self,
        budget: &Budget,
        on_chunk: &mut dyn FnMut(&SparseEngine) -> bool,
    ) -> Result<OctalPeriod, Stopped> {
        self.engine.set_threads(budget.threads());
        let game = self.engine.game().clone();
        let theorem = game.has_periodicity_theorem();
        let (t, k) = (game.code_len() as u64, game.max_parts());
        // Splits are counted from here: a resumed search's earlier runs
        // spent theirs.
        let before = self.engine.work().total();
        // The engine stops at the heap where the splits pass the budget,
        // so the stop does not depend on how the chunks fell.
        let work_limit = before.saturating_add(budget.max_splits);
        loop {
            let len = self.engine.len();
            let splits = self.engine.work().total() - before;
            if theorem && len == self.next_check {
                self.next_check = next_check_after(len);
                let found = find(self.engine.values(), t, k, budget)
                    .map_err(|reason| self.stop(reason, budget, splits))?;
                if let Some(found) = found {
                    return Ok(self.found(found));
                }
            }
            budget.report(len);
            let reason = if len >= budget.max_positions {
                Some(StopReason::Positions)
            } else if splits > budget.max_splits {
                Some(StopReason::Splits)
            } else {
                budget.interrupted()
            };
            if let Some(reason) = reason {
                // The values past the last check may already prove it.
                let spent = matches!(
                    reason,
                    StopReason::Positions | StopReason::Splits
                );
                if theorem && spent {
                    let found = find(self.engine.values(), t, k, budget)
                        .map_err(|reason| self.stop(reason, budget, splits))?;
                    if let Some(found) = found {
                        return Ok(self.found(found));
                    }
                }
                return Err(self.stop(reason, budget, splits));
            }
            let mut count = self.chunk.min(budget.max_positions - len);
            if theorem {
                count = count.min(self.next_check - len);
            }
            let started = Instant::now();
            let advanced =
                self.engine.advance_within(count, work_limit).map(|_| ());
            let count = self.engine.len() - len;
            let go_on = on_chunk(&self.engine);
            if let Err(stop) = advanced {
                return Err(stop.with_survey(self.engine.survey()));
            }
            if !go_on {
                return Err(self.stop(StopReason::Cancelled, budget, splits));
            }
            self.adapt_chunk(count, started.elapsed());
        }
    }

    /// The stop for `reason`, with the survey. A split budget's stop
    /// counts splits (`splits` this run); any other counts values.
    fn stop(
        &self,
        reason: StopReason,
        budget: &Budget,
        splits: u64,
    ) -> Stopped {
        if reason == StopReason::Splits {
            return Stopped::new(
                reason,
                splits,
                budget.max_splits,
                Unit::Splits,
            )
            .with_survey(self.engine.survey());
        }
        // A resumed search may hold more values than its new limit: the
        // limit it says it searched within is what it searched.
        let len = self.engine.len();
        Stopped::new(
            reason,
            len,
            budget.max_positions.max(len),
            Unit::Positions,
        )
        .with_survey(self.engine.survey())
    }

    /// The next chunk from the time `count` heaps took: scaled to
    /// [`CHUNK_TIME`] (at most doubled), from the heaps actually computed
    /// (a chunk cut short by the next check says nothing of a longer one).
    fn adapt_chunk(&mut self, count: u64, took: Duration) {
        self.chunk = next_chunk(count, took, CHUNK_TIME);
    }

    fn found(&self, certificate: GuySmith) -> OctalPeriod {
        let values = self.engine.values();
        let (l, p) = (certificate.preperiod, certificate.period);
        let top = ((l + p) as usize).min(values.len());
        OctalPeriod {
            certificate,
            outcome: outcome_period(|n| value_at(values, l, p, n) == 0, l, p),
            max_value: u64::from(
                values[..top].iter().copied().max().unwrap_or(0),
            ),
            positions: self.engine.len(),
        }
    }
}

/// How many heaps to compute next when `count` took `took`: as many as
/// fit in `target` at that pace, at most twice as many, at least one.
/// Games whose heaps grow dearer fast (three-heap splits cost m^2 a heap)
/// keep their chunks short, so a deadline is seen in time.
pub(crate) fn next_chunk(count: u64, took: Duration, target: Duration) -> u64 {
    let took = took.as_nanos().max(1);
    let scaled = u128::from(count) * target.as_nanos() / took;
    (scaled.min(u128::from(count) * 2) as u64).clamp(1, 1 << 24)
}

/// The length of the period check after one at `len`.
pub(crate) fn next_check_after(len: u64) -> u64 {
    len + (len / 4).max(1)
}

/// g(n) for any n, from values that reach l + p (periodic from l with
/// period p).
pub(crate) fn value_at(values: &[u16], l: u64, p: u64, n: u64) -> u16 {
    let i = if n < l { n } else { l + (n - l) % p };
    values[i as usize]
}

/// The least certified (pre-period, period) of the values, if any (t:
/// code length, k: most parts of a move), or why the budget stopped the
/// scan.
pub(crate) fn find(
    values: &[u16],
    t: u64,
    k: u8,
    budget: &Budget,
) -> Result<Option<GuySmith>, StopReason> {
    let n = values.len() as u64;
    let (w, p_max) = if k >= 2 {
        let k = u64::from(k);
        let w = ((k - 1) * n + t).div_ceil(k).max(1);
        match n.checked_sub(w) {
            Some(p_max) => (w, p_max),
            None => return Ok(None),
        }
    } else {
        let w = t.max(1);
        match n.checked_sub(w + 1) {
            Some(p_max) => (w, p_max),
            None => return Ok(None),
        }
    };
    if p_max == 0 {
        return Ok(None);
    }
    let Some(p) = nearest_repeat(values, w as usize, p_max as usize, budget)?
    else {
        return Ok(None);
    };
    let p = p as u64;
    let n0 = last_difference(values, p, budget)?;
    let (preperiod, period) = least(values, n0, p, t, k, budget)?;
    let certificate = GuySmith {
        preperiod,
        period,
        code_len: t,
        parts: k,
        checked_to: GuySmith::bound(preperiod, period, t, k),
    };
    // By the argument in the module docs the window test and the
    // theorem's condition agree; check the latter directly all the same.
    Ok(certificate.verify(values).then_some(certificate))
}

/// The least n0 with g(n + p) = g(n) for n0 <= n < len - p.
fn last_difference(
    values: &[u16],
    p: u64,
    budget: &Budget,
) -> Result<u64, StopReason> {
    let p = p as usize;
    let mut n = values.len() - p;
    while n > 0 {
        let from = n.saturating_sub(POLL);
        if let Some(at) = (from..n).rev().find(|&i| values[i] != values[i + p])
        {
            return Ok(at as u64 + 1);
        }
        n = from;
        poll(budget)?;
    }
    Ok(0)
}

fn poll(budget: &Budget) -> Result<(), StopReason> {
    budget.interrupted().map_or(Ok(()), Err)
}

/// Given a certified period p from n0, the least period. The window
/// search already returns the least certifiable p, and the least eventual
/// period divides p and is certifiable too; so, as a second proof, every
/// proper divisor d of p is tested against the theorem's condition (and
/// the least that passes would be taken, which the window argument says
/// never happens).
fn least(
    values: &[u16],
    n0: u64,
    p: u64,
    t: u64,
    k: u8,
    budget: &Budget,
) -> Result<(u64, u64), StopReason> {
    let n = values.len() as u64;
    for d in divisors(p) {
        if d == p {
            break;
        }
        let l = last_difference(values, d, budget)?;
        if GuySmith::bound(l, d, t, k) + d <= n {
            return Ok((l, d));
        }
    }
    Ok((n0, p))
}

const MOD: u64 = (1 << 61) - 1;

#[inline]
fn mul_mod(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    let folded = (x as u64 & MOD) + (x >> 61) as u64;
    if folded >= MOD { folded - MOD } else { folded }
}

#[inline]
fn add_mod(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= MOD { s - MOD } else { s }
}

/// The least p in 1..=p_max such that the last `w` values occur again p
/// places earlier.
fn nearest_repeat(
    values: &[u16],
    w: usize,
    p_max: usize,
    budget: &Budget,
) -> Result<Option<usize>, StopReason> {
    let n = values.len();
    // A fixed odd base: every hash hit is compared exactly, so a collision
    // costs time, never a wrong answer.
    const BASE: u64 = 0x1F3D_5B79_ACE1_2469 % MOD;
    let sym = |v: u16| u64::from(v) + 1;
    // H(s) = sum over j < w of sym(g[s + j]) BASE^j.
    let mut top_power = 1; // BASE^(w - 1)
    let mut target = 0;
    for j in (0..w).rev() {
        target = add_mod(mul_mod(target, BASE), sym(values[n - w + j]));
        if j > 0 {
            top_power = mul_mod(top_power, BASE);
        }
        if j % POLL == 0 {
            poll(budget)?;
        }
    }
    let tail = &values[n - w..];
    let mut s = n - w;
    let mut h = target;
    for p in 1..=p_max {
        // Slide from window s to s - 1.
        let out = mul_mod(sym(values[s - 1 + w]), top_power);
        h = add_mod(sym(values[s - 1]), mul_mod(add_mod(h, MOD - out), BASE));
        s -= 1;
        if h == target && values[s..s + w] == *tail {
            return Ok(Some(p));
        }
        if p % POLL == 0 {
            poll(budget)?;
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::OctalCode;
    use crate::engine::naive::grundy_values;
    use proptest::prelude::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn chunks_follow_the_heaps_computed() {
        let ms = Duration::from_millis;
        let next = |count, took| next_chunk(count, took, CHUNK_TIME);
        // 877 heaps in 1.1 s (0.8 near heap 3500): the next chunk is 15
        // heaps, not the chunk before scaled.
        assert_eq!(next(877, ms(1100)), 15);
        assert_eq!(next(100, ms(1)), 200);
        assert_eq!(next(1, Duration::ZERO), 2);
        assert_eq!(next(5, ms(60_000)), 1);
        assert_eq!(next(1 << 24, ms(1)), 1 << 24);
    }

    fn game(code: &str) -> OctalGame {
        let (d0, rest) = code.split_once('.').unwrap();
        let digits: Vec<u8> =
            rest.chars().map(|c| c.to_digit(16).unwrap() as u8).collect();
        OctalCode::new(d0.parse().unwrap(), &digits).unwrap().into()
    }

    fn search(g: &OctalGame, max: u64) -> Result<OctalPeriod, Stopped> {
        OctalSearch::new(g).run(&Budget::positions(max), &mut |_| true)
    }

    fn found(code: &str) -> (u64, u64) {
        let p = search(&game(code), 1 << 20).unwrap();
        (p.certificate.preperiod, p.certificate.period)
    }

    fn naive16(g: &OctalGame, n: usize) -> Vec<u16> {
        grundy_values(g, n).into_iter().map(|v| v as u16).collect()
    }

    /// Source: OEIS A002186 (Kayles, .77), after Berlekamp, Conway, Guy,
    /// Winning Ways p. 91: period 12, last exception at 70.
    #[test]
    fn kayles() {
        assert_eq!(found("0.77"), (71, 12));
        let p = search(&game("0.77"), 1 << 20).unwrap();
        assert_eq!(p.certificate.checked_to, 2 * 71 + 12 + 2);
        assert_eq!(p.max_value, 8);
    }

    /// Source: OEIS A002187 (Dawson's chess, .137; Winning Ways pp. 89
    /// and 102): period 34, exceptions 0, 14, 16, 17, 31, 34 and 51.
    #[test]
    fn dawsons_chess() {
        assert_eq!(found("0.137"), (52, 34));
    }

    /// Subtraction games {1, 2} and {2, 5}: no splits, the window bound.
    #[test]
    fn subtraction_games() {
        assert_eq!(found("0.33"), (0, 3));
        assert_eq!(found("0.03003"), (0, 7));
        assert_eq!(found("0.0"), (0, 1));
        assert_eq!(found("0.1"), (2, 1));
    }

    /// The outcome sequence's least pre-period and period, checked
    /// against the definition: periodic from l with period q, not from
    /// l - 1, and no smaller shift agrees over a whole period.
    #[test]
    fn outcome_periods_equal_brute_force() {
        for code in ["0.77", "0.137", "0.07", "0.33", "0.4", "4.7", "0.17"] {
            let g = game(code);
            let p = search(&g, 1 << 21).unwrap();
            let (lg, pg) = (p.certificate.preperiod, p.certificate.period);
            let (l, q) = p.outcome;
            assert!(l <= lg && pg % q == 0, "{code}");
            let end = ((lg + 3 * pg) as usize).max(2000);
            let values = naive16(&g, end);
            let o = |n: usize| values[n] == 0;
            let (l, q) = (l as usize, q as usize);
            assert!((l..end - q).all(|n| o(n) == o(n + q)), "{code}");
            assert!(l == 0 || o(l - 1) != o(l - 1 + q), "{code}");
            let lg = lg as usize;
            for d in 1..q {
                assert!((lg..lg + q).any(|n| o(n) != o(n + d)), "{code}: {d}");
            }
        }
    }

    /// The search finds the same (n0, p) as trying every p against the
    /// theorem directly (quadratic, on a few thousand values).
    #[test]
    fn window_search_equals_brute_force() {
        for code in ["0.77", "0.137", "0.07", "0.45", "4.12", "0.4", "0.17"] {
            let g = game(code);
            let (t, k) = (g.code_len() as u64, g.max_parts());
            let all = naive16(&g, 3000);
            for n in [100, 300, 700, 1500, 3000] {
                let values = &all[..n];
                let brute = (1..n as u64).find_map(|p| {
                    let l = last_difference(values, p, &Budget::default())
                        .unwrap();
                    let end = GuySmith::bound(l, p, t, k);
                    (end + p <= n as u64).then_some((l, p))
                });
                let fast = find(values, t, k, &Budget::default())
                    .unwrap()
                    .map(|c| (c.preperiod, c.period));
                assert_eq!(fast, brute, "{code} at {n}");
            }
        }
    }

    fn any_code() -> impl Strategy<Value = OctalGame> {
        (
            prop::sample::select(vec![0u8, 0, 4, 8, 12]),
            prop::collection::vec(0u8..16, 1..4),
            any::<bool>(),
        )
            .prop_map(|(d0, digits, octal)| {
                let digits: Vec<u8> = if octal {
                    digits.iter().map(|d| d % 8).collect()
                } else {
                    digits
                };
                let d0 = if octal { d0 % 8 } else { d0 };
                OctalCode::new(d0, &digits).unwrap().into()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The theorem's bound, tested: whenever a period is certified
        /// from N values, the definition keeps it on four times as many,
        /// and no smaller period certifies.
        #[test]
        fn certified_periods_hold_further(g in any_code()) {
            let (t, k) = (g.code_len() as u64, g.max_parts());
            let n = if k == 3 { 90 } else { 400 };
            let values = naive16(&g, n);
            if let Some(c) = find(&values, t, k, &Budget::default()).unwrap() {
                prop_assert!(c.verify(&values));
                let further = naive16(&g, 4 * n);
                let (l, p) = (c.preperiod as usize, c.period as usize);
                for m in l..4 * n - p {
                    prop_assert_eq!(further[m], further[m + p]);
                }
                for q in 1..p {
                    let lq = last_difference(&values, q as u64, &Budget::default()).unwrap();
                    let end = GuySmith::bound(lq, q as u64, t, k);
                    prop_assert!(end + q as u64 > n as u64);
                }
            }
        }
    }

    #[test]
    fn budget_stops_and_reports() {
        // Officers (0.6) has no known period; 5000 values are not enough.
        let stop = search(&game("0.6"), 5000).unwrap_err();
        assert_eq!((stop.reason, stop.done), (StopReason::Positions, 5000));
        let seen = stop.seen.unwrap();
        assert_eq!(seen.len, 5000);
        assert_eq!(seen.frequencies.iter().sum::<u64>(), 5000);
        assert!(!seen.rare.is_empty());
        // Grundy's game has no theorem: it runs to the budget.
        let stop = OctalSearch::new(&OctalGame::Grundy)
            .run(&Budget::positions(3000), &mut |_| true)
            .unwrap_err();
        assert_eq!(stop.done, 3000);
        let cancel = Arc::new(AtomicBool::new(true));
        let budget = Budget { cancel: Some(cancel), ..Budget::default() };
        let stop = OctalSearch::new(&game("0.6"))
            .run(&budget, &mut |_| true)
            .unwrap_err();
        assert_eq!(stop.reason, StopReason::Cancelled);
    }

    /// The values of 0.06 keep growing, so a heap of n tokens costs about
    /// n splits and a heap count alone would let a search run for hours:
    /// the split budget stops it, counting exactly the engine's splits, at
    /// the same heap however the chunks fell.
    /// `Budget::heaps` has no split limit.
    #[test]
    fn split_budget_stops_games_whose_heaps_grow_dear() {
        let g = game("0.06");
        let limit = 100_000_000;
        let budget =
            Budget { max_splits: limit, ..Budget::positions(10_000_000) };
        let stop =
            OctalSearch::new(&g).run(&budget, &mut |_| true).unwrap_err();
        assert_eq!(
            (stop.reason, stop.unit, stop.limit),
            (StopReason::Splits, Unit::Splits, limit)
        );
        // It stops at the first heap past the limit, whatever the chunks.
        let heaps = stop.seen.as_ref().unwrap().len;
        let mut engine = SparseEngine::new(&g);
        while engine.work().total() <= limit {
            engine.advance(1).unwrap();
        }
        assert_eq!((heaps, stop.done), (engine.len(), engine.work().total()));
        assert!(stop.done > limit && heaps < 40_000, "{stop:?}");
        assert!(stop.to_string().ends_with("splits (the budget ran out)"));
        // The same split limit does not stop a game that costs little a
        // heap: Officers at 20,000 heaps (27 * 10^6 splits) stops on the
        // heap count.
        let budget = Budget { max_splits: limit, ..Budget::positions(20_000) };
        let stop = OctalSearch::new(&game("0.6"))
            .run(&budget, &mut |_| true)
            .unwrap_err();
        assert_eq!((stop.reason, stop.done), (StopReason::Positions, 20_000));
        let stop = OctalSearch::new(&g)
            .run(&Budget::heaps(3000), &mut |_| true)
            .unwrap_err();
        assert_eq!((stop.reason, stop.done), (StopReason::Positions, 3000));
    }

    /// The scans poll the cancel flag: a search over values already
    /// computed stops at once.
    #[test]
    fn scans_poll_the_cancel_flag() {
        let values: Vec<u16> =
            (0..3_000_000u32).map(|i| (i % 7 + i / 5 % 3) as u16).collect();
        let cancel = Arc::new(AtomicBool::new(true));
        let budget = Budget { cancel: Some(cancel), ..Budget::default() };
        assert_eq!(find(&values, 1, 2, &budget), Err(StopReason::Cancelled));
        let flat = vec![0u16; 3_000_000];
        assert_eq!(
            last_difference(&flat, 1, &budget),
            Err(StopReason::Cancelled)
        );
    }

    /// The search checks at fixed lengths, so where it stops does not
    /// depend on timing or on a checkpoint in between.
    ///
    /// Source: A. Gangolli, T. Plambeck, A note on periodicity in some
    /// octal games (1989): .16 has last exceptional value 105350 and
    /// period 149459.
    #[test]
    fn deterministic_with_and_without_resume() {
        let g = game("0.16");
        let whole = search(&g, 1 << 21).unwrap();
        let mut first = OctalSearch::new(&g);
        assert!(
            first.run(&Budget::positions(123_457), &mut |_| true).is_err()
        );
        let engine = first.engine().clone();
        let checkpoint = engine.checkpoint();
        let engine =
            SparseEngine::resume(&g, &checkpoint, engine.into_values())
                .unwrap();
        let resumed = OctalSearch::resume(engine)
            .run(&Budget::positions(1 << 21), &mut |_| true)
            .unwrap();
        assert_eq!(resumed, whole);
        let c = whole.certificate;
        assert_eq!((c.preperiod, c.period), (105351, 149459));
    }
}
