//! Compressed sweep files, chosen by the output's name: `FILE.csv.gz`
//! (gzip, via flate2's pure-Rust backend) or `FILE.csv.zst` (Zstandard,
//! via the zstd crate); any other name is written as it is. pandas reads
//! both directly (`pandas.read_csv("atlas.csv.zst")`, with the
//! `zstandard` package for .zst), as do polars, R's data.table and the
//! command-line tools `zcat` and `zstdcat`. The journal of an unfinished
//! sweep stays plain; only the finished file is compressed, and `grundy
//! merge` reads shards in any of the three forms (told apart by their
//! first bytes, not their names).

use std::io::{self, Read, Write};
use std::path::Path;

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
/// anything else is returned as it is.
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
}
