//! `grundy values SET --to N`: the Grundy sequence as a table, JSON, CSV
//! or TSV.

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use grundy::{Outcome, Play, Rules};

use super::octal_state::{self, StateArgs};
use crate::args::{BudgetArgs, FormatArgs};
use crate::format::Format;
use crate::term::{Output, Progress};

#[derive(Debug, Args)]
pub struct ValuesArgs {
    /// The subtraction set, e.g. `1,2,3`, `2-5,9`, `nim`, or an octal code
    /// (`0.137`) or `grundy`.
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// The last heap size to list.
    #[arg(long, value_name = "N", default_value_t = 31)]
    pub to: u64,
    /// List misère outcomes (the last mover loses) instead of Grundy
    /// values.
    #[arg(long)]
    pub misere: bool,
    /// With --misere, for games that split heaps: the most positions the
    /// exhaustive search for the outcomes may store (the listing stops
    /// there, exit code 1).
    #[arg(long, value_name = "N", requires = "misere", default_value_t = grundy::DEFAULT_MAX_STATES, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: u64,
    #[command(flatten)]
    pub state: StateArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: ValuesArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    let format = args.format.choose(&crate::format::VALUES)?;
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let count = args.to.checked_add(1).context("--to is too large")?;
    if args.state.checkpoint.is_some() && play == Play::Misere {
        anyhow::bail!(
            "--checkpoint keeps Grundy values, not misère outcomes; drop --misere or --checkpoint"
        );
    }
    let budget =
        grundy::Budget { max_states: args.max_states, ..args.budget.limit()? };
    let run = match args.state.checkpoint {
        Some(_) => match computed(&args.state, &set, count, &budget)? {
            Some(run) => Some(run),
            None => {
                report!("grundy: interrupted");
                return Ok(ExitCode::from(crate::signals::INTERRUPTED));
            }
        },
        None => None,
    };
    let ended = RefCell::new(None);
    let method = RefCell::new(None);
    let source = match &run {
        Some(run) => Source::Computed(&run.values()[..count as usize]),
        None => Source::Rules(&set, play, &budget, &ended, &method),
    };
    let mut out = Output::open(args.format.output.as_deref())?;
    match format {
        Format::Json => write_json(&mut out, &set, &source, args.to, play)?,
        Format::Csv | Format::Tsv => {
            write_csv(&mut out, &source, count, play, format.separator())?
        }
        _ => {
            write_table(&mut out, &source, args.to, play)?;
            // How the misère outcomes were found, in the library's words.
            if let Some((_, note)) = method.borrow().as_ref()
                && ended.borrow().is_none()
            {
                writeln!(out, "{note}")?;
            }
        }
    }
    // A listing cut short is an error (exit 1 for a budget), and with -o
    // no file is written.
    if let Some(e) = ended.take() {
        return Err(e.into());
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// `--checkpoint`: the first `count` values of a take-and-break game,
/// computed (or continued with `--resume`) and saved as they come, within
/// `limits` (`--max-positions`, `--timeout`: a stop saves the run). None
/// when an interrupt came as the run ended (it is saved; the listing is
/// not written).
fn computed(
    state: &StateArgs,
    set: &Rules,
    count: u64,
    limits: &grundy::Budget,
) -> anyhow::Result<Option<grundy::OctalRun>> {
    let (mut run, saved) = octal_state::open(state, set)?;
    let mut saved = saved.expect("a checkpoint was given");
    if run.len() < count {
        run.reserve(count - run.len())?;
    }
    let progress = Progress::positions("computing");
    let budget = grundy::Budget {
        cancel: Some(octal_state::graceful_cancel()),
        observer: progress.observer(),
        ..limits.clone()
    };
    let done =
        run.advance_to(count, &budget, &mut |chunk| saved.maybe_save(&chunk));
    // Saving and the listing (perhaps into a pipe nobody reads) end at
    // the first signal.
    let interrupted = crate::signals::abrupt();
    drop(progress);
    saved.save_run(&run, done.is_err() || interrupted)?;
    match done {
        Err(e) if !interrupted || crate::signals::stopped_by(&e) => {
            Err(e.into())
        }
        _ if interrupted => Ok(None),
        _ => Ok(Some(run)),
    }
}

/// How the misère outcomes were found and the library's sentence, left
/// by [`Source::sequence`].
type Method = RefCell<Option<(grundy::MisereMethod, String)>>;

/// Where a listing's sequence comes from.
enum Source<'a> {
    /// Computed as it is written (misère outcomes within the budget); why
    /// the sequence ended before `--to`, if it did (a value past the
    /// width, the misère search's budget), is left in the cell.
    Rules(
        &'a Rules,
        Play,
        &'a grundy::Budget,
        &'a RefCell<Option<grundy::Error>>,
        &'a Method,
    ),
    /// Computed before (`--checkpoint`).
    Computed(&'a [u16]),
}

impl Source<'_> {
    /// The sequence a listing shows: Grundy values (normal play) or the
    /// misère outcomes as 0 for P and 1 for N.
    fn sequence(&self, count: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        match *self {
            Source::Rules(set, Play::Normal, budget, ended, _) => {
                let values = grundy::values_within(set, budget);
                recording(values, count, ended, |g| g.value(), |v| v.error())
            }
            Source::Rules(set, play, budget, ended, method) => {
                let to = count.saturating_sub(1) as u64;
                let outcomes = grundy::outcomes_to(set, play, to, budget);
                *method.borrow_mut() = outcomes
                    .method()
                    .zip(outcomes.method_note().map(str::to_string));
                recording(
                    outcomes,
                    count,
                    ended,
                    |o| u64::from(o == Outcome::N),
                    |o| o.error(),
                )
            }
            Source::Computed(values) => {
                Box::new(values.iter().map(|&g| u64::from(g)).take(count))
            }
        }
    }
}

/// The first `count` items of `items` as numbers; if they end sooner,
/// `error` of the iterator (why it ended) is left in `ended`.
fn recording<'a, I: Iterator + 'a>(
    mut items: I,
    count: usize,
    ended: &'a RefCell<Option<grundy::Error>>,
    number: impl Fn(I::Item) -> u64 + 'a,
    error: impl Fn(&I) -> Option<grundy::Error> + 'a,
) -> Box<dyn Iterator<Item = u64> + 'a> {
    let mut left = count;
    Box::new(std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        left -= 1;
        let next = items.next().map(&number);
        if next.is_none() {
            *ended.borrow_mut() = error(&items);
        }
        next
    }))
}

fn letter(p: bool) -> u8 {
    if p { b'P' } else { b'N' }
}

/// The most outcomes `--json` keeps (one bit each, 16 MiB) from the
/// values it writes first: a longer listing lists the values again for
/// its outcomes, so that memory stays bounded whatever `--to`.
const KEPT_OUTCOMES: u64 = 1 << 27;

/// The object `ValuesReport` serialises to, written as the values come
/// (same keys, same order, same bytes): memory does not grow with `--to`
/// past [`KEPT_OUTCOMES`]. In normal play the outcomes are those of the
/// values just written; a listing cut short stops the object there (the
/// caller reports why).
fn write_json(
    out: &mut Output,
    set: &Rules,
    source: &Source,
    to: u64,
    play: Play,
) -> anyhow::Result<()> {
    let count = to + 1;
    let name = serde_json::to_string(set.notation())?;
    write!(out, "{{\"set\":{name},\"play\":\"{play}\",\"to\":{to},")?;
    let mut number = itoa::Buffer::new();
    let mut buf = Block::new();
    // The P-positions among the values, one bit each, when they fit
    // (values computed before are read again instead).
    let mut kept = None;
    if play == Play::Normal {
        let listed = matches!(source, Source::Rules(..));
        let mut p_bits = (listed && count <= KEPT_OUTCOMES)
            .then(|| Vec::<u64>::with_capacity(count.div_ceil(64) as usize));
        buf.bytes.extend_from_slice(b"\"values\":[");
        let mut written = 0;
        for (n, g) in source.sequence(count).enumerate() {
            written += 1;
            if n > 0 {
                buf.bytes.push(b',');
            }
            buf.bytes.extend_from_slice(number.format(g).as_bytes());
            if let Some(bits) = &mut p_bits {
                if n % 64 == 0 {
                    bits.push(0);
                }
                if g == 0 {
                    *bits.last_mut().expect("pushed") |= 1 << (n % 64);
                }
            }
            buf.spill(out)?;
        }
        if written < count {
            // Cut short: the caller reports why.
            return Ok(());
        }
        buf.bytes.extend_from_slice(b"],");
        kept = p_bits;
    }
    buf.bytes.extend_from_slice(b"\"outcomes\":\"");
    match kept {
        Some(bits) => {
            for n in 0..count as usize {
                buf.bytes.push(letter((bits[n / 64] >> (n % 64)) & 1 == 1));
                buf.spill(out)?;
            }
        }
        None => {
            for x in source.sequence(count) {
                buf.bytes.push(letter(x == 0));
                buf.spill(out)?;
            }
        }
    }
    buf.bytes.push(b'"');
    if let Source::Rules(.., method) = source
        && let Some((m, note)) = method.borrow().as_ref()
    {
        let note = serde_json::to_string(note)?;
        let m = format!(",\"method\":\"{m}\",\"method_note\":{note}");
        buf.bytes.extend_from_slice(m.as_bytes());
    }
    buf.bytes.extend_from_slice(b"}\n");
    buf.finish(out)
}

/// CSV (`separator` `,`) or TSV (`\t`): no field needs quoting.
fn write_csv(
    out: &mut Output,
    source: &Source,
    count: u64,
    play: Play,
    separator: u8,
) -> anyhow::Result<()> {
    let header: &[&[u8]] = match play {
        Play::Normal => &[b"n", b"grundy", b"outcome"],
        Play::Misere => &[b"n", b"misere_outcome"],
    };
    out.write_all(&header.join(&separator))?;
    out.write_all(b"\n")?;
    let mut buf = Block::new();
    let mut n = Counter::new();
    let mut number = itoa::Buffer::new();
    for x in source.sequence(count) {
        buf.bytes.extend_from_slice(n.digits());
        buf.bytes.push(separator);
        if play == Play::Normal {
            buf.bytes.extend_from_slice(number.format(x).as_bytes());
            buf.bytes.push(separator);
        }
        buf.bytes.push(letter(x == 0));
        buf.bytes.push(b'\n');
        n.increment();
        buf.spill(out)?;
    }
    buf.finish(out)
}

/// Rows gathered in memory and written 64 KiB at a time.
struct Block {
    bytes: Vec<u8>,
}

impl Block {
    const SIZE: usize = 1 << 16;

    fn new() -> Block {
        Block { bytes: Vec::with_capacity(Self::SIZE + 256) }
    }

    /// Writes the block out when it is full.
    #[inline]
    fn spill(&mut self, out: &mut Output) -> std::io::Result<()> {
        if self.bytes.len() >= Self::SIZE {
            out.write_all(&self.bytes)?;
            self.bytes.clear();
        }
        Ok(())
    }

    fn finish(self, out: &mut Output) -> anyhow::Result<()> {
        out.write_all(&self.bytes)?;
        Ok(())
    }
}

/// A decimal counter kept as digits: the row number, incremented in place
/// (most increments change one byte).
struct Counter {
    digits: Vec<u8>,
}

impl Counter {
    fn new() -> Counter {
        Counter { digits: vec![b'0'] }
    }

    fn digits(&self) -> &[u8] {
        &self.digits
    }

    #[inline]
    fn increment(&mut self) {
        for d in self.digits.iter_mut().rev() {
            if *d == b'9' {
                *d = b'0';
            } else {
                *d += 1;
                return;
            }
        }
        self.digits.insert(0, b'1');
    }
}

/// The readable table: n, g(n), outcome, and a bar of g(n) dots (the
/// picture of the learners' notes), or the misère outcome.
fn write_table(
    out: &mut Output,
    source: &Source,
    to: u64,
    play: Play,
) -> anyhow::Result<()> {
    let width = to.to_string().len().max(1);
    match play {
        Play::Normal => writeln!(out, "{:>width$}  g(n)  outcome", "n")?,
        Play::Misere => writeln!(out, "{:>width$}  misère outcome", "n")?,
    }
    // Rows written into a block, as CSV's are: the same bytes as
    // `format!("{n:>width$}  {x:>4}  {o}        {bar}")`, five times
    // faster (issue 34).
    const BAR: &str = "●";
    let bars = BAR.repeat(80);
    let mut buf = Block::new();
    let mut n = Counter::new();
    let mut number = itoa::Buffer::new();
    let pad = |buf: &mut Block, len: usize, to: usize| {
        buf.bytes.extend(std::iter::repeat_n(b' ', to.saturating_sub(len)));
    };
    for x in source.sequence(to + 1) {
        pad(&mut buf, n.digits().len(), width);
        buf.bytes.extend_from_slice(n.digits());
        buf.bytes.extend_from_slice(b"  ");
        if play == Play::Normal {
            let value = number.format(x).as_bytes();
            pad(&mut buf, value.len(), 4);
            buf.bytes.extend_from_slice(value);
            buf.bytes.extend_from_slice(b"  ");
        }
        buf.bytes.push(letter(x == 0));
        if play == Play::Normal {
            buf.bytes.extend_from_slice(b"        ");
            let dots = x.min(80) as usize;
            buf.bytes.extend_from_slice(&bars.as_bytes()[..dots * BAR.len()]);
        }
        buf.bytes.push(b'\n');
        n.increment();
        buf.spill(out)?;
    }
    buf.finish(out)
}
