//! `grundy period SET`: least pre-period and period, with certificate.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::{EngineChoice, PeriodOptions, PeriodReport, Play};
use serde::Serialize;

use super::octal_state::{self, StateArgs};
use crate::args::{BudgetArgs, FormatArgs};
use crate::format::Format;
use crate::term::{Output, Progress};

#[derive(Debug, Args)]
pub struct PeriodArgs {
    /// The subtraction set, e.g. `5000,10001,15001`, or an octal code
    /// (`0.77`).
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// Study the misère outcome sequence (the last mover loses).
    #[arg(long)]
    pub misere: bool,
    /// The engine: `auto` probes the set and picks; `block` generates
    /// position by position (one-hot words, or a sliding window for sets
    /// made of a few long intervals, e.g. 1-100000); `runs` jumps from run
    /// to run (fast when the sequence is made of long constant runs, e.g.
    /// {a, 2a+1, 3a+1}).
    #[arg(long, value_name = "ENGINE", default_value = "auto")]
    pub engine: String,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub state: StateArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: PeriodArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    let format = args.format.choose(&crate::format::PERIOD)?;
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let engine: EngineChoice = args.engine.parse()?;
    if let Some(fixed) = set.fixed_engine()
        && engine != EngineChoice::Auto
    {
        report!(
            "grundy: warning: --engine {engine} applies to finite sets; {} always use the {} engine",
            set.family(),
            fixed.name().to_uppercase()
        );
    }
    let progress = Progress::positions("searching");
    let mut budget = grundy::Budget {
        observer: progress.observer(),
        ..args.budget.limit_for([&set])?
    };
    let options = PeriodOptions { engine, ..PeriodOptions::default() };
    let started = std::time::Instant::now();
    let found = if args.state.checkpoint.is_some() && play == Play::Normal {
        // Grundy's game (no periodicity theorem) is refused before any
        // state file is created.
        if set.checkpoints() && !set.has_periodicity_theorem() {
            anyhow::bail!(
                "no periodicity theorem is known for \"{set}\"; its values can still be listed (grundy values {set} --checkpoint FILE)"
            );
        }
        let (mut run, saved) = octal_state::open(&args.state, &set)?;
        let mut saved = saved.expect("a checkpoint was given");
        // Graceful mode lasts for the run only: an interrupt stops the
        // run, which is then saved; opening the state files before it,
        // saving them and writing the results after it end at the first
        // signal.
        budget.cancel = Some(octal_state::graceful_cancel());
        let found = run.period(&budget, &mut |chunk| saved.maybe_save(&chunk));
        let interrupted = crate::signals::abrupt();
        drop(progress);
        saved.save_run(&run, found.is_err() || interrupted)?;
        // An interrupt that did not stop the run (it came as the run
        // ended, found or out of budget) still ends the command: the run
        // is saved, and nothing more is written.
        if interrupted
            && !found.as_ref().is_err_and(crate::signals::stopped_by)
        {
            report!("grundy: interrupted");
            return Ok(ExitCode::from(crate::signals::INTERRUPTED));
        }
        found
    } else {
        let found = grundy::period(&set, play, &options, &budget);
        drop(progress);
        found
    };
    let report = match found {
        Ok(report) => report,
        Err(e) => return Err(unsolved(&args, format, &set, e)),
    };
    let seconds = started.elapsed().as_secs_f64();
    let report = Timed { report, seconds };
    let mut out = Output::open(args.format.output.as_deref())?;
    match format {
        Format::Json => {
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
        }
        Format::Csv | Format::Tsv => {
            let mut w = format.csv_writer(&mut out);
            w.write_record([
                "set",
                "play",
                "preperiod",
                "period",
                "saltus",
                "outcome_preperiod",
                "outcome_period",
                "positions",
            ])?;
            let r = &report;
            w.write_record([
                r.set.clone(),
                r.play.to_string(),
                r.preperiod.to_string(),
                r.period.to_string(),
                r.saltus.to_string(),
                r.outcome.preperiod.to_string(),
                r.outcome.period.to_string(),
                r.positions.to_string(),
            ])?;
            w.flush()?;
        }
        _ => write_text(&mut out, &report)?,
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// A search that stopped: the survey of the values computed goes to
/// stdout when the engine keeps one (take-and-break games), then the
/// error is returned for its one line on stderr.
fn unsolved(
    args: &PeriodArgs,
    format: Format,
    set: &grundy::Rules,
    e: grundy::Error,
) -> anyhow::Error {
    let Some(stopped) = e.stopped() else {
        return e.into();
    };
    let written =
        Output::open(args.format.output.as_deref()).and_then(|mut out| {
            if super::survey::write(
                &mut out,
                &set.to_string(),
                stopped,
                format,
            )? {
                out.finish()?;
            }
            Ok(())
        });
    match written {
        Ok(()) => e.into(),
        Err(w) => w,
    }
}

/// The report with the wall-clock time this command measured (the JSON
/// key `seconds`, last).
#[derive(Serialize)]
struct Timed {
    #[serde(flatten)]
    report: PeriodReport,
    seconds: f64,
}

impl std::ops::Deref for Timed {
    type Target = PeriodReport;

    fn deref(&self) -> &PeriodReport {
        &self.report
    }
}

fn write_text(out: &mut Output, r: &Timed) -> anyhow::Result<()> {
    writeln!(out, "set:          {}", r.set)?;
    match r.play {
        Play::Normal => {
            // A saltus is said only where there is one (all-but sets): 0
            // for every finite set and octal game is noise (issue 37).
            let saltus = match r.saltus {
                0 => String::new(),
                s => format!(", saltus {s}"),
            };
            writeln!(
                out,
                "grundy:       pre-period {}, period {}{saltus}",
                r.preperiod, r.period
            )?;
            writeln!(
                out,
                "outcome:      pre-period {}, period {}",
                r.outcome.preperiod, r.outcome.period
            )?;
            if let Some(max) = r.max_value {
                writeln!(out, "max value:    {max}")?;
            }
        }
        Play::Misere => {
            writeln!(
                out,
                "misère:       outcome pre-period {}, period {}",
                r.preperiod, r.period
            )?;
        }
    }
    if let Some(red) = &r.reduced {
        writeln!(
            out,
            "gcd:          reduced by d = {} to {}",
            red.by, red.to
        )?;
    }
    writeln!(out, "certificate:  {}", r.certificate.explain())?;
    write_work(out, r)
}

/// The engine and the work it did: the last two lines of the text
/// report.
fn write_work(out: &mut Output, r: &Timed) -> anyhow::Result<()> {
    writeln!(out, "engine:       {}", r.engine)?;
    writeln!(out, "examined:     {}", r.examined(r.seconds))?;
    Ok(())
}
