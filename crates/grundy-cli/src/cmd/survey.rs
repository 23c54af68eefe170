//! What `grundy period` prints for a take-and-break game whose period it
//! did not find within the budget: how far it got, the frequencies of the
//! values and the rare values with their positions, as A. Flammenkamp's
//! tables (Sprague-Grundy values of octal games) and Czajka's report them
//! for unsolved games. Never a guess at a period.
//!
//! The survey goes to stdout (it is the result of the run); the one-line
//! error that follows goes to stderr and the exit code stays 1.

use std::io::Write;

use grundy::{Stopped, Survey};
use serde::Serialize;

use crate::format::Format;
use crate::term::Output;

/// The JSON object (`--json`): documented in docs/JSON.md.
#[derive(Serialize)]
struct Unsolved<'a> {
    set: &'a str,
    found: bool,
    stopped: grundy::StopReason,
    survey: &'a Survey,
}

/// Writes the survey of `stopped`, if it carries one, in `period`'s
/// format (text, JSON, CSV or TSV); returns whether it did.
pub fn write(
    out: &mut Output,
    set: &str,
    stopped: &Stopped,
    format: Format,
) -> anyhow::Result<bool> {
    let Some(survey) = stopped.seen.as_deref() else {
        return Ok(false);
    };
    match format {
        Format::Json => {
            let unsolved = Unsolved {
                set,
                found: false,
                stopped: stopped.reason,
                survey,
            };
            serde_json::to_writer(&mut *out, &unsolved)?;
            writeln!(out)?;
        }
        Format::Csv | Format::Tsv => write_csv(out, survey, format)?,
        _ => write_text(out, set, stopped, survey)?,
    }
    Ok(true)
}

/// One row per value that occurs: `value,count,rare_count,rare_first,
/// rare_last` (the rare columns empty for a value never rare); how far the
/// run got is in the error line on stderr.
fn write_csv(
    out: &mut Output,
    s: &Survey,
    format: Format,
) -> anyhow::Result<()> {
    let mut w = format.csv_writer(out);
    w.write_record([
        "value",
        "count",
        "rare_count",
        "rare_first",
        "rare_last",
    ])?;
    for (v, &count) in s.frequencies.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let rare = s.rare.iter().find(|r| r.value == v as u64);
        let cell = |f: fn(&grundy::RareValue) -> u64| {
            rare.map_or(String::new(), |r| f(r).to_string())
        };
        w.write_record([
            v.to_string(),
            count.to_string(),
            cell(|r| r.count),
            cell(|r| r.first),
            cell(|r| r.last),
        ])?;
    }
    w.flush()?;
    Ok(())
}

fn write_text(
    out: &mut Output,
    set: &str,
    stopped: &Stopped,
    s: &Survey,
) -> anyhow::Result<()> {
    writeln!(out, "set:          {set}")?;
    let seen = match s.len {
        0 => "before any value was computed".to_string(),
        1 => "in g(0)".to_string(),
        len => format!("in g(0) ... g({})", len - 1),
    };
    writeln!(
        out,
        "grundy:       no period found {seen} ({})",
        why(stopped.reason)
    )?;
    writeln!(out, "max value:    {}", s.max_value)?;
    let split = if s.mask == 0 {
        "none found (every value counts as common)".to_string()
    } else {
        format!(
            "rare values have an even number of 1 bits in v & {:#b}{}",
            s.mask,
            if s.domain { ", the heap's parity included" } else { "" }
        )
    };
    writeln!(out, "sparse split: {split}")?;
    match s.last_rare {
        Some(last) => writeln!(
            out,
            "rare heaps:   {}, the last at {last}",
            s.rare_positions
        )?,
        None => writeln!(out, "rare heaps:   none")?,
    }
    // A summary: the whole tables (hundreds of lines for 0.6) are in the
    // CSV and JSON outputs (issue 37: 390 lines of text by default).
    let mut counts: Vec<(usize, u64)> = s
        .frequencies
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(v, &c)| (v, c))
        .collect();
    let distinct = counts.len();
    counts.sort_by_key(|&(v, c)| (std::cmp::Reverse(c), v));
    let common: Vec<String> = counts
        .iter()
        .take(SHOWN)
        .map(|(v, c)| format!("{v} ({c} times)"))
        .collect();
    writeln!(
        out,
        "values:       {distinct} distinct; the most frequent: {}",
        common.join(", ")
    )?;
    if !s.rare.is_empty() {
        writeln!(out, "rare values:  value count first last")?;
        for r in s.rare.iter().take(SHOWN) {
            writeln!(
                out,
                "  {:>6} {} {} {}",
                r.value, r.count, r.first, r.last
            )?;
        }
        if s.rare.len() > SHOWN {
            writeln!(out, "  ... and {} more", s.rare.len() - SHOWN)?;
        }
    }
    writeln!(
        out,
        "every value's count and every rare value: --format csv or --json"
    )?;
    Ok(())
}

/// How many of the most frequent values, and of the rare values, the text
/// summary shows.
const SHOWN: usize = 5;

fn why(reason: grundy::StopReason) -> &'static str {
    match reason {
        grundy::StopReason::Positions | grundy::StopReason::States => {
            "the budget ran out"
        }
        grundy::StopReason::Splits => "the split budget ran out",
        grundy::StopReason::Time => "the time limit passed",
        grundy::StopReason::Cancelled => "interrupted",
        grundy::StopReason::Width => "a value does not fit in 16 bits",
    }
}
