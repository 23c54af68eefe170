//! `grundy plot SET --to N`: the Grundy sequence g(0..=N) as a picture
//! (value against heap size; pre-period, periods and P-positions marked),
//! SVG or PNG, drawn by `grundy-pictures` (plotters, resvg).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::Args;
use grundy::{Budget, PeriodOptions, Sequence};
use grundy_pictures::plot::{self, SequencePlot};
use grundy_pictures::png::svg_to_png;

use crate::args::BudgetArgs;
use crate::cmd::graph::{picture_flag, write_bytes};
use crate::format::{Format, FormatFlags};

#[derive(Debug, Args)]
pub struct PlotArgs {
    /// The subtraction set, e.g. `2,3,7` or `all-but:2,3,6,8`, or an octal
    /// code (`0.6`) or `grundy`.
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// The last heap size plotted.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub to: u64,
    #[command(flatten)]
    pub format: FormatFlags,
    /// Write SVG (the default without -o FILE.png); the same as --format
    /// svg.
    #[arg(long, conflicts_with_all = ["png", "format", "json", "csv"])]
    pub svg: bool,
    /// Write PNG; the same as --format png.
    #[arg(long, conflicts_with_all = ["format", "json", "csv"])]
    pub png: bool,
    /// Write to FILE; unless a format is given, it follows the extension
    /// (.svg, .png).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Picture width in pixels.
    #[arg(long, default_value_t = 1000)]
    pub width: u32,
    /// Picture height in pixels.
    #[arg(long, default_value_t = 480)]
    pub height: u32,
    /// Seconds to spend looking for the period to mark (it is left
    /// unmarked if not found in time); this search comes after the
    /// values are computed and is not part of --timeout, which limits
    /// computing them.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    pub period_timeout: f64,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub fn run(args: PlotArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    let format = crate::format::PLOT.choose(
        &args.format,
        picture_flag(args.svg, args.png),
        args.output.as_deref(),
    )?;
    if !(100..=8000).contains(&args.width)
        || !(100..=8000).contains(&args.height)
    {
        bail!("--width and --height must be between 100 and 8000 pixels");
    }
    // Every flag is checked before the listing, which may be long.
    if !(args.period_timeout.is_finite() && args.period_timeout >= 0.0) {
        bail!(
            "--period-timeout \"{}\" must be a number of seconds, 0 or more",
            args.period_timeout
        );
    }
    let values = plot::values(&set, args.to, &args.budget.limit()?)?;
    let wait = Duration::from_secs_f64(args.period_timeout.min(3600.0));
    // The deadline bounds the search, so no split limit besides it.
    let budget = Budget {
        deadline: Some(Instant::now() + wait),
        max_splits: u64::MAX,
        ..Budget::default()
    };
    let found =
        set.period(Sequence::Grundy, &PeriodOptions::default(), &budget);
    let (period, saltus) = match found {
        Ok(Some(p)) => (Some((p.preperiod, p.period)), p.saltus),
        Ok(None) => {
            // No periodicity theorem for these rules (Grundy's game).
            report!(
                "grundy: warning: no periodicity theorem is known for \"{set}\"; plotting without period marks"
            );
            (None, 0)
        }
        Err(_) => {
            report!(
                "grundy: warning: no period found within the time limit; plotting without period marks"
            );
            (None, 0)
        }
    };
    let title = plot::title(&set);
    let picture = SequencePlot { title, values, period, saltus };
    let svg = picture.svg(args.width, args.height)?;
    let bytes = match format {
        Format::Png => svg_to_png(&svg, 1.0)?,
        _ => svg.into_bytes(),
    };
    write_bytes(&bytes, format, args.output.as_deref())?;
    if let Some(path) = &args.output {
        super::graph::report_written(path, format.name(), bytes.len());
    }
    Ok(ExitCode::SUCCESS)
}
