//! Output files that are never left half written.
//!
//! Every file a sweep produces (the rows, a merged file, a heat map) is
//! written to a temporary file in the same directory, synced, and renamed
//! over the target: a crash or Ctrl-C leaves the old file or none, never a
//! torn one (the rename is atomic on one file system).

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result};

/// Writes `content` to `path` atomically: a synced temporary file in the
/// same directory, renamed into place, readable by all (0644 on Unix).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("rows.csv");
/// grundy_sweep::write_atomically(&path, b"a,set\n")?;
/// assert_eq!(std::fs::read(&path)?, b"a,set\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomically(path: &Path, content: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let shown = path.display();
    let fail =
        |e| Error::io(Some(path), format!("cannot write \"{shown}\""), e);
    let mut temp = tempfile::NamedTempFile::new_in(dir).map_err(|e| {
        Error::io(Some(path), format!("cannot write to \"{shown}\""), e)
    })?;
    temp.write_all(content).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    // Temporary files are created readable by their owner only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::Permissions::from_mode(0o644);
        temp.as_file().set_permissions(mode).map_err(fail)?;
    }
    temp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        std::fs::write(&path, "old, longer content").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
        let missing = dir.path().join("no/such/dir/x.csv");
        let e = write_atomically(&missing, b"x").unwrap_err();
        assert!(e.to_string().starts_with("cannot write to"), "{e}");
    }
}
