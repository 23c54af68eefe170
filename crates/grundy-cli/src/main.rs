//! `grundy`: subtraction games from the terminal.
//!
//! This binary is glue: it parses arguments (`args.rs`), calls the `grundy`
//! library, and writes what comes back (`cmd/*.rs`). Errors are printed
//! once, here, as `grundy: <message>` on stderr.
//!
//! Exit codes: 0 success, 1 nothing found within the budget, 2 bad input
//! (or any other error). A closed pipe on stdout is not an error.

mod args;
mod cmd;
mod signals;
mod term;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    signals::install();
    let cli = args::Cli::parse();
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
                Some(flag) => format!("; raise {flag}"),
                None => String::new(),
            };
            eprintln!("grundy: {message}{hint}");
            ExitCode::from(exit_code(&err))
        }
    }
}

/// 1 when a search ran out of budget, 2 for everything else.
fn exit_code(err: &anyhow::Error) -> u8 {
    match err.downcast_ref::<grundy::Error>() {
        Some(e) if e.kind() == grundy::ErrorKind::Budget => 1,
        _ => 2,
    }
}

/// The flag to raise when a budget ran out: the library's messages name
/// no front end's settings, so the command adds its own.
fn hint(err: &anyhow::Error) -> Option<&'static str> {
    let stopped = err
        .chain()
        .find_map(|cause| cause.downcast_ref::<grundy::Error>())
        .and_then(grundy::Error::stopped);
    match stopped.map(|s| s.reason) {
        Some(grundy::StopReason::Positions) => Some("--max-positions"),
        Some(grundy::StopReason::Time) => Some("--timeout"),
        Some(grundy::StopReason::States) => Some("--max-states"),
        Some(grundy::StopReason::Cancelled) | None => None,
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
