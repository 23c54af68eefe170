//! Rule sets: one trait that every game `grundy` studies implements.
//!
//! A rule set says what a heap's options are ([`HeapGame`]) and, through
//! [`RuleSet`], which fast engine generates its sequences and which
//! periodicity theorem (and so which certificate) applies. Everything
//! above this layer (values, periods, heaps, sums, play, pictures,
//! sweeps, the web) talks to a [`Rules`] handle and never asks which kind
//! of rule set it holds: what a caller needs to know (how to describe the
//! moves, whether they split heaps, which budget suits the engine, whether
//! a periodicity theorem applies) is a question of [`RuleSet`] with a
//! default, so a rule set that does not override it still works
//! everywhere. A new rule set implements [`RuleSet`] in its own file;
//! `docs/DESIGN.md` ("Adding a rule set") walks through it, and the
//! test-only "subtract a square" game in `tests/` does it with nothing
//! but its options.
//!
//! Implemented here: finite and all-but subtraction sets
//! (`subtraction.rs`), octal and hexadecimal take-and-break games and
//! Grundy's game (`octal.rs`). Notation: `notation.rs`.

mod all_but_model;
mod notation;
pub(crate) mod octal;
mod subtraction;

use std::fmt;
use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;

use crate::budget::{Budget, Stopped};
use crate::code::OctalGame;
use crate::engine::Engine;
use crate::error::Result;
use crate::game::HeapGame;
use crate::period::{Period, PeriodOptions, Periods};
use crate::play::{Play, Sequence};
use crate::set::{AllButSet, FiniteSet};

/// An option of a heap of any size: the tokens taken and the heaps left.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BigOption {
    /// How many tokens the move takes.
    pub take: BigUint,
    /// The non-empty heaps it leaves.
    pub leaves: Vec<BigUint>,
}

impl BigOption {
    /// The move of a subtraction game: take `take` of `heap` tokens.
    pub(crate) fn subtract(heap: &BigUint, take: BigUint) -> BigOption {
        let rest = heap - &take;
        let leaves =
            if rest == BigUint::ZERO { Vec::new() } else { vec![rest] };
        BigOption { take, leaves }
    }
}

/// The options [`RuleSet::options_toward`] gives for one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toward {
    /// The options, each once.
    pub options: Vec<BigOption>,
    /// `None`: every option that reaches the goal is among `options`.
    /// `Some(p)`: the heap is too large to list them all (a game that
    /// splits heaps has astronomically many), so `options` holds
    /// representatives, at most [`Toward::LIMIT`]: every option that
    /// reaches the goal is one listed, or a listed split with its smaller
    /// heaps each raised by a multiple of p (taken from the largest), p
    /// being the period of the Grundy values.
    pub repeat: Option<u64>,
}

impl Toward {
    /// The most representatives listed when [`Toward::repeat`] is set.
    pub const LIMIT: usize = 64;

    /// Every option reaching the goal, listed.
    pub fn all(options: Vec<BigOption>) -> Toward {
        Toward { options, repeat: None }
    }
}

/// What a move should reach, for [`RuleSet::options_toward`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A position of this Grundy value (the nim-sum of the heaps left).
    Grundy(u64),
    /// A misère P-position of single heaps (the heaps left form one).
    MisereP,
}

/// The moves of a subtraction game, for [`RuleSet::subtraction`]: the
/// amounts of tokens a move may take from one heap, leaving the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subtraction<'a> {
    /// Exactly the amounts of a finite set.
    Finite(&'a FiniteSet),
    /// Every positive amount except those of a finite set (Nim when
    /// none is excluded).
    AllBut(&'a AllButSet),
}

/// A rule set of a heap game, with the fast machinery that applies to it.
///
/// Only [`HeapGame::options`] and [`RuleSet::notation`] are required: the
/// other methods have defaults (the naive engine, no periodicity theorem),
/// so a new rule set works everywhere at once, slowly, and gets faster as
/// it overrides them. Implementations must be immutable values (they are
/// shared between threads behind [`Rules`]).
pub trait RuleSet: HeapGame + fmt::Debug + Send + Sync + 'static {
    /// The canonical notation: parsing it gives back an equal rule set,
    /// and two rule sets are equal when their notations are.
    fn notation(&self) -> String;

    /// The Grundy values from heap 0 on, by this rule set's fastest
    /// engine; `None` (the default) lets the naive engine compute them
    /// from the options. An engine that can spend long on one value polls
    /// `budget`'s deadline and cancel flag and ends the sequence when
    /// either stops it (the caller counts values and asks the budget why
    /// the sequence ended).
    fn values(
        &self,
        budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = u64> + Send>> {
        let _ = budget;
        None
    }

    /// The outcomes of single heaps from 0 on (`true` at P-positions)
    /// under `play`; `None` (the default) lets the naive engine compute
    /// them. `budget` as for [`RuleSet::values`].
    fn outcomes(
        &self,
        play: Play,
        budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = bool> + Send>> {
        let _ = (play, budget);
        None
    }

    /// The least pre-period and period of one sequence with the
    /// certificate of the theorem that applies; `Ok(None)` (the default)
    /// when no periodicity theorem is known for this rule set.
    fn period(
        &self,
        sequence: Sequence,
        options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Period>, Stopped> {
        let _ = (sequence, options, budget);
        Ok(None)
    }

    /// The periods a report needs under `play`: the main sequence (Grundy
    /// values under normal play, misère outcomes under misère play) and
    /// the outcome sequence. The default asks [`RuleSet::period`] for
    /// each; rule sets that find both at once override it.
    fn periods(
        &self,
        play: Play,
        options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Periods>, Stopped> {
        let outcome = Sequence::Outcome(play);
        match play {
            Play::Normal => {
                let Some(main) =
                    self.period(Sequence::Grundy, options, budget)?
                else {
                    return Ok(None);
                };
                let found = self.period(outcome, options, budget);
                let outcome = found.map_err(|e| e.after(main.positions))?;
                Ok(outcome.map(|o| Periods::pair(main, o, play)))
            }
            Play::Misere => Ok(self
                .period(outcome, options, budget)?
                .map(|o| Periods::pair(o.clone(), o, play))),
        }
    }

    /// What kind of rule set this is, in plural, for messages: "finite
    /// sets", "all-but sets".
    fn family(&self) -> &'static str {
        "rule sets of this kind"
    }

    /// The one engine this rule set always uses, or `None` when
    /// [`PeriodOptions::engine`] chooses among several. Default: the
    /// naive engine.
    fn fixed_engine(&self) -> Option<Engine> {
        Some(Engine::Naive)
    }

    /// The options of `heap` (of any size) among which every option that
    /// reaches `goal` is found (or representatives of them, see
    /// [`Toward::repeat`]), when listing all of them is impossible or
    /// wasteful; `grundy` (when given) is the Grundy sequence's period.
    /// `Ok(None)` (the default) lets the caller list every option of heaps
    /// that fit in memory.
    fn options_toward(
        &self,
        heap: &BigUint,
        goal: Goal,
        grundy: Option<&Period>,
        budget: &Budget,
    ) -> Result<Option<Toward>> {
        let _ = (heap, goal, grundy, budget);
        Ok(None)
    }

    /// Why the iterator of [`RuleSet::values`] ended after `heap` values
    /// (they are endless unless the engine cannot go on, such as a value
    /// too big for its width).
    fn values_end(&self, heap: u64) -> crate::error::Error {
        crate::error::Error::new(
            crate::error::ErrorKind::TooLarge,
            format!(
                "the values of \"{}\" end at heap {heap}: the engine cannot \
                 go further",
                self.notation()
            ),
        )
    }

    /// What kind of rule set this is, in the singular with its article,
    /// for messages: "a finite set", "a take-and-break game" (one of
    /// [`RuleSet::family`]). Default: "a rule set of another kind".
    fn noun(&self) -> &'static str {
        "a rule set of another kind"
    }

    /// The amounts a move may take, when this rule set is a subtraction
    /// game with a finite or an all-but set: front ends describe its
    /// moves by them (a plot's title "S = {1, 2, 3}", `grundy play`'s
    /// "take any number except 2 or 3"), and the FES steps (`grundy
    /// explain`) apply to all-but sets. `None` (the default): the rule
    /// set is described by its notation.
    fn subtraction(&self) -> Option<Subtraction<'_>> {
        None
    }

    /// The take-and-break code (octal, hexadecimal or Grundy's game) this
    /// rule set is played by, for the machinery written for codes:
    /// resumable runs ([`crate::OctalRun`], `--checkpoint`), the
    /// heap queries that keep a period search's values, the sweep's
    /// sharing of results between codes with equal values
    /// ([`OctalGame::same_values_key`]). `None` (the default): that
    /// machinery does not apply, and every caller has a way without it.
    fn octal_game(&self) -> Option<&OctalGame> {
        None
    }

    /// Whether a move may leave more than one heap (a take-and-break game
    /// that splits heaps): `grundy play` then says how to type the heaps
    /// a move leaves. Default: `false`.
    fn splits_heaps(&self) -> bool {
        false
    }

    /// Whether this rule set's engine counts its work in heaps and splits
    /// ([`Budget::max_splits`]), as the octal engine does, rather than in
    /// positions: a heap then costs up to its size in splits, and front
    /// ends give it the work limits of [`Budget::defaults`] for
    /// take-and-break games (far fewer heaps than positions, and a split
    /// limit). Default: `false`.
    fn counts_splits(&self) -> bool {
        false
    }

    /// Whether a periodicity theorem applies, so that
    /// [`RuleSet::period`] can prove the Grundy sequence periodic (all
    /// subtraction sets and octal codes; not Grundy's game). Default:
    /// `false`, as [`RuleSet::period`]'s default finds no period; a rule
    /// set that overrides that says `true` here.
    fn has_periodicity_theorem(&self) -> bool {
        false
    }
}

/// A shared handle to a rule set: what every entry point of the library
/// takes. Cheap to clone; compares and hashes by canonical notation.
///
/// ```
/// use grundy::Rules;
/// let rules: Rules = "{3, 1, 2}".parse()?;
/// assert_eq!(rules.to_string(), "1,2,3");
/// assert_eq!("all-but:".parse::<Rules>()?.to_string(), "nim");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Rules {
    inner: Arc<dyn RuleSet>,
    /// Written on first use: the notation of a set with ten million
    /// elements is 78 MB.
    notation: Arc<OnceLock<String>>,
}

impl Rules {
    /// The default work limits of a computation on `rules` (the heaps of
    /// a sum may mix rule sets): [`Budget::defaults`], with the limits of
    /// take-and-break games when any of them counts splits. The command
    /// and the Python package share this one rule.
    pub fn budget_for<'a>(
        rules: impl IntoIterator<Item = &'a Rules>,
        max_positions: Option<u64>,
        timed: bool,
    ) -> Budget {
        let splits = rules.into_iter().any(|r| r.counts_splits());
        Budget::defaults(splits, max_positions, timed)
    }

    /// Wraps any rule set.
    pub fn new(rule_set: impl RuleSet) -> Rules {
        Rules { inner: Arc::new(rule_set), notation: Arc::default() }
    }

    /// Nim: take any positive number of tokens.
    pub fn nim() -> Rules {
        Rules::new(AllButSet::nim())
    }

    /// The rule set behind the handle.
    pub fn rule_set(&self) -> &dyn RuleSet {
        &*self.inner
    }

    /// Whether a computation of these rules can be saved and resumed
    /// ([`crate::OctalRun`], `--checkpoint`): take-and-break games
    /// ([`RuleSet::octal_game`]).
    ///
    /// ```
    /// use grundy::Rules;
    /// assert!("0.77".parse::<Rules>()?.checkpoints());
    /// assert!(!"1,2,3".parse::<Rules>()?.checkpoints());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checkpoints(&self) -> bool {
        self.inner.octal_game().is_some()
    }

    /// The canonical notation (also what `Display` prints).
    pub fn notation(&self) -> &str {
        self.notation.get_or_init(|| self.inner.notation())
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({})", self.notation())
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || self.notation() == other.notation()
    }
}

impl Eq for Rules {}

impl std::hash::Hash for Rules {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.notation().hash(state);
    }
}

impl PartialOrd for Rules {
    fn partial_cmp(&self, other: &Rules) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rules {
    fn cmp(&self, other: &Rules) -> std::cmp::Ordering {
        self.notation().cmp(other.notation())
    }
}

impl From<FiniteSet> for Rules {
    fn from(set: FiniteSet) -> Rules {
        Rules::new(set)
    }
}

impl From<AllButSet> for Rules {
    fn from(set: AllButSet) -> Rules {
        Rules::new(set)
    }
}

impl std::ops::Deref for Rules {
    type Target = dyn RuleSet;

    fn deref(&self) -> &dyn RuleSet {
        &*self.inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        text.parse().unwrap()
    }

    /// The questions front ends ask, for each kind of rule set: the
    /// answers they acted on when they asked for the concrete type.
    #[test]
    fn each_kind_answers_the_questions_front_ends_ask() {
        // (notation, subtraction kind, splits, counts splits, theorem,
        // checkpoints, noun)
        let cases = [
            ("1,2,5", Some("finite"), false, false, true, false),
            ("all-but:2,3", Some("all-but"), false, false, true, false),
            ("nim", Some("all-but"), false, false, true, false),
            ("0.77", None, true, true, true, true),
            ("0.137", None, true, true, true, true),
            ("4.7", None, true, true, true, true),
            ("0.8F", None, true, true, true, true),
            // Moves that never leave two heaps: a subtraction game
            // written as a code.
            ("0.33", None, false, true, true, true),
            ("grundy", None, true, true, false, true),
        ];
        for (text, sub, splits, counts, theorem, checkpoints) in cases {
            let r = rules(text);
            let kind = r.subtraction().map(|s| match s {
                Subtraction::Finite(s) => {
                    assert_eq!(s.to_string(), text);
                    "finite"
                }
                Subtraction::AllBut(s) => {
                    assert_eq!(s.to_string(), r.to_string());
                    "all-but"
                }
            });
            assert_eq!(kind, sub, "{text}");
            assert_eq!(r.octal_game().is_some(), sub.is_none(), "{text}");
            assert_eq!(r.splits_heaps(), splits, "{text}");
            assert_eq!(r.counts_splits(), counts, "{text}");
            assert_eq!(r.has_periodicity_theorem(), theorem, "{text}");
            assert_eq!(r.checkpoints(), checkpoints, "{text}");
            let noun = match sub {
                Some("finite") => "a finite set",
                Some(_) => "an all-but set",
                None => "a take-and-break game",
            };
            assert_eq!(r.noun(), noun, "{text}");
            // The noun is one of the family.
            let family = r.family();
            assert!(noun.ends_with(family.trim_end_matches('s')), "{text}");
        }
    }
}
