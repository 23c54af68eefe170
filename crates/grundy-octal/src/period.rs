//! Least pre-period and least period of a take-and-break game, with the
//! certificate of the periodicity theorem, within a budget.
//!
//! **The theorem** (R. K. Guy, C. A. B. Smith, The G-values of various
//! games, 1956; Berlekamp, Conway, Guy, Winning Ways ch. 4). Let t be the
//! code length and k the most heaps one move leaves. If g(n + p) = g(n) for
//! all n with n0 <= n < E, where
//!
//! ```text
//! E = 2 n0 + p + t            for octal codes that split (k = 2),
//! E = 3 n0 + 2 p + t          for hexadecimal codes that split in three,
//! E = max(n0 + t, t + 1)      for codes that never split (k <= 1),
//! ```
//!
//! then g(n + p) = g(n) for all n >= n0. The proof is an induction on n >=
//! E: a move from n + p removing i <= t tokens and leaving heaps a <= b
//! (<= c) has its largest part at least (n + p - i) / k, so that part minus
//! p is still at least n0 exactly when n >= k n0 + (k - 1) p + i; the
//! smaller parts are shared, and the matching move from n leaves the
//! largest part minus p. The same bound serves codes with d0 = 4 (a split
//! removing i = 0 tokens) and hexadecimal codes with k = 3; for k <= 1 the
//! value of n depends only on the t values before it, and n >= t + 1 rules
//! out the move that takes a whole heap of exactly i <= t tokens. Grundy's
//! game has no such theorem (the equal-parts exception breaks the pairing
//! of moves), so for it no period is ever claimed.
//!
//! **The search.** With N values known, (n0, p) is certified exactly when
//! the agreement above fits: E + p <= N. For k >= 2 that is k (n0 + p) + t
//! <= N, which holds if and only if the last W = ceil(((k - 1) N + t) / k)
//! values occur again p places earlier. So the least certifiable p is the
//! nearest earlier occurrence of that final window, found with a rolling
//! hash (mod 2^61 - 1, every hit compared exactly) in O(N) time and O(1)
//! memory beyond the values; n0 is then the last disagreement plus one. A
//! certified p is an eventual period, so the least eventual period divides
//! it and shares its pre-period (and is then also certifiable): each
//! divisor is checked over one period as an independent second proof of
//! minimality. Checks run at fixed N (64, 80, 100, ..., a quarter more
//! each time), so they add O(N) in all and the result does not depend on
//! timing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::code::Rules;
use crate::error::Result;
use crate::sparse::engine::Engine;
use crate::stats::Summary;

/// A budget for a long computation.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Stop after this many values.
    pub max_positions: u64,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (Ctrl-C, a closed connection).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of `max_positions` values and nothing else.
    pub fn positions(max_positions: u64) -> Budget {
        Budget { max_positions, deadline: None, cancel: None }
    }

    pub(crate) fn stop(&self, positions: u64) -> Option<StopReason> {
        if positions >= self.max_positions {
            Some(StopReason::Positions)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Time)
        } else if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            Some(StopReason::Cancelled)
        } else {
            None
        }
    }
}

/// Why a search stopped without a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum StopReason {
    /// The position budget ran out.
    Positions,
    /// The deadline passed.
    Time,
    /// The caller cancelled.
    Cancelled,
}

/// The proof that a period holds: g(n + period) = g(n) was checked for
/// every n with `preperiod <= n < checked_to`, which by the periodicity
/// theorem implies it for every n >= `preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Certificate {
    /// n0.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// t, the code length.
    pub code_len: u64,
    /// k, the most heaps one move leaves.
    pub parts: u8,
    /// E, the end of the range that was checked.
    pub checked_to: u64,
}

impl Certificate {
    /// E for (n0, p, t, k), see the module docs.
    pub fn bound(
        preperiod: u64,
        period: u64,
        code_len: u64,
        parts: u8,
    ) -> u64 {
        let (n0, p, t) = (preperiod, period, code_len);
        match parts {
            0 | 1 => (n0 + t).max(t + 1),
            k => {
                let k = u64::from(k);
                k * n0 + (k - 1) * p + t
            }
        }
    }

    /// Checks the certificate against the values: every agreement it
    /// claims, and that the pre-period cannot start one earlier.
    pub fn verify(&self, values: &[u16]) -> bool {
        let (n0, p) = (self.preperiod as usize, self.period as usize);
        let end = self.checked_to as usize;
        let bound = Certificate::bound(
            self.preperiod,
            self.period,
            self.code_len,
            self.parts,
        );
        p >= 1
            && self.checked_to == bound
            && end + p <= values.len()
            && (n0..end).all(|n| values[n] == values[n + p])
            && (n0 == 0 || values[n0 - 1] != values[n0 - 1 + p])
    }
}

/// A proven eventual period.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// The least n0 with g(n + p) = g(n) for all n >= n0 (the literature's
    /// "last exceptional value" is n0 - 1).
    pub preperiod: u64,
    /// The least p >= 1 for which such an n0 exists.
    pub period: u64,
    /// The proof.
    pub certificate: Certificate,
    /// Values computed.
    pub positions: u64,
    /// The largest value (it occurs before preperiod + period).
    pub max_value: u16,
}

impl Period {
    /// g(n) for any n, from the values (which reach preperiod + period).
    pub fn value_at(&self, values: &[u16], n: u128) -> u16 {
        let (l, p) = (u128::from(self.preperiod), u128::from(self.period));
        let i = if n < l { n } else { l + (n - l) % p };
        values[i as usize]
    }
}

/// What a search that found no period reports: how far it got and what it
/// saw, never a guessed period.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Unresolved {
    /// Why it stopped.
    pub reason: StopReason,
    /// Whether a periodicity theorem exists for these rules (not for
    /// Grundy's game: there no amount of data proves a period).
    pub theorem: bool,
    /// Frequencies, rare values and where, at the end.
    pub summary: Summary,
}

/// The result of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodOutcome {
    /// A period with its certificate.
    Found(Period),
    /// None within the budget.
    NotFound(Unresolved),
}

/// A period search driving a sparse engine: values stream out chunk by
/// chunk, and the engine can be checkpointed between chunks.
#[derive(Debug)]
pub struct PeriodSearch {
    engine: Engine,
    next_check: u64,
    chunk: u64,
}

/// The first window length at which a period check runs.
const FIRST_CHECK: u64 = 64;
/// Chunks aim at this much time, so budgets are checked promptly.
const CHUNK_TIME: Duration = Duration::from_millis(20);

impl PeriodSearch {
    /// A search from n = 0.
    pub fn new(rules: Rules) -> PeriodSearch {
        PeriodSearch::resume(Engine::new(rules))
    }

    /// A search continuing with an engine (fresh, or resumed from a
    /// checkpoint).
    pub fn resume(engine: Engine) -> PeriodSearch {
        // Checks run at fixed lengths (64, 80, 100, ..., a quarter more
        // each time), so a resumed search checks where an uninterrupted
        // one would, and results do not depend on timing.
        let mut next_check = FIRST_CHECK;
        while next_check < engine.len() {
            next_check = next_check_after(next_check);
        }
        PeriodSearch { engine, next_check, chunk: 1024 }
    }

    /// The engine (for its values, summary and checkpoint).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Gives up the search, keeping the engine.
    pub fn into_engine(self) -> Engine {
        self.engine
    }

    /// Runs until a period is proven or the budget ends. After each chunk,
    /// `on_chunk` sees the engine and the values just computed (to stream
    /// them, write a checkpoint, show progress). Errors are the engine's (a
    /// value too large for 16 bits, no memory).
    pub fn run(
        &mut self,
        budget: &Budget,
        on_chunk: &mut dyn FnMut(&Engine, &[u16]),
    ) -> Result<PeriodOutcome> {
        let rules = self.engine.rules().clone();
        let theorem = rules.has_periodicity_theorem();
        let (t, k) = (rules.code_len() as u64, rules.max_parts());
        loop {
            let len = self.engine.len();
            if theorem && len == self.next_check {
                self.next_check = next_check_after(len);
                if let Some(found) = find(self.engine.values(), t, k) {
                    return Ok(PeriodOutcome::Found(self.found(found)));
                }
            }
            if let Some(reason) = budget.stop(len) {
                let last = if theorem {
                    find(self.engine.values(), t, k)
                } else {
                    None
                };
                if let Some(found) = last {
                    return Ok(PeriodOutcome::Found(self.found(found)));
                }
                return Ok(PeriodOutcome::NotFound(Unresolved {
                    reason,
                    theorem,
                    summary: self.engine.summary(),
                }));
            }
            let mut count = self.chunk.min(budget.max_positions - len);
            if theorem {
                count = count.min(self.next_check - len);
            }
            let started = Instant::now();
            self.engine.advance(count)?;
            on_chunk(&self.engine, &self.engine.values()[len as usize..]);
            self.adapt_chunk(started.elapsed());
        }
    }

    fn adapt_chunk(&mut self, took: Duration) {
        let took = took.as_nanos().max(1);
        let target = CHUNK_TIME.as_nanos();
        let scaled = u128::from(self.chunk) * target / took;
        self.chunk = (scaled as u64).clamp(self.chunk / 2, self.chunk * 2);
        self.chunk = self.chunk.clamp(64, 1 << 24);
    }

    fn found(&self, (preperiod, period, certificate): Found) -> Period {
        let values = self.engine.values();
        let top = (preperiod + period) as usize;
        Period {
            preperiod,
            period,
            certificate,
            positions: self.engine.len(),
            max_value: values[..top.min(values.len())]
                .iter()
                .copied()
                .max()
                .unwrap_or(0),
        }
    }
}

/// The length of the period check after one at `len`.
fn next_check_after(len: u64) -> u64 {
    len + (len / 4).max(1)
}

/// Finds the least certified period of a game within a budget.
pub fn find_period(rules: &Rules, budget: &Budget) -> Result<PeriodOutcome> {
    PeriodSearch::new(rules.clone()).run(budget, &mut |_, _| {})
}

type Found = (u64, u64, Certificate);

/// The least certified (pre-period, period) of the values, if any (t: code
/// length, k: most parts of a move).
pub fn find(values: &[u16], t: u64, k: u8) -> Option<Found> {
    let n = values.len() as u64;
    let (w, p_max) = if k >= 2 {
        let k = u64::from(k);
        let w = ((k - 1) * n + t).div_ceil(k).max(1);
        (w, n.checked_sub(w)?)
    } else {
        let w = t.max(1);
        (w, n.checked_sub(w + 1)?)
    };
    if p_max == 0 {
        return None;
    }
    let p = nearest_repeat(values, w as usize, p_max as usize)? as u64;
    let (preperiod, period) =
        least(values, last_difference(values, p), p, t, k);
    let certificate = Certificate {
        preperiod,
        period,
        code_len: t,
        parts: k,
        checked_to: Certificate::bound(preperiod, period, t, k),
    };
    // By the argument in the module docs the window test and the theorem's
    // condition agree; check the latter directly all the same.
    certificate.verify(values).then_some((preperiod, period, certificate))
}

/// The least n0 with g(n + p) = g(n) for n0 <= n < len - p.
fn last_difference(values: &[u16], p: u64) -> u64 {
    let p = p as usize;
    (0..values.len() - p)
        .rev()
        .find(|&n| values[n] != values[n + p])
        .map_or(0, |n| n as u64 + 1)
}

/// Given a certified period p from n0, the least period. The window search
/// already returns the least certifiable p, and the least eventual period
/// divides p and is certifiable too; so, as a second proof, every proper
/// divisor d of p is tested against the theorem's condition (and the least
/// that passes would be taken, which the window argument says never
/// happens).
fn least(values: &[u16], n0: u64, p: u64, t: u64, k: u8) -> (u64, u64) {
    let n = values.len() as u64;
    for d in divisors(p) {
        if d == p {
            break;
        }
        let l = last_difference(values, d);
        if Certificate::bound(l, d, t, k) + d <= n {
            return (l, d);
        }
    }
    (n0, p)
}

/// The divisors of p, ascending.
fn divisors(p: u64) -> Vec<u64> {
    let (mut small, mut large) = (Vec::new(), Vec::new());
    let mut d = 1;
    while d * d <= p {
        if p.is_multiple_of(d) {
            small.push(d);
            if d * d != p {
                large.push(p / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
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
fn nearest_repeat(values: &[u16], w: usize, p_max: usize) -> Option<usize> {
    let n = values.len();
    // A fixed odd base: every hash hit is compared exactly, so a collision
    // costs time, never a wrong answer.
    const BASE: u64 = 0x1F3D_5B79_ACE1_2469 % MOD;
    let sym = |v: u16| u64::from(v) + 1;
    // H(s) = sum over j < w of sym(g[s + j]) BASE^j.
    let mut top_power = 1; // BASE^(w - 1)
    for _ in 1..w {
        top_power = mul_mod(top_power, BASE);
    }
    let hash = |s: usize| {
        let mut h = 0;
        for j in (0..w).rev() {
            h = add_mod(mul_mod(h, BASE), sym(values[s + j]));
        }
        h
    };
    let target = hash(n - w);
    let tail = &values[n - w..];
    let mut s = n - w;
    let mut h = target;
    for p in 1..=p_max {
        // Slide from window s to s - 1.
        let out = mul_mod(sym(values[s - 1 + w]), top_power);
        h = add_mod(sym(values[s - 1]), mul_mod(add_mod(h, MOD - out), BASE));
        s -= 1;
        if h == target && values[s..s + w] == *tail {
            return Some(p);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;
    use crate::naive::naive_values;

    fn period(code: &str, max: u64) -> PeriodOutcome {
        find_period(&code.parse().unwrap(), &Budget::positions(max)).unwrap()
    }

    fn found(code: &str) -> (u64, u64) {
        match period(code, 1 << 20) {
            PeriodOutcome::Found(p) => (p.preperiod, p.period),
            PeriodOutcome::NotFound(u) => panic!("{code}: {u:?}"),
        }
    }

    /// Source: OEIS A002186 (Kayles, .77), after Winning Ways p. 91:
    /// period 12, last exception at 70.
    #[test]
    fn kayles() {
        assert_eq!(found("0.77"), (71, 12));
    }

    /// Source: OEIS A002187 (Dawson's chess, .137; Winning Ways pp. 89 and
    /// 102): period 34, exceptions 0, 14, 16, 17, 31, 34 and 51.
    #[test]
    fn dawsons_chess() {
        assert_eq!(found("0.137"), (52, 34));
    }

    /// Subtraction games {1, 2} and {2, 5}: no splits, the window theorem.
    #[test]
    fn subtraction_games() {
        assert_eq!(found("0.33"), (0, 3));
        // g for {2, 5}: 0 0 1 1 0 1 1 0 ... period 7 from 0.
        let (l, p) = found("0.03003");
        let values = naive_values(&"0.03003".parse().unwrap(), 200);
        assert!(
            (l as usize..150).all(|n| values[n] == values[n + p as usize])
        );
        assert_eq!((l, p), (0, 7));
        assert_eq!(found("0.0"), (0, 1));
        assert_eq!(found("0.1"), (2, 1));
    }

    #[test]
    fn certificate_bounds() {
        assert_eq!(Certificate::bound(71, 12, 2, 2), 2 * 71 + 12 + 2);
        assert_eq!(Certificate::bound(5, 4, 3, 3), 15 + 8 + 3);
        assert_eq!(Certificate::bound(0, 3, 2, 1), 3);
        assert_eq!(Certificate::bound(9, 3, 2, 1), 11);
    }

    /// The search finds the same (n0, p) as trying every p against the
    /// theorem directly (quadratic, on a few thousand values).
    #[test]
    fn window_search_equals_brute_force() {
        for code in ["0.77", "0.137", "0.07", "0.45", "4.12", "0.4", "0.17"] {
            let rules: Rules = code.parse().unwrap();
            let (t, k) = (rules.code_len() as u64, rules.max_parts());
            let all: Vec<u16> = naive_values(&rules, 3000)
                .into_iter()
                .map(|v| v as u16)
                .collect();
            for n in [100, 300, 700, 1500, 3000] {
                let values = &all[..n];
                let brute = (1..n as u64).find_map(|p| {
                    let l = last_difference(values, p);
                    let end = Certificate::bound(l, p, t, k);
                    (end + p <= n as u64).then_some((l, p))
                });
                let fast = find(values, t, k).map(|(l, p, _)| (l, p));
                assert_eq!(fast, brute, "{code} at {n}");
            }
        }
    }

    fn any_code() -> impl proptest::strategy::Strategy<Value = Rules> {
        use proptest::prelude::*;
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
                crate::OctalCode::new(d0, &digits).unwrap().into()
            })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// The theorem's bound, tested: whenever a period is certified
        /// from N values, the definition keeps it on four times as many.
        #[test]
        fn certified_periods_hold_further(rules in any_code()) {
            let (t, k) = (rules.code_len() as u64, rules.max_parts());
            let n = if k == 3 { 90 } else { 400 };
            let values: Vec<u16> = naive_values(&rules, n)
                .into_iter()
                .map(|v| v as u16)
                .collect();
            if let Some((l, p, c)) = find(&values, t, k) {
                proptest::prop_assert!(c.verify(&values));
                let further = naive_values(&rules, 4 * n);
                let (l, p) = (l as usize, p as usize);
                for m in l..4 * n - p {
                    proptest::prop_assert_eq!(further[m], further[m + p]);
                }
                // And it is the least: no smaller period from any start.
                for q in 1..p {
                    let lq = last_difference(&values, q as u64);
                    let end = Certificate::bound(lq, q as u64, t, k);
                    proptest::prop_assert!(end + q as u64 > n as u64);
                }
            }
        }
    }

    #[test]
    fn budget_stops_and_reports() {
        // Officers (0.6) has no known period; 5000 values are not enough.
        match period("0.6", 5000) {
            PeriodOutcome::NotFound(u) => {
                assert_eq!(u.reason, StopReason::Positions);
                assert!(u.theorem);
                assert_eq!(u.summary.len, 5000);
                assert_eq!(u.summary.frequencies.iter().sum::<u64>(), 5000);
                assert!(!u.summary.rare.is_empty());
            }
            other => panic!("{other:?}"),
        }
        match period("grundy", 3000) {
            PeriodOutcome::NotFound(u) => assert!(!u.theorem),
            other => panic!("{other:?}"),
        }
        let cancel = Arc::new(AtomicBool::new(true));
        let budget =
            Budget { cancel: Some(cancel), ..Budget::positions(u64::MAX) };
        match find_period(&"0.6".parse().unwrap(), &budget).unwrap() {
            PeriodOutcome::NotFound(u) => {
                assert_eq!(u.reason, StopReason::Cancelled)
            }
            other => panic!("{other:?}"),
        }
    }

    /// The search checks at fixed lengths, so where it stops does not
    /// depend on timing or on a checkpoint in between.
    #[test]
    fn deterministic_with_and_without_resume() {
        let rules: Rules = "0.16".parse().unwrap();
        let budget = Budget::positions(1 << 21);
        let PeriodOutcome::Found(whole) =
            find_period(&rules, &budget).unwrap()
        else {
            panic!()
        };
        let mut first = PeriodSearch::new(rules);
        let early = Budget::positions(123_457);
        assert!(matches!(
            first.run(&early, &mut |_, _| {}).unwrap(),
            PeriodOutcome::NotFound(_)
        ));
        let engine = first.into_engine();
        let checkpoint = engine.checkpoint();
        let engine =
            Engine::resume(&checkpoint, engine.into_values()).unwrap();
        let mut second = PeriodSearch::resume(engine);
        let PeriodOutcome::Found(resumed) =
            second.run(&budget, &mut |_, _| {}).unwrap()
        else {
            panic!()
        };
        assert_eq!(resumed, whole);
        assert_eq!((whole.preperiod, whole.period), (105351, 149459));
    }

    #[test]
    fn value_at_any_heap() {
        let rules: Rules = "0.77".parse().unwrap();
        let mut search = PeriodSearch::new(rules.clone());
        let PeriodOutcome::Found(p) =
            search.run(&Budget::positions(1 << 16), &mut |_, _| {}).unwrap()
        else {
            panic!()
        };
        let values = search.engine().values();
        let naive = naive_values(&rules, 2000);
        for (n, &v) in naive.iter().enumerate() {
            assert_eq!(u32::from(p.value_at(values, n as u128)), v);
        }
        // A 30-digit heap: n = 10^29 + 5 is 5 mod 12 past 71 -> same as...
        let big = 10u128.pow(29) + 5;
        let reduced = 71 + (big - 71) % 12;
        assert_eq!(p.value_at(values, big), values[reduced as usize]);
    }
}
