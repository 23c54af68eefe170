//! One way to ask for a format (issue 37): the formats each command
//! writes, `--format` and its older spellings (`--csv`, `--json`, and a
//! command's own `--latex`, `--svg`, `--png`), the format an `-o` file's
//! extension asks for, and the one-line refusal of a format a command
//! cannot write. Every command that writes results asks here, before any
//! work and before any file is opened; none decides on its own.

use std::path::Path;

use anyhow::bail;

use Format::{Csv, Dot, Json, Jsonl, Latex, Markdown, Png, Svg, Text, Tsv};

/// Every format some command writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Lines for people to read.
    Text,
    /// Comma-separated values with a header line.
    Csv,
    /// Tab-separated values with a header line.
    Tsv,
    /// One JSON object.
    Json,
    /// One JSON object per line.
    Jsonl,
    /// A LaTeX fragment.
    Latex,
    /// A Markdown document.
    Markdown,
    /// Graphviz DOT.
    Dot,
    /// An SVG picture.
    Svg,
    /// A PNG picture.
    Png,
}

impl Format {
    const ALL: [Format; 10] = [
        Format::Text,
        Format::Csv,
        Format::Tsv,
        Format::Json,
        Format::Jsonl,
        Format::Latex,
        Format::Markdown,
        Format::Dot,
        Format::Svg,
        Format::Png,
    ];

    /// The name `--format` takes (lower case).
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::Json => "json",
            Format::Jsonl => "jsonl",
            Format::Latex => "latex",
            Format::Markdown => "md",
            Format::Dot => "dot",
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }

    /// The field separator of a table: a tab for TSV, else a comma.
    pub fn separator(self) -> u8 {
        if self == Format::Tsv { b'\t' } else { b',' }
    }

    /// A `csv` writer of this format's table (CSV or TSV).
    pub fn csv_writer<W: std::io::Write>(self, out: W) -> csv::Writer<W> {
        csv::WriterBuilder::new().delimiter(self.separator()).from_writer(out)
    }

    /// The file extensions that ask for this format (none for text: a
    /// name without one of these gets the command's default).
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Text => &[],
            Format::Csv => &["csv"],
            Format::Tsv => &["tsv"],
            Format::Json => &["json"],
            Format::Jsonl => &["jsonl"],
            Format::Latex => &["tex"],
            Format::Markdown => &["md"],
            Format::Dot => &["dot", "gv"],
            Format::Svg => &["svg"],
            Format::Png => &["png"],
        }
    }

    /// The format named `name` (any case).
    fn named(name: &str) -> Option<Format> {
        let name = name.trim();
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The format of a file extension (any case), if it names one.
    fn of_extension(ext: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| {
            f.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext))
        })
    }
}

/// What an `-o` name asks for: a format from its extension (`x.csv`),
/// and a compression from a last `.gz` or `.zst` (`x.csv.zst`).
fn of_path(path: &Path) -> (Option<Format>, Option<&'static str>) {
    let ext =
        |p: &Path| p.extension().and_then(|e| e.to_str()).map(str::to_string);
    let compression =
        match ext(path).map(|e| e.to_ascii_lowercase()).as_deref() {
            Some("gz") => Some("gzip"),
            Some("zst") => Some("Zstandard"),
            _ => None,
        };
    let inner = if compression.is_some() {
        ext(&path.with_extension(""))
    } else {
        ext(path)
    };
    (inner.as_deref().and_then(Format::of_extension), compression)
}

/// The formats one command writes.
pub struct Writes {
    /// The subcommand, as typed (`values`).
    pub command: &'static str,
    /// What it writes, the default first.
    pub formats: &'static [Format],
    /// Whether `-o FILE.gz` and `-o FILE.zst` compress (`sweep`).
    pub compresses: bool,
}

pub const VALUES: Writes = Writes {
    command: "values",
    formats: &[Text, Csv, Tsv, Json],
    compresses: false,
};
pub const PERIOD: Writes = Writes {
    command: "period",
    formats: &[Text, Csv, Tsv, Json],
    compresses: false,
};
pub const HEAP: Writes =
    Writes { command: "heap", formats: &[Text, Json], compresses: false };
pub const SUM: Writes =
    Writes { command: "sum", formats: &[Text, Json], compresses: false };
pub const QUOTIENT: Writes = Writes {
    command: "quotient",
    formats: &[Text, Json, Csv],
    compresses: false,
};
pub const EXPLAIN: Writes =
    Writes { command: "explain", formats: &[Text, Json], compresses: false };
pub const SWEEP: Writes =
    Writes { command: "sweep", formats: &[Csv, Jsonl], compresses: true };
pub const FIT: Writes = Writes {
    command: "fit",
    formats: &[Text, Json, Latex],
    compresses: false,
};
pub const LAWS: Writes = Writes {
    command: "laws",
    formats: &[Jsonl, Markdown, Latex],
    compresses: false,
};
pub const GRAPH: Writes =
    Writes { command: "graph", formats: &[Dot, Svg, Png], compresses: false };
pub const PLOT: Writes =
    Writes { command: "plot", formats: &[Svg, Png], compresses: false };

/// `grundy merge` writes the format of its shards, and takes no
/// `--format` (not in [`ALL`]): see [`Writes::agrees`].
pub const MERGE: Writes =
    Writes { command: "merge", formats: &[Csv, Jsonl], compresses: true };

/// Every command that writes results and takes `--format`, for
/// [`document`] and the tests.
pub const ALL: [&Writes; 11] = [
    &VALUES, &PERIOD, &HEAP, &SUM, &QUOTIENT, &EXPLAIN, &SWEEP, &FIT, &LAWS,
    &GRAPH, &PLOT,
];

/// `--format` and the old spellings every results command takes. Those a
/// command cannot write are hidden from its help and refused in one line
/// (`grundy heap --csv`), never ignored.
#[derive(Debug, clap::Args)]
pub struct FormatFlags {
    /// The output format (the formats and the default are listed per
    /// command).
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// Print JSON (the keys: `grundy help json`); the same as --format
    /// json.
    #[arg(long, conflicts_with_all = ["csv", "format"])]
    pub json: bool,
    /// Print CSV with a header row; the same as --format csv.
    #[arg(long, conflicts_with = "format")]
    pub csv: bool,
}

impl Writes {
    fn default(&self) -> Format {
        self.formats[0]
    }

    fn writes(&self, f: Format) -> bool {
        self.formats.contains(&f)
    }

    /// "text, csv, tsv or json".
    fn list(&self) -> String {
        let names: Vec<&str> = self.formats.iter().map(|f| f.name()).collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The format to write: `--format`, else the old flag given (`alias`:
    /// `--json`, `--csv`, or the command's own `--latex`, `--svg`,
    /// `--png`; clap lets at most one of them through), else the one
    /// `output`'s extension names, else the command's default. A format
    /// the command cannot write, an unknown name, or a compressed name
    /// for a command that does not compress, is refused in one line.
    pub fn choose(
        &self,
        flags: &FormatFlags,
        alias: Option<Format>,
        output: Option<&Path>,
    ) -> anyhow::Result<Format> {
        let alias = alias
            .or(flags.json.then_some(Format::Json))
            .or(flags.csv.then_some(Format::Csv));
        let (command, list) = (self.command, self.list());
        let asked = match &flags.format {
            Some(name) => match Format::named(name) {
                Some(f) => Some(f),
                None => {
                    bail!("`grundy {command}` writes {list}, not \"{name}\"")
                }
            },
            None => alias,
        };
        let (named, compression) = output.map_or((None, None), of_path);
        let path = output.map(|p| p.display().to_string()).unwrap_or_default();
        if let Some(c) = compression
            && !self.compresses
        {
            let plain =
                output.map(|p| p.with_extension("")).unwrap_or_default();
            bail!(
                "`grundy {command}` writes {list}, not {c} (the extension of \"{path}\"); write \"{}\" and compress it afterwards",
                plain.display()
            );
        }
        match asked {
            Some(f) if self.writes(f) => Ok(f),
            Some(f) => {
                bail!("`grundy {command}` writes {list}, not {}", f.name())
            }
            None => match named {
                Some(f) if !self.writes(f) => bail!(
                    "`grundy {command}` writes {list}, not {} (the format of \"{path}\"); choose one with --format",
                    f.name()
                ),
                Some(f) => Ok(f),
                None => Ok(self.default()),
            },
        }
    }

    /// For a command whose input decides the format (`merge`): refuses
    /// an `output` whose extension names another format in one line.
    pub fn agrees(
        &self,
        format: Format,
        output: Option<&Path>,
    ) -> anyhow::Result<()> {
        let Some(path) = output else { return Ok(()) };
        match of_path(path) {
            (Some(named), _) if named != format => bail!(
                "`grundy {}` writes the format of its input, here {}, not {} (the format of \"{}\")",
                self.command,
                format.name(),
                named.name(),
                path.display()
            ),
            _ => Ok(()),
        }
    }

    /// The help of `--format` for this command: its formats, and how the
    /// extension of `-o` chooses one.
    fn help(&self) -> String {
        let exts: Vec<String> = self
            .formats
            .iter()
            .flat_map(|f| f.extensions())
            .map(|e| format!(".{e}"))
            .collect();
        let compressed = if self.compresses {
            ", also before .gz or .zst, which compress"
        } else {
            ""
        };
        let default = self.default().name();
        format!(
            "The output format: {} (default {default}). Unless a format is given, the extension of -o FILE chooses it ({}{compressed}); a name without a format's extension gets {default}.",
            self.list(),
            exts.join(", "),
        )
    }
}

/// Each results command's help: the `--format` text from its [`Writes`],
/// and the old flags it cannot write hidden.
pub fn document(cmd: clap::Command) -> clap::Command {
    cmd.mut_subcommands(|sub| {
        let Some(writes) = ALL.iter().find(|w| w.command == sub.get_name())
        else {
            return sub;
        };
        let mut sub = sub.mut_arg("format", |a| a.help(writes.help()));
        for (flag, format) in [("json", Json), ("csv", Csv)] {
            if !writes.writes(format) {
                sub = sub.mut_arg(flag, |a| a.hide(true));
            }
        }
        sub
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn flags(format: Option<&str>) -> FormatFlags {
        FormatFlags {
            format: format.map(str::to_string),
            json: false,
            csv: false,
        }
    }

    #[test]
    fn extensions() {
        let f = |p: &str| of_path(Path::new(p));
        assert_eq!(f("x.csv"), (Some(Csv), None));
        assert_eq!(f("dir.d/X.CSV"), (Some(Csv), None));
        assert_eq!(f("x.jsonl.zst"), (Some(Jsonl), Some("Zstandard")));
        assert_eq!(f("x.csv.gz"), (Some(Csv), Some("gzip")));
        assert_eq!(f("x.gz"), (None, Some("gzip")));
        assert_eq!(f("x.txt"), (None, None));
        assert_eq!(f("x"), (None, None));
        assert_eq!(f("law.tex"), (Some(Latex), None));
    }

    #[test]
    fn choices() {
        let out = |p| Some(Path::new(p));
        assert_eq!(VALUES.choose(&flags(None), None, None).unwrap(), Text);
        assert_eq!(
            VALUES.choose(&flags(None), None, out("x.csv")).unwrap(),
            Csv
        );
        assert_eq!(
            VALUES.choose(&flags(Some("JSON")), None, out("x.csv")).unwrap(),
            Json
        );
        assert_eq!(
            SWEEP.choose(&flags(None), None, out("x.jsonl.gz")).unwrap(),
            Jsonl
        );
        assert_eq!(
            SWEEP.choose(&flags(None), None, out("x.out")).unwrap(),
            Csv
        );
        assert_eq!(
            FIT.choose(&flags(None), Some(Latex), None).unwrap(),
            Latex
        );
        let refused = |w: &Writes, f: Option<&str>, p: Option<&Path>| {
            w.choose(&flags(f), None, p).unwrap_err().to_string()
        };
        assert_eq!(
            refused(&HEAP, Some("csv"), None),
            "`grundy heap` writes text or json, not csv"
        );
        assert_eq!(
            refused(&HEAP, None, out("x.csv")),
            "`grundy heap` writes text or json, not csv (the format of \"x.csv\"); choose one with --format"
        );
        assert_eq!(
            refused(&VALUES, Some("xml"), None),
            "`grundy values` writes text, csv, tsv or json, not \"xml\""
        );
        assert_eq!(
            refused(&VALUES, None, out("x.csv.zst")),
            "`grundy values` writes text, csv, tsv or json, not Zstandard (the extension of \"x.csv.zst\"); write \"x.csv\" and compress it afterwards"
        );
    }

    /// Every default is a format the command writes, and every
    /// command's help names each of its formats.
    #[test]
    fn help_names_every_format() {
        for w in ALL {
            let help = w.help();
            for f in w.formats {
                assert!(help.contains(f.name()), "{}: {help}", w.command);
            }
        }
    }
}
