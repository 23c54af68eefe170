//! Output files that are never left half written, and never clobber what
//! is not a file.
//!
//! [`OutputFile`] is where `grundy ... -o FILE` and every file a sweep
//! produces are written. What it does depends on what `FILE` is now:
//!
//! * nothing yet, or a regular file with one link: the output goes to a
//!   temporary file in the same directory, is synced, and is renamed over
//!   the target, so a crash or Ctrl-C leaves the old file or none, never a
//!   torn one (the rename is atomic on one file system). An existing
//!   file's permissions are kept; a new file gets 0644.
//! * a symbolic link: the same, applied to the file it points to (the
//!   link stays a link).
//! * a regular file with several hard links: the output is written to a
//!   temporary file first and copied into the file at the end, so every
//!   link sees it (a rename would detach this name from the others).
//! * anything else (a device such as `/dev/null`, a FIFO, a socket): it is
//!   written directly. Renaming a temporary file over `/dev/null` would
//!   replace the device with a file.
//!
//! Temporary files are named `.grundy-PID-XXXXXX.tmp`. They are removed
//! when the output is dropped unfinished, by [`remove_temporaries`] (which
//! a front end calls from its SIGINT/SIGTERM/SIGHUP handler), and, after a
//! `kill -9`, by the next output into the same directory: any file of that
//! form whose process is gone is removed, and nothing else ever is.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, Result};

/// The temporary files of this process that are not finished yet.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes every temporary output file of this process that is not
/// finished yet: for signal handlers (a file removed while being written
/// is simply never renamed into place).
pub fn remove_temporaries() {
    let paths = match TEMPORARIES.lock() {
        Ok(mut list) => std::mem::take(&mut *list),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    for path in paths {
        let _ = std::fs::remove_file(path);
    }
}

fn register(path: &Path) {
    if let Ok(mut list) = TEMPORARIES.lock() {
        list.push(path.to_path_buf());
    }
}

fn unregister(path: &Path) {
    if let Ok(mut list) = TEMPORARIES.lock() {
        list.retain(|p| p != path);
    }
}

/// The prefix and suffix of our temporary files.
const PREFIX: &str = ".grundy-";
const SUFFIX: &str = ".tmp";

/// The process id in a name `.grundy-PID-XXXXXX.tmp`, if it is one.
fn temporary_pid(name: &str) -> Option<u32> {
    let inner = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let (pid, random) = inner.split_once('-')?;
    let random_ok =
        random.len() == 6 && random.bytes().all(|b| b.is_ascii_alphanumeric());
    if !random_ok || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` is running (Linux: `/proc/PID` exists; elsewhere
/// every process is assumed to run, so nothing is removed).
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
}

/// Removes the temporary files left in `dir` by processes that are gone.
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let me = std::process::id();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temporary_pid) else {
            continue;
        };
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file && pid != me && !is_running(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// How the output reaches its target.
enum Target {
    /// A temporary file renamed over `path` (with `mode`, Unix) at the end.
    Rename { temp: tempfile::NamedTempFile, mode: u32 },
    /// A temporary file copied into the existing file at the end.
    CopyIn { temp: tempfile::NamedTempFile },
    /// The target itself, written as we go.
    Direct(File),
}

/// A file being written; see the module documentation.
pub struct OutputFile {
    /// The path as given (for messages) and the file it resolves to.
    shown: PathBuf,
    path: PathBuf,
    /// `None` once committed.
    target: Option<Target>,
}

impl std::fmt::Debug for OutputFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutputFile").field("path", &self.path).finish()
    }
}

impl OutputFile {
    /// Starts writing to `path`.
    ///
    /// ```
    /// use std::io::Write;
    /// let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("out.csv");
    /// let mut out = grundy_sweep::OutputFile::create(&path)?;
    /// out.write_all(b"n,grundy\n")?;
    /// assert!(!path.exists()); // nothing in place before commit
    /// out.commit()?;
    /// assert_eq!(std::fs::read(&path)?, b"n,grundy\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create(path: &Path) -> Result<OutputFile> {
        let shown = path.to_path_buf();
        let cannot = |e| {
            Error::io(
                Some(path),
                format!("cannot write to \"{}\"", path.display()),
                e,
            )
        };
        // A symbolic link is followed to its target (which may not exist).
        let resolved = match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => {
                match std::fs::canonicalize(path) {
                    Ok(target) => target,
                    Err(_) => link_destination(path).map_err(cannot)?,
                }
            }
            _ => path.to_path_buf(),
        };
        let existing = std::fs::metadata(&resolved).ok();
        let target = match existing {
            Some(m) if !m.is_file() => {
                let file = OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(&resolved)
                    .map_err(cannot)?;
                Target::Direct(file)
            }
            Some(m) if links(&m) > 1 => {
                Target::CopyIn { temp: temporary(&resolved).map_err(cannot)? }
            }
            Some(m) => Target::Rename {
                temp: temporary(&resolved).map_err(cannot)?,
                mode: mode(&m),
            },
            None => Target::Rename {
                temp: temporary(&resolved).map_err(cannot)?,
                mode: 0o644,
            },
        };
        Ok(OutputFile { shown, path: resolved, target: Some(target) })
    }

    /// Finishes: syncs and puts the output in place.
    pub fn commit(mut self) -> Result<()> {
        let shown = self.shown.clone();
        let fail = |e| {
            Error::io(
                Some(&shown),
                format!("cannot write \"{}\"", shown.display()),
                e,
            )
        };
        match self.target.take().expect("not committed yet") {
            Target::Direct(mut file) => file.flush().map_err(fail)?,
            Target::Rename { temp, mode } => {
                temp.as_file().sync_all().map_err(fail)?;
                set_mode(temp.as_file(), mode).map_err(fail)?;
                let temp_path = temp.path().to_path_buf();
                temp.persist(&self.path).map_err(|e| fail(e.error))?;
                unregister(&temp_path);
            }
            Target::CopyIn { mut temp } => {
                temp.as_file().sync_all().map_err(fail)?;
                let mut file = OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(&self.path)
                    .map_err(fail)?;
                let reader = temp.as_file_mut();
                io::Seek::rewind(reader).map_err(fail)?;
                io::copy(reader, &mut file).map_err(fail)?;
                file.sync_all().map_err(fail)?;
                unregister(temp.path());
            }
        }
        Ok(())
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // An unfinished temporary file is removed by NamedTempFile's own
        // drop; forget it here.
        match &self.target {
            Some(Target::Rename { temp, .. } | Target::CopyIn { temp }) => {
                unregister(temp.path());
            }
            Some(Target::Direct(_)) | None => {}
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.target.as_mut() {
            Some(Target::Rename { temp, .. } | Target::CopyIn { temp }) => {
                temp.write(buf)
            }
            Some(Target::Direct(file)) => file.write(buf),
            None => Err(io::Error::other("the output is committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.target.as_mut() {
            Some(Target::Rename { temp, .. } | Target::CopyIn { temp }) => {
                temp.flush()
            }
            Some(Target::Direct(file)) => file.flush(),
            None => Ok(()),
        }
    }
}

/// A new temporary file beside `path`, named so that a later run can tell
/// it is ours; stale ones in that directory are removed first.
fn temporary(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    remove_stale(dir);
    let temp = tempfile::Builder::new()
        .prefix(&format!("{PREFIX}{}-", std::process::id()))
        .suffix(SUFFIX)
        .rand_bytes(6)
        .tempfile_in(dir)?;
    register(temp.path());
    Ok(temp)
}

/// Where a (possibly dangling) symbolic link points.
fn link_destination(path: &Path) -> io::Result<PathBuf> {
    let dest = std::fs::read_link(path)?;
    Ok(match path.parent() {
        Some(dir) if dest.is_relative() => dir.join(dest),
        _ => dest,
    })
}

#[cfg(unix)]
fn links(m: &std::fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    m.nlink()
}

#[cfg(not(unix))]
fn links(_: &std::fs::Metadata) -> u64 {
    1
}

#[cfg(unix)]
fn mode(m: &std::fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    m.permissions().mode() & 0o7777
}

#[cfg(not(unix))]
fn mode(_: &std::fs::Metadata) -> u32 {
    0o644
}

#[cfg(unix)]
fn set_mode(file: &File, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_: &File, _: u32) -> io::Result<()> {
    Ok(())
}

/// Writes `content` to `path` as an [`OutputFile`].
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("rows.csv");
/// grundy_sweep::write_atomically(&path, b"a,set\n")?;
/// assert_eq!(std::fs::read(&path)?, b"a,set\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomically(path: &Path, content: &[u8]) -> Result<()> {
    let mut out = OutputFile::create(path)?;
    out.write_all(content).map_err(|e| {
        Error::io(
            Some(path),
            format!("cannot write \"{}\"", path.display()),
            e,
        )
    })?;
    out.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode_of(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        std::fs::write(&path, "old, longer content").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        #[cfg(unix)]
        assert_eq!(mode_of(&path), 0o644);
        let missing = dir.path().join("no/such/dir/x.csv");
        let e = write_atomically(&missing, b"x").unwrap_err();
        assert!(e.to_string().starts_with("cannot write to"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn keeps_modes_links_and_special_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        // A mode is kept.
        let file = dir.path().join("private.csv");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(
            &file,
            std::fs::Permissions::from_mode(0o640),
        )
        .unwrap();
        write_atomically(&file, b"new").unwrap();
        assert_eq!(mode_of(&file), 0o640);
        // A symbolic link stays a link; its target gets the output.
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_atomically(&link, b"through the link").unwrap();
        assert!(
            std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink()
        );
        assert_eq!(std::fs::read(&file).unwrap(), b"through the link");
        // A hard link sees the output too.
        let hard = dir.path().join("hard.csv");
        std::fs::hard_link(&file, &hard).unwrap();
        write_atomically(&hard, b"both names").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"both names");
        // /dev/null stays a device.
        write_atomically(Path::new("/dev/null"), b"nothing").unwrap();
        let null = std::fs::metadata("/dev/null").unwrap();
        assert!(!null.is_file());
        // No temporary file is left behind.
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(PREFIX))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn stale_temporaries_of_gone_processes_are_removed_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        // A pid far above any running one (Linux caps pids at 2^22).
        let stale = dir.path().join(".grundy-99999999-abcDEF.tmp");
        let ours_running = dir
            .path()
            .join(format!(".grundy-{}-abcdef.tmp", std::process::id()));
        let lookalikes = [
            ".grundy-99999999-abc.tmp",
            "grundy-1-abcdef.tmp",
            ".grundy-x-abcdef.tmp",
            "notes.tmp",
        ];
        std::fs::write(&stale, "torn").unwrap();
        std::fs::write(&ours_running, "in use").unwrap();
        for name in lookalikes {
            std::fs::write(dir.path().join(name), "keep").unwrap();
        }
        write_atomically(&dir.path().join("out.csv"), b"x").unwrap();
        if Path::new("/proc").is_dir() {
            assert!(!stale.exists());
        }
        assert!(ours_running.exists());
        for name in lookalikes {
            assert!(dir.path().join(name).exists(), "{name}");
        }
    }

    #[test]
    fn unfinished_outputs_leave_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        {
            let mut out = OutputFile::create(&path).unwrap();
            out.write_all(b"half").unwrap();
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        // (Removal by a signal handler is tested end to end in the CLI's
        // tests: it is process-wide.)
    }
}
