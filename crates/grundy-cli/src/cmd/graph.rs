//! `grundy graph SET --heap N`: the transition graph of one heap with each
//! position's Grundy value, as Graphviz DOT, SVG or PNG, or the sequence
//! of pictures that fills the values in one position at a time (as in
//! muzudho, "31game とは何か", notes on the 31 game).
//!
//! Layout and drawing happen in-process (`grundy-pictures`: `layout-rs`,
//! `resvg`), so no Graphviz installation is needed; the DOT output can
//! still be given to `dot` for Graphviz's own layout.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use grundy_pictures::graph::{GameGraph, Step};
use grundy_pictures::png::svg_to_png;

use crate::format::{Format, FormatFlags};
use crate::term::Output;

#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The subtraction set, e.g. `1,2,3`, or an octal code (`0.07`) or
    /// `grundy`.
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// The number of stones in the heap (at most 60).
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub heap: u64,
    #[command(flatten)]
    pub format: FormatFlags,
    /// Draw it as SVG (laid out in-process) instead of DOT; the same as
    /// --format svg.
    #[arg(long, conflicts_with_all = ["png", "format", "json", "csv"])]
    pub svg: bool,
    /// Draw it as PNG instead of DOT; the same as --format png.
    #[arg(long, conflicts_with_all = ["format", "json", "csv"])]
    pub png: bool,
    /// Write the sequence of pictures that fills in the values one
    /// position at a time, as files `step-00`, `step-01`, ... in the
    /// directory given by --output.
    #[arg(long, requires = "output")]
    pub steps: bool,
    /// Write to FILE (with --steps: into directory DIR). Unless a format
    /// is given, it follows the extension (.dot, .gv, .svg, .png).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PNG resolution: pixels per SVG unit.
    #[arg(long, value_name = "X", default_value_t = 2.0)]
    pub scale: f32,
    /// Give up laying out SVG/PNG pictures after this many seconds (exit
    /// code 1): dense graphs take the layout a long time, and graphs of
    /// more than 4,000 layout nodes are refused (exit 2). DOT output needs
    /// no layout.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub timeout: f64,
}

/// The format of `--svg` or `--png`, if one is given.
pub fn picture_flag(svg: bool, png: bool) -> Option<Format> {
    match (svg, png) {
        (true, _) => Some(Format::Svg),
        (_, true) => Some(Format::Png),
        _ => None,
    }
}

pub fn run(args: GraphArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    // With --steps, -o names a directory: the format is not its
    // extension's.
    let format = crate::format::GRAPH.choose(
        &args.format,
        picture_flag(args.svg, args.png),
        if args.steps { None } else { args.output.as_deref() },
    )?;
    let graph = GameGraph::new(&set, args.heap)?;
    if !(args.scale.is_finite() && args.scale > 0.0 && args.scale <= 10.0) {
        bail!(
            "--scale \"{}\" must be a number above 0 and at most 10",
            args.scale
        );
    }
    let deadline = crate::args::seconds(args.timeout, "--timeout")?
        .and_then(grundy::deadline_after);
    let layout = Layout { deadline, seconds: args.timeout, all: args.steps };
    if format != Format::Dot {
        graph.check_layout()?;
    }
    if args.steps {
        let dir = args.output.as_deref().expect("clap requires --output");
        write_steps(&graph, dir, format, args.scale, &layout)?;
        return Ok(ExitCode::SUCCESS);
    }
    let written = write_picture(
        &graph,
        graph.complete(),
        format,
        args.output.as_deref(),
        args.scale,
        &layout,
    )?;
    if let Some(path) = &args.output {
        report_written(path, format.name(), written);
    }
    Ok(ExitCode::SUCCESS)
}

/// `--steps`: every picture is made in a fresh directory beside the
/// others first; only when all are made do they replace the pictures of an
/// earlier run in `dir` (its `step-*` files of any picture format), so an
/// error or a time limit leaves `dir` as it was (and no directory it
/// created), and two runs' pictures are never mixed.
fn write_steps(
    graph: &GameGraph,
    dir: &Path,
    format: Format,
    scale: f32,
    layout: &Layout,
) -> anyhow::Result<()> {
    let existed = dir.exists();
    std::fs::create_dir_all(dir).with_context(|| {
        format!("cannot create directory \"{}\"", dir.display())
    })?;
    let made = make_steps(graph, dir, format, scale, layout);
    let (fresh, names) = match made {
        Ok(made) => made,
        Err(e) => {
            if !existed {
                let _ = std::fs::remove_dir(dir);
            }
            return Err(e);
        }
    };
    let cannot = |what: &str, path: &Path| {
        format!("cannot {what} \"{}\"", path.display())
    };
    for entry in std::fs::read_dir(dir)
        .with_context(|| cannot("read directory", dir))?
    {
        let path = entry?.path();
        let stale =
            path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with("step-")
                    && [".dot", ".svg", ".png"].iter().any(|e| n.ends_with(e))
            });
        if stale && path.is_file() {
            std::fs::remove_file(&path)
                .with_context(|| cannot("replace", &path))?;
        }
    }
    for name in &names {
        let to = dir.join(name);
        std::fs::rename(fresh.path().join(name), &to)
            .with_context(|| cannot("write", &to))?;
    }
    report!(
        "wrote {} pictures ({}) into {}: {} .. {}",
        names.len(),
        format.name().to_ascii_uppercase(),
        dir.display(),
        names[0],
        names[names.len() - 1],
    );
    Ok(())
}

/// The pictures of `--steps` in a temporary directory inside `dir`
/// (removed with it on an error), and their names.
fn make_steps(
    graph: &GameGraph,
    dir: &Path,
    format: Format,
    scale: f32,
    layout: &Layout,
) -> anyhow::Result<(tempfile::TempDir, Vec<String>)> {
    let fresh = tempfile::Builder::new()
        .prefix(".grundy-steps-")
        .tempdir_in(dir)
        .with_context(|| {
            format!("cannot write into directory \"{}\"", dir.display())
        })?;
    let steps = graph.steps();
    let digits = (steps.len() - 1).to_string().len().max(2);
    let mut names = Vec::with_capacity(steps.len());
    for (i, &step) in steps.iter().enumerate() {
        let name = format!("step-{i:0digits$}.{}", format.name());
        let path = fresh.path().join(&name);
        write_picture(graph, step, format, Some(&path), scale, layout)?;
        names.push(name);
    }
    Ok((fresh, names))
}

/// When the layout of SVG/PNG pictures must be done.
struct Layout {
    deadline: Option<std::time::Instant>,
    seconds: f64,
    /// The limit is for all the pictures of `--steps` together.
    all: bool,
}

impl Layout {
    /// The SVG of `step`, laid out on another thread so that a layout that
    /// runs past the deadline can be abandoned (the layout crate cannot be
    /// interrupted; the process ends without it).
    fn svg(&self, graph: &GameGraph, step: Step) -> anyhow::Result<String> {
        let graph = graph.clone();
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(graph.svg(step));
        });
        let waited = match self.deadline {
            Some(deadline) => receive.recv_timeout(
                deadline.saturating_duration_since(std::time::Instant::now()),
            ),
            None => receive
                .recv()
                .map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
        };
        let laid_out = waited.map_err(|_| {
            grundy::Error::new(
                grundy::ErrorKind::Budget,
                format!(
                    "the layout of {} did not finish within {} s; use a smaller heap or set, DOT output (then Graphviz: dot -Tsvg), or raise --timeout",
                    if self.all {
                        "the pictures (the limit is for them all)"
                    } else {
                        "this graph"
                    },
                    self.seconds
                ),
            )
        })?;
        Ok(laid_out?)
    }
}

fn write_picture(
    graph: &GameGraph,
    step: Step,
    format: Format,
    path: Option<&Path>,
    scale: f32,
    layout: &Layout,
) -> anyhow::Result<usize> {
    let bytes = match format {
        Format::Svg => layout.svg(graph, step)?.into_bytes(),
        Format::Png => svg_to_png(&layout.svg(graph, step)?, scale)?,
        _ => graph.dot(step).into_bytes(),
    };
    write_bytes(&bytes, format, path)?;
    Ok(bytes.len())
}

/// Writes a picture to `path` (atomically) or stdout; refuses to send PNG
/// bytes to a terminal.
pub fn write_bytes(
    bytes: &[u8],
    format: Format,
    path: Option<&Path>,
) -> anyhow::Result<()> {
    if format == Format::Png
        && path.is_none()
        && std::io::stdout().is_terminal()
    {
        bail!(
            "PNG is binary and stdout is a terminal; write it to a file with -o FILE.png"
        );
    }
    let mut out = Output::open(path)?;
    out.write_all(bytes)?;
    out.finish()?;
    Ok(())
}

/// Says on stderr which picture file was written, for commands whose
/// stdout stays empty when they write to a file.
pub fn report_written(path: &Path, kind: &str, bytes: usize) {
    report!(
        "wrote {} ({}, {bytes} bytes)",
        path.display(),
        kind.to_ascii_uppercase()
    );
}
