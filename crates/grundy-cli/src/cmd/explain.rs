//! `grundy explain all-but:X`: the FES steps, for reading a proof by eye.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::{AllButSet, Explanation, Subtraction};

use crate::args::{BudgetArgs, FormatArgs};
use crate::format::Format;
use crate::term::Output;

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// An all-but set, e.g. `all-but:2,3,6,8`.
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// List at most this many steps (the listing normally stops at the
    /// first repeated boundary pattern).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub steps: u64,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    let format = args.format.choose(&crate::format::EXPLAIN)?;
    let x = match set.subtraction() {
        Some(Subtraction::AllBut(x)) => x,
        Some(Subtraction::Finite(_)) => anyhow::bail!(
            "\"{set}\" is a finite set; `grundy explain` shows the FES steps of all-but sets, e.g. \"all-but:{set}\""
        ),
        None => anyhow::bail!(
            "\"{set}\" is {}; `grundy explain` shows the FES steps of all-but sets (e.g. \"all-but:2,3,6,8\"); see its values with `grundy values {set}`",
            set.noun()
        ),
    };
    let limit = args.budget.limit()?;
    let e = grundy::explain(x, args.steps, &limit)?;
    let mut out = Output::open(args.format.output.as_deref())?;
    if format == Format::Json {
        #[derive(serde::Serialize)]
        struct Json<'a> {
            set: String,
            #[serde(flatten)]
            explanation: &'a Explanation,
        }
        serde_json::to_writer(
            &mut out,
            &Json { set: set.to_string(), explanation: &e },
        )?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &set, x, &e)?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn write_text(
    out: &mut Output,
    set: &grundy::Rules,
    x: &AllButSet,
    e: &Explanation,
) -> anyhow::Result<()> {
    let m = x.max_excluded();
    writeln!(
        out,
        "FES steps for {set} (the FES algorithm of Suetsugu and Abuku, All-but Nim):"
    )?;
    writeln!(
        out,
        "step k gives value k to the least position n whose value is unknown, then to each n + x (x in X, ascending) that is unknown and lies a distance in X from every position given k so far."
    )?;
    if m == 0 {
        writeln!(out, "pattern: empty (X is empty: Nim, g(n) = n).")?;
    } else {
        writeln!(
            out,
            "pattern: positions n .. n + {} before step k; * = value known (< k), _ = not yet.",
            m - 1
        )?;
    }
    if let Some((by, to)) = x.reduced() {
        writeln!(
            out,
            "gcd: reduced by d = {by} to {to} (the steps below are for X itself)"
        )?;
    }
    let width = (m as usize).max(7);
    writeln!(
        out,
        "{:>6}  {:>8}  {}  positions with value k",
        "k",
        "n",
        padded("pattern", width)
    )?;
    for s in &e.steps {
        let positions: Vec<String> =
            s.positions.iter().map(u64::to_string).collect();
        writeln!(
            out,
            "{:>6}  {:>8}  {}  {}",
            s.value,
            s.first,
            padded(
                if s.pattern.is_empty() { "(empty)" } else { &s.pattern },
                width
            ),
            positions.join(", ")
        )?;
    }
    let c = &e.cycle;
    if e.truncated {
        writeln!(
            out,
            "... stopped after {} steps (--steps); the pattern before step {} repeats before step {}",
            e.steps.len(),
            c.step,
            c.step + c.steps
        )?;
    }
    writeln!(
        out,
        "repeat: the pattern before step {} equals the one before step {} ({} steps, {} positions on), so g(n + {}) = g(n) + {} for all n >= {}",
        c.step + c.steps,
        c.step,
        c.steps,
        c.shift,
        c.shift,
        c.steps,
        c.start + c.window
    )?;
    Ok(())
}

/// `text` left-aligned in a column of `width` characters. Written out by
/// hand because `format!`'s width argument stops at 65,535, and patterns
/// are max(X) characters wide.
fn padded(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let mut s = String::with_capacity(width.max(len));
    s.push_str(text);
    s.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
    s
}
