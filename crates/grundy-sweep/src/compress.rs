//! Compressed sweep files, chosen by the output's name: `FILE.csv.gz`
//! (gzip, via flate2's pure-Rust backend) or `FILE.csv.zst` (Zstandard,
//! via the zstd crate); any other name is written as it is. pandas reads
//! both directly (`pandas.read_csv("atlas.csv.zst")`, with the
//! `zstandard` package for .zst), as do polars, R's data.table and the
//! command-line tools `zcat` and `zstdcat`. The journal of an unfinished
//! sweep stays plain; only the finished file is compressed, and `grundy
//! merge` reads shards in any of the three forms (told apart by their
//! first bytes, not their names).
//!
//! Reading is bounded ([`read_text`], for `grundy merge` and `grundy fit
//! --from`): a line longer than [`MAX_LINE`] or a compressed file that
//! decompresses to more than [`MAX_RATIO`] times its size is refused as
//! soon as it is seen, naming the file and the line: a gigabyte without
//! a newline takes a megabyte of memory, a "zip bomb" of 18 MB at most
//! 64 MiB and 200 times its size, not all the memory there is (issue 37).

use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::rc::Rc;

use crate::error::{Error, ErrorKind, Result};

/// How a finished file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// As it is.
    None,
    /// gzip (RFC 1952), default level.
    Gzip,
    /// Zstandard (RFC 8878), level [`ZSTD_LEVEL`].
    Zstd,
}

/// The Zstandard level: on a shard of the three-element atlas (7.4 MB of
/// CSV) level 3 gives 2.24 MB in 0.05 s, level 9 1.95 MB in 0.24 s and
/// level 19 1.68 MB in 10 s, against 5 s to compute the rows
/// (BENCHMARKS.md, "The three-element atlas").
pub const ZSTD_LEVEL: i32 = 9;

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
const ZSTD_MAGIC: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];

impl Compression {
    /// The compression a file named `path` gets: by its last extension,
    /// `.gz` or `.zst` (any case).
    ///
    /// ```
    /// use grundy_sweep::Compression;
    /// use std::path::Path;
    /// assert_eq!(Compression::of_path(Path::new("a.csv.zst")), Compression::Zstd);
    /// assert_eq!(Compression::of_path(Path::new("a.csv.gz")), Compression::Gzip);
    /// assert_eq!(Compression::of_path(Path::new("a.csv")), Compression::None);
    /// ```
    pub fn of_path(path: &Path) -> Compression {
        let ext = path.extension().and_then(|e| e.to_str());
        match ext.map(str::to_ascii_lowercase).as_deref() {
            Some("gz") => Compression::Gzip,
            Some("zst") => Compression::Zstd,
            _ => Compression::None,
        }
    }

    /// `content` compressed this way.
    pub fn encode(self, content: Vec<u8>) -> io::Result<Vec<u8>> {
        match self {
            Compression::None => Ok(content),
            Compression::Gzip => {
                let mut out = flate2::write::GzEncoder::new(
                    Vec::with_capacity(content.len() / 4),
                    flate2::Compression::default(),
                );
                out.write_all(&content)?;
                out.finish()
            }
            Compression::Zstd => zstd::encode_all(&content[..], ZSTD_LEVEL),
        }
    }
}

/// The content of a file written by [`Compression::encode`], whichever
/// way: gzip and Zstandard are recognised by their magic numbers, and
/// anything else is returned as it is. The result is held whole, however
/// large: for files from elsewhere, [`read_text`] bounds what it reads.
///
/// ```
/// use grundy_sweep::{Compression, decode};
/// let rows = b"a,set\n1,1\n".to_vec();
/// for c in [Compression::None, Compression::Gzip, Compression::Zstd] {
///     assert_eq!(decode(c.encode(rows.clone())?)?, rows);
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decode(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
    if bytes.starts_with(GZIP_MAGIC) {
        let mut out = Vec::with_capacity(bytes.len() * 4);
        flate2::read::MultiGzDecoder::new(&bytes[..]).read_to_end(&mut out)?;
        Ok(out)
    } else if bytes.starts_with(ZSTD_MAGIC) {
        zstd::decode_all(&bytes[..])
    } else {
        Ok(bytes)
    }
}

/// The longest line [`read_text`] accepts: 1 MiB. A row of a sweep file
/// takes a few dozen bytes and its header a few hundred.
pub const MAX_LINE: usize = 1 << 20;

/// How many times its own size a compressed input of [`read_text`] may
/// decompress to, beyond its first 64 MiB. Our Zstandard files of the
/// most regular rows (two million rows `a,"a",,,,,,,1,not found`)
/// decompress to 36 times their size, 66 times at zstd's highest level
/// with long matches; a "zip bomb" to a thousand times and more.
pub const MAX_RATIO: u64 = 200;

/// Decompressed bytes allowed whatever the compressed size.
const RATIO_ALLOWANCE: u64 = 64 << 20;

/// Counts the bytes read through it.
struct Counted<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// The text of a sweep file read from `input`, plain, gzip or Zstandard
/// (told apart by the first bytes, as in [`decode`]), decompressed as it
/// is read. `path` names the input in errors (`-` is stdin).
///
/// Refused, as soon as it is seen and in a one-line message naming the
/// file and the line: a line longer than [`MAX_LINE`], a compressed input
/// that decompresses to more than [`MAX_RATIO`] times its size, text
/// that is not UTF-8 ([`ErrorKind::BadFile`]); an input that cannot be
/// read or does not decompress is an [`ErrorKind::Io`] error whose
/// source says why.
///
/// ```
/// use grundy_sweep::{Compression, read_text};
/// use std::path::Path;
/// let rows = "a,set\n1,1\n";
/// let packed = Compression::Zstd.encode(rows.as_bytes().to_vec())?;
/// assert_eq!(read_text(&packed[..], Path::new("s.csv.zst"))?, rows);
/// let long = vec![b'1'; grundy_sweep::MAX_LINE + 1];
/// let e = read_text(&long[..], Path::new("x.csv")).unwrap_err();
/// assert_eq!(e.to_string(), "\"x.csv\" line 1 is longer than 1 MiB, which no row of a sweep file is; give a file that a sweep wrote");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_text(input: impl Read, path: &Path) -> Result<String> {
    let shown = if path.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        format!("\"{}\"", path.display())
    };
    let count = Rc::new(Cell::new(0));
    let mut raw = Counted { inner: input, count: count.clone() };
    let cannot_read =
        |e| Error::io(Some(path), format!("cannot read {shown}"), e);
    // The first bytes tell the compression (a pipe may hand them over
    // one at a time).
    let mut head = [0u8; 4];
    let mut got = 0;
    while got < head.len() {
        match raw.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(cannot_read(e)),
        }
    }
    let head = &head[..got];
    let raw = io::Cursor::new(head.to_vec()).chain(raw);
    let compressed =
        head.starts_with(GZIP_MAGIC) || head.starts_with(ZSTD_MAGIC);
    let mut reader: Box<dyn BufRead> = if head.starts_with(GZIP_MAGIC) {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(raw)))
    } else if head.starts_with(ZSTD_MAGIC) {
        let decoder = zstd::Decoder::new(raw).map_err(cannot_read)?;
        Box::new(BufReader::new(decoder))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, raw))
    };
    let failed = |e| {
        if compressed {
            Error::io(
                Some(path),
                format!("{shown} is damaged (it does not decompress)"),
                e,
            )
        } else {
            cannot_read(e)
        }
    };
    let bad = |msg: String| Error::file(ErrorKind::BadFile, path, msg);
    let too_long = |line: u64| {
        bad(format!(
            "{shown} line {line} is longer than 1 MiB, which no row of a sweep file is; give a file that a sweep wrote"
        ))
    };
    let mut out: Vec<u8> = Vec::new();
    // The line being read (1-based), and where it starts in `out`.
    let mut line = 1u64;
    let mut start = 0usize;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(failed(e)),
        };
        if chunk.is_empty() {
            break;
        }
        let (from, n) = (out.len(), chunk.len());
        out.extend_from_slice(chunk);
        reader.consume(n);
        let newlines =
            out[from..].iter().enumerate().filter(|(_, b)| **b == b'\n');
        for (i, _) in newlines {
            let at = from + i;
            if at - start > MAX_LINE {
                return Err(too_long(line));
            }
            line += 1;
            start = at + 1;
        }
        if out.len() - start > MAX_LINE {
            return Err(too_long(line));
        }
        let allowed = RATIO_ALLOWANCE
            .saturating_add(MAX_RATIO.saturating_mul(count.get()));
        if compressed && out.len() as u64 > allowed {
            return Err(bad(format!(
                "{shown} decompresses to more than {MAX_RATIO} times its size by line {line}, which no sweep file does; it is damaged or not a sweep file"
            )));
        }
    }
    String::from_utf8(out).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        bad(format!(
            "{shown} line {line} is not UTF-8 text, so it is not a sweep file; give a file that a sweep wrote"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_shrinks() {
        let mut rows = b"a,b,set,period\n".to_vec();
        for a in 0..2000 {
            rows.extend(
                format!("{a},{},\"{a},{}\",{}\n", a + 1, a + 1, 2 * a + 1)
                    .bytes(),
            );
        }
        for c in [Compression::Gzip, Compression::Zstd] {
            let packed = c.encode(rows.clone()).unwrap();
            assert!(packed.len() * 3 < rows.len(), "{c:?}: {}", packed.len());
            assert_eq!(decode(packed).unwrap(), rows, "{c:?}");
        }
        assert_eq!(decode(rows.clone()).unwrap(), rows);
    }

    #[test]
    fn a_damaged_file_is_an_error() {
        let packed =
            Compression::Zstd.encode(b"a,set\n1,1\n".to_vec()).unwrap();
        assert!(decode(packed[..packed.len() - 3].to_vec()).is_err());
        let packed =
            Compression::Gzip.encode(b"a,set\n1,1\n".to_vec()).unwrap();
        assert!(decode(packed[..packed.len() - 3].to_vec()).is_err());
    }

    fn read(bytes: &[u8]) -> Result<String> {
        read_text(bytes, Path::new("x.csv"))
    }

    #[test]
    fn reads_plain_and_compressed_alike() {
        let rows = "a,set\n1,1\n2,2\n".to_string();
        for c in [Compression::None, Compression::Gzip, Compression::Zstd] {
            let packed = c.encode(rows.clone().into_bytes()).unwrap();
            assert_eq!(read(&packed).unwrap(), rows, "{c:?}");
            // A pipe that hands over one byte at a time.
            let slow = io::BufReader::with_capacity(1, &packed[..]);
            assert_eq!(read_text(slow, Path::new("-")).unwrap(), rows);
        }
        assert_eq!(read(b"").unwrap(), "");
        assert_eq!(read(b"\x1f").unwrap(), "\x1f");
        // A line of exactly MAX_LINE bytes is fine.
        let mut edge = vec![b'1'; MAX_LINE];
        edge.push(b'\n');
        assert_eq!(read(&edge).unwrap().len(), MAX_LINE + 1);
    }

    /// Issue 37: `grundy fit --from` read a gigabyte without a newline
    /// whole (4 GB of memory), `grundy merge` an 18.7 MB gzip bomb (8 GB).
    #[test]
    fn issue_37_long_lines_and_bombs_are_refused_early() {
        let mut long = b"a,set\n1,1\n".to_vec();
        long.extend(std::iter::repeat_n(0u8, MAX_LINE + 1));
        let e = read(&long).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BadFile);
        assert!(
            e.to_string().starts_with("\"x.csv\" line 3 is longer"),
            "{e}"
        );
        let mut ended = vec![b'x'; MAX_LINE + 1];
        ended.push(b'\n');
        assert!(read(&ended).unwrap_err().to_string().contains("line 1 "));
        // 200 MB of newlines, gzip: empty lines, but a bomb. Refused
        // after the allowance, not after 200 MB.
        let mut bomb = flate2::write::GzEncoder::new(
            Vec::new(),
            flate2::Compression::best(),
        );
        let block = vec![b'\n'; 1 << 20];
        for _ in 0..200 {
            bomb.write_all(&block).unwrap();
        }
        let bomb = bomb.finish().unwrap();
        assert!(bomb.len() < 1 << 20, "{}", bomb.len());
        let e = read(&bomb).unwrap_err();
        assert!(e.to_string().contains("more than 200 times its size"), "{e}");
        // Not UTF-8: the line is named.
        let e = read(b"a,set\n1,\xff\n").unwrap_err();
        assert!(
            e.to_string().starts_with("\"x.csv\" line 2 is not UTF-8"),
            "{e}"
        );
        // Damaged (cut short): says so, and why.
        for c in [Compression::Gzip, Compression::Zstd] {
            let packed = c.encode(b"a,set\n1,1\n".to_vec()).unwrap();
            let e = read(&packed[..packed.len() - 3]).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Io, "{c:?}");
            assert!(e.to_string().contains("is damaged"), "{c:?}: {e}");
        }
    }
}
