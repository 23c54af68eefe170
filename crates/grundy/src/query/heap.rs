//! One heap of any size: its Grundy value, outcomes and winning moves.
//!
//! [`HeapModel`] answers g(n) and the outcome of n for one rule set and
//! any n, also numbers with hundreds of digits. Small heaps are read off
//! the rule set's sequence directly (the values listed are kept, two
//! bytes each, for the heap's options and a sum's other heaps); for larger
//! ones the period that the rule set's theorem gives is found once: with
//! least pre-period l, period p and saltus s, n >= l reads
//! g(n) = g(r) + q s with n = r + q p and l <= r < l + p (Winning Ways
//! ch. 4 for finite sets, Suetsugu-Abuku for the additive periods of
//! all-but sets). The moves worth looking at from a huge heap come from
//! the rule set
//! ([`RuleSet::options_toward`](crate::RuleSet::options_toward)).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, StopReason};
use crate::error::{Error, ErrorKind, Result};
use crate::period::{Period, PeriodOptions};
use crate::play::{Outcome, Play, Sequence};
use crate::query::period::budget_error;
use crate::query::solver::Solver;
use crate::query::values::{outcomes_within, values_within};
use crate::rules::{BigOption, Goal, Rules, Toward};

/// Heaps up to this size are computed directly, without a period.
const DIRECT_LIMIT: u64 = 1 << 22;

/// The most values a model keeps from a listing: g(0..=DIRECT_LIMIT) at
/// two bytes each, 8 MiB.
const KEPT_VALUES: usize = DIRECT_LIMIT as usize + 1;

/// Parses a heap size: a non-negative integer of any length.
///
/// ```
/// let n = grundy::parse_heap_size("1000000000000000000000")?;
/// assert_eq!(n.to_string(), "1000000000000000000000");
/// assert!(grundy::parse_heap_size("-3").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_heap_size(text: &str) -> Result<BigUint> {
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(t.parse().expect("digits parse"));
    }
    let hint = if t.starts_with('-') {
        "heap sizes cannot be negative"
    } else {
        "write a non-negative integer such as 31"
    };
    Err(Error::new(
        ErrorKind::Parse,
        format!("heap size \"{text}\" is not a number of stones; {hint}"),
    ))
}

/// Values and outcomes of one rule set for any heap size, with the
/// periods found on first need and kept.
#[derive(Clone, Debug)]
pub(crate) struct HeapModel {
    rules: Rules,
    budget: Budget,
    grundy: Option<Period>,
    /// For heaps within the direct limit of a take-and-break game: its
    /// period if a search no longer than the heaps themselves proves it
    /// (tried once; `Some(None)`: not found). Used for the values only:
    /// listing them directly is quadratic in the heap for games without
    /// a sparse space, such as Dawson's Kayles.
    quick: Option<Option<Period>>,
    misere: Option<Period>,
    /// g(0..kept.len()): the longest listing so far, up to the first
    /// value above 2^16 - 1 and at most [`KEPT_VALUES`] values, so that a
    /// heap's options, and the other heaps of a sum with the same rules,
    /// are read off instead of listed again from 0 (for a game without a
    /// sparse space each listing is quadratic in the heap).
    kept: Vec<u16>,
}

impl HeapModel {
    /// A model for `rules`; periods are found lazily within `budget`.
    pub(crate) fn new(rules: Rules, budget: Budget) -> HeapModel {
        HeapModel {
            rules,
            budget,
            grundy: None,
            quick: None,
            misere: None,
            kept: Vec::new(),
        }
    }

    /// The rule set.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Frees the values kept (a sum keeps them for one rule set at a
    /// time, so that its memory stays that of one).
    pub(crate) fn forget_values(&mut self) {
        self.kept = Vec::new();
    }

    /// How many values are kept.
    #[cfg(test)]
    pub(crate) fn kept(&self) -> usize {
        self.kept.len()
    }

    /// The Grundy values at the given heap sizes.
    pub(crate) fn grundy_values(
        &mut self,
        heaps: &[BigUint],
    ) -> Result<Vec<u64>> {
        let period = match self.period_for(heaps, Sequence::Grundy)? {
            Some(period) => period.clone(),
            None => {
                let small: Vec<u64> = heaps.iter().map(small).collect();
                match self.quick_period(&small)? {
                    Some(period) => period,
                    None => return self.sample_values(&small),
                }
            }
        };
        let (l, p, s) = (period.preperiod, period.period, period.saltus);
        let split: Vec<(u64, BigUint)> =
            heaps.iter().map(|n| reduce(n, l, p)).collect();
        let rs: Vec<u64> = split.iter().map(|(r, _)| *r).collect();
        let base = self.sample_values(&rs)?;
        split
            .iter()
            .zip(base)
            .zip(heaps)
            .map(|(((_, q), g), n)| {
                (BigUint::from(g) + q * s).to_u64().ok_or_else(|| {
                    Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "the Grundy value of heap \"{n}\" for \"{}\" is above 2^64 - 1, the largest value reported; use a smaller heap",
                            self.rules
                        ),
                    )
                })
            })
            .collect()
    }

    /// The period of a take-and-break game when some heap is large
    /// enough for it to matter (`quick`).
    fn quick_period(&mut self, heaps: &[u64]) -> Result<Option<Period>> {
        const WORTH_IT: u64 = 1 << 12;
        let top = heaps.iter().copied().max().unwrap_or(0);
        if top < WORTH_IT
            || self.rules.downcast_ref::<crate::code::OctalGame>().is_none()
        {
            return Ok(None);
        }
        if self.quick.is_none() {
            let budget = Budget {
                max_positions: self.budget.max_positions.min(top + 1),
                ..self.budget.clone()
            };
            let found = self.rules.period(
                Sequence::Grundy,
                &PeriodOptions::default(),
                &budget,
            );
            self.quick = Some(match found {
                Ok(found) => found,
                Err(e) if e.reason == StopReason::Positions => None,
                Err(e) => return Err(budget_error(&self.rules, &e)),
            });
        }
        Ok(self.quick.clone().flatten())
    }

    /// g at the given positions (all at most the direct limit), read off
    /// the values kept, or listed from 0 within the budget's deadline and
    /// cancel flag (and then kept).
    fn sample_values(&mut self, positions: &[u64]) -> Result<Vec<u64>> {
        let read: Option<Vec<u64>> = positions
            .iter()
            .map(|&n| {
                let kept =
                    usize::try_from(n).ok().and_then(|n| self.kept.get(n));
                kept.map(|&g| u64::from(g))
            })
            .collect();
        if let Some(read) = read {
            return Ok(read);
        }
        let last = positions.iter().copied().max().unwrap_or(0) as usize;
        let mut kept = Vec::with_capacity(last.min(KEPT_VALUES - 1) + 1);
        let mut fits = true;
        let mut g = values_within(&self.rules, &self.budget);
        let sequence = g.by_ref().map(|g| g.value());
        // Kept while every value so far fits in two bytes.
        let sequence = sequence.inspect(|&v| {
            fits &= kept.len() < KEPT_VALUES;
            match u16::try_from(v) {
                Ok(v) if fits => kept.push(v),
                _ => fits = false,
            }
        });
        let found = sample(sequence, positions);
        let found =
            found.ok_or_else(|| g.error().expect("the values ended"))?;
        if kept.len() > self.kept.len() {
            // The room for values that were not kept goes back.
            kept.shrink_to_fit();
            self.kept = kept;
        }
        Ok(found)
    }

    /// The outcomes of the given heap sizes under `play`.
    pub(crate) fn outcomes(
        &mut self,
        heaps: &[BigUint],
        play: Play,
    ) -> Result<Vec<Outcome>> {
        if play == Play::Normal {
            let values = self.grundy_values(heaps)?;
            return Ok(values
                .iter()
                .map(|&g| Outcome::from_is_p(g == 0))
                .collect());
        }
        let indices: Vec<u64> =
            match self.period_for(heaps, Sequence::Outcome(play))? {
                None => heaps.iter().map(small).collect(),
                Some(period) => heaps
                    .iter()
                    .map(|n| reduce(n, period.preperiod, period.period).0)
                    .collect(),
            };
        let mut all = outcomes_within(&self.rules, play, &self.budget);
        let cells = all.by_ref().map(|o| u64::from(o == Outcome::P));
        let found = sample(cells, &indices)
            .ok_or_else(|| all.error().expect("the outcomes ended"))?;
        Ok(found.into_iter().map(|p| Outcome::from_is_p(p == 1)).collect())
    }

    /// The period of `sequence` when some heap is too large to compute
    /// directly (found once), else `None`.
    fn period_for(
        &mut self,
        heaps: &[BigUint],
        sequence: Sequence,
    ) -> Result<Option<&Period>> {
        let direct = heaps
            .iter()
            .all(|n| n.to_u64().is_some_and(|n| n <= DIRECT_LIMIT));
        if direct {
            return Ok(None);
        }
        let slot = match sequence {
            Sequence::Grundy => &mut self.grundy,
            Sequence::Outcome(_) => &mut self.misere,
        };
        if slot.is_none() {
            let found = self
                .rules
                .period(sequence, &PeriodOptions::default(), &self.budget)
                .map_err(|e| budget_error(&self.rules, &e))?;
            let Some(found) = found else {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "no periodicity theorem is known for \"{}\", so heaps above {DIRECT_LIMIT} cannot be analysed; use a smaller heap",
                        self.rules
                    ),
                ));
            };
            *slot = Some(found);
        }
        Ok(slot.as_ref())
    }

    /// The options of `heap` among which every one that reaches `goal`
    /// is found (or representatives, see [`Toward::repeat`]).
    pub(crate) fn options_toward(
        &mut self,
        heap: &BigUint,
        goal: Goal,
    ) -> Result<Toward> {
        let given = self.rules.options_toward(
            heap,
            goal,
            self.grundy.as_ref(),
            &self.budget,
        )?;
        if let Some(toward) = given {
            return Ok(toward);
        }
        let n = heap.to_u64().filter(|&n| n <= DIRECT_LIMIT).ok_or_else(|| {
            Error::new(
                ErrorKind::TooLarge,
                format!(
                    "heap \"{heap}\" is too large to list the moves of \"{}\"; use at most {DIRECT_LIMIT}",
                    self.rules
                ),
            )
        })?;
        let mut options = Vec::new();
        self.rules.options(n, &mut |o| {
            options.push(BigOption {
                take: BigUint::from(o.take()),
                leaves: o.leaves().iter().map(|&h| BigUint::from(h)).collect(),
            });
        });
        Ok(Toward::all(options))
    }

    /// The nim-sum of the values of the heaps an option leaves, for each.
    pub(crate) fn option_values(
        &mut self,
        options: &[BigOption],
    ) -> Result<Vec<u64>> {
        let all: Vec<BigUint> =
            options.iter().flat_map(|o| o.leaves.iter().cloned()).collect();
        let values = self.grundy_values(&all)?;
        let mut next = values.into_iter();
        Ok(options
            .iter()
            .map(|o| o.leaves.iter().fold(0, |a, _| a ^ next.next().unwrap()))
            .collect())
    }

    /// Whether each option leaves a misère P-position.
    fn misere_p(&mut self, options: &[BigOption]) -> Result<Vec<bool>> {
        let single: Vec<BigUint> = options
            .iter()
            .map(|o| o.leaves.first().cloned().unwrap_or_default())
            .collect();
        let outcomes = self.outcomes(&single, Play::Misere)?;
        let mut solver = None;
        options
            .iter()
            .zip(outcomes)
            .map(|(o, single)| {
                if o.leaves.len() <= 1 {
                    return Ok(single == Outcome::P);
                }
                // A split leaves a sum, whose misère outcome is not a
                // function of the parts' outcomes: solve it exactly.
                let sizes = o
                    .leaves
                    .iter()
                    .map(|h| h.to_u64().filter(|&h| h <= DIRECT_LIMIT))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or_else(|| too_large_to_solve(&self.rules))?;
                let solver = solver.get_or_insert_with(|| {
                    Solver::outcomes(Play::Misere, self.budget.clone())
                });
                let heaps: Vec<(Rules, u64)> =
                    sizes.iter().map(|&h| (self.rules.clone(), h)).collect();
                Ok(!solver.wins(&heaps)?)
            })
            .collect()
    }
}

fn too_large_to_solve(rules: &Rules) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "a move from this heap of \"{rules}\" leaves heaps too large to solve misère play exactly; use a smaller heap"
        ),
    )
}

/// A heap known to be at most [`DIRECT_LIMIT`].
fn small(n: &BigUint) -> u64 {
    n.to_u64().expect("at most the direct limit")
}

/// (r, q) with n = r + q p and r < l + p, l <= r when n >= l.
fn reduce(n: &BigUint, l: u64, p: u64) -> (u64, BigUint) {
    match n.to_u64() {
        Some(n) if n < l + p => (n, BigUint::ZERO),
        _ => {
            let over = n - BigUint::from(l);
            let r = (&over % p).to_u64().expect("below p");
            (l + r, over / p)
        }
    }
}

/// The values of a sequence at the given positions, in the given order
/// (`None` if the sequence ends before the last).
fn sample(
    sequence: impl Iterator<Item = u64>,
    positions: &[u64],
) -> Option<Vec<u64>> {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order.sort_by_key(|&i| positions[i]);
    let mut out = vec![0; positions.len()];
    let mut sequence = sequence.enumerate();
    let mut last: Option<(usize, u64)> = None;
    for i in order {
        let want = positions[i] as usize;
        while last.is_none_or(|(n, _)| n < want) {
            last = Some(sequence.next()?);
        }
        out[i] = last?.1;
    }
    Some(out)
}

/// Everything about one heap: value, outcomes and winning moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HeapReport {
    /// The rule set, in canonical notation.
    pub set: String,
    /// The heap size, in decimal.
    pub heap: String,
    /// g(n).
    pub grundy: u64,
    /// The normal-play outcome.
    pub outcome: Outcome,
    /// The misère outcome; `None` when it could not be found (misère
    /// play of a game that splits heaps has no periodicity theorem, so a
    /// huge heap is out of reach, and the exhaustive search of a large
    /// one can exceed the budget's states): `misere_note` says why.
    pub misere_outcome: Option<Outcome>,
    /// The winning moves under normal play (to a P-position): the number
    /// of tokens taken (followed by ` -> ` and the heaps left when a move
    /// splits the heap).
    pub winning_moves: Vec<String>,
    /// `None`: `winning_moves` lists every winning move. `Some(p)`: the
    /// heap is too large to list them all (a game that splits heaps, a
    /// huge heap): `winning_moves` lists every winning move that leaves
    /// one heap and the winning splits whose smaller heaps are below the
    /// pre-period plus p, at most 64; every other winning split is one of
    /// those with its smaller heaps raised by multiples of p, the period
    /// of the Grundy values.
    pub split_period: Option<u64>,
    /// The winning moves under misère play, written the same way (empty
    /// when the misère outcome is not known).
    pub misere_winning_moves: Vec<String>,
    /// Why the misère outcome is not known, when it is not.
    pub misere_note: Option<String>,
}

/// How a report writes a move of one heap: its take, and the heaps left
/// when it leaves more than one.
pub(crate) fn describe(option: &BigOption) -> String {
    match option.leaves.len() {
        0 | 1 => option.take.to_string(),
        _ => {
            let leaves: Vec<String> =
                option.leaves.iter().map(|h| h.to_string()).collect();
            format!("{} -> {}", option.take, leaves.join(" + "))
        }
    }
}

/// Analyses one heap: its Grundy value, outcomes under both plays, and
/// the winning moves of each.
///
/// ```
/// let rules = "1,2,3".parse()?;
/// let n = grundy::parse_heap_size("1000000000000000000")?;
/// let r = grundy::heap(&rules, &n, &grundy::Budget::default())?;
/// assert_eq!(r.grundy, 0); // 10^18 is a multiple of 4
/// assert!(r.winning_moves.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heap(
    rules: &Rules,
    heap: &BigUint,
    budget: &Budget,
) -> Result<HeapReport> {
    let mut model = HeapModel::new(rules.clone(), budget.clone());
    let grundy = model.grundy_values(std::slice::from_ref(heap))?[0];
    let normal = model.options_toward(heap, Goal::Grundy(0))?;
    let values = model.option_values(&normal.options)?;
    let winning_moves = normal
        .options
        .iter()
        .zip(values)
        .filter(|&(_, v)| v == 0)
        .map(|(o, _)| describe(o))
        .collect();
    let (misere_outcome, misere_winning_moves, misere_note) =
        match misere(&mut model, heap) {
            Ok((outcome, moves)) => (Some(outcome), moves, None),
            Err(e) if out_of_reach(&e) => {
                (None, Vec::new(), Some(e.message().to_string()))
            }
            Err(e) => return Err(e),
        };
    Ok(HeapReport {
        set: rules.to_string(),
        heap: heap.to_string(),
        grundy,
        outcome: Outcome::from_is_p(grundy == 0),
        misere_outcome,
        winning_moves,
        split_period: normal.repeat,
        misere_winning_moves,
        misere_note,
    })
}

/// The misère outcome of one heap and its winning moves.
fn misere(
    model: &mut HeapModel,
    heap: &BigUint,
) -> Result<(Outcome, Vec<String>)> {
    let outcome = model.outcomes(std::slice::from_ref(heap), Play::Misere)?[0];
    let misere = model.options_toward(heap, Goal::MisereP)?;
    let lost = model.misere_p(&misere.options)?;
    let moves = misere
        .options
        .iter()
        .zip(lost)
        .filter(|&(_, p)| p)
        .map(|(o, _)| describe(o))
        .collect();
    Ok((outcome, moves))
}

/// Whether a misère question failed because the heap is out of reach
/// (no theorem for huge heaps, too many positions to search, the time
/// limit passed during its search: the normal-play answer is complete
/// and is kept), rather than because the caller cancelled.
fn out_of_reach(e: &Error) -> bool {
    match e.kind() {
        ErrorKind::TooLarge => true,
        ErrorKind::Budget => e.stopped().is_some_and(|s| {
            matches!(
                s.reason,
                StopReason::States | StopReason::Positions | StopReason::Time
            )
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn analyse_str(set: &str, n: &str) -> HeapReport {
        heap(
            &set.parse().unwrap(),
            &parse_heap_size(n).unwrap(),
            &Budget::default(),
        )
        .unwrap()
    }

    #[test]
    fn thirty_one_game() {
        // The 31 game: take 1-3; 31 = 3 mod 4, so take 3 to leave 28.
        let r = analyse_str("1,2,3", "31");
        assert_eq!((r.grundy, r.outcome), (3, Outcome::N));
        assert_eq!(r.winning_moves, ["3"]);
        // Misère: P iff n = 1 mod 4, so take 2 to leave 29.
        assert_eq!(r.misere_winning_moves, ["2"]);
    }

    #[test]
    fn huge_heaps_use_the_period() {
        let digits = format!("1{}", "0".repeat(300));
        let r = analyse_str("1,2,3", &digits);
        // 10^300 = 0 mod 4.
        assert_eq!((r.grundy, r.outcome), (0, Outcome::P));
        // 10^300 = 0 mod 4: misère P iff n = 1 mod 4, so N; take 3 to 1 mod 4.
        assert_eq!(r.misere_winning_moves, ["3"]);
        let r = analyse_str("2,3,7", "1000000000000000000");
        let set: crate::set::FiniteSet = "2,3,7".parse().unwrap();
        let values = crate::engine::naive::grundy_values(&set, 40);
        // {2,3,7} has period 5 from 0.
        assert_eq!(
            r.grundy,
            values[(1_000_000_000_000_000_000u64 % 5) as usize]
        );
    }

    #[test]
    fn nim_heaps() {
        let r = analyse_str("nim", "5");
        assert_eq!(
            (r.grundy, r.winning_moves.clone()),
            (5, vec!["5".to_string()])
        );
        assert_eq!(r.misere_winning_moves, ["4"]);
    }

    #[test]
    fn huge_all_but_heaps() {
        // all-but:2,3,7 plays like all-but:2: g(n) = 2 floor(n/4) + n mod 2.
        let n: u64 = 1_000_000_000_000_000_003;
        let r = analyse_str("all-but:2,3,7", &n.to_string());
        assert_eq!(r.grundy, 2 * (n / 4) + n % 2);
        // Takes past 2^64 are fine: the P-positions of all-but:1-5 are
        // 0..=5, so every winning move takes almost the whole heap.
        let n = "27640714038704561109";
        let r = analyse_str("all-but:1,2,3,4,5", n);
        assert_eq!(u128::from(r.grundy), 27640714038704561109u128 / 6);
        let want: Vec<String> = (0..6u128)
            .rev()
            .map(|q| (27640714038704561109u128 - q).to_string())
            .collect();
        assert_eq!(r.winning_moves, want);
    }

    #[test]
    fn bad_heap_sizes() {
        insta::assert_snapshot!(parse_heap_size("-3").unwrap_err(), @r#"heap size "-3" is not a number of stones; heap sizes cannot be negative"#);
        insta::assert_snapshot!(parse_heap_size("ten").unwrap_err(), @r#"heap size "ten" is not a number of stones; write a non-negative integer such as 31"#);
    }

    /// g(n) by a model that keeps nothing: a listing from 0 to n.
    fn listed(rules: &Rules, n: u64) -> u64 {
        crate::values(rules).nth(n as usize).unwrap().value()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A model asked again reads the values it kept, and they are the
        /// values of a fresh listing, whatever the order of the questions.
        #[test]
        fn kept_values_equal_a_fresh_listing(
            rules in prop::sample::select(vec!["1,2,3", "2,5,7", "all-but:2,3", "0.07", "0.6", "4.7", "0.8F", "grundy"]),
            first in prop::collection::vec(0u64..600, 1..4),
            then in prop::collection::vec(0u64..900, 1..6),
        ) {
            let rules: Rules = rules.parse().unwrap();
            let mut model = HeapModel::new(rules.clone(), Budget::default());
            for asked in [&first, &then] {
                let sizes: Vec<BigUint> = asked.iter().map(|&n| n.into()).collect();
                let got = model.grundy_values(&sizes).unwrap();
                let want: Vec<u64> = asked.iter().map(|&n| listed(&rules, n)).collect();
                prop_assert_eq!(got, want);
            }
            // The longest listing is kept, to the largest heap asked.
            let most = first.iter().chain(&then).max().unwrap();
            prop_assert_eq!(model.kept() as u64, most + 1);
        }
    }

    #[test]
    fn kept_values_beside_the_periods() {
        // Dawson's Kayles: a huge heap goes by the period (its residue
        // listed and kept), 5000 by the quick period search; the answers
        // equal those of fresh models, asked in any order.
        let rules: Rules = "0.07".parse().unwrap();
        let huge = parse_heap_size(&format!("7{}", "3".repeat(40))).unwrap();
        let asked = [
            vec![huge.clone(), 5000u32.into(), 17u32.into()],
            vec![4999u32.into(), huge, 100u32.into()],
        ];
        let mut model = HeapModel::new(rules.clone(), Budget::default());
        for sizes in &asked {
            let fresh: Vec<u64> = sizes
                .iter()
                .map(|n| {
                    HeapModel::new(rules.clone(), Budget::default())
                        .grundy_values(std::slice::from_ref(n))
                        .unwrap()[0]
                })
                .collect();
            assert_eq!(model.grundy_values(sizes).unwrap(), fresh);
        }
        assert_eq!(
            model.grundy_values(&[4999u32.into()]).unwrap(),
            [listed(&rules, 4999)]
        );
    }

    #[test]
    fn values_above_two_bytes_are_listed_not_kept() {
        // nim: g(n) = n, so the values kept stop before 65536.
        let mut model = HeapModel::new(Rules::nim(), Budget::default());
        let sizes = |s: &[u64]| {
            s.iter().map(|&n| BigUint::from(n)).collect::<Vec<_>>()
        };
        assert_eq!(model.grundy_values(&sizes(&[70_000])).unwrap(), [70_000]);
        assert_eq!(model.kept(), 65_536);
        assert_eq!(
            model.grundy_values(&sizes(&[65_535, 69_999, 3])).unwrap(),
            [65_535, 69_999, 3]
        );
        assert_eq!(model.kept(), 65_536);
        model.forget_values();
        assert_eq!(model.kept(), 0);
    }
}
