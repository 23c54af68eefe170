//! Where output goes: stdout or a file that is never left half written
//! nor put in place of what is not a file (`grundy_sweep::OutputFile`),
//! and progress on stderr only when stderr is a terminal.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// Whether the process started with stdout closed (`grundy ... >&-`).
///
/// The Rust runtime reopens a closed stdout on /dev/null before `main`
/// (read-write, where a shell's `> /dev/null` opens it write-only), so the
/// results would vanish with exit code 0. On Linux that is visible from
/// two system calls on the descriptor (its device is /dev/null's, 1:3, and
/// it is open read-write); elsewhere this returns false. (It used to read
/// `/proc/self/fd/1` and `/proc/self/fdinfo/1`, which cost a small run
/// more than its whole computation: issue 34.)
#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    use rustix::fs::{FileType, OFlags, fcntl_getfl, fstat, major, minor};
    let out = io::stdout();
    let Ok(stat) = fstat(&out) else {
        return false;
    };
    let null = FileType::from_raw_mode(stat.st_mode)
        == FileType::CharacterDevice
        && (major(stat.st_rdev), minor(stat.st_rdev)) == (1, 3);
    null && fcntl_getfl(&out)
        .is_ok_and(|flags| flags & OFlags::RWMODE == OFlags::RDWR)
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

/// The destination of a command's results.
pub enum Output {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// A temporary file beside the target (or the target itself, for a
    /// device or a FIFO), put in place by `finish`.
    File(BufWriter<grundy_sweep::OutputFile>),
}

impl Output {
    pub fn open(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(path) = path else {
            if stdout_was_closed() {
                anyhow::bail!(
                    "cannot write the results: stdout is closed; redirect it to a file or to /dev/null"
                );
            }
            return Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout().lock(),
            )));
        };
        let file = grundy_sweep::OutputFile::create(path)?;
        Ok(Output::File(BufWriter::with_capacity(1 << 16, file)))
    }

    /// Flushes, and for a file puts it in place.
    pub fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut w) => Ok(w.flush()?),
            Output::File(writer) => {
                let file = writer.into_inner().map_err(|e| e.into_error())?;
                Ok(file.commit()?)
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File(writer) => writer.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File(writer) => writer.flush(),
        }
    }
}

/// Progress on stderr, shown only on a terminal: a spinner counting
/// positions, or a bar counting the sets of a sweep (the families of
/// `grundy laws`). Cleared when dropped.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Nothing shown (stderr is not a terminal).
    fn hidden() -> Progress {
        Progress { bar: None }
    }

    pub fn positions(label: &str) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {msg} {human_pos} positions ({per_sec}, {elapsed})",
            )
            .expect("valid template"),
        );
        bar.set_message(label.to_string());
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress { bar: Some(bar) }
    }

    /// A bar over the `total` sets of a sweep (`grundy sweep`, `grundy
    /// fit`), `done` of them done already (a resumed sweep).
    pub fn sets(total: u64, done: u64) -> Progress {
        Progress::counting(total, done, "sets")
    }

    /// A bar over `total` things called `unit` (`sets`, `families`),
    /// `done` of them done already.
    pub fn counting(total: u64, done: u64, unit: &str) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{bar:30}} {{human_pos}}/{{human_len}} {unit} ({{per_sec}}, ETA {{eta}})"
            ))
            .expect("valid template"),
        );
        bar.set_position(done);
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// Counts `n` more sets (or positions).
    pub fn inc(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }

    /// Clears the progress from the terminal, as dropping it does: before
    /// the results or a message are written.
    pub fn finish(self) {}

    /// The library observer that moves this spinner (none off a
    /// terminal).
    pub fn observer(&self) -> Option<grundy::Observer> {
        let bar = self.bar.clone()?;
        Some(std::sync::Arc::new(move |done| bar.set_position(done)))
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
