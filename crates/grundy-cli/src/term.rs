//! Where output goes: stdout or an atomically replaced file, and progress
//! on stderr only when stderr is a terminal.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

/// The destination of a command's results.
pub enum Output {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// A temporary file beside the target, renamed over it on `finish`:
    /// an interrupted run never leaves a half-written file.
    File {
        writer: BufWriter<tempfile::NamedTempFile>,
        path: PathBuf,
    },
}

impl Output {
    pub fn open(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(path) = path else {
            return Ok(Output::Stdout(BufWriter::new(io::stdout().lock())));
        };
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let temp =
            tempfile::NamedTempFile::new_in(dir).with_context(|| {
                format!("cannot write to \"{}\"", path.display())
            })?;
        Ok(Output::File {
            writer: BufWriter::new(temp),
            path: path.to_path_buf(),
        })
    }

    /// Flushes, and for a file moves it into place.
    pub fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut w) => Ok(w.flush()?),
            Output::File { writer, path } => {
                let temp = writer.into_inner().map_err(|e| e.into_error())?;
                persist(temp, &path)
            }
        }
    }
}

/// Moves a finished temporary file to `path`. Temporary files are created
/// readable by their owner only; the result gets the usual 0644.
pub fn persist(
    temp: tempfile::NamedTempFile,
    path: &Path,
) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        temp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .with_context(|| format!("cannot write \"{}\"", path.display()))?;
    }
    temp.persist(path)
        .with_context(|| format!("cannot write \"{}\"", path.display()))?;
    Ok(())
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File { writer, .. } => writer.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File { writer, .. } => writer.flush(),
        }
    }
}

/// A spinner counting positions, shown only on a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    pub fn positions(label: &str) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress { bar: None };
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
