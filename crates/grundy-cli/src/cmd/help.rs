//! `grundy help [COMMAND|json]`: a command's help, as `grundy COMMAND
//! --help` prints it, or the output contracts: the keys of every `--json`
//! output, the CSV columns and the exit codes.
//!
//! The contracts have one home, `docs/JSON.md`, built into the binary
//! here: an installed `grundy` must not send its user to a README they
//! may not have. clap's own `help` subcommand is turned off (`args.rs`),
//! since it knows only commands; this one does what it did
//! (`grundy help period`) and also takes `json`.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

/// The output contracts, `docs/JSON.md`, as `grundy help json` prints
/// them.
const JSON: &str = include_str!("../../../../docs/JSON.md");

/// The topics that are not commands, each with its text.
const TOPICS: &[(&str, &str)] = &[("json", JSON)];

#[derive(Debug, Args)]
pub struct HelpArgs {
    /// A command (`grundy help period` prints what `grundy period --help`
    /// prints), or `json`: the keys of every --json output, the CSV
    /// columns and the exit codes.
    #[arg(value_name = "COMMAND|json")]
    pub topic: Option<String>,
}

pub fn run(args: HelpArgs) -> anyhow::Result<ExitCode> {
    let Some(topic) = args.topic else {
        print_help(&[])?;
        return Ok(ExitCode::SUCCESS);
    };
    if let Some((_, text)) = TOPICS.iter().find(|(name, _)| *name == topic) {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let cli = crate::args::command();
    if cli.find_subcommand(&topic).is_some() {
        print_help(&[&topic])?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(message) = crate::features::missing(&topic) {
        anyhow::bail!(message);
    }
    let mut names: Vec<&str> =
        cli.get_subcommands().map(clap::Command::get_name).collect();
    names.extend(TOPICS.iter().map(|(name, _)| *name));
    anyhow::bail!(
        "no command or help topic \"{topic}\"; write one of {}",
        names.join(", ")
    )
}

/// Prints what `grundy WORDS... --help` prints, by asking clap exactly
/// that: the same layout (clap lays a command's help out long only when
/// some of it has a long form), the same colours.
fn print_help(words: &[&str]) -> anyhow::Result<()> {
    let argv = ["grundy"].iter().chain(words).chain(&["--help"]);
    match crate::args::command().try_get_matches_from(argv) {
        Err(err) if err.kind() == clap::error::ErrorKind::DisplayHelp => {
            Ok(err.print()?)
        }
        Err(err) => Err(err.into()),
        Ok(_) => anyhow::bail!("clap printed no help for {words:?}"),
    }
}
