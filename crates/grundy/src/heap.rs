//! One heap of any size: its Grundy value, outcomes and winning moves.
//!
//! A [`HeapModel`] knows how to answer g(n) and the outcome of n for one
//! rule set and any n, also numbers with hundreds of digits: with the least
//! pre-period l and period p known, n >= l reads at l + (n - l) mod p
//! (DOMAIN.md 2.1, large heaps). Small heaps are computed directly without
//! looking for a period at all. All-but sets use the additive period
//! instead (`allbut/model.rs`, DOMAIN.md 2.2).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::allbut::model::AllButModel;
use crate::allbut::p_positions;
use crate::engine::Source;
use crate::error::{Error, ErrorKind, Result};
use crate::period::{Limit, NotFound, Period, StopReason, detect};
use crate::play::{Outcome, Play};
use crate::set::{FiniteSet, SubtractionSet};
use crate::with_source;

/// Heaps up to this size are computed directly, without a period.
const DIRECT_LIMIT: u64 = 1 << 22;

/// Parses a heap size: a non-negative integer of any length.
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

/// Answers values and outcomes of one subtraction game for any heap size.
#[derive(Clone, Debug)]
pub struct HeapModel {
    set: SubtractionSet,
    limit: Limit,
    grundy: Option<Period>,
    misere: Option<Period>,
    /// All-but sets other than Nim: the FES model (`allbut/model.rs`).
    all_but: Option<AllButModel>,
}

impl HeapModel {
    /// A model for `set`; periods are found lazily within `limit`.
    pub fn new(set: SubtractionSet, limit: Limit) -> Result<HeapModel> {
        let all_but = match &set {
            SubtractionSet::AllBut(s) if !s.is_nim() => {
                Some(AllButModel::new(s.clone(), limit.clone()))
            }
            _ => None,
        };
        Ok(HeapModel { set, limit, grundy: None, misere: None, all_but })
    }

    /// The heaps n with g(n) = `value`, ascending; `None` for finite sets
    /// (their values repeat forever).
    pub fn heaps_with_value(
        &mut self,
        value: u64,
    ) -> Result<Option<Vec<BigUint>>> {
        Ok(match (&self.set, &mut self.all_but) {
            (_, Some(model)) => Some(model.heaps_with_value(value)?),
            (SubtractionSet::AllBut(_), None) => {
                Some(vec![BigUint::from(value)])
            }
            (SubtractionSet::Finite(_), _) => None,
        })
    }

    /// The rule set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The Grundy values at the given heap sizes.
    pub fn grundy_values(&mut self, heaps: &[BigUint]) -> Result<Vec<u64>> {
        if let Some(model) = &mut self.all_but {
            return model.grundy_values(heaps);
        }
        match &self.set {
            SubtractionSet::AllBut(_) => heaps.iter().map(nim_value).collect(),
            SubtractionSet::Finite(set) => {
                let set = set.clone();
                let index = self.indices(&set, heaps, None)?;
                Ok(with_source!(set, None, |make| sample(make(), &index)))
            }
        }
    }

    /// The outcomes of the given heap sizes under `play`.
    pub fn outcomes(
        &mut self,
        heaps: &[BigUint],
        play: Play,
    ) -> Result<Vec<Outcome>> {
        match (&self.set, play) {
            (_, Play::Normal) => Ok(self
                .grundy_values(heaps)?
                .into_iter()
                .map(|g| Outcome::from_is_p(g == 0))
                .collect()),
            (SubtractionSet::AllBut(s), Play::Misere) => {
                // Finitely many misère P-positions (Nim: only n = 1).
                let p = p_positions(s, Play::Misere);
                Ok(heaps
                    .iter()
                    .map(|n| {
                        Outcome::from_is_p(
                            n.to_u64()
                                .is_some_and(|n| p.binary_search(&n).is_ok()),
                        )
                    })
                    .collect())
            }
            (SubtractionSet::Finite(set), Play::Misere) => {
                let set = set.clone();
                let index = self.indices(&set, heaps, Some(Play::Misere))?;
                let cells =
                    with_source!(set, Some(Play::Misere), |make| sample(
                        make(),
                        &index
                    ));
                Ok(cells
                    .into_iter()
                    .map(|v| Outcome::from_is_p(v == 0))
                    .collect())
            }
        }
    }

    /// The (pre-period, period) used for Grundy values, if one was needed.
    pub fn grundy_period(&self) -> Option<&Period> {
        self.grundy.as_ref()
    }

    /// Reduces each heap to an index below pre-period + period, finding
    /// the period only when some heap is large.
    fn indices(
        &mut self,
        set: &FiniteSet,
        heaps: &[BigUint],
        seq: Option<Play>,
    ) -> Result<Vec<u64>> {
        let small: Option<Vec<u64>> = heaps
            .iter()
            .map(|n| n.to_u64().filter(|&n| n <= DIRECT_LIMIT))
            .collect();
        if let Some(small) = small {
            return Ok(small);
        }
        let slot =
            if seq.is_some() { &mut self.misere } else { &mut self.grundy };
        if slot.is_none() {
            let found = with_source!(set, seq, |make| detect(
                make,
                &self.limit,
                &mut |_| {}
            ));
            *slot = Some(found.map_err(|e| budget_error(set, e))?);
        }
        let period = slot.as_ref().unwrap();
        Ok(heaps.iter().map(|n| reduce(n, period)).collect())
    }
}

fn nim_value(n: &BigUint) -> Result<u64> {
    n.to_u64().ok_or_else(|| {
        Error::new(ErrorKind::TooLarge, format!("nim heap \"{n}\" is too large; Grundy values are limited to 64 bits"))
    })
}

/// The error for a period search that ran out of budget.
pub(crate) fn budget_error(set: &dyn std::fmt::Display, e: NotFound) -> Error {
    let why = match e.reason {
        StopReason::Positions => "position budget",
        StopReason::Time => "time limit",
        StopReason::Cancelled => "search was cancelled",
    };
    Error::new(
        ErrorKind::Budget,
        format!(
            "no period for \"{set}\" within {} positions ({why}); raise --max-positions",
            e.positions
        ),
    )
}

/// The index below l + p that has the same value as heap n.
pub fn reduce(n: &BigUint, period: &Period) -> u64 {
    let (l, p) = (period.preperiod, period.period);
    match n.to_u64() {
        Some(n) if n < l + p => n,
        _ => {
            let offset = (n - BigUint::from(l)) % BigUint::from(p);
            l + offset.to_u64().expect("below p")
        }
    }
}

/// The values of `source` at the given positions, in the given order.
fn sample<S: Source>(mut source: S, positions: &[u64]) -> Vec<u64> {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order.sort_by_key(|&i| positions[i]);
    let mut out = vec![0; positions.len()];
    let chunk = source.max_advance().min(1 << 16);
    for i in order {
        let want = positions[i];
        while source.position() <= want {
            source.advance(chunk);
        }
        let buffer = source.buffer();
        let back = (source.position() - want) as usize;
        out[i] = S::value(buffer[buffer.len() - back]);
    }
    out
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
    /// The misère outcome.
    pub misere_outcome: Outcome,
    /// The amounts to take that win under normal play (to a P-position).
    pub winning_moves: Vec<String>,
    /// The amounts to take that win under misère play.
    pub misere_winning_moves: Vec<String>,
}

/// Analyses one heap of `set`.
///
/// ```
/// use num_bigint::BigUint;
/// let set = "1,2,3".parse()?;
/// let heap: BigUint = "1000000000000000000".parse()?;
/// let r = grundy::heap::analyse(&set, &heap, &grundy::Limit::default())?;
/// assert_eq!(r.grundy, 0); // 10^18 is a multiple of 4
/// assert!(r.winning_moves.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(
    set: &SubtractionSet,
    heap: &BigUint,
    limit: &Limit,
) -> Result<HeapReport> {
    let mut model = HeapModel::new(set.clone(), limit.clone())?;
    let moves = legal_moves(set, heap);
    let mut positions: Vec<BigUint> = vec![heap.clone()];
    positions.extend(moves.iter().map(|s| heap - s));
    let values = model.grundy_values(&positions)?;
    let misere = model.outcomes(&positions, Play::Misere)?;
    let pick = |win: &dyn Fn(usize) -> bool| -> Vec<String> {
        moves
            .iter()
            .enumerate()
            .filter(|&(i, _)| win(i + 1))
            .map(|(_, s)| s.to_string())
            .collect()
    };
    Ok(HeapReport {
        set: set.to_string(),
        heap: heap.to_string(),
        grundy: values[0],
        outcome: Outcome::from_is_p(values[0] == 0),
        misere_outcome: misere[0],
        winning_moves: pick(&|i| values[i] == 0),
        misere_winning_moves: pick(&|i| misere[i] == Outcome::P),
    })
}

/// The legal move sizes from a heap of `heap` stones, ascending. For
/// all-but sets (Nim included) only the moves that can matter are listed:
/// those to a P-position of a single heap under either play. There are
/// finitely many (all within max(X) of the first, see `allbut.rs`), so
/// heaps of any size cost nothing extra.
fn legal_moves(set: &SubtractionSet, heap: &BigUint) -> Vec<BigUint> {
    match set {
        SubtractionSet::Finite(s) => s
            .elements()
            .iter()
            .map(|&a| BigUint::from(a))
            .filter(|a| a <= heap)
            .collect(),
        SubtractionSet::AllBut(s) => {
            let mut targets = p_positions(s, Play::Normal);
            targets.extend(p_positions(s, Play::Misere));
            let mut takes: Vec<BigUint> = targets
                .into_iter()
                .map(BigUint::from)
                .filter(|q| q < heap)
                .map(|q| heap - q)
                .filter(|a| a.to_u64().is_none_or(|a| s.contains(a)))
                .collect();
            takes.sort();
            takes.dedup();
            takes
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse_str(set: &str, heap: &str) -> HeapReport {
        analyse(
            &set.parse().unwrap(),
            &parse_heap_size(heap).unwrap(),
            &Limit::default(),
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
        let set: SubtractionSet = "2,3,7".parse().unwrap();
        let values = crate::engine::naive::grundy_values(&set, 40);
        // {2,3,7} has period 5 from 0 (CGSuite).
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
    fn bad_heap_sizes() {
        insta::assert_snapshot!(parse_heap_size("-3").unwrap_err(), @r#"heap size "-3" is not a number of stones; heap sizes cannot be negative"#);
        insta::assert_snapshot!(parse_heap_size("ten").unwrap_err(), @r#"heap size "ten" is not a number of stones; write a non-negative integer such as 31"#);
    }
}
