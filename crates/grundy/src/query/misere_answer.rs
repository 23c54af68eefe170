//! Misère answers from the misère quotient: the outcome and the winning
//! moves of a sum of heaps of one octal game or finite subtraction set,
//! for `grundy heap`, `sum`, `play` and `values --misere`.
//!
//! T. E. Plambeck and A. N. Siegel (Misère quotients for impartial games,
//! J. Combin. Theory Ser. A 115 (2008)) show that a sum of heaps is a
//! misère P-position exactly when the product of its heaps' elements in
//! the quotient lies in the P-portion. Once the quotient of the heaps up
//! to the largest one is known (`query/quotient.rs`), or certified for
//! every heap by its periodic heap map (docs/MISERE.md §2.9), a sum of
//! any number of heaps costs one product per heap, and a move is winning
//! exactly when the product of the other heaps' elements and the
//! elements of the heaps it leaves lies in the P-portion.
//!
//! [`attempt`] looks for that quotient within a small work budget (the
//! defaults are [`MISERE_QUOTIENT_WORK`] and [`GLANCE_QUOTIENT_WORK`],
//! here and only here); when none is found the callers fall back to the
//! exhaustive search (`query/solver.rs`), which stays the test oracle.
//! [`MisereMethod`] names the way an answer was found and
//! [`method_note`] says it in one sentence, for every front end.
//! Nothing is cached between questions.

use std::collections::HashMap;
use std::fmt;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, StopReason};
use crate::error::{ErrorKind, Result};
use crate::game::HeapOption;
use crate::play::Outcome;
use crate::query::moves::{Move, SplitMoves, Valuation, split_moves_by};
use crate::query::quotient::{QuotientReport, quotient_through};
use crate::rules::{BigOption, Goal, Rules};

/// The work, in the quotient search's positions (options listed, games
/// of its N-checks, trial elements), spent looking for a misère quotient
/// before a misère question that was asked for (`grundy sum --misere`,
/// `heap --misere`, `values --misere`) falls back to the exhaustive
/// search: well under a second (the search does 350,000 to 600,000
/// positions a second, `BENCHMARKS.md`), while finding Kayles' quotient
/// (0.77, order 40, certified at heap 167) took 55 ms in the bench of
/// `BENCHMARKS.md` under load.
pub const MISERE_QUOTIENT_WORK: u64 = 200_000;

/// The work spent looking for a misère quotient when the misère answer
/// was not asked for (`grundy heap` without `--misere`): a glance of a
/// few milliseconds, so that a normal-play question never waits for it.
pub const GLANCE_QUOTIENT_WORK: u64 = 20_000;

/// The heaps of a game that splits heaps whose options are walked to
/// list their winning moves; a larger heap's winning moves are described
/// through the certified period of the heap map (moves listed and
/// families, `moves.rs`), and without a certificate not listed.
const WALKED_HEAPS: u64 = 1 << 22;

/// How a misère answer was found. Serialised as its name (`"quotient"`),
/// the key `method` of docs/JSON.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereMethod {
    /// Bouton's rule for misère Nim.
    Bouton,
    /// The misère quotient (Plambeck and Siegel).
    Quotient,
    /// The misère outcomes of single heaps of a game whose moves leave
    /// at most one heap (its misère outcome sequence and its period).
    Sequence,
    /// Exhaustive search of the positions below the sum.
    Search,
}

impl MisereMethod {
    /// The name: `bouton`, `quotient`, `sequence`, `search`.
    pub fn name(self) -> &'static str {
        match self {
            MisereMethod::Bouton => "bouton",
            MisereMethod::Quotient => "quotient",
            MisereMethod::Sequence => "sequence",
            MisereMethod::Search => "search",
        }
    }
}

impl fmt::Display for MisereMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for MisereMethod {
    fn serialize<S: serde::Serializer>(
        &self,
        s: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The quotient found, or why there is none to answer with.
#[derive(Clone, Debug)]
pub(crate) enum Attempt {
    /// It answers every sum of heaps up to the largest asked.
    Found(Box<QuotientReport>),
    /// Why not, in words (the rule set has no finite code, or the
    /// quotient was not found within the work).
    NotFound(String),
}

/// Looks for the misère quotient of `rules` that answers the sums of
/// heaps up to `largest`, within `work` positions (and the deadline and
/// cancel flag of `budget`; at most its own `max_positions`). Errors only
/// when the caller cancelled.
pub(crate) fn attempt(
    rules: &Rules,
    largest: &BigUint,
    budget: &Budget,
    work: u64,
) -> Result<Attempt> {
    let small = Budget {
        max_positions: budget.max_positions.min(work),
        observer: None,
        ..budget.clone()
    };
    match quotient_through(rules, largest, &small) {
        Ok(q) if q.covers(largest) => Ok(Attempt::Found(Box::new(q))),
        Ok(q) => Ok(Attempt::NotFound(format!(
            "the misère quotient of \"{rules}\" found for heaps 1..{} does \
             not reach heap {largest}",
            q.heap_map.len() - 1
        ))),
        Err(e)
            if e.stopped()
                .is_some_and(|s| s.reason == StopReason::Cancelled) =>
        {
            Err(e)
        }
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::Budget
                    | ErrorKind::TooLarge
                    | ErrorKind::Unsupported
            ) =>
        {
            Ok(Attempt::NotFound(e.message().to_string()))
        }
        Err(e) => Err(e),
    }
}

/// The sentence that says how a misère answer was found: `quotient` is
/// the quotient that answered (method [`MisereMethod::Quotient`]),
/// `why_not` why no quotient answered (for [`MisereMethod::Search`] and
/// [`MisereMethod::Sequence`]).
pub(crate) fn method_note(
    method: MisereMethod,
    quotient: Option<&QuotientReport>,
    why_not: Option<&str>,
) -> String {
    let because = why_not.map(|w| format!(" ({w})")).unwrap_or_default();
    match (method, quotient) {
        (MisereMethod::Quotient, Some(q)) => {
            let reach = match q.heaps {
                None => "proven for heaps of every size by its periodic \
                         heap map"
                    .to_string(),
                Some(n) => format!("proven for the sums of heaps 1..{n}"),
            };
            format!(
                "misère play solved by the misère quotient of \"{}\" \
                 (order {}, {reach}): a sum is P exactly when the product \
                 of its heaps' elements lies in the P-portion {{{}}}",
                q.game,
                q.order,
                q.p_portion.join(", ")
            )
        }
        (MisereMethod::Bouton, _) => {
            "misère play solved by Bouton's rule for misère Nim".to_string()
        }
        (MisereMethod::Sequence, _) => format!(
            "misère play solved by the misère outcomes of single heaps, as \
             every move leaves one heap{because}"
        ),
        (MisereMethod::Search | MisereMethod::Quotient, _) => format!(
            "misère play solved by exhaustive search of the positions \
             below the sum{because}"
        ),
    }
}

/// Bouton's rule for misère Nim (C. L. Bouton, Nim, a game with a
/// complete mathematical theory): the heaps `sizes` are a P-position
/// exactly when some heap has 2 or more and the nim-sum is 0, or every
/// heap has 0 or 1 and the number of 1s is odd.
pub(crate) fn bouton_is_p(sizes: &[u64]) -> bool {
    let xor = sizes.iter().fold(0, |a, &b| a ^ b);
    if sizes.iter().any(|&s| s >= 2) { xor == 0 } else { xor == 1 }
}

/// The misère answer of a sum of heaps of one rule set from its
/// quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct QuotientAnswer {
    /// P exactly when the product lies in the P-portion.
    pub(crate) outcome: Outcome,
    /// Every winning move listed, sorted: each of the heaps walked, and
    /// those the heaps of `described` list.
    pub(crate) moves: Vec<Move>,
    /// The huge heaps (counting from 0) of a game that splits heaps whose
    /// winning moves were read off the certified period of the heap map:
    /// their families, what was cut, and the sentence, with the moves
    /// they list moved into `moves` (`options` is empty).
    pub(crate) described: Vec<(usize, SplitMoves)>,
    /// The heaps (counting from 0) too large to walk the options of and
    /// without a period to describe them by: their winning moves are not
    /// in `moves`.
    pub(crate) unwalked: Vec<usize>,
}

/// The options of one heap size grouped by the element of the heaps each
/// leaves: as plain numbers for a heap that is walked (only the winning
/// ones become [`Move`]s: a sum of a thousand octal heaps has hundreds of
/// thousands of options), or as [`BigOption`]s for a huge heap of a
/// subtraction set.
enum Options {
    Small(Vec<(u32, Vec<HeapOption>)>),
    Big(Vec<(u32, Vec<BigOption>)>),
}

/// [`Options`], or `None` when the heap is too large to walk.
type Grouped = Option<Options>;

/// The misère outcome and winning moves of the sum of heaps `sizes` of
/// `rules`, all answered by `q` ([`Attempt::Found`] for the largest).
pub(crate) fn answer(
    q: &QuotientReport,
    rules: &Rules,
    sizes: &[BigUint],
    budget: &Budget,
) -> Result<QuotientAnswer> {
    let element = |h: &BigUint| {
        q.big_heap_index(h).expect("the quotient covers the largest heap")
    };
    let x: Vec<u32> = sizes.iter().map(element).collect();
    // prefix[i]: the product of heaps 0..i; suffix[i]: of heaps i..
    let mut prefix = Vec::with_capacity(x.len() + 1);
    prefix.push(0);
    for &e in &x {
        prefix.push(q.mul_index(*prefix.last().expect("pushed"), e));
    }
    let mut suffix = vec![0; x.len() + 1];
    for i in (0..x.len()).rev() {
        suffix[i] = q.mul_index(x[i], suffix[i + 1]);
    }
    let outcome = Outcome::from_is_p(q.is_p_index(prefix[x.len()]));
    let mut grouped: HashMap<&BigUint, Grouped> = HashMap::new();
    let mut moves = Vec::new();
    let mut described = Vec::new();
    let mut unwalked = Vec::new();
    let mut by_period = ByPeriod::new(q, rules);
    for (i, size) in sizes.iter().enumerate() {
        let rest = || q.mul_index(prefix[i], suffix[i + 1]);
        if size.to_u64().is_none_or(|n| n > WALKED_HEAPS)
            && let Some(mut split) =
                by_period.split_moves(size, rest(), budget)?
        {
            let mut listed = std::mem::take(&mut split.options);
            listed.sort_unstable_by(|x, y| {
                (&x.take, &x.leaves).cmp(&(&y.take, &y.leaves))
            });
            moves.extend(listed.into_iter().map(|o| Move {
                heap: i + 1,
                take: o.take,
                leaves: o.leaves,
            }));
            described.push((i, split));
            continue;
        }
        if !grouped.contains_key(size) {
            let g = options_by_element(q, rules, size, budget)?;
            grouped.insert(size, g);
        }
        let Some(groups) = &grouped[size] else {
            unwalked.push(i);
            continue;
        };
        let rest = rest();
        let wins = |e: u32| q.is_p_index(q.mul_index(rest, e));
        // Heaps come in order, so sorting each heap's moves as plain
        // numbers sorts the whole list as `Move`s sort (heap, take,
        // leaves), without comparing big integers.
        match groups {
            Options::Small(groups) => {
                let mut won: Vec<&HeapOption> = groups
                    .iter()
                    .filter(|(e, _)| wins(*e))
                    .flat_map(|(_, options)| options)
                    .collect();
                won.sort_unstable_by_key(|o| (o.take(), o.leaves()));
                moves.extend(won.into_iter().map(|o| Move {
                    heap: i + 1,
                    take: o.take().into(),
                    leaves: o.leaves().iter().map(|&h| h.into()).collect(),
                }));
            }
            Options::Big(groups) => {
                let mut won: Vec<&BigOption> = groups
                    .iter()
                    .filter(|(e, _)| wins(*e))
                    .flat_map(|(_, options)| options)
                    .collect();
                won.sort_unstable_by(|x, y| {
                    (&x.take, &x.leaves).cmp(&(&y.take, &y.leaves))
                });
                moves.extend(won.into_iter().map(|o| Move {
                    heap: i + 1,
                    take: o.take.clone(),
                    leaves: o.leaves.clone(),
                }));
            }
        }
    }
    debug_assert!(moves.is_sorted());
    Ok(QuotientAnswer { outcome, moves, described, unwalked })
}

/// The winning moves of huge heaps of a take-and-break game read off the
/// certified period of its heap map: the element of a heap n >= l is that
/// of l + (n - l) mod p, so a split's product depends only on its smaller
/// heaps below l and the residues of the others, and the winning splits
/// whose smaller heaps reach l come in the residue families of
/// `moves.rs`, as under normal play.
struct ByPeriod<'a> {
    q: &'a QuotientReport,
    /// The game, its pre-period and period, and the element of each heap
    /// 0..l + p; `None` without a code or a certificate.
    period: Option<(&'a crate::code::OctalGame, (u64, u64), Vec<u32>)>,
}

impl<'a> ByPeriod<'a> {
    fn new(q: &'a QuotientReport, rules: &'a Rules) -> ByPeriod<'a> {
        let period = match (rules.octal_game(), q.periodic) {
            (Some(game), Some(c)) if c.period > 0 => {
                let (l, p) = (c.preperiod, c.period);
                let values = (0..l + p)
                    .map(|n| {
                        q.small_heap_index(n)
                            .expect("certified for every heap")
                    })
                    .collect();
                Some((game, (l, p), values))
            }
            _ => None,
        };
        ByPeriod { q, period }
    }

    /// The winning moves of heap `size` in a sum whose other heaps'
    /// product is `rest`, described; `None` without a period.
    fn split_moves(
        &mut self,
        size: &BigUint,
        rest: u32,
        budget: &Budget,
    ) -> Result<Option<SplitMoves>> {
        let Some((game, lp, values)) = &self.period else {
            return Ok(None);
        };
        let q = self.q;
        let valuation = Valuation {
            values,
            none: 0,
            join: |x, y| q.mul_index(x, y),
            wins: |e| q.is_p_index(q.mul_index(rest, e)),
            misere: true,
        };
        split_moves_by(game, size, &valuation, *lp, budget).map(Some)
    }
}

impl QuotientReport {
    /// The misère outcome and every winning move of the sum of `heaps`
    /// of this quotient's game: P exactly when the product of the heaps'
    /// elements lies in the P-portion, and a move wins exactly when the
    /// product it leaves does. Heaps past the heaps solved need the
    /// periodicity certificate; a heap of a game that splits heaps is
    /// walked up to 2^22 tokens. One product per heap and per distinct
    /// element among a heap's options.
    ///
    /// ```
    /// use grundy::{Budget, Outcome};
    /// let q = grundy::quotient(&"0.75".parse()?, None, &Budget::default())?;
    /// let heaps: Vec<grundy::BigUint> = vec![5u32.into(), 9u32.into()];
    /// let (outcome, moves) = q.misere_sum(&heaps, &Budget::default())?;
    /// assert_eq!(outcome, Outcome::from_is_p(moves.is_empty()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn misere_sum(
        &self,
        heaps: &[BigUint],
        budget: &Budget,
    ) -> Result<(Outcome, Vec<Move>)> {
        let rules: Rules = self.game.parse()?;
        if let Some(h) = heaps.iter().find(|h| !self.covers(h)) {
            return Err(crate::error::Error::new(
                ErrorKind::TooLarge,
                format!(
                    "heap {h} is past the heaps solved (1..{}) and no \
                     periodicity certificate extends the quotient to it; \
                     solve the heaps up to {h} or more",
                    self.heap_map.len() - 1
                ),
            ));
        }
        let a = answer(self, &rules, heaps, budget)?;
        if let Some(&(i, _)) = a.described.iter().find(|(_, s)| !s.complete())
        {
            return Err(crate::error::Error::new(
                ErrorKind::TooLarge,
                format!(
                    "heap {} is too large to list its winning splits one by \
                     one (past {WALKED_HEAPS} tokens); a misère sum \
                     (`grundy::sum`) describes them as families",
                    heaps[i]
                ),
            ));
        }
        if let Some(&i) = a.unwalked.first() {
            return Err(crate::error::Error::new(
                ErrorKind::TooLarge,
                format!(
                    "heap {} is too large to walk its splits; use at most \
                     {WALKED_HEAPS} tokens",
                    heaps[i]
                ),
            ));
        }
        Ok((a.outcome, a.moves))
    }
}

/// Every option of heap `size` with the element of the heaps it leaves,
/// grouped by element; `None` for a heap of a game that splits heaps too
/// large to walk.
fn options_by_element(
    q: &QuotientReport,
    rules: &Rules,
    size: &BigUint,
    budget: &Budget,
) -> Result<Grouped> {
    if let Some(n) = size.to_u64().filter(|&n| n <= WALKED_HEAPS) {
        let element = |h: u64| {
            q.small_heap_index(h).expect("an option's heaps are smaller")
        };
        let mut groups: Vec<(u32, Vec<HeapOption>)> = Vec::new();
        // slot[e]: where element e's group is in `groups`.
        let mut slot = vec![usize::MAX; q.order as usize];
        rules.options(n, &mut |o| {
            let e =
                o.leaves().iter().fold(0, |a, &h| q.mul_index(a, element(h)));
            match slot[e as usize] {
                usize::MAX => {
                    slot[e as usize] = groups.len();
                    groups.push((e, vec![o]));
                }
                g => groups[g].1.push(o),
            }
        });
        return Ok(Some(Options::Small(groups)));
    }
    let element = |h: &BigUint| {
        q.big_heap_index(h).expect("an option's heaps are smaller")
    };
    let options =
        match rules.options_toward(size, Goal::MisereP, None, budget)? {
            Some(toward) if toward.repeat.is_none() => toward.options,
            _ => return Ok(None),
        };
    let mut groups: Vec<(u32, Vec<BigOption>)> = Vec::new();
    for o in options {
        let e = o.leaves.iter().fold(0, |a, h| q.mul_index(a, element(h)));
        match groups.iter_mut().find(|(x, _)| *x == e) {
            Some((_, options)) => options.push(o),
            None => groups.push((e, vec![o])),
        }
    }
    Ok(Some(Options::Big(groups)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::query::sum::{Heap, misere_search};

    /// The quotient for `rules` and heaps up to `largest`, if found within
    /// the default work.
    fn found(rules: &Rules, largest: u64) -> Option<QuotientReport> {
        let b = Budget::default();
        match attempt(rules, &largest.into(), &b, MISERE_QUOTIENT_WORK) {
            Ok(Attempt::Found(q)) => Some(*q),
            _ => None,
        }
    }

    /// Every multiset of at most `k` heaps of sizes 0..=`n`.
    fn sums(n: u64, k: usize) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..k {
            let mut next = Vec::new();
            for s in &last {
                let from = s.last().copied().unwrap_or(0);
                for h in from..=n {
                    let mut t: Vec<u64> = s.clone();
                    t.push(h);
                    next.push(t);
                }
            }
            out.extend(next.iter().cloned());
            last = next;
        }
        out
    }

    /// The quotient's outcome and winning moves of every sum of at most
    /// `k` heaps up to `n` equal the exhaustive search's (the oracle:
    /// `query/solver.rs`, by the definition of misère play).
    fn agrees(rules: &Rules, q: &QuotientReport, n: u64, k: usize) {
        for sizes in sums(n, k) {
            if !sizes.is_empty() {
                agrees_on(rules, q, &sizes);
            }
        }
    }

    /// The quotient's outcome and winning moves of the sum of heaps of
    /// `sizes` equal the exhaustive search's.
    fn agrees_on(rules: &Rules, q: &QuotientReport, sizes: &[u64]) {
        let heaps: Vec<Heap> = sizes
            .iter()
            .map(|&h| Heap { rules: rules.clone(), size: h.into() })
            .collect();
        let big: Vec<BigUint> = sizes.iter().map(|&h| h.into()).collect();
        let got = answer(q, rules, &big, &Budget::default()).unwrap();
        let (outcome, moves) =
            misere_search(&heaps, &Budget::default()).unwrap();
        assert!(got.unwalked.is_empty());
        assert_eq!(got.outcome, outcome, "{rules} {sizes:?}");
        assert_eq!(got.moves, moves, "{rules} {sizes:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random octal codes of up to three digits (moves that take up
        /// to three tokens and leave zero, one or two heaps): sums of up
        /// to three heaps of at most 7 tokens.
        #[test]
        fn random_octal_codes_agree_with_search(
            digits in prop::collection::vec(0u8..8, 1..4),
        ) {
            let code: String = digits.iter().map(|d| d.to_string()).collect();
            let Ok(rules) = format!("0.{code}").parse::<Rules>() else {
                return Ok(());
            };
            let Some(q) = found(&rules, 7) else { return Ok(()) };
            agrees(&rules, &q, 7, 3);
        }

        /// Random finite subtraction sets within 1..=6: sums of up to
        /// three heaps of at most 9 tokens.
        #[test]
        fn random_subtraction_sets_agree_with_search(
            set in prop::collection::btree_set(1u64..7, 1..4),
        ) {
            let text: Vec<String> = set.iter().map(u64::to_string).collect();
            let rules: Rules = text.join(",").parse().unwrap();
            let q = found(&rules, 9).expect("small subtraction sets");
            agrees(&rules, &q, 9, 3);
        }
    }

    /// Adversarial shapes: moves that leave three heaps (0.8F, a
    /// hexadecimal code), wild quotients (Kayles 0.77, Dawson's Kayles
    /// 0.07, 0.75, Officers 0.6) and tame ones (1,2,3; 0.137), with
    /// sums of four heaps.
    #[test]
    fn chosen_games_agree_with_search() {
        for (game, n, k) in [
            ("0.8F", 6, 3),
            ("0.77", 8, 4),
            ("0.07", 8, 4),
            ("0.75", 9, 3),
            ("0.6", 7, 3),
            ("0.137", 9, 3),
            ("1,2,3", 9, 4),
            ("2,5,7", 10, 3),
        ] {
            let rules: Rules = game.parse().unwrap();
            let q = found(&rules, n).unwrap_or_else(|| panic!("{game}"));
            agrees(&rules, &q, n, k);
        }
    }

    /// A certified quotient answers heaps past those it computed (0.75,
    /// R8 with pre-period 8 and period 2 after Plambeck and Siegel,
    /// Misère quotients for impartial games: certified at heap 21), moves
    /// included.
    #[test]
    fn certified_quotients_answer_larger_heaps() {
        let rules: Rules = "0.75".parse().unwrap();
        let q = found(&rules, 1_000_000).unwrap();
        assert_eq!((q.order, q.heaps), (8, None));
        for sizes in sums(30, 2) {
            if !sizes.is_empty() && sizes.iter().any(|&h| h > 21) {
                agrees_on(&rules, &q, &sizes);
            }
        }
    }

    /// Every winning move of heap `n` (a sum's other heaps of product
    /// `rest`) by walking every option with the quotient, sorted.
    fn walked(
        q: &QuotientReport,
        rules: &Rules,
        n: u64,
        rest: u32,
    ) -> Vec<BigOption> {
        let mut out = Vec::new();
        rules.options(n, &mut |o| {
            let e = o.leaves().iter().fold(0, |a, &h| {
                q.mul_index(a, q.small_heap_index(h).unwrap())
            });
            if q.is_p_index(q.mul_index(rest, e)) {
                out.push(BigOption {
                    take: o.take().into(),
                    leaves: o.leaves().iter().map(|&h| h.into()).collect(),
                });
            }
        });
        out.sort();
        out
    }

    /// The moves listed and every member of every family of heap `n`
    /// described through the period of the heap map, each once, sorted.
    fn described(
        q: &QuotientReport,
        rules: &Rules,
        n: u64,
        rest: u32,
    ) -> Vec<BigOption> {
        let mut by_period = ByPeriod::new(q, rules);
        let split = by_period
            .split_moves(&n.into(), rest, &Budget::default())
            .unwrap()
            .expect("a certified quotient of a code");
        assert!(split.exact() && split.misere, "{rules} {n}");
        let mut all = split.options.clone();
        for f in &split.families {
            let members = f.members(u64::MAX);
            assert!(!members.is_empty(), "{f}");
            if let Some(count) = &f.count {
                assert_eq!(BigUint::from(members.len()), *count, "{f}");
            }
            all.extend(members);
        }
        all.sort();
        let len = all.len();
        all.dedup();
        assert_eq!(all.len(), len, "{rules} {n}: a move described twice");
        all
    }

    /// The quotient of `rules` certified for every heap (periodic heap
    /// map), if found within the default work.
    fn certified(rules: &Rules) -> Option<QuotientReport> {
        found(rules, u64::MAX).filter(|q| q.periodic.is_some())
    }

    /// Every heap `n` in `heaps`, alone and beside a sum of other heaps
    /// of each element the heap map takes (every product the rest of a
    /// sum can have among them): the moves listed and the families'
    /// members are exactly the winning moves found by walking every
    /// option with the quotient.
    fn families_agree(rules: &Rules, q: &QuotientReport, heaps: &[u64]) {
        let c = q.periodic.unwrap();
        let mut rests: Vec<u32> = (0..c.preperiod + c.period)
            .map(|h| q.small_heap_index(h).unwrap())
            .collect();
        rests.sort_unstable();
        rests.dedup();
        // The identity (a heap alone) and a few others.
        rests.truncate(6);
        for &n in heaps {
            for &rest in &rests {
                assert_eq!(
                    described(q, rules, n, rest),
                    walked(q, rules, n, rest),
                    "{rules} heap {n} beside {rest}"
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Random octal codes of up to four digits (hexadecimal digits
        /// too: moves that leave three heaps) whose quotient is certified
        /// for every heap: heaps up to 5,000 tokens, and heaps just past
        /// twice the pre-period and period, where each family has members.
        #[test]
        fn random_codes_families_equal_the_walk(
            digits in prop::collection::vec(0u8..16, 1..5),
            heaps in prop::collection::vec(1u64..5_000, 2),
        ) {
            let code: String =
                digits.iter().map(|d| format!("{d:X}")).collect();
            let Ok(rules) = format!("0.{code}").parse::<Rules>() else {
                return Ok(());
            };
            let Some(q) = certified(&rules) else { return Ok(()) };
            let c = q.periodic.unwrap();
            let edge = 2 * (c.preperiod + c.period);
            // Three-heap splits walk quadratically: smaller heaps there.
            let cap = if rules.octal_game().unwrap().max_parts() >= 3 {
                300
            } else {
                5_000
            };
            let mut all = vec![edge, edge + 1, edge + c.period + 2];
            all.extend(heaps.iter().map(|&h| h % cap + 1));
            families_agree(&rules, &q, &all);
        }
    }

    /// Adversarial shapes: Kayles (0.77, order 40, a wild quotient whose
    /// heap map has pre-period 71 and period 12 after Plambeck and
    /// Siegel, Misère quotients for impartial games), 0.75 (order 8),
    /// 0.34 and 0.72 (longer periods), codes whose heap map starts
    /// repeating at once (0.7, 0.F) and codes that leave three heaps
    /// (0.F1, pre-period 23; 0.B7), each around twice its pre-period and
    /// period.
    #[test]
    fn chosen_codes_families_equal_the_walk() {
        let codes = [
            "0.77", "0.75", "0.34", "0.72", "0.31", "0.7", "0.F", "0.F1",
            "0.B7",
        ];
        for code in codes {
            let rules: Rules = code.parse().unwrap();
            let q = certified(&rules).unwrap_or_else(|| panic!("{code}"));
            let c = q.periodic.unwrap();
            let edge = 2 * (c.preperiod + c.period);
            let heaps: Vec<u64> = (edge..edge + c.period + 2)
                .chain([1, 2, 3, c.preperiod + 1, 997])
                .collect();
            families_agree(&rules, &q, &heaps);
        }
    }

    /// For small heaps the description agrees with the exhaustive misère
    /// search of `misere/oracle.rs` (the definition of misère play, no
    /// quotient): a move of heap n beside the heaps `others` wins exactly
    /// when the oracle finds what it leaves a P-position.
    #[test]
    fn small_heaps_agree_with_the_oracle() {
        use crate::misere::options::heap_options;
        use crate::misere::oracle::Oracle;
        for code in ["0.77", "0.75", "0.34", "0.52", "0.7", "0.F", "0.B7"] {
            let rules: Rules = code.parse().unwrap();
            let Some(q) = certified(&rules) else { panic!("{code}") };
            let game = rules.octal_game().unwrap();
            let mut oracle = Oracle::new(heap_options(game, 14));
            for others in [&[][..], &[1], &[2], &[3, 5], &[4, 4], &[2, 6]] {
                let rest = others.iter().fold(0, |a, &h| {
                    q.mul_index(a, q.small_heap_index(h).unwrap())
                });
                for n in 1..=14u32 {
                    let mut want = Vec::new();
                    rules.options(n.into(), &mut |o| {
                        let mut after: Vec<u32> =
                            others.iter().map(|&h| h as u32).collect();
                        after.extend(o.leaves().iter().map(|&h| h as u32));
                        if oracle.is_p(&after) {
                            want.push(BigOption {
                                take: o.take().into(),
                                leaves: o
                                    .leaves()
                                    .iter()
                                    .map(|&h| h.into())
                                    .collect(),
                            });
                        }
                    });
                    want.sort();
                    want.dedup();
                    assert_eq!(
                        described(&q, &rules, n.into(), rest),
                        want,
                        "{code} heap {n} beside {others:?}"
                    );
                }
            }
        }
    }

    /// A heap of 10^18 (and one past 2^64) of Kayles: its winning moves
    /// come as moves listed and families through the period, in a sum
    /// too, and each family's members checked one by one from the heap
    /// map win.
    #[test]
    fn huge_heaps_are_described() {
        let rules: Rules = "0.77".parse().unwrap();
        let q = certified(&rules).unwrap();
        let big = |t: &str| t.parse::<BigUint>().unwrap();
        for heaps in [
            vec![big("1000000000000000000")],
            vec![big("100000000"), big("12345678")],
            vec![big(&format!("1{}3", "0".repeat(25))), big("7")],
        ] {
            let a = answer(&q, &rules, &heaps, &Budget::default()).unwrap();
            assert!(a.unwalked.is_empty());
            let huge =
                heaps.iter().filter(|h| **h > BigUint::from(WALKED_HEAPS));
            assert_eq!(a.described.len(), huge.count());
            let x: Vec<u32> =
                heaps.iter().map(|h| q.big_heap_index(h).unwrap()).collect();
            let product =
                |xs: &[u32]| xs.iter().fold(0, |a, &e| q.mul_index(a, e));
            for (i, split) in &a.described {
                let mut others = x.clone();
                others.remove(*i);
                let rest = product(&others);
                for f in &split.families {
                    // The first members, and the last.
                    let mut members = f.members(f.residues[0] + 5 * f.period);
                    if let Some(last) = &f.last {
                        let a = last.clone();
                        let b = &f.total - &a - f.fixed.iter().sum::<u64>();
                        let mut leaves: Vec<BigUint> =
                            f.fixed.iter().map(|&h| h.into()).collect();
                        leaves.extend([a, b]);
                        members
                            .push(BigOption { take: f.take.into(), leaves });
                    }
                    for m in members {
                        let e: Vec<u32> = m
                            .leaves
                            .iter()
                            .map(|h| q.big_heap_index(h).unwrap())
                            .collect();
                        assert!(
                            q.is_p_index(q.mul_index(rest, product(&e))),
                            "{f}"
                        );
                    }
                }
            }
        }
    }

    /// Without a code, or past the work, no quotient: the reason in
    /// words; a game whose quotient keeps growing (Officers, 0.6, at heap
    /// 100) is not found within the glance's work.
    #[test]
    fn no_quotient_says_why() {
        let b = Budget::default();
        let nim = Rules::nim();
        let Attempt::NotFound(why) =
            attempt(&nim, &5u32.into(), &b, 10).unwrap()
        else {
            panic!("nim has no code")
        };
        assert!(why.contains("no finite code"), "{why}");
        let officers: Rules = "0.6".parse().unwrap();
        let a = attempt(&officers, &100u32.into(), &b, GLANCE_QUOTIENT_WORK)
            .unwrap();
        let Attempt::NotFound(why) = a else { panic!("0.6 found") };
        assert!(why.contains("not found finite up to heap"), "{why}");
        // The caller's cancel flag is an error, not a fallback.
        let cancel =
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let b = Budget { cancel: Some(cancel), ..Budget::default() };
        let e = attempt(&officers, &100u32.into(), &b, MISERE_QUOTIENT_WORK);
        assert!(e.is_err());
    }

    /// The sentences, written once here for every front end.
    #[test]
    fn method_sentences() {
        let rules: Rules = "1,2,3".parse().unwrap();
        let q = found(&rules, 10).unwrap();
        insta::assert_snapshot!(method_note(MisereMethod::Quotient, Some(&q), None), @r#"misère play solved by the misère quotient of "1,2,3" (order 6, proven for heaps of every size by its periodic heap map): a sum is P exactly when the product of its heaps' elements lies in the P-portion {a, b2}"#);
        insta::assert_snapshot!(method_note(MisereMethod::Search, None, Some("the heaps are of different games")), @"misère play solved by exhaustive search of the positions below the sum (the heaps are of different games)");
        assert_eq!(MisereMethod::Quotient.to_string(), "quotient");
    }
}
