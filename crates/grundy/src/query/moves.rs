//! How a move is written, and the winning moves of a huge heap of a
//! take-and-break game, described exactly.
//!
//! Every front end writes a move the same way, with [`move_text`]:
//! `take 3` when the move leaves one heap or none, `take 2 -> 5 + 6` when
//! it splits the heap; in a sum the heap comes first, `heap 2: take 3`
//! ([`Move`](crate::Move)'s `Display`).
//!
//! A heap of 10^30 tokens of an octal game has about 10^30 splits, so its
//! winning moves cannot all be listed. They can all be described. Past
//! the least pre-period l the Grundy values repeat with the period p
//! (g(n + p) = g(n) for n >= l, Winning Ways ch. 4, proved by the
//! Guy-Smith theorem), so a split of the heap less t tokens into heaps
//! a <= b (<= c) has a value that depends only on
//! - each smaller heap below l: its own value, the heap itself;
//! - each smaller heap at least l: its residue modulo p;
//! - the largest heap (the rest, at least l when the heap is huge): its
//!   residue modulo p, which the others fix.
//!
//! So the winning moves are: the moves that leave one heap, the splits
//! whose smaller heaps all lie below the pre-period (listed, each once),
//! and [`MoveFamily`]s: splits whose smaller heaps below l are fixed and
//! whose other smaller heaps run through residue classes modulo p from l
//! on, every member of which wins. The listing has limits
//! ([`LISTED_MOVES`], [`LISTED_FAMILIES`], and [`THREE_SPLIT_CHECKS`] for
//! the three-heap splits of hexadecimal games, quadratic in l + p); a
//! cut is counted and said ([`SplitMoves::note`]), never silent.
//!
//! Misère play reads the same shapes off the misère quotient (Plambeck
//! and Siegel, Misère quotients for impartial games): when its heap map
//! is certified periodic (pre-period l, period p), a split's product of
//! heaps' elements depends on the same things, so [`split_moves_by`]
//! describes the winning moves of either play, given the heaps' values
//! and how they combine ([`Valuation`]: XOR of Grundy values, or the
//! quotient's product tested against the P-portion).

use std::fmt;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::budget::{Budget, Stopped, Unit};
use crate::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalGame};
use crate::error::{Error, Result};
use crate::game::write_leaves;
use crate::rules::BigOption;

/// The most winning moves of a huge heap listed one by one (the moves
/// that leave one heap and the splits whose smaller heaps lie below the
/// pre-period); the others are counted.
pub(crate) const LISTED_MOVES: usize = 4096;

/// The most families of winning splits of a huge heap listed; the others
/// are counted.
pub(crate) const LISTED_FAMILIES: usize = 4096;

/// The most pairs of smaller heaps the three-heap splits of a huge heap
/// are checked for (about l^2/2 + l p + p^2 for each take of a
/// hexadecimal game): seconds at most.
pub(crate) const THREE_SPLIT_CHECKS: u64 = 1 << 28;

/// How often (in checks) the search polls the budget's deadline and
/// cancel flag.
const POLL: u64 = 1 << 20;

/// A move as every front end writes it: `take 3` when it leaves one heap
/// or none, `take 2 -> 5 + 6` when it splits the heap.
///
/// ```
/// use grundy::{BigUint, move_text};
/// let n = |x: u32| BigUint::from(x);
/// assert_eq!(move_text(&n(3), &[n(28)]), "take 3");
/// assert_eq!(move_text(&n(2), &[n(5), n(6)]), "take 2 -> 5 + 6");
/// assert_eq!(move_text(&n(5), &[]), "take 5");
/// ```
pub fn move_text(take: &BigUint, leaves: &[BigUint]) -> String {
    format!("take {}", take_and_split(take, leaves))
}

/// The move as `grundy heap --json` lists it: [`move_text`] without
/// `take ` (`"3"`, `"2 -> 5 + 6"`).
pub(crate) fn take_and_split(take: &BigUint, leaves: &[BigUint]) -> String {
    match leaves.len() {
        0 | 1 => take.to_string(),
        _ => {
            let parts: Vec<String> =
                leaves.iter().map(ToString::to_string).collect();
            format!("{take} -> {}", parts.join(" + "))
        }
    }
}

/// Winning splits of a huge heap that repeat with the period: the move
/// takes `take` tokens and leaves heaps that add up to `total`, smallest
/// first: the heaps `fixed` (each below the pre-period), then one heap
/// (or two) of each residue class of `residues` modulo `period` (each
/// heap x_j = `residues[j]` mod `period` and x_j >= `residues[j]`, which
/// is at least `preperiod`), then the rest, the largest. Every split of
/// this shape, with the heaps in ascending order, wins; no other split
/// whose smaller heaps reach the pre-period does.
///
/// Written as `take 1 -> a + (177903494 - a) for a = 151 (mod 24), 151
/// <= a <= 88951735` (one free heap: its first and last value), or
/// `take 1 -> a + b + (R - a - b) for a = 151, b = 160 (mod 24), 151 <= a
/// <= b <= R - a - b` (two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFamily {
    /// How many tokens the moves take.
    pub take: u64,
    /// The heaps of fixed size the moves leave, each below the
    /// pre-period, ascending.
    pub fixed: Vec<u64>,
    /// The residue class of each free heap (one or two): its least member,
    /// in [pre-period, pre-period + period).
    pub residues: Vec<u64>,
    /// The period p of the Grundy values.
    pub period: u64,
    /// The least pre-period l: from l on, g(n + p) = g(n).
    pub preperiod: u64,
    /// What the heaps left add up to: the heap less `take`.
    pub total: BigUint,
    /// The largest value of the free heap (one free heap), else `None`.
    pub last: Option<BigUint>,
    /// How many splits the family holds (one free heap), else `None`.
    pub count: Option<BigUint>,
}

impl MoveFamily {
    /// The splits of the family whose free heaps are at most `bound`
    /// (every split of a heap small enough), in ascending order: for
    /// checks against a listing.
    pub fn members(&self, bound: u64) -> Vec<BigOption> {
        let fixed: u64 = self.fixed.iter().sum();
        let rest = |free: &[u64]| {
            &self.total - BigUint::from(fixed + free.iter().sum::<u64>())
        };
        let leaves = |free: &[u64]| {
            let mut leaves: Vec<BigUint> =
                self.fixed.iter().chain(free).map(|&h| h.into()).collect();
            leaves.push(rest(free));
            leaves
        };
        let mut out = Vec::new();
        let p = self.period;
        match self.residues[..] {
            [r] => {
                let last = self.last.as_ref().and_then(ToPrimitive::to_u64);
                let last = last.unwrap_or(u64::MAX).min(bound);
                let mut a = Some(r);
                while let Some(x) = a.filter(|&x| x <= last) {
                    out.push(BigOption {
                        take: self.take.into(),
                        leaves: leaves(&[x]),
                    });
                    a = x.checked_add(p);
                }
            }
            [r1, r2] => {
                let within = |s: u128| BigUint::from(s) <= self.total;
                let (fixed, bound) = (u128::from(fixed), u128::from(bound));
                let mut a = u128::from(r1);
                while a <= bound && within(fixed + 3 * a) {
                    let a64 = a as u64;
                    let mut b = u128::from(least_at_least(r2, a64, p));
                    while b <= bound && within(fixed + a + 2 * b) {
                        out.push(BigOption {
                            take: self.take.into(),
                            leaves: leaves(&[a64, b as u64]),
                        });
                        b += u128::from(p);
                    }
                    a += u128::from(p);
                }
            }
            _ => {}
        }
        out
    }
}

/// The least x >= from with x = r (mod p).
fn least_at_least(r: u64, from: u64, p: u64) -> u64 {
    if r >= from {
        return r;
    }
    r + (from - r).div_ceil(p) * p
}

impl fmt::Display for MoveFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [&str; 2] = ["a", "b"];
        let free = &NAMES[..self.residues.len().min(2)];
        let fixed: u64 = self.fixed.iter().sum();
        let rest = &self.total - BigUint::from(fixed);
        write!(f, "take {} -> ", self.take)?;
        for h in &self.fixed {
            write!(f, "{h} + ")?;
        }
        for name in free {
            write!(f, "{name} + ")?;
        }
        write!(f, "({rest}")?;
        for name in free {
            write!(f, " - {name}")?;
        }
        f.write_str(") for ")?;
        let p = self.period;
        match (&self.residues[..], &self.last) {
            ([r], Some(last)) => {
                write!(f, "a = {r} (mod {p}), {r} <= a <= {last}")
            }
            ([r1, r2], _) => write!(
                f,
                "a = {r1}, b = {r2} (mod {p}), {r1} <= a <= b <= {rest} - a - b"
            ),
            (rs, _) => {
                let rs: Vec<String> =
                    rs.iter().map(ToString::to_string).collect();
                write!(f, "heaps = {} (mod {p})", rs.join(", "))
            }
        }
    }
}

#[cfg(feature = "serde")]
impl MoveFamily {
    /// The fields of the JSON object, `text` last.
    pub(crate) fn serialize_fields<S: serde::ser::SerializeStruct>(
        &self,
        m: &mut S,
        text: String,
    ) -> Result<(), S::Error> {
        let big = |n: &Option<BigUint>| n.as_ref().map(ToString::to_string);
        m.serialize_field("take", &self.take)?;
        m.serialize_field("fixed", &self.fixed)?;
        m.serialize_field("residues", &self.residues)?;
        m.serialize_field("period", &self.period)?;
        m.serialize_field("preperiod", &self.preperiod)?;
        m.serialize_field("total", &self.total.to_string())?;
        m.serialize_field("last", &big(&self.last))?;
        m.serialize_field("count", &big(&self.count))?;
        m.serialize_field("text", &text)
    }
}

/// `{"take", "fixed", "residues", "period", "preperiod", "total" (decimal
/// string), "last", "count" (decimal strings or null), "text"}`.
#[cfg(feature = "serde")]
impl serde::Serialize for MoveFamily {
    fn serialize<S: serde::Serializer>(
        &self,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("MoveFamily", 9)?;
        self.serialize_fields(&mut m, self.to_string())?;
        m.end()
    }
}

/// The winning moves of one heap, as a heap or sum report gives them:
/// the moves listed, and (huge heaps of games that split heaps) the
/// families of the others and what was cut.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SplitMoves {
    /// The moves listed, in the rule set's order (by take, then by the
    /// number of heaps left, then by their sizes).
    pub options: Vec<BigOption>,
    /// The families of the other winning splits.
    pub families: Vec<MoveFamily>,
    /// `Some((l, p))` when the heap went by its period (a huge heap of a
    /// game that splits heaps): the moves listed are those that leave one
    /// heap and the splits whose smaller heaps lie below l.
    pub period: Option<(u64, u64)>,
    /// Winning moves found past [`LISTED_MOVES`], not listed.
    pub unlisted: u64,
    /// Families found past [`LISTED_FAMILIES`], not listed.
    pub unlisted_families: u64,
    /// The three-heap splits were checked for this many pairs of
    /// smaller heaps only ([`THREE_SPLIT_CHECKS`]): some winning moves
    /// may be missing.
    pub stopped_after: Option<u64>,
    /// A rule set's own representatives (see
    /// [`Toward::repeat`](crate::Toward::repeat)): every other winning
    /// split is one listed with its smaller heaps raised by multiples of
    /// this period.
    pub representatives: Option<u64>,
    /// The moves are misère play's, read off the period of the heaps'
    /// elements of the misère quotient ([`Valuation::misere`]) rather
    /// than of the Grundy values.
    pub misere: bool,
}

impl SplitMoves {
    /// Every winning move listed.
    pub(crate) fn all(options: Vec<BigOption>) -> SplitMoves {
        SplitMoves { options, ..SplitMoves::default() }
    }

    /// Whether the moves listed are every winning move.
    pub(crate) fn complete(&self) -> bool {
        self.families.is_empty() && self.exact()
    }

    /// Whether the moves listed and the families together are exactly
    /// the winning moves (nothing cut).
    pub(crate) fn exact(&self) -> bool {
        self.unlisted == 0
            && self.unlisted_families == 0
            && self.stopped_after.is_none()
            && self.representatives.is_none()
    }

    /// What a reader needs besides the list, when it is not every
    /// winning move: what was cut, then (last, so that a front end can
    /// follow it with the families) where the families come from.
    /// `heap`: the heap's number in a sum.
    pub(crate) fn note(&self, heap: Option<usize>) -> Option<String> {
        if self.complete() {
            return None;
        }
        let mut parts = Vec::new();
        let whose = match heap {
            Some(i) => format!("of heap {i} "),
            None => String::new(),
        };
        if let Some(p) = self.representatives {
            parts.push(format!(
                "the winning splits {whose}are only some of them: every other one is one of these with its smaller heaps raised by multiples of the period {p}"
            ));
        }
        let (l, p) = self.period.unwrap_or_default();
        if self.unlisted > 0 {
            parts.push(format!(
                "{} more winning moves {whose}(splits whose smaller heaps are below the pre-period {l}) are not listed: at most {LISTED_MOVES} are",
                self.unlisted
            ));
        }
        if self.unlisted_families > 0 {
            parts.push(format!(
                "{} more families {whose}are not listed: at most {LISTED_FAMILIES} are",
                self.unlisted_families
            ));
        }
        if let Some(checks) = self.stopped_after {
            parts.push(format!(
                "the three-heap splits {whose}were checked for the first {checks} pairs of smaller heaps only, so some winning moves may be missing"
            ));
        }
        let k = self.families.len();
        if k > 0 {
            let these = match (k, heap) {
                (1, None) => "this family".to_string(),
                (_, None) => format!("these {k} families"),
                (1, Some(_)) => "its family below".to_string(),
                (_, Some(_)) => format!("its {k} families below"),
            };
            parts.push(format!(
                "the winning splits {whose}in which a smaller heap is at least the pre-period {l} (where {} start to repeat with the period {p}) are those of {these}",
                self.repeating()
            ));
        }
        if parts.is_empty() {
            return None;
        }
        Some(parts.join("; "))
    }

    /// What repeats with the period the families follow.
    fn repeating(&self) -> &'static str {
        if self.misere {
            "the heaps' elements of the misère quotient"
        } else {
            "the Grundy values"
        }
    }
}

/// The value of every heap n from those of heaps 0..l + p.
struct Periodic<'a> {
    g: &'a [u32],
    l: u64,
    p: u64,
}

impl Periodic<'_> {
    fn at(&self, n: u64) -> u32 {
        let i = if n < self.l { n } else { self.l + (n - self.l) % self.p };
        self.g[i as usize]
    }
}

/// R = the heap less the take, of any size.
struct Rest {
    /// R when it fits in 64 bits.
    small: Option<u64>,
    /// R mod p.
    modp: u64,
}

impl Periodic<'_> {
    /// The value of R - s, for s <= R.
    fn rest(&self, r: &Rest, s: u64) -> u32 {
        match r.small {
            Some(r) => self.at(r - s),
            // R >= 2^64 > l + s: periodic.
            None => {
                let p = self.p;
                let x = (r.modp + 2 * p - s % p - self.l % p) % p;
                self.g[(self.l + x) as usize]
            }
        }
    }
}

/// The winning moves (to Grundy value `target`) of `heap` of a
/// take-and-break game whose Grundy values have the least pre-period `l`
/// and period `p`, from `g` = g(0..l + p): every move that leaves one
/// heap or none and every split whose smaller heaps lie below l listed
/// (at most [`LISTED_MOVES`]), the other winning splits as families (at
/// most [`LISTED_FAMILIES`]). Exact for any heap; the caller takes this
/// way for heaps too large to list their options.
pub(crate) fn split_moves(
    game: &OctalGame,
    heap: &BigUint,
    target: u64,
    g: &[u16],
    (l, p): (u64, u64),
    budget: &Budget,
) -> Result<SplitMoves> {
    debug_assert!(g.len() as u64 >= l + p && p > 0);
    let Ok(target) = u32::try_from(target) else {
        return Ok(SplitMoves {
            period: Some((l, p)),
            ..SplitMoves::default()
        });
    };
    let values: Vec<u32> =
        g[..(l + p) as usize].iter().map(|&v| v.into()).collect();
    let valuation = Valuation {
        values: &values,
        none: 0,
        join: |x, y| x ^ y,
        wins: |v| v == target,
        misere: false,
    };
    split_moves_by(game, heap, &valuation, (l, p), budget)
}

/// How [`split_moves_by`] values the heaps a move leaves and tells a
/// winning move: under normal play the Grundy values, joined by XOR, a
/// move winning when it reaches the target value; under misère play
/// the heaps' elements of the misère quotient (Plambeck and Siegel,
/// Misère quotients for impartial games), joined by the product, a move
/// winning when the product with the other heaps' elements lies in the
/// P-portion. Either way the value of a heap from l on depends only on
/// its residue modulo p.
pub(crate) struct Valuation<'a, J, W> {
    /// The value of each heap 0..l + p.
    pub values: &'a [u32],
    /// The value of no heap at all (0; the identity of the quotient).
    pub none: u32,
    /// The value of two heaps together.
    pub join: J,
    /// Whether a move that leaves heaps of this joint value wins.
    pub wins: W,
    /// Misère play (the sentence of [`SplitMoves::note`] names what
    /// repeats).
    pub misere: bool,
}

/// The winning moves of `heap` of a take-and-break game whose heaps'
/// values (`valuation`) repeat with period `p` from `l` on, described as
/// [`split_moves`] describes them, for either play.
pub(crate) fn split_moves_by<J, W>(
    game: &OctalGame,
    heap: &BigUint,
    valuation: &Valuation<'_, J, W>,
    (l, p): (u64, u64),
    budget: &Budget,
) -> Result<SplitMoves>
where
    J: Fn(u32, u32) -> u32,
    W: Fn(u32) -> bool,
{
    debug_assert!(valuation.values.len() as u64 >= l + p && p > 0);
    let at = Periodic { g: valuation.values, l, p };
    let join = &valuation.join;
    let wins = &valuation.wins;
    let mut out = SplitMoves {
        period: Some((l, p)),
        misere: valuation.misere,
        ..SplitMoves::default()
    };
    let listed = |out: &mut SplitMoves, take: u64, leaves: Vec<BigUint>| {
        if out.options.len() < LISTED_MOVES {
            out.options.push(BigOption { take: take.into(), leaves });
        } else {
            out.unlisted += 1;
        }
    };
    let family = |out: &mut SplitMoves, f: MoveFamily| {
        if out.families.len() < LISTED_FAMILIES {
            out.families.push(f);
        } else {
            out.unlisted_families += 1;
        }
    };
    let mut checks = 0u64;
    let mut poll = || -> Result<()> {
        checks += 1;
        if checks >= POLL {
            checks = 0;
            if let Some(reason) = budget.interrupted() {
                let stop = Stopped::new(reason, 0, 0, Unit::Positions);
                return Err(Error::budget(
                    stop.clone(),
                    format!(
                        "listing the winning moves of \"{game}\" stopped: {stop}"
                    ),
                ));
            }
        }
        Ok(())
    };
    let mut three_checks = 0u64;
    // The families' first members: from the pre-period on, but never an
    // empty heap (a pre-period 0, as in 0.7 where g(n) = n mod 2, would
    // start a class at a = 0, which is no split).
    let from = l.max(1);
    for i in 0..=game.code_len() as u64 {
        let d = game.digit(i as usize);
        if d == 0 || *heap < BigUint::from(i) {
            continue;
        }
        let total = heap - BigUint::from(i);
        let rest = Rest {
            small: total.to_u64(),
            modp: (&total % p).to_u64().expect("below p"),
        };
        // R as a bound for small numbers: u64::MAX stands for any R.
        let big_r = rest.small.unwrap_or(u64::MAX);
        if d & LEAVE_NONE != 0
            && i > 0
            && total.is_zero()
            && wins(valuation.none)
        {
            listed(&mut out, i, Vec::new());
        }
        if d & LEAVE_ONE != 0 && i > 0 && big_r >= 1 && wins(at.rest(&rest, 0))
        {
            listed(&mut out, i, vec![total.clone()]);
        }
        if d & LEAVE_TWO != 0 {
            // a <= R - a (a < R - a when the parts must differ).
            let hi: BigUint = if game.unequal_split() {
                if total.is_zero() {
                    BigUint::ZERO
                } else {
                    (&total - 1u32) / 2u32
                }
            } else {
                &total / 2u32
            };
            let hi_small = hi.to_u64().unwrap_or(u64::MAX);
            for a in 1..l.min(hi_small.saturating_add(1)) {
                poll()?;
                if wins(join(at.at(a), at.rest(&rest, a))) {
                    listed(&mut out, i, vec![a.into(), &total - a]);
                }
            }
            for r in from..from + p {
                if r > hi_small {
                    break;
                }
                poll()?;
                if wins(join(at.at(r), at.rest(&rest, r))) {
                    let k = (&hi - r) / p;
                    family(
                        &mut out,
                        MoveFamily {
                            take: i,
                            fixed: Vec::new(),
                            residues: vec![r],
                            period: p,
                            preperiod: l,
                            total: total.clone(),
                            last: Some(&k * p + r),
                            count: Some(k + 1u32),
                        },
                    );
                }
            }
        }
        if d & LEAVE_THREE != 0 {
            let fits = |s: u64| s <= big_r;
            // Both smaller heaps below l: a <= b <= R - a - b.
            'fixed: for a in 1..l {
                if !fits(3 * a) {
                    break;
                }
                for b in a..l {
                    if !fits(a + 2 * b) {
                        break;
                    }
                    if three_checks >= THREE_SPLIT_CHECKS {
                        break 'fixed;
                    }
                    three_checks += 1;
                    poll()?;
                    if wins(join(
                        join(at.at(a), at.at(b)),
                        at.rest(&rest, a + b),
                    )) {
                        let leaves =
                            vec![a.into(), b.into(), &total - (a + b)];
                        listed(&mut out, i, leaves);
                    }
                }
            }
            // a below l, b from l on: b = r (mod p), r <= b <= (R - a)/2.
            'one: for a in 1..l {
                for r in from..from + p {
                    if !fits(a + 2 * r) {
                        break;
                    }
                    if three_checks >= THREE_SPLIT_CHECKS {
                        break 'one;
                    }
                    three_checks += 1;
                    poll()?;
                    if wins(join(
                        join(at.at(a), at.at(r)),
                        at.rest(&rest, a + r),
                    )) {
                        let k = ((&total - a) / 2u32 - r) / p;
                        family(
                            &mut out,
                            MoveFamily {
                                take: i,
                                fixed: vec![a],
                                residues: vec![r],
                                period: p,
                                preperiod: l,
                                total: total.clone(),
                                last: Some(&k * p + r),
                                count: Some(k + 1u32),
                            },
                        );
                    }
                }
            }
            // Both from l on: a = r1, b = r2 (mod p), r1 <= a <= b.
            'two: for r1 in from..from + p {
                if !fits(3 * r1) {
                    break;
                }
                for r2 in from..from + p {
                    let b = least_at_least(r2, r1, p);
                    if !fits(r1 + 2 * b) {
                        continue;
                    }
                    if three_checks >= THREE_SPLIT_CHECKS {
                        break 'two;
                    }
                    three_checks += 1;
                    poll()?;
                    let v = join(
                        join(at.at(r1), at.at(r2)),
                        at.rest(&rest, r1 + b),
                    );
                    if wins(v) {
                        family(
                            &mut out,
                            MoveFamily {
                                take: i,
                                fixed: Vec::new(),
                                residues: vec![r1, r2],
                                period: p,
                                preperiod: l,
                                total: total.clone(),
                                last: None,
                                count: None,
                            },
                        );
                    }
                }
            }
            if three_checks >= THREE_SPLIT_CHECKS {
                out.stopped_after = Some(three_checks);
            }
        }
    }
    Ok(out)
}

/// A move in a sum (a sum of one heap included): from heap number `heap`
/// (counting from 1, as people do) take `take` tokens, leaving `leaves`.
///
/// Written `heap 3: take 2`, or `heap 1: take 2 -> 3 + 4` when the move
/// splits the heap ([`move_text`] after the heap). Serialised as
/// `{"heap": 3, "take": 2, "leaves": "3", "text": "heap 3: take 2"}`:
/// `leaves` is the heap left (`"0"` when the move takes it all), or
/// `"3 + 4"` when a move splits it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The heap, counting from 1.
    pub heap: usize,
    /// How many tokens to take.
    pub take: BigUint,
    /// The non-empty heaps the move leaves in place of the heap.
    pub leaves: Vec<BigUint>,
}

impl Move {
    /// The heaps left as `3`, `3 + 4`, or `0` for none.
    ///
    /// ```
    /// use grundy::Move;
    /// let m = Move { heap: 1, take: 2u32.into(), leaves: vec![3u32.into(), 4u32.into()] };
    /// assert_eq!(m.leaves_text(), "3 + 4");
    /// ```
    pub fn leaves_text(&self) -> String {
        let mut out = String::new();
        let small: Option<Vec<u64>> =
            self.leaves.iter().map(ToPrimitive::to_u64).collect();
        match small {
            Some(small) => write_leaves(&mut out, &small).expect("a String"),
            None => {
                let parts: Vec<String> =
                    self.leaves.iter().map(|h| h.to_string()).collect();
                out = if parts.is_empty() {
                    "0".into()
                } else {
                    parts.join(" + ")
                };
            }
        }
        out
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap {}: {}",
            self.heap,
            move_text(&self.take, &self.leaves)
        )
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(
        &self,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Move", 4)?;
        m.serialize_field("heap", &self.heap)?;
        match self.take.to_u64() {
            Some(take) => m.serialize_field("take", &take)?,
            None => match u128::try_from(&self.take) {
                Ok(take) => m.serialize_field("take", &take)?,
                Err(_) => m.serialize_field("take", &self.take.to_string())?,
            },
        }
        m.serialize_field("leaves", &self.leaves_text())?;
        m.serialize_field("text", &self.to_string())?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::period::PeriodOptions;
    use crate::play::Sequence;
    use crate::rules::Rules;

    /// g(0..=top) by the library's listing (itself checked against the
    /// definition in the engines' tests).
    fn listed(rules: &Rules, top: u64) -> Vec<u16> {
        crate::values(rules)
            .take(top as usize + 1)
            .map(|g| g.value() as u16)
            .collect()
    }

    /// The winning moves of heap `n` by definition, in the rule set's
    /// order: each option whose heaps' values have nim-sum `target`.
    fn brute(rules: &Rules, g: &[u16], n: u64, target: u64) -> Vec<BigOption> {
        let mut out = Vec::new();
        rules.options(n, &mut |o| {
            let v = o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]);
            if u64::from(v) == target {
                out.push(BigOption {
                    take: o.take().into(),
                    leaves: o.leaves().iter().map(|&h| h.into()).collect(),
                });
            }
        });
        out
    }

    /// The moves listed and every member of every family, each once.
    fn expanded(found: &SplitMoves) -> Vec<BigOption> {
        let mut all = found.options.clone();
        for f in &found.families {
            let members = f.members(u64::MAX);
            if let Some(count) = &f.count {
                assert_eq!(BigUint::from(members.len()), *count, "{f}");
            }
            assert!(!members.is_empty(), "{f}");
            all.extend(members);
        }
        all.sort();
        let n = all.len();
        all.dedup();
        assert_eq!(all.len(), n, "a move listed twice");
        all
    }

    /// The least pre-period and period of a code.
    fn period(rules: &Rules) -> (u64, u64) {
        let found = rules
            .period(
                Sequence::Grundy,
                &PeriodOptions::default(),
                &Budget::default(),
            )
            .unwrap()
            .unwrap();
        (found.preperiod, found.period)
    }

    /// For heaps around and beyond 2 (l + p), brute force is feasible and
    /// the description is what a huge heap gets: the moves listed and the
    /// families' members are exactly the winning moves, for the value 0
    /// and for every other value some option reaches. `(l, p)` need not
    /// be the least: any valid pair is (a larger one gives many more
    /// fixed heaps and families to check).
    fn check(
        code: &str,
        lp: Option<(u64, u64)>,
        heaps: &[u64],
    ) -> Vec<MoveFamily> {
        let rules: Rules = code.parse().unwrap();
        let game = rules.octal_game().unwrap();
        let (l, p) = lp.unwrap_or_else(|| period(&rules));
        let top = heaps.iter().copied().max().unwrap();
        let g = listed(&rules, top.max(l + p));
        for n in l..=top - p {
            assert_eq!(
                g[n as usize],
                g[(n + p) as usize],
                "{code} ({l}, {p})"
            );
        }
        let mut families = Vec::new();
        for &n in heaps {
            let mut targets = vec![0];
            rules.options(n, &mut |o| {
                let v = o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]);
                targets.push(u64::from(v));
            });
            targets.sort_unstable();
            targets.dedup();
            for t in targets {
                let heap = BigUint::from(n);
                let found = split_moves(
                    game,
                    &heap,
                    t,
                    &g[..(l + p) as usize],
                    (l, p),
                    &Budget::default(),
                )
                .unwrap();
                assert!(found.exact(), "{code} {n} {t}");
                let want = brute(&rules, &g, n, t);
                let mut sorted = want.clone();
                sorted.sort();
                assert_eq!(
                    expanded(&found),
                    sorted,
                    "{code} heap {n} value {t} ({l}, {p})"
                );
                // Listed in the rule set's order, as a small heap's are.
                let order: Vec<BigOption> = want
                    .into_iter()
                    .filter(|o| found.options.contains(o))
                    .collect();
                assert_eq!(order, found.options);
                families.extend(found.families);
            }
        }
        families
    }

    /// Issue 34, item 5: 0.44 (pre-period 143, period 24), 0.45 (498,
    /// 20), 0.647 (3256, 442), and Kayles, Dawson's Kayles, 0.137 and
    /// 4.7 (splits that take nothing).
    #[test]
    fn families_are_exactly_the_winning_splits() {
        let heaps: [(&str, &[u64]); 7] = [
            ("0.44", &[2 * 167 + 5, 2 * 167 + 24, 700, 1001]),
            ("0.45", &[2 * 518 + 1, 2 * 518 + 30, 1500]),
            ("0.647", &[2 * 3698 + 3, 7900]),
            ("0.77", &[200, 201, 333]),
            ("0.07", &[300, 301, 555]),
            ("0.137", &[400, 433]),
            ("4.7", &[100, 150, 151]),
        ];
        for (code, heaps) in heaps {
            assert!(!check(code, None, heaps).is_empty(), "{code}");
        }
        // Heaps below 2 (l + p): fewer families, none at all.
        assert!(check("0.44", None, &[100, 150, 200]).is_empty());
        // Pre-period 0 (0.7 and 0.F: g(n) = n mod 2): no family may
        // start at an empty heap (a review found a = 0 members there).
        for (code, heaps) in
            [("0.7", &[40u64, 41, 57][..]), ("0.F", &[30, 31])]
        {
            assert!(!check(code, None, heaps).is_empty(), "{code}");
        }
    }

    /// Hexadecimal games that leave three heaps (their least periods are
    /// short, so larger valid pairs check the fixed heaps and both kinds
    /// of families), and pairs that are valid without being least.
    #[test]
    fn three_heap_splits_and_larger_periods() {
        let mut families = check("0.F1", None, &[40, 41, 60]);
        families.extend(check("0.F1", Some((9, 6)), &[60, 61, 80]));
        families.extend(check("0.B7", Some((7, 8)), &[70, 75]));
        families.extend(check("0.A6", Some((5, 4)), &[64, 65]));
        families.extend(check("4.8", Some((6, 4)), &[50, 51]));
        // Both kinds of three-heap families were met.
        assert!(families.iter().any(|f| f.fixed.len() == 1));
        assert!(families.iter().any(|f| f.residues.len() == 2));
        assert!(!check("0.77", Some((80, 24)), &[300, 311]).is_empty());
    }

    /// g(n) of any n through the period, in big numbers.
    fn big_g(g: &[u16], (l, p): (u64, u64), n: &BigUint) -> u16 {
        match n.to_u64() {
            Some(n) if n < l => g[n as usize],
            _ => {
                let r = ((n - BigUint::from(l)) % p).to_u64().unwrap();
                g[(l + r) as usize]
            }
        }
    }

    /// A huge heap: each split whose smaller heaps are below a few
    /// periods past the pre-period is described (listed, or a member of
    /// a family) exactly when it wins, by the values read through the
    /// period in big numbers.
    fn check_huge(code: &str, n: &str, target: u64) -> SplitMoves {
        let rules: Rules = code.parse().unwrap();
        let game = rules.octal_game().unwrap();
        let (l, p) = period(&rules);
        let g = listed(&rules, l + p);
        let n: BigUint = n.parse().unwrap();
        let found =
            split_moves(game, &n, target, &g, (l, p), &Budget::default())
                .unwrap();
        assert!(found.exact(), "{code}");
        let bound = l + 4 * p;
        let described = expanded_below(&found, bound);
        let value = |h: &BigUint| big_g(&g, (l, p), h);
        let mut checked = 0;
        for take in 0..=game.code_len() as u64 {
            let d = game.digit(take as usize);
            let m = &n - take;
            let mut split = |small: &[u64]| {
                let sum: u64 = small.iter().sum();
                let rest = &m - sum;
                let v = small
                    .iter()
                    .fold(value(&rest), |v, &h| v ^ value(&BigUint::from(h)));
                let mut leaves: Vec<BigUint> =
                    small.iter().map(|&h| h.into()).collect();
                leaves.push(rest);
                let o = BigOption { take: take.into(), leaves };
                assert_eq!(
                    described.contains(&o),
                    u64::from(v) == target,
                    "{code} {o:?}"
                );
                checked += 1;
            };
            if d & LEAVE_TWO != 0 {
                for a in 1..=bound {
                    split(&[a]);
                }
            }
            if d & LEAVE_THREE != 0 {
                for a in 1..=bound {
                    for b in a..=bound {
                        split(&[a, b]);
                    }
                }
            }
        }
        assert!(checked > 0);
        found
    }

    /// The heaps of issue 34 (0.44 at 177903495: "take 2 -> 22 +
    /// 177903471" was neither listed nor derivable; 0.45 at
    /// 9289614929626423628, 0.647 at 5 10^7), heaps past 2^64, and a
    /// hexadecimal game's three-heap splits.
    #[test]
    fn huge_heaps() {
        let found = check_huge("0.44", "177903495", 0);
        assert!(found.exact() && !found.complete());
        let want = BigOption {
            take: 2u32.into(),
            leaves: vec![22u32.into(), 177_903_471u32.into()],
        };
        assert!(found.options.contains(&want));
        insta::assert_snapshot!(found.families[0].to_string(), @"take 1 -> a + (177903494 - a) for a = 144 (mod 24), 144 <= a <= 88951728");
        insta::assert_snapshot!(found.note(None).unwrap(), @"the winning splits in which a smaller heap is at least the pre-period 143 (where the Grundy values start to repeat with the period 24) are those of these 26 families");
        check_huge("0.45", "9289614929626423628", 0);
        check_huge("0.647", "50000000", 0);
        check_huge("0.647", "50000000", 7);
        let big = format!("1{}7", "0".repeat(30));
        check_huge("0.07", &big, 0);
        check_huge("0.44", &big, 3);
        check_huge("4.7", &big, 0);
        let found = check_huge("0.F1", &big, 0);
        assert!(found.families.iter().any(|f| f.residues.len() == 2));
        check_huge("0.F1", &big, 1);
    }

    fn expanded_below(found: &SplitMoves, bound: u64) -> Vec<BigOption> {
        let mut all = found.options.clone();
        for f in &found.families {
            all.extend(f.members(bound));
        }
        all
    }

    /// A cut is counted and said.
    #[test]
    fn cuts_are_said() {
        let found = SplitMoves {
            period: Some((143, 24)),
            unlisted: 5,
            unlisted_families: 2,
            stopped_after: Some(7),
            ..SplitMoves::default()
        };
        assert!(!found.exact() && !found.complete());
        insta::assert_snapshot!(found.note(Some(2)).unwrap(), @"5 more winning moves of heap 2 (splits whose smaller heaps are below the pre-period 143) are not listed: at most 4096 are; 2 more families of heap 2 are not listed: at most 4096 are; the three-heap splits of heap 2 were checked for the first 7 pairs of smaller heaps only, so some winning moves may be missing");
    }

    #[test]
    fn notation() {
        let n = |x: u64| BigUint::from(x);
        assert_eq!(move_text(&n(0), &[n(2), n(4)]), "take 0 -> 2 + 4");
        assert_eq!(take_and_split(&n(1), &[n(7)]), "1");
        let f = MoveFamily {
            take: 1,
            fixed: vec![5],
            residues: vec![151],
            period: 24,
            preperiod: 143,
            total: n(1000),
            last: Some(n(487)),
            count: Some(n(15)),
        };
        insta::assert_snapshot!(f.to_string(), @"take 1 -> 5 + a + (995 - a) for a = 151 (mod 24), 151 <= a <= 487");
        let f = MoveFamily {
            fixed: vec![],
            residues: vec![151, 144],
            last: None,
            count: None,
            ..f
        };
        insta::assert_snapshot!(f.to_string(), @"take 1 -> a + b + (1000 - a - b) for a = 151, b = 144 (mod 24), 151 <= a <= b <= 1000 - a - b");
    }
}
