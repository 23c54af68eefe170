//! `grundy`: subtraction games from the terminal.
//!
//! This binary is glue: it parses arguments (`args.rs`), calls the `grundy`
//! library, and writes what comes back (`cmd/*.rs`). Errors are printed
//! once, here, as `grundy: <message>` on stderr.
//!
//! Exit codes: 0 success, 1 nothing found within the budget, 2 bad input
//! (or any other error). A closed pipe on stdout is not an error.

/// `eprintln!` for a stderr that may be closed: the message is dropped
/// instead of a panic (`eprintln!` panics when the write fails, e.g. on
/// `2>&1 | head -1`).
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod cmd;
mod features;
mod format;
mod signals;
mod term;

use std::borrow::Cow;
use std::process::ExitCode;

use clap::error::{ContextKind, ErrorKind};

fn main() -> ExitCode {
    signals::install();
    if let Some(message) =
        std::env::args().nth(1).and_then(|first| features::missing(&first))
    {
        report!("grundy: {message}");
        return ExitCode::from(2);
    }
    let cli = match args::parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    match cmd::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            let message = format!("{err:#}");
            let message = grundy::shorten_quotes(&message);
            let hint = match hint(&err) {
                // "...; use smaller heaps or raise --max-states"
                Some(flag) if message.ends_with("use smaller heaps") => {
                    format!(" or raise {flag}")
                }
                Some(SPLITS_HINT) => format!("; {SPLITS_HINT}"),
                Some(flag) => format!("; raise {flag}"),
                None => String::new(),
            };
            report!("grundy: {message}{hint}");
            ExitCode::from(exit_code(&err))
        }
    }
}

/// Help and version go out as clap writes them; a usage error becomes one
/// line, `grundy: <what> (<clap's tip>); see 'grundy CMD --help'`, exit 2.
fn usage_error(err: &clap::Error) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Printing help can only fail on a closed stdout: nothing to say.
        let _ = err.print();
        return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
    }
    let rendered = err.render().to_string();
    let mut lines = rendered.lines().map(str::trim);
    let first = lines.next().unwrap_or("invalid arguments");
    let mut what = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let (mut items, mut tips) = (Vec::new(), Vec::new());
    for line in lines {
        if let Some(tip) = line.strip_prefix("tip: ") {
            tips.push(tip.trim_end_matches('.'));
        } else if !line.is_empty()
            && !line.starts_with("Usage:")
            && !line.starts_with("For more information")
        {
            items.push(line);
        }
    }
    if !items.is_empty() {
        what = format!("{what} {}", items.join(", "));
    }
    let tip = if tips.is_empty() {
        String::new()
    } else {
        format!(" ({})", tips.join("; "))
    };
    let command = err
        .get(ContextKind::Usage)
        .map(|usage| command_of(&usage.to_string()))
        .or_else(subcommand_in_args)
        .unwrap_or_else(|| "grundy".to_string());
    let message = format!("{what}{tip}");
    let message = grundy::shorten_quotes(&shorten_args(&message));
    report!("grundy: {message}; see '{command} --help'");
    ExitCode::from(2)
}

/// `message` with every argument too long to show whole cut by
/// [`grundy::shorten`] (as the library cuts quoted input): clap echoes a
/// rejected value whole, in single quotes, so a `--to` of 100,000 digits
/// made a line of 100,108 bytes (issue 37).
fn shorten_args(message: &str) -> String {
    let mut long: Vec<String> = Vec::new();
    for arg in std::env::args_os().skip(1) {
        let arg = arg.to_string_lossy().into_owned();
        // `--flag=VALUE` and `-oVALUE` echo the value alone.
        if arg.starts_with("--")
            && let Some((_, value)) = arg.split_once('=')
        {
            long.push(value.to_string());
        } else if arg.starts_with('-') && !arg.starts_with("--") {
            long.push(arg.chars().skip(2).collect());
        }
        long.push(arg);
    }
    long.retain(|a| matches!(grundy::shorten(a, None), Cow::Owned(_)));
    // The longest first: a value is part of its `--flag=VALUE`.
    long.sort_by_key(|a| std::cmp::Reverse(a.len()));
    long.dedup();
    let mut out = message.to_string();
    for arg in long {
        if !out.contains(arg.as_str()) {
            continue;
        }
        out = out
            .replace(&format!("'{arg}'"), &grundy::shorten(&arg, Some('\'')))
            .replace(&arg, &grundy::shorten(&arg, None));
    }
    out
}

/// `grundy values` when the first argument names a subcommand.
fn subcommand_in_args() -> Option<String> {
    use clap::CommandFactory;
    let first = std::env::args_os().nth(1)?;
    let first = first.to_str()?;
    args::Cli::command()
        .get_subcommands()
        .any(|c| c.get_name() == first)
        .then(|| format!("grundy {first}"))
}

/// `grundy play` from clap's "Usage: grundy play --set <SET> ...".
fn command_of(usage: &str) -> String {
    let usage = usage.trim();
    let usage = usage.strip_prefix("Usage:").unwrap_or(usage);
    let words: Vec<&str> = usage
        .split_whitespace()
        .take_while(|w| {
            !w.starts_with(['-', '<', '['])
                && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        .collect();
    if words.is_empty() { "grundy".to_string() } else { words.join(" ") }
}

/// 1 when a search ran out of budget, 130 when an interrupt stopped it
/// in good order (a run with `--checkpoint` saves first), 2 for
/// everything else.
fn exit_code(err: &anyhow::Error) -> u8 {
    match err.downcast_ref::<grundy::Error>() {
        Some(e) if signals::stopped_by(e) => signals::INTERRUPTED,
        Some(e) if e.kind() == grundy::ErrorKind::Budget => 1,
        _ => 2,
    }
}

/// What to do when the split budget of an octal search ran out: there
/// is no flag for it; an explicit heap count or time limit replaces it.
const SPLITS_HINT: &str = "give --max-positions N to compute N heaps whatever they cost, or --timeout SECONDS";

/// The flag to raise when a budget ran out (or, for the split budget,
/// [`SPLITS_HINT`]): the library's messages name no front end's settings,
/// so the command adds its own.
fn hint(err: &anyhow::Error) -> Option<&'static str> {
    let stopped = err
        .chain()
        .find_map(|cause| cause.downcast_ref::<grundy::Error>())
        .and_then(grundy::Error::stopped);
    match stopped.map(|s| s.reason) {
        Some(grundy::StopReason::Positions) => Some("--max-positions"),
        Some(grundy::StopReason::Time) => Some("--timeout"),
        Some(grundy::StopReason::States) => Some("--max-states"),
        Some(grundy::StopReason::Splits) => Some(SPLITS_HINT),
        Some(grundy::StopReason::Cancelled | grundy::StopReason::Width)
        | None => None,
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
