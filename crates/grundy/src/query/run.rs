//! Long computations of take-and-break games that survive a kill.
//!
//! Officers (0.6) to 2^32 heaps takes most of an hour and 8 GiB; the
//! frontier game 0.454 needs half a billion values before its period is
//! certified. [`OctalRun`] drives the sparse engine in chunks under a
//! [`Budget`], hands each chunk to the caller (to stream the values out,
//! to show progress), and gives its state as plain data at any point: a
//! [`Checkpoint`] plus the values computed. A front end stores both
//! (`grundy values --resume`, `grundy period --checkpoint`), and
//! [`OctalRun::resume`] continues exactly where the run was, checking
//! that checkpoint, values and rule set belong together. The library does
//! no I/O.

use std::time::{Duration, Instant};

use crate::budget::{Budget, Stopped, Unit};
use crate::code::OctalGame;
use crate::engine::octal::{Checkpoint, SparseEngine};
use crate::error::{Error, ErrorKind, Result};
use crate::period::octal::OctalSearch;
use crate::play::Play;
use crate::query::period::{PeriodReport, budget_error, report};
use crate::rules::Rules;
use crate::rules::octal::periods;
use crate::survey::Survey;

/// A resumable computation of a take-and-break game's values and period.
///
/// ```
/// use grundy::{Budget, OctalRun};
/// let rules = "0.137".parse()?;
/// let mut run = OctalRun::new(&rules)?;
/// run.advance_to(40, &Budget::default(), &mut |_| Ok(()))?;
/// // Save, and continue later (in another process) from the data.
/// let (checkpoint, values) = (run.checkpoint(), run.values().to_vec());
/// let mut again = OctalRun::resume(&rules, &checkpoint, values)?;
/// let report = again.period(&Budget::default(), &mut |_| Ok(()))?;
/// assert_eq!((report.preperiod, report.period), (52, 34));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct OctalRun {
    rules: Rules,
    search: OctalSearch,
}

/// What the caller sees after each chunk of a run.
#[derive(Clone, Copy, Debug)]
pub struct RunChunk<'a> {
    engine: &'a SparseEngine,
    start: u64,
}

impl RunChunk<'_> {
    /// Every value so far, g(0) to g(len - 1).
    pub fn values(&self) -> &[u16] {
        self.engine.values()
    }

    /// The heap of the chunk's first value (the chunk is
    /// `values()[start..]`).
    pub fn start(&self) -> u64 {
        self.start
    }

    /// The state after this chunk, to store with the values.
    pub fn checkpoint(&self) -> Checkpoint {
        self.engine.checkpoint()
    }
}

/// Chunks of [`OctalRun::advance_to`] aim at this much time.
const CHUNK_TIME: Duration = Duration::from_millis(50);

impl OctalRun {
    /// A run of `rules` from heap 0; [`ErrorKind::Unsupported`] unless
    /// they are a take-and-break game ([`Rules::checkpoints`]).
    pub fn new(rules: &Rules) -> Result<OctalRun> {
        let game = game_of(rules)?;
        Ok(OctalRun { rules: rules.clone(), search: OctalSearch::new(game) })
    }

    /// A run continuing from a checkpoint and the values g(0) to
    /// g(len - 1) stored with it; [`ErrorKind::Checkpoint`] if they do not
    /// belong together or to `rules`.
    pub fn resume(
        rules: &Rules,
        checkpoint: &Checkpoint,
        values: Vec<u16>,
    ) -> Result<OctalRun> {
        let game = game_of(rules)?;
        let engine = SparseEngine::resume(game, checkpoint, values)?;
        Ok(OctalRun {
            rules: rules.clone(),
            search: OctalSearch::resume(engine),
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many values are known (the next heap).
    pub fn len(&self) -> u64 {
        self.search.engine().len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// g(0), ..., g(len - 1).
    pub fn values(&self) -> &[u16] {
        self.search.engine().values()
    }

    /// The state now, to store with the values.
    pub fn checkpoint(&self) -> Checkpoint {
        self.search.engine().checkpoint()
    }

    /// Frequencies, rare values and where, as researchers publish them.
    pub fn survey(&self) -> Survey {
        self.search.engine().survey()
    }

    /// Reserves memory for `additional` more values (two bytes each) at
    /// once; [`ErrorKind::TooLarge`] when it cannot be had.
    pub fn reserve(&mut self, additional: u64) -> Result<()> {
        self.search.engine_mut().reserve(additional)
    }

    /// Computes values until `len` are known, in chunks of about 50 ms;
    /// after each, `on_chunk` sees it (and may stop the run with an
    /// error). The budget's deadline and cancel flag are polled between
    /// chunks (its work limit does not apply: `len` is the limit); a stop
    /// is an error of kind [`ErrorKind::Budget`] and the values computed
    /// so far stay, ready for a checkpoint.
    pub fn advance_to(
        &mut self,
        len: u64,
        budget: &Budget,
        on_chunk: &mut dyn FnMut(RunChunk<'_>) -> Result<()>,
    ) -> Result<()> {
        self.search.engine_mut().set_threads(budget.threads());
        let mut chunk = 256u64;
        while self.len() < len {
            if let Some(reason) = budget.interrupted() {
                let stop =
                    Stopped::new(reason, self.len(), len, Unit::Positions);
                let message = format!(
                    "computing the values of \"{}\" {stop}",
                    self.rules
                );
                return Err(Error::budget(stop, message));
            }
            let start = self.len();
            let count = chunk.min(len - start);
            let began = Instant::now();
            let engine = self.search.engine_mut();
            let advanced = engine.advance(count).map(|_| ());
            on_chunk(RunChunk { engine, start })?;
            advanced.map_err(|e| budget_error(&self.rules, &e))?;
            budget.report(self.len());
            chunk = crate::period::octal::next_chunk(
                count,
                began.elapsed(),
                CHUNK_TIME,
            );
        }
        Ok(())
    }

    /// Continues the period search (the Guy-Smith certificate, see
    /// [`crate::period`]) until it is proven or the budget runs out;
    /// `on_chunk` sees each chunk. The budget's work limit counts all
    /// values, those of earlier runs included; its split limit counts the
    /// splits of this call only. Without a period the
    /// error's [`Error::stopped`] carries a [`Survey`] (frequencies, rare
    /// values), never a guess.
    pub fn period(
        &mut self,
        budget: &Budget,
        on_chunk: &mut dyn FnMut(RunChunk<'_>) -> Result<()>,
    ) -> Result<PeriodReport> {
        let game = game_of(&self.rules)?.clone();
        if !game.has_periodicity_theorem() {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "no periodicity theorem is known for \"{game}\"; its values can still be listed"
                ),
            ));
        }
        let mut failed = None;
        let mut last = self.len();
        let found = self.search.run(budget, &mut |engine| {
            let start = last;
            last = engine.len();
            failed = on_chunk(RunChunk { engine, start }).err();
            failed.is_none()
        });
        if let Some(e) = failed {
            return Err(e);
        }
        let found = found.map_err(|e| budget_error(&self.rules, &e))?;
        Ok(report(&self.rules, Play::Normal, &periods(&found)))
    }
}

fn game_of(rules: &Rules) -> Result<&OctalGame> {
    rules.octal_game().ok_or_else(|| {
        Error::new(
            ErrorKind::Unsupported,
            format!(
                "\"{rules}\" is not a take-and-break game; checkpoints and resuming apply to octal codes and Grundy's game"
            ),
        )
    })
}
