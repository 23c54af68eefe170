//! Codes with one Grundy sequence share one evaluation in a sweep.
//!
//! Of the 104 codes of the three-digit octal table that cost the most
//! (values that keep growing), whole groups have provably equal values:
//! 0.76, 0.761, 0.762 and 0.763, or the eight codes 0.6de with d = 0-3
//! and e = 6, 7 ([`grundy::OctalGame::same_values_key`] has the proof).
//! A sweep evaluates one code of such a group and gives its result to the
//! others, as long as that is the result they would get on their own:
//!
//! * with the same code length t and most heaps a move leaves k, the
//!   period search runs on the same values with the same Guy-Smith
//!   bound, so every result is the same (the heaps computed included);
//! * a code with a larger t (same k) has a larger bound, so where the
//!   search of the smaller t proved no period, its search proves none
//!   either, and it stops at the same heap: a "not found" is shared from
//!   a smaller t to a larger one. A period found with a smaller t would
//!   be the same period, but found after a number of heaps that only the
//!   code's own search gives, so such a code is evaluated itself.
//!
//! A code that arrives while its group's evaluation runs waits for it
//! (the worker that runs it writes the waiting rows), so no worker
//! blocks. Errors are never shared: their messages may name the code.
//!
//! So a group is evaluated once per code length at best, not always:
//! a shorter code that a worker reaches while a longer one runs is
//! evaluated too (nothing of the longer code's result holds for it), and
//! each shard or resumed run starts with no results.
//!
//! A time limit (`--timeout`) makes a row depend on the machine, and
//! more so here: a "not found" after the time limit says how far the
//! code of the group that was evaluated got in that time. Another code
//! of the group computes the same values with its own digits, so alone
//! it would get a little further or less far, and might even reach the
//! heap where its period is proven. A period found in time is the row
//! the others would get if they found it in time too.

use std::collections::HashMap;
use std::sync::Mutex;

use grundy::{Rules, SameValues};

use crate::evaluate::Evaluation;
use crate::row::Row;

/// Codes whose period searches can share results: one Grundy sequence
/// and the same most heaps a move leaves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Group {
    values: SameValues,
    parts: u8,
}

/// A set of a sweep, before its result is known.
#[derive(Clone)]
pub(crate) struct Pending {
    /// Its row's index, parameters and set.
    index: u64,
    params: Vec<i64>,
    set: String,
    /// Its rules, to evaluate it.
    pub(crate) rules: Rules,
    /// Its group and code length, if it is a code with a key.
    place: Option<(Group, usize)>,
}

impl Pending {
    /// A set of a sweep (any rule set: those that are not codes with a
    /// [`SameValues`] key share nothing).
    pub(crate) fn new(index: u64, params: Vec<i64>, rules: Rules) -> Pending {
        let place = place(&rules);
        let set = rules.to_string();
        Pending { index, params, set, rules, place }
    }

    /// Its row, with `result`.
    fn row(self, result: Evaluation) -> Row {
        let Pending { index, params, set, .. } = self;
        Row { index, params, set, result }
    }
}

/// The group of a code and its code length, if it is a code with a key
/// ([`SameValues`]); the shards of an octal table keep a group together
/// (`balance.rs`).
pub(crate) fn place(rules: &Rules) -> Option<(Group, usize)> {
    rules.octal_game().and_then(|game| {
        let values = game.same_values_key()?;
        let group = Group { values, parts: game.max_parts() };
        Some((group, game.code_len()))
    })
}

/// One evaluation of a group, by code length.
enum Run {
    Running { code_len: usize, waiting: Vec<Pending> },
    Done { code_len: usize, result: Evaluation },
}

/// What [`Shared::claim`] says to do with a code.
pub(crate) enum Claim {
    /// Its result is known: here is its row.
    Done(Row),
    /// An evaluation it may share runs: the worker running it will return
    /// this code from [`Shared::finish`].
    Queued,
    /// Evaluate it, then call [`Shared::finish`].
    Evaluate(Pending),
}

/// The groups' evaluations of one sweep.
#[derive(Default)]
pub(crate) struct Shared {
    groups: Mutex<HashMap<Group, Vec<Run>>>,
}

impl Shared {
    /// Takes a code: its row if a result it may share is known, nothing
    /// if one is being evaluated, or the code back to evaluate.
    pub(crate) fn claim(&self, code: Pending) -> Claim {
        let Some((group, t)) = code.place.clone() else {
            return Claim::Evaluate(code);
        };
        let mut groups = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        let runs = groups.entry(group).or_default();
        // The run of its own code length, else a smaller one's "not found"
        // (done, or maybe still to come).
        let mine = runs.iter().position(|r| r.code_len() == t);
        let smaller = || {
            runs.iter().position(|r| match r {
                Run::Done { code_len, result } => {
                    *code_len < t && matches!(result, Evaluation::NotFound(_))
                }
                Run::Running { .. } => false,
            })
        };
        let running_smaller = || {
            runs.iter().position(|r| {
                matches!(r, Run::Running { code_len, .. } if *code_len < t)
            })
        };
        let at = match mine.or_else(smaller).or_else(running_smaller) {
            Some(at) => at,
            None => {
                runs.push(Run::Running { code_len: t, waiting: Vec::new() });
                return Claim::Evaluate(code);
            }
        };
        match &mut runs[at] {
            Run::Done { result, .. } if shareable(result) => {
                Claim::Done(code.row(result.clone()))
            }
            // An error of its own code length: evaluate it itself.
            Run::Done { .. } => Claim::Evaluate(code),
            Run::Running { waiting, .. } => {
                waiting.push(code);
                Claim::Queued
            }
        }
    }

    /// Records the result of a code that [`Shared::claim`] gave back to
    /// evaluate. Returns its row, the rows of the codes that waited for
    /// it and may share it, and the codes that waited but must be
    /// evaluated themselves (claim them again).
    pub(crate) fn finish(
        &self,
        code: Pending,
        result: Evaluation,
    ) -> (Vec<Row>, Vec<Pending>) {
        let mut rows = Vec::new();
        let mut again = Vec::new();
        if let Some((group, t)) = code.place.clone() {
            let mut groups =
                self.groups.lock().unwrap_or_else(|e| e.into_inner());
            let runs = groups.entry(group).or_default();
            let waiting = match runs.iter().position(|r| r.code_len() == t) {
                Some(at) => {
                    let done =
                        Run::Done { code_len: t, result: result.clone() };
                    match std::mem::replace(&mut runs[at], done) {
                        Run::Running { waiting, .. } => waiting,
                        Run::Done { .. } => Vec::new(),
                    }
                }
                None => Vec::new(),
            };
            let not_found = matches!(result, Evaluation::NotFound(_));
            for w in waiting {
                let same_len = w.place.as_ref().is_some_and(|p| p.1 == t);
                if shareable(&result) && (same_len || not_found) {
                    rows.push(w.row(result.clone()));
                } else {
                    again.push(w);
                }
            }
        }
        rows.push(code.row(result));
        (rows, again)
    }
}

impl Run {
    fn code_len(&self) -> usize {
        match self {
            Run::Running { code_len, .. } | Run::Done { code_len, .. } => {
                *code_len
            }
        }
    }
}

/// Whether a result may stand for another code's: not an error (its
/// message may name the code).
fn shareable(result: &Evaluation) -> bool {
    !matches!(result, Evaluation::Error(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::{StopReason, Stopped, Unit};

    use crate::evaluate::Found;

    fn code(index: u64, set: &str) -> Pending {
        Pending::new(index, vec![], set.parse().unwrap())
    }

    fn not_found(heaps: u64) -> Evaluation {
        let stop =
            Stopped::new(StopReason::Positions, heaps, heaps, Unit::Positions);
        Evaluation::NotFound(stop)
    }

    fn found(positions: u64) -> Evaluation {
        Evaluation::Found(Found {
            preperiod: 1,
            period: 2,
            saltus: 0,
            outcome_preperiod: 1,
            outcome_period: 2,
            max_value: Some(3),
            positions,
        })
    }

    fn evaluate(claim: Claim) -> Pending {
        match claim {
            Claim::Evaluate(p) => p,
            Claim::Done(row) => panic!("shared: {}", row.set),
            Claim::Queued => panic!("queued"),
        }
    }

    fn sets(rows: &[Row]) -> Vec<(&str, &Evaluation)> {
        rows.iter().map(|r| (r.set.as_str(), &r.result)).collect()
    }

    #[test]
    fn one_code_length_shares_every_result() {
        let shared = Shared::default();
        let first = evaluate(shared.claim(code(0, "0.761")));
        assert!(matches!(shared.claim(code(1, "0.762")), Claim::Queued));
        let (rows, again) = shared.finish(first, found(80));
        assert!(again.is_empty());
        assert_eq!(
            sets(&rows),
            [("0.762", &found(80)), ("0.761", &found(80))]
        );
        // Later codes of the group get the result at once.
        match shared.claim(code(2, "0.763")) {
            Claim::Done(row) => {
                assert_eq!((row.index, row.set.as_str()), (2, "0.763"));
                assert_eq!(row.result, found(80));
            }
            _ => panic!("not shared"),
        }
    }

    #[test]
    fn a_not_found_goes_to_longer_codes_a_period_does_not() {
        // 0.76 has t = 2, 0.761 t = 3: one sequence.
        let shared = Shared::default();
        let short = evaluate(shared.claim(code(0, "0.76")));
        assert!(matches!(shared.claim(code(1, "0.761")), Claim::Queued));
        let (rows, again) = shared.finish(short, found(100));
        assert_eq!(sets(&rows), [("0.76", &found(100))]);
        // A period: 0.761 finds it after heaps of its own.
        let [longer] = <[Pending; 1]>::try_from(again).ok().unwrap();
        let longer = evaluate(shared.claim(longer));
        let (rows, _) = shared.finish(longer, found(125));
        assert_eq!(sets(&rows), [("0.761", &found(125))]);

        let shared = Shared::default();
        let short = evaluate(shared.claim(code(0, "0.76")));
        assert!(matches!(shared.claim(code(1, "0.761")), Claim::Queued));
        let (rows, again) = shared.finish(short, not_found(5000));
        assert!(again.is_empty());
        assert_eq!(
            sets(&rows),
            [("0.761", &not_found(5000)), ("0.76", &not_found(5000))]
        );
        assert!(matches!(shared.claim(code(2, "0.762")), Claim::Done(_)));
        // Never from a longer code to a shorter one.
        let shared = Shared::default();
        let long = evaluate(shared.claim(code(1, "0.761")));
        let _ = shared.finish(long, not_found(5000));
        evaluate(shared.claim(code(0, "0.76")));
    }

    /// The 104 codes of the three-digit table that do not get to 2^20
    /// heaps in 5 s (`grundy sweep --octal 3 --timeout 5`) have 40
    /// distinct sequences (their values to 30,000 heaps, `grundy values
    /// CODE --to 30000`). A sweep in which none finds a period evaluates
    /// exactly 40: the keys find every one of these equalities.
    #[test]
    fn the_costly_codes_of_the_table_are_forty_evaluations() {
        const COSTLY: &str = "0.004 0.005 0.006 0.007 0.016 0.024 0.025 \
            0.026 0.027 0.036 0.037 0.04 0.042 0.06 0.061 0.062 0.063 0.064 \
            0.065 0.066 0.067 0.114 0.125 0.126 0.135 0.136 0.143 0.146 \
            0.162 0.163 0.164 0.206 0.216 0.224 0.225 0.234 0.235 0.244 \
            0.246 0.254 0.256 0.314 0.334 0.342 0.343 0.344 0.345 0.346 \
            0.347 0.371 0.414 0.415 0.434 0.435 0.564 0.565 0.566 0.567 \
            0.604 0.605 0.606 0.607 0.614 0.615 0.616 0.617 0.624 0.625 \
            0.626 0.627 0.634 0.635 0.636 0.637 0.76 0.761 0.762 0.763 \
            0.764 0.765 0.766 0.767 4.004 4.006 4.007 4.014 4.016 4.017 \
            4.026 4.027 4.036 4.037 4.204 4.206 4.207 4.214 4.216 4.217 \
            4.226 4.227 4.236 4.237 4.327 4.337";
        let shared = Shared::default();
        let mut evaluated = 0;
        let mut rows = 0;
        for (i, set) in COSTLY.split_whitespace().enumerate() {
            match shared.claim(code(i as u64, set)) {
                Claim::Evaluate(p) => {
                    evaluated += 1;
                    rows += shared.finish(p, not_found(1 << 20)).0.len();
                }
                Claim::Done(_) => rows += 1,
                Claim::Queued => panic!("nothing runs"),
            }
        }
        assert_eq!((rows, evaluated), (104, 40));
    }

    #[test]
    fn errors_other_groups_and_sets_are_not_shared() {
        let shared = Shared::default();
        let first = evaluate(shared.claim(code(0, "0.761")));
        assert!(matches!(shared.claim(code(1, "0.762")), Claim::Queued));
        let error = Evaluation::Error("too big".into());
        let (rows, again) = shared.finish(first, error.clone());
        assert_eq!(sets(&rows), [("0.761", &error)]);
        assert_eq!(again.len(), 1);
        evaluate(shared.claim(code(1, "0.762")));
        // 0.764 is another sequence; subtraction sets have no key.
        evaluate(shared.claim(code(2, "0.764")));
        evaluate(shared.claim(code(3, "1,2")));
        evaluate(shared.claim(code(4, "1,2")));
        evaluate(shared.claim(code(5, "grundy")));
    }
}
