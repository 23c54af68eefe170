//! The catalogue of a search, in Markdown: for each key, the laws
//! grouped by shape (one formula, linear; two pieces by residue, ...),
//! each with its family, formula, evidence, held-out count, skipped rows
//! and exceptions, and after each table the `grundy sweep --check`
//! commands that re-check them (in a code block, so that they copy as
//! they are); then the refuted laws, and the families with no simple law
//! or not fitted, counted and named.
//!
//! It is built from the records alone ([`FamilyLaws`], the JSON lines),
//! so a catalogue can be made again from a saved run.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::laws::record::{FamilyLaws, KeyLaw, LawVerdict};
use crate::laws::search::{LawSearch, Outcome, Stop};
use crate::laws::space::Span;

/// How many exception rows a table cell lists before "and N more".
pub(super) const EXCEPTIONS_SHOWN: usize = 4;

/// The published source of a family's law for `key`, where one is known
/// (`docs/REFERENCES.md`): two-element subtraction sets {a, b} have
/// pre-period 0 and period a + b, or 2a when b is an odd multiple of a
/// (B. Benesh et al., INTEGERS 20, 2020); the members where b is an odd
/// multiple of a are the exceptions the catalogue lists beside a + b
/// (`linear:2`), or the law's second piece (`linear2:2`, the family {a,
/// b} itself). Every other law in a catalogue was found by the search.
///
/// ```
/// # let line = r#"{"space":"linear:2","index":0,"family":"a,a+1","coefficients":[1],"shifts":[1],"fit":"a=1..20","validate":"a=1..40","laws":[]}"#;
/// let record: grundy_sweep::FamilyLaws = serde_json::from_str(line)?;
/// assert_eq!(grundy_sweep::laws::source(&record, "period"), "Benesh et al. (2020)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn source(record: &FamilyLaws, key: &str) -> &'static str {
    match (record.space.as_str(), key) {
        ("linear:2" | "linear2:2", "period" | "preperiod") => {
            "Benesh et al. (2020)"
        }
        _ => "this search",
    }
}

/// The `grundy sweep` command that re-checks `law` on every row from the
/// start of the family's fitting range to the end of its validation
/// range: its `--check` expressions, which pass exactly where the law and
/// the exceptions listed with it hold (it exits 0 then). None without
/// pieces.
///
/// ```
/// use grundy_sweep::laws::check_command;
/// # let line = r#"{"space":"linear:2","index":0,"family":"a,a+1","coefficients":[1],"shifts":[1],"fit":"a=1..20","validate":"a=1..40","laws":[{"verdict":"law","reason":null,"shape":"one formula, linear","check":["period == 2*a + 1"],"latex":"2a + 1","skipped":0,"family":"a,a+1","key":"period","params":["a"],"rows":20,"pieces":[{"when":"true","formula":"2*a + 1","rows":20,"confirming":18}],"exceptions":[],"validated":{"range":"a=21..40","rows":20,"correct":20,"wrong":[]}}]}"#;
/// let record: grundy_sweep::FamilyLaws = serde_json::from_str(line)?;
/// assert_eq!(check_command(&record, &record.laws[0]).unwrap(),
///     "grundy sweep 'a,a+1' --param a=1..40 --check 'period == 2*a + 1'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A two-parameter family's is swept on its validation region, which
/// holds its fitting region: `--param a=1..79 --param 'b=a+1..80'`.
pub fn check_command(record: &FamilyLaws, law: &KeyLaw) -> Option<String> {
    if law.check.is_empty() {
        return None;
    }
    if record.validate.contains(", b=") {
        let mut command = format!("grundy sweep '{}'", record.family);
        for param in record.validate.split(", ") {
            let _ = write!(command, " --param '{param}'");
        }
        for check in &law.check {
            let _ = write!(command, " --check '{check}'");
        }
        return Some(command);
    }
    let span = |s: &str| Span::parse(s, "a").ok();
    let range = match (span(&record.fit), span(&record.validate)) {
        (Some(f), Some(v)) => {
            format!("a={}..{}", f.lo.min(v.lo), f.hi.max(v.hi))
        }
        _ => record.validate.clone(),
    };
    let mut command =
        format!("grundy sweep '{}' --param {range}", record.family);
    for check in &law.check {
        let _ = write!(command, " --check '{check}'");
    }
    Some(command)
}

/// What a catalogue says, whatever its format: the sentences (plain
/// text, for each format to escape) and, for each key, the laws grouped
/// by shape, the refuted laws and the families named by verdict. The
/// Markdown and LaTeX catalogues render this, so they say the same.
pub(super) struct Contents<'a> {
    /// The title: the spaces.
    pub title: String,
    /// The paragraph under the title: coefficients, shifts, ranges, and
    /// what the column "source" means.
    pub intro: String,
    /// One line per space: its families and the counts of templates,
    /// merged, left out and late families.
    pub listings: Vec<String>,
    /// Why the search stopped early, if it did.
    pub partial: Option<String>,
    /// One section per key, in the order asked.
    pub keys: Vec<KeySection<'a>>,
}

/// A family's entry for one key.
pub(super) type Entry<'a> = (&'a FamilyLaws, &'a KeyLaw);

/// What a catalogue says about one key.
pub(super) struct KeySection<'a> {
    /// The key (`period`).
    pub key: String,
    /// The counts by verdict, in a sentence.
    pub counts: String,
    /// The laws grouped by shape, most frequent first: the shape, its
    /// heading (`one formula, linear (3 families)`), and the entries.
    pub shapes: Vec<(String, Vec<Entry<'a>>)>,
    /// The refuted laws.
    pub refuted: Vec<Entry<'a>>,
    /// The families not validated, with no simple law and not fitted:
    /// the heading and the families, for each verdict that has some.
    pub named: Vec<(String, Vec<&'a FamilyLaws>)>,
}

impl<'a> Contents<'a> {
    /// The contents of the catalogue of `records` (in the order the
    /// search made them), with the search's spaces, ranges and how far it
    /// got.
    pub fn new(
        search: &LawSearch,
        records: &'a [FamilyLaws],
        outcome: Outcome,
    ) -> Contents<'a> {
        let spec = search.spec();
        let spaces: Vec<String> =
            spec.spaces.iter().map(ToString::to_string).collect();
        let title = format!("Laws of {}", spaces.join(", "));
        let (f, v) = (spec.fit, spec.validate);
        let two = |s: &crate::laws::Space| s.two_parameters();
        let regions = if spec.spaces.iter().all(two) {
            format!(
                "each family fitted on {}<=a<b<={} and validated on {}<=a<b<={} (members with an element that is not positive, or that equals a or b, left out)",
                f.lo, f.hi, v.lo, v.hi
            )
        } else if spec.spaces.iter().any(two) {
            format!(
                "each family of one parameter fitted on a={f} and validated on a={v}, each family of two fitted on {}<=a<b<={} and validated on {}<=a<b<={} (members with an element that is not positive, or that equals a or b, left out)",
                f.lo, f.hi, v.lo, v.hi
            )
        } else {
            format!("each family fitted on a={f} and validated on a={v}")
        };
        let intro = format!(
            "Coefficients {}, shifts {}; {regions} (the rows outside the fitting range are held out). The column \"source\" names the publication of a law that was known before (see docs/REFERENCES.md); \"this search\" marks a law not known to us from the literature.",
            spec.coefficients, spec.shifts
        );
        let listings = spaces
            .iter()
            .zip(&spec.spaces)
            .zip(search.listings())
            .map(|((space, s), l)| {
                if s.two_parameters() && s.k() == 2 {
                    return format!("{space}: 1 family, {{a, b}}");
                }
                if s.two_parameters() {
                    return format!(
                        "{space}: {} ({} choices of c1, c2, d; {} left out, their element c1*a+c2*b+d being a, b or a constant; {} left out, with no valid member in the fitting region)",
                        families(l.families.len()),
                        l.templates,
                        l.merged,
                        l.degenerate
                    );
                }
                format!(
                    "{space}: {} ({} templates; {} equal to another up to a -> a + t; {} left out, with no valid member in the fitting range; {} listed but not fitted, their elements changing order past it)",
                    families(l.families.len()),
                    l.templates,
                    l.merged,
                    l.degenerate,
                    l.late
                )
            })
            .collect();
        let total: usize = search.families().count();
        let partial = match outcome.stop {
            Stop::Complete => None,
            Stop::Deadline | Stop::Cancelled => {
                let why = if outcome.stop == Stop::Deadline {
                    "the time allowed ran out"
                } else {
                    "the search was interrupted"
                };
                Some(format!(
                    "{why} after {} of {total} families; the counts below are of those.",
                    records.len()
                ))
            }
        };
        let keys = spec
            .keys
            .iter()
            .enumerate()
            .map(|(k, key)| KeySection::new(key.name(), k, records))
            .collect();
        Contents { title, intro, listings, partial, keys }
    }
}

impl<'a> KeySection<'a> {
    /// The section of the `k`-th key.
    fn new(key: &str, k: usize, records: &'a [FamilyLaws]) -> KeySection<'a> {
        let entries: Vec<Entry<'a>> = records
            .iter()
            .filter_map(|r| r.laws.get(k).map(|l| (r, l)))
            .collect();
        let count = |v: LawVerdict| {
            entries.iter().filter(|(_, l)| l.verdict == v).count()
        };
        let counts = format!(
            "{}: {} with a law, {} refuted on held-out rows, {} not validated, {} with no simple law, {} not fitted.",
            families(entries.len()),
            count(LawVerdict::Law),
            count(LawVerdict::Refuted),
            count(LawVerdict::Unvalidated),
            count(LawVerdict::NoSimpleLaw),
            count(LawVerdict::Unfit)
        );
        let mut shapes: BTreeMap<&str, Vec<Entry<'a>>> = BTreeMap::new();
        for &(r, l) in &entries {
            if l.verdict == LawVerdict::Law {
                let shape = l.shape.as_deref().unwrap_or("?");
                shapes.entry(shape).or_default().push((r, l));
            }
        }
        let mut shapes: Vec<(&str, Vec<Entry<'a>>)> =
            shapes.into_iter().collect();
        shapes.sort_by_key(|(name, list)| {
            (std::cmp::Reverse(list.len()), *name)
        });
        let shapes = shapes
            .into_iter()
            .map(|(shape, list)| {
                (format!("{shape} ({})", families(list.len())), list)
            })
            .collect();
        let refuted = entries
            .iter()
            .copied()
            .filter(|(_, l)| l.verdict == LawVerdict::Refuted)
            .collect();
        let named = [
            LawVerdict::Unvalidated,
            LawVerdict::NoSimpleLaw,
            LawVerdict::Unfit,
        ]
        .into_iter()
        .filter_map(|verdict| {
            let list: Vec<&FamilyLaws> = entries
                .iter()
                .filter(|(_, l)| l.verdict == verdict)
                .map(|(r, _)| *r)
                .collect();
            (!list.is_empty()).then(|| {
                (
                    format!("{} ({})", verdict.words(), families(list.len())),
                    list,
                )
            })
        })
        .collect();
        KeySection { key: key.to_string(), counts, shapes, refuted, named }
    }
}

/// The sentence before each table's re-check commands.
pub(super) const RECHECK: &str =
    "Re-check (each exits 0 when the law and its exceptions hold):";

/// The first held-out row a refuted law got wrong, in words (`a=9:
/// period 18, predicted 27`), or `-`.
pub(super) fn first_wrong(l: &KeyLaw) -> String {
    let Some(w) = l.fit.validated.as_ref().and_then(|v| v.wrong.first())
    else {
        return "-".to_string();
    };
    let at = at(&l.fit.params, w);
    let truth = w.get(&l.fit.key).flatten();
    let predicted = w.get("predicted").flatten();
    let show =
        |x: Option<i64>| x.map_or("none".to_string(), |x| x.to_string());
    format!(
        "{at}: {} {}, predicted {}",
        l.fit.key,
        show(truth),
        show(predicted)
    )
}

/// The parameters of a row: `a=9`, or `a=3, b=5`.
fn at(params: &[String], row: &grundy_fit::RowRecord) -> String {
    let each: Vec<String> = params
        .iter()
        .map(|p| format!("{p}={}", row.get(p).flatten().unwrap_or_default()))
        .collect();
    each.join(", ")
}

/// The held-out count and region: `12/12 (a=13..24)`, or `-`.
pub(super) fn held_out(l: &KeyLaw) -> String {
    l.fit.validated.as_ref().map_or("-".to_string(), |v| {
        format!("{}/{} ({})", v.correct, v.rows, v.range)
    })
}

/// The catalogue of `records` (in the order the search made them), with
/// the search's spaces, ranges and how far it got, in Markdown.
pub fn markdown(
    search: &LawSearch,
    records: &[FamilyLaws],
    outcome: Outcome,
) -> String {
    let c = Contents::new(search, records, outcome);
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n", c.title);
    let _ = writeln!(s, "{}\n", c.intro);
    for line in &c.listings {
        let _ = writeln!(s, "- {line}");
    }
    if let Some(partial) = &c.partial {
        let _ = writeln!(s, "\n**Partial**: {partial}");
    }
    for section in &c.keys {
        let _ = writeln!(s, "\n## {}\n", section.key);
        let _ = writeln!(s, "{}", section.counts);
        for (heading, list) in &section.shapes {
            let _ = writeln!(s, "\n### {heading}\n");
            let _ = writeln!(
                s,
                "| family | law | fitted rows | held out: right/total | skipped | exceptions | source |"
            );
            let _ = writeln!(s, "|---|---|---|---|---|---|---|");
            for (r, l) in list {
                let _ = writeln!(
                    s,
                    "| `{}` | {} | {} | {} | {} | {} | {} |",
                    r.family,
                    law_cell(l),
                    l.fit.rows,
                    held_out(l),
                    l.skipped,
                    exceptions_cell(l),
                    source(r, &l.fit.key),
                );
            }
            let commands: Vec<String> =
                list.iter().filter_map(|(r, l)| check_command(r, l)).collect();
            if !commands.is_empty() {
                let _ = writeln!(
                    s,
                    "\n{RECHECK}\n\n```sh\n{}\n```",
                    commands.join("\n")
                );
            }
        }
        if !section.refuted.is_empty() {
            let _ = writeln!(s, "\n### refuted on held-out rows\n");
            let _ = writeln!(
                s,
                "| family | law fitted | held out: right/total | first wrong row |"
            );
            let _ = writeln!(s, "|---|---|---|---|");
            for (r, l) in &section.refuted {
                let _ = writeln!(
                    s,
                    "| `{}` | {} | {} | {} |",
                    r.family,
                    law_cell(l),
                    held_out(l),
                    first_wrong(l)
                );
            }
        }
        for (heading, list) in &section.named {
            let names: Vec<String> =
                list.iter().map(|r| format!("`{}`", r.family)).collect();
            let _ = writeln!(s, "\n### {heading}\n\n{}", names.join(", "));
        }
    }
    s
}

/// "1 family", "2 families".
fn families(n: usize) -> String {
    if n == 1 { "1 family".to_string() } else { format!("{n} families") }
}

/// The law's pieces: `` `period = 2*a + 1` ``, or one line per piece
/// with its condition.
fn law_cell(l: &KeyLaw) -> String {
    let key = &l.fit.key;
    let pieces: Vec<String> = l
        .fit
        .pieces
        .iter()
        .map(|p| {
            if p.when == "true" {
                code(&format!("{key} = {}", p.formula))
            } else {
                format!(
                    "{}: {}",
                    code(&p.when),
                    code(&format!("{key} = {}", p.formula))
                )
            }
        })
        .collect();
    pieces.join("<br>")
}

/// The rows the law does not explain in the fitting range.
pub(super) fn exceptions_cell(l: &KeyLaw) -> String {
    let rows = &l.fit.exceptions;
    if rows.is_empty() {
        return "none".to_string();
    }
    let mut shown: Vec<String> = rows
        .iter()
        .take(EXCEPTIONS_SHOWN)
        .map(|r| {
            let v = r
                .get(&l.fit.key)
                .flatten()
                .map_or("none".to_string(), |v| v.to_string());
            format!("{}: {v}", at(&l.fit.params, r))
        })
        .collect();
    if rows.len() > EXCEPTIONS_SHOWN {
        shown.push(format!("and {} more", rows.len() - EXCEPTIONS_SHOWN));
    }
    shown.join("; ")
}

/// Inline code in a table cell: `|` escaped (GitHub reads `\|` inside
/// code spans in tables as `|`).
fn code(text: &str) -> String {
    format!("`{}`", text.replace('|', "\\|"))
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use grundy_fit::{Key, Options};

    use super::*;
    use crate::laws::search::LawSpec;
    use crate::run::RunOptions;

    fn search() -> LawSearch {
        LawSearch::new(LawSpec {
            spaces: vec!["linear:2".parse().unwrap()],
            coefficients: Span { lo: 1, hi: 2 },
            shifts: Span { lo: 1, hi: 1 },
            fit: Span { lo: 1, hi: 12 },
            validate: Span { lo: 1, hi: 24 },
            keys: vec![Key::Period],
            // No law from a threshold on, so that one family has none.
            options: Options { max_leading: 0.0, ..Options::default() },
        })
        .unwrap()
    }

    /// The words and the layout of the catalogue, whole. ({a, 2a+1} has
    /// period 3a + 1 but for a = 1, {1, 3}, period 2: one exception in
    /// 12 rows is more than a law may leave, 5%, when no law may start
    /// from a threshold: the no-law section's layout.)
    #[test]
    fn catalogue_of_a_small_space() {
        let s = search();
        let mut records = Vec::new();
        let options = RunOptions { jobs: 1, ..RunOptions::default() };
        let outcome = s.run(&options, None, &mut |r| records.push(r)).unwrap();
        assert_eq!(outcome, Outcome { done: 2, stop: Stop::Complete });
        let md = markdown(&s, &records, outcome);
        let want = "\
# Laws of linear:2

Coefficients 1..2, shifts 1..1; each family fitted on a=1..12 and validated on a=1..24 (the rows outside the fitting range are held out). The column \"source\" names the publication of a law that was known before (see docs/REFERENCES.md); \"this search\" marks a law not known to us from the literature.

- linear:2: 2 families (2 templates; 0 equal to another up to a -> a + t; 0 left out, with no valid member in the fitting range; 0 listed but not fitted, their elements changing order past it)

## period

2 families: 1 with a law, 0 refuted on held-out rows, 0 not validated, 1 with no simple law, 0 not fitted.

### one formula, linear (1 family)

| family | law | fitted rows | held out: right/total | skipped | exceptions | source |
|---|---|---|---|---|---|---|
| `a,a+1` | `period = 2*a + 1` | 12 | 12/12 (a=13..24) | 0 | none | Benesh et al. (2020) |

Re-check (each exits 0 when the law and its exceptions hold):

```sh
grundy sweep 'a,a+1' --param a=1..24 --check 'period == 2*a + 1'
```

### no simple law (1 family)

`a,2*a+1`
";
        assert_eq!(md, want, "{md}");
    }

    /// A search stopped by its deadline says so, and counts only the
    /// families done.
    #[test]
    fn a_partial_catalogue_says_so() {
        let s = search();
        let mut records = Vec::new();
        let outcome = s
            .run(&RunOptions::default(), Some(Instant::now()), &mut |r| {
                records.push(r)
            })
            .unwrap();
        assert_eq!(outcome, Outcome { done: 0, stop: Stop::Deadline });
        let md = markdown(&s, &records, outcome);
        assert!(md.contains("\n**Partial**: the time allowed ran out after 0 of 2 families; the counts below are of those.\n"), "{md}");
        assert!(md.contains("\n0 families: 0 with a law,"), "{md}");
    }

    /// A `|` in a condition is escaped, so that the table keeps its
    /// columns (the re-check commands are outside the table, as they are).
    #[test]
    fn pipes_in_conditions_are_escaped() {
        assert_eq!(
            code("a % 6 == 3 || a % 6 == 1"),
            "`a % 6 == 3 \\|\\| a % 6 == 1`"
        );
    }
}
