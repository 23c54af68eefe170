//! The command line, as clap sees it: raw strings and flags.
//!
//! Sets, heaps and sums arrive as plain strings and are validated by the
//! library in each command's `run`, so that a bad token gets the library's
//! one-line message (and exit code 2) rather than clap's multi-line one.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Exact Grundy values, periods, outcomes and sums for subtraction games
/// and take-and-break (octal) games.
///
/// A SET is written `1,2,3`, `{1, 2, 3}`, with ranges `1-3` or `1..3`
/// (`1..3,7`), or as an all-but set `all-but:2,3,6,8`; `nim` takes any
/// number of stones.
///
/// Octal games are codes `d0.d1d2...` (Winning Ways, ch. 4): digit d_i, a
/// sum of 1, 2 and 4, says whether taking i tokens may leave 0, 1 or 2
/// heaps (`0.07` is Dawson's Kayles, `0.77` Kayles, `0.6` Officers); d0 =
/// 4 also lets a heap split without taking (`4.7`). Hexadecimal digits 8-F
/// (either case) add 8: the move may leave three heaps (`0.8F`), and d0
/// may then be 8 or C. `grundy` is Grundy's game: split a heap into two
/// unequal heaps.
///
/// The keys of every --json output, the CSV columns and the exit codes:
/// `grundy help json`.
#[derive(Debug, Parser)]
#[command(
    name = "grundy",
    version,
    about,
    max_term_width = 100,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The command line as clap parses it: [`Cli`] with each results
/// command's `--format` help from [`crate::format`].
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    crate::format::document(Cli::command())
}

/// Parses the process's arguments with [`command`].
pub fn parse() -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let mut matches = command().try_get_matches()?;
    Cli::from_arg_matches_mut(&mut matches)
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the Grundy sequence g(0..=N) with outcomes.
    Values(crate::cmd::values::ValuesArgs),
    /// Find the least pre-period and period of the Grundy and outcome
    /// sequences.
    Period(crate::cmd::period::PeriodArgs),
    /// Analyse one heap of any size: value, outcomes, winning moves.
    Heap(crate::cmd::heap::HeapArgs),
    /// Analyse a sum of heaps, each with its own set: nim-sum, winner,
    /// winning moves.
    Sum(crate::cmd::sum::SumArgs),
    /// Play against a perfect computer (the 31 game by default).
    Play(crate::cmd::play::PlayArgs),
    /// Draw the transition graph of a heap with Grundy values (DOT, SVG,
    /// PNG, or the step-by-step pictures).
    #[cfg(feature = "pictures")]
    Graph(crate::cmd::graph::GraphArgs),
    /// Serve the web explorer (a page and a JSON API) on 127.0.0.1.
    #[cfg(feature = "web")]
    Serve(crate::cmd::serve::ServeArgs),
    /// Evaluate every set of a family: one row per set (CSV or JSON
    /// Lines), tables, heatmaps, conjecture checks; resumable, shardable.
    Sweep(crate::cmd::sweep::SweepArgs),
    /// Find the law behind a column of a family's sweep (period,
    /// pre-period, ...): pieces, each a condition and a formula, with the
    /// rows that confirm them.
    Fit(crate::cmd::fit::FitArgs),
    /// Search whole spaces of families ({a, c1*a+d1, ...}) for the laws
    /// behind their periods, each validated on held-out rows: one JSON
    /// line per family, or a Markdown catalogue.
    ///
    /// Each family is swept on the values of a in --fit and --validate,
    /// each key fitted on the --fit rows as `grundy fit` does, and each
    /// law tested on the held-out rows (those of --validate outside
    /// --fit, which must reach at least twice the top of --fit): it is
    /// reported as a law only if it is right on every held-out row with a
    /// value, at least half of the held-out rows have one, and they reach
    /// the top tenth of --validate; the count and the region are printed.
    ///
    /// A SPACE is `linear:K`: every family of K-element sets {a, c1*a+d1,
    /// ..., c(K-1)*a+d(K-1)} (K = 2, 3 or 4) with each coefficient ci in
    /// --coefficients and each shift di in --shifts; `all-but:linear:K`
    /// for the all-but sets of those excluded elements. Each family is a
    /// `grundy sweep` template with the one parameter a (`a,2*a+1,3*a+1`).
    ///
    /// Each family is listed once. Its elements form a set (their order
    /// does not matter; a template naming one element twice is left out).
    /// Two templates are the same family when one becomes the other by
    /// the change of parameter a -> a + t for an integer t: {a, a-3} is
    /// {a, a+3}. A family is written with a the least of its elements
    /// with coefficient 1, whatever shifts that gives the others ({a,
    /// a-2, 3*a+1} is written a,a+2,3*a+7). No other change of parameter
    /// is used (a -> 2*a is not). Members where an element is 0 or
    /// negative, or two elements are equal, are left out: a family starts
    /// at the least a past all of them. A family with no member in --fit
    /// is left out; one whose start lies past --fit is reported `unfit`
    /// with the reason.
    ///
    /// A SPACE `linear2:3` has two parameters: every family {a, b,
    /// c1*a+c2*b+d} with c1, c2 in --coefficients (0 allowed for one of
    /// them, not both) and d in --shifts, on the region a < b; `linear2:2`
    /// is the family {a, b}; `all-but:linear2:K` for all-but sets. Each
    /// choice of c1, c2, d is one family, except those whose third
    /// element is a or b. A family is fitted on LO <= a < b <= HI of
    /// --fit and validated on that region of --validate, which must start
    /// no later and reach at least 4 times the top of --fit (so that b/a
    /// reaches 4 times the fitted ratio at each a); members where the
    /// third element is not positive, or equals a or b, are left out.
    ///
    /// The keys of the JSON lines: `grundy help json`.
    Laws(crate::cmd::laws::LawsArgs),
    /// Join the files of `grundy sweep --shard I/N` into one.
    Merge(crate::cmd::merge::MergeArgs),
    /// Plot the Grundy sequence g(0..=N) with pre-period, periods and
    /// P-positions marked (SVG or PNG).
    #[cfg(feature = "pictures")]
    Plot(crate::cmd::plot::PlotArgs),
    /// The misère quotient of an octal code or a finite subtraction set
    /// (Plambeck and Siegel): order, presentation, P-portion, the element
    /// of each heap, tame or wild, and what proves it for every heap.
    Quotient(crate::cmd::quotient::QuotientArgs),
    /// Show the FES steps of an all-but set: for each Grundy value k, the
    /// positions that get k and the boundary pattern (the FES algorithm of
    /// Sleator-Slusky and Suetsugu-Abuku).
    Explain(crate::cmd::explain::ExplainArgs),
    /// Print this help, a command's help (`grundy help period`), or the
    /// keys of every --json output and the exit codes (`grundy help
    /// json`).
    Help(crate::cmd::help::HelpArgs),
}

/// How to print results, and where.
#[derive(Debug, Args)]
pub struct FormatArgs {
    #[command(flatten)]
    pub flags: crate::format::FormatFlags,
    /// Write to FILE instead of stdout (replaced whole, never left half
    /// written); its extension chooses the format unless one is given.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl FormatArgs {
    /// The format to write, as [`crate::format::Writes::choose`] decides
    /// for `writes` from these flags.
    pub fn choose(
        &self,
        writes: &crate::format::Writes,
    ) -> anyhow::Result<crate::format::Format> {
        writes.choose(&self.flags, None, self.output.as_deref())
    }
}

/// How the sets of a family are computed by the commands that sweep
/// families for their own ends (`grundy fit`, `grundy laws`).
#[derive(Debug, Args)]
pub struct SweepSetArgs {
    /// Worker threads for the sweeps (default: one per core).
    #[arg(long, short, value_name = "N")]
    pub jobs: Option<usize>,
    /// Per set: give up after this many positions (the row then has no
    /// value: an exception of a fit, or a held-out row skipped).
    #[arg(long, value_name = "N", default_value_t = grundy_sweep::DEFAULT_SWEEP_POSITIONS)]
    pub max_positions: u64,
    /// Per set: give up after this many seconds (makes results depend on
    /// the machine).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub timeout: Option<f64>,
}

impl SweepSetArgs {
    /// The sweep runner's options.
    pub fn run_options(&self) -> anyhow::Result<grundy_sweep::RunOptions> {
        crate::cmd::sweep::run_options(
            self.jobs,
            self.max_positions,
            self.timeout,
        )
    }
}

/// Limits for long searches.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Give up after generating this many positions (exit code 1)
    /// [default: 10000000000; for the period or heaps of an octal game
    /// 10000000 heaps, each costing far more than a position of a
    /// subtraction game, or 5*10^10 splits (25 to 45 seconds), whichever
    /// comes first; --max-positions or --timeout given replaces the split
    /// limit; a listing (values, plot) counts the values it lists]
    #[arg(long, value_name = "N")]
    pub max_positions: Option<u64>,
    /// Give up after this many seconds (exit code 1).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub timeout: Option<f64>,
}

impl BudgetArgs {
    /// The budget for a computation on `rules`: the library's defaults
    /// for them ([`grundy::Budget::defaults`]: an octal game gets ten
    /// million heaps and a split limit, which `--max-positions` or
    /// `--timeout` replaces) and the deadline of `--timeout`.
    pub fn limit_for<'a>(
        &self,
        rules: impl IntoIterator<Item = &'a grundy::Rules>,
    ) -> anyhow::Result<grundy::Budget> {
        let timed = self.timeout.is_some();
        let limits =
            grundy::Rules::budget_for(rules, self.max_positions, timed);
        self.within_deadline(limits)
    }

    /// The budget for a computation on rules that are not octal games,
    /// and of a listing (`values`, `plot`) of any rules: `--max-positions`
    /// positions (values, for a listing) at most, the library's default
    /// otherwise (a listing's length is the caller's `--to`, so an octal
    /// game gets no smaller default), within the deadline of `--timeout`.
    /// Neither counts splits.
    pub fn limit(&self) -> anyhow::Result<grundy::Budget> {
        let timed = self.timeout.is_some();
        let limits =
            grundy::Budget::defaults(false, self.max_positions, timed);
        self.within_deadline(limits)
    }

    /// The budget of a misère quotient search
    /// ([`grundy::Budget::quotient`]: `--max-positions`, else no work
    /// limit under `--timeout`, else the library's default), within the
    /// deadline of `--timeout`.
    pub fn limit_quotient(&self) -> anyhow::Result<grundy::Budget> {
        let timed = self.timeout.is_some();
        self.within_deadline(grundy::Budget::quotient(
            self.max_positions,
            timed,
        ))
    }

    /// `limits` with the deadline of `--timeout`.
    fn within_deadline(
        &self,
        limits: grundy::Budget,
    ) -> anyhow::Result<grundy::Budget> {
        let deadline = match self.timeout {
            Some(t) => {
                seconds(t, "--timeout")?.and_then(grundy::deadline_after)
            }
            None => None,
        };
        Ok(grundy::Budget { deadline, ..limits })
    }
}

/// A number of seconds from the command line ([`grundy::time_limit`]):
/// `None` for a time too long to represent (no limit in effect).
pub fn seconds(
    t: f64,
    flag: &str,
) -> anyhow::Result<Option<std::time::Duration>> {
    grundy::time_limit(t).map_err(|_| {
        anyhow::anyhow!("{flag} \"{t}\" must be a positive number of seconds")
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        super::Cli::command().debug_assert();
        super::command().debug_assert();
    }

    /// Octal games get ten million heaps and the default split budget;
    /// an explicit `--max-positions` or `--timeout` replaces the split
    /// limit;
    /// other games never meet a split limit (their engines count none).
    #[test]
    fn octal_budgets() {
        let octal: grundy::Rules = "0.06".parse().unwrap();
        let nim: grundy::Rules = "1,2".parse().unwrap();
        let args =
            |max_positions| super::BudgetArgs { max_positions, timeout: None };
        let timed =
            super::BudgetArgs { max_positions: None, timeout: Some(60.0) };
        let b = timed.limit_for([&octal]).unwrap();
        assert_eq!(b.max_positions, grundy::DEFAULT_OCTAL_HEAPS);
        assert_eq!(b.max_splits, u64::MAX);
        assert!(b.deadline.is_some());
        let b = args(None).limit_for([&octal]).unwrap();
        assert_eq!(b.max_positions, grundy::DEFAULT_OCTAL_HEAPS);
        assert_eq!(b.max_splits, grundy::DEFAULT_MAX_SPLITS);
        let b = args(None).limit_for([&nim, &octal]).unwrap();
        assert_eq!(b.max_positions, grundy::DEFAULT_OCTAL_HEAPS);
        let b = args(None).limit_for([&nim]).unwrap();
        assert_eq!(b.max_positions, grundy::DEFAULT_MAX_POSITIONS);
        let b = args(Some(400_000)).limit_for([&octal]).unwrap();
        assert_eq!((b.max_positions, b.max_splits), (400_000, u64::MAX));
    }

    /// `grundy sweep --help` names every function an expression may call
    /// (the list the expression compiler accepts, plus evalexpr's `min`,
    /// `max` and `if`), so a new function cannot go undocumented.
    #[test]
    fn sweep_help_lists_check_functions() {
        let mut cli = super::Cli::command();
        let sweep = cli.find_subcommand_mut("sweep").unwrap();
        let help = sweep.render_long_help().to_string();
        let check = &help[help.find("--check").unwrap()..];
        let check = &check[..check.find("--summary").unwrap()];
        for name in grundy_sweep::FUNCTIONS.iter().chain(&["min", "max", "if"])
        {
            assert!(check.contains(name), "{name} missing from:\n{check}");
        }
    }
}
