//! One file per subcommand, each an `Args` struct and a `run` function.

pub mod explain;
pub mod fit;
#[cfg(feature = "pictures")]
pub mod graph;
pub mod heap;
pub mod help;
pub mod laws;
pub mod merge;
mod octal_state;
pub mod period;
pub mod play;
#[cfg(feature = "pictures")]
pub mod plot;
pub mod quotient;
#[cfg(feature = "web")]
pub mod serve;
#[cfg(feature = "web")]
mod serve_memory;
pub mod sum;
mod survey;
pub mod sweep;
pub mod values;

use std::process::ExitCode;

use crate::args::{Cli, Command};

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Values(args) => values::run(args),
        Command::Period(args) => period::run(args),
        Command::Heap(args) => heap::run(args),
        Command::Sum(args) => sum::run(args),
        Command::Play(args) => play::run(args),
        #[cfg(feature = "pictures")]
        Command::Graph(args) => graph::run(args),
        #[cfg(feature = "web")]
        Command::Serve(args) => serve::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Fit(args) => fit::run(args),
        Command::Laws(args) => laws::run(args),
        Command::Merge(args) => merge::run(args),
        #[cfg(feature = "pictures")]
        Command::Plot(args) => plot::run(args),
        Command::Quotient(args) => quotient::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Help(args) => help::run(args),
    }
}

/// Parses a rule set, with the library's one-line message on failure.
pub fn parse_set(text: &str) -> Result<grundy::Rules, grundy::Error> {
    text.parse()
}
