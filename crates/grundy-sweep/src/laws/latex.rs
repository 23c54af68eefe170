//! The catalogue of a search in LaTeX (`grundy laws --format latex`): the
//! same contents as the Markdown catalogue ([`super::catalogue`]), as a
//! document that compiles with `pdflatex` (packages fontenc, amsmath,
//! geometry, array, longtable and listings, all in TeX Live's
//! texlive-latex-base and texlive-latex-recommended; run it twice, for
//! longtable's column widths), for a paper's appendix. The pages are
//! landscape, so that the law column holds long formulas.
//!
//! Each law is the fitter's own LaTeX (`grundy fit --latex`: the record's
//! `latex`, a formula or a `cases` environment), set in a `longtable` so
//! that a table of hundreds of families breaks across pages; the
//! re-check commands follow each table in a `lstlisting` (verbatim, with
//! long lines broken), so that they copy as they are.

use std::fmt::Write;

use crate::laws::catalogue::{
    Contents, Entry, RECHECK, check_command, exceptions_cell, first_wrong,
    held_out, source,
};
use crate::laws::record::{FamilyLaws, KeyLaw};
use crate::laws::search::{LawSearch, Outcome};

/// The preamble: the packages every catalogue uses.
const PREAMBLE: &str = "\
\\documentclass[10pt]{article}
\\usepackage[T1]{fontenc}
\\usepackage{amsmath}
\\usepackage[landscape,margin=1.5cm]{geometry}
\\usepackage{array}
\\usepackage{longtable}
\\usepackage{listings}
\\lstset{basicstyle=\\ttfamily\\footnotesize, breaklines=true, columns=fullflexible}
\\setlength{\\tabcolsep}{3pt}
\\newcolumntype{P}[1]{>{\\raggedright\\arraybackslash}p{#1\\linewidth}}
\\begin{document}
";

/// The catalogue of `records` (in the order the search made them), with
/// the search's spaces, ranges and how far it got, as a LaTeX document.
pub fn latex(
    search: &LawSearch,
    records: &[FamilyLaws],
    outcome: Outcome,
) -> String {
    let c = Contents::new(search, records, outcome);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "% {} (grundy laws --format latex; compile with pdflatex)",
        c.title
    );
    s.push_str(PREAMBLE);
    let _ = writeln!(s, "\n\\section*{{{}}}\n", escape(&c.title));
    let _ = writeln!(s, "{}\n", escape(&c.intro));
    let _ = writeln!(s, "\\begin{{itemize}}");
    for line in &c.listings {
        let _ = writeln!(s, "\\item {}", escape(line));
    }
    let _ = writeln!(s, "\\end{{itemize}}");
    if let Some(partial) = &c.partial {
        let _ = writeln!(s, "\n\\textbf{{Partial}}: {}", escape(partial));
    }
    for section in &c.keys {
        let _ = writeln!(s, "\n\\subsection*{{{}}}\n", escape(&section.key));
        let _ = writeln!(s, "{}", escape(&section.counts));
        for (heading, list) in &section.shapes {
            let _ = writeln!(s, "\n\\subsubsection*{{{}}}\n", escape(heading));
            laws_table(&mut s, list);
            let commands: Vec<String> =
                list.iter().filter_map(|(r, l)| check_command(r, l)).collect();
            if !commands.is_empty() {
                let _ = writeln!(
                    s,
                    "\n{}\n\\begin{{lstlisting}}\n{}\n\\end{{lstlisting}}",
                    escape(RECHECK),
                    commands.join("\n")
                );
            }
        }
        if !section.refuted.is_empty() {
            let _ = writeln!(
                s,
                "\n\\subsubsection*{{refuted on held-out rows}}\n"
            );
            let _ = writeln!(
                s,
                "{{\\footnotesize\n\\begin{{longtable}}{{P{{0.15}}P{{0.5}}P{{0.15}}P{{0.15}}}}\nfamily & law fitted & held out: right/total & first wrong row \\\\\n\\hline\n\\endhead"
            );
            for (r, l) in &section.refuted {
                let _ = writeln!(
                    s,
                    "{} & {} & {} & {} \\\\",
                    family(r),
                    law_cell(l),
                    escape(&held_out(l)),
                    escape(&first_wrong(l))
                );
            }
            let _ = writeln!(s, "\\end{{longtable}}}}");
        }
        for (heading, list) in &section.named {
            let names: Vec<String> = list.iter().map(|r| family(r)).collect();
            let _ = writeln!(
                s,
                "\n\\subsubsection*{{{}}}\n\n{{\\raggedright {}\\par}}",
                escape(heading),
                names.join(", ")
            );
        }
    }
    s.push_str("\n\\end{document}\n");
    s
}

/// One group's table: family, law, fitted rows, held-out count and
/// region, skipped rows, exceptions, source.
fn laws_table(s: &mut String, list: &[Entry<'_>]) {
    let _ = writeln!(
        s,
        "{{\\footnotesize\n\\begin{{longtable}}{{P{{0.13}}P{{0.45}}P{{0.04}}P{{0.11}}P{{0.04}}P{{0.09}}P{{0.07}}}}\nfamily & law & fitted rows & held out: right/total & skipped & exceptions & source \\\\\n\\hline\n\\endhead"
    );
    for (r, l) in list {
        let _ = writeln!(
            s,
            "{} & {} & {} & {} & {} & {} & {} \\\\",
            family(r),
            law_cell(l),
            l.fit.rows,
            escape(&held_out(l)),
            l.skipped,
            escape(&exceptions_cell(l)),
            escape(source(r, &l.fit.key)),
        );
    }
    let _ = writeln!(s, "\\end{{longtable}}}}");
}

/// A family as a cell: its template in typewriter type.
fn family(r: &FamilyLaws) -> String {
    format!("\\texttt{{{}}}", escape(&r.family))
}

/// The law as a cell: `$\mathrm{period} = 2a + 1$`, the fitter's LaTeX;
/// `-` without it.
fn law_cell(l: &KeyLaw) -> String {
    match &l.latex {
        Some(rhs) => {
            format!("${} = {}$", key_name(&l.fit.key), rhs.replace('\n', " "))
        }
        None => "-".to_string(),
    }
}

/// A key in math mode: `\mathrm{max\_value}`.
fn key_name(key: &str) -> String {
    format!("\\mathrm{{{}}}", key.replace('_', "\\_"))
}

/// Text with LaTeX's special characters escaped, so that it prints as it
/// reads (`a % 4` as `a \% 4`, `a -> a + t` with a real `>`).
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '"' => out.push_str("\\textquotedbl{}"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use grundy_fit::{Key, Options};

    use super::*;
    use crate::laws::search::{LawSpec, Stop};
    use crate::laws::space::Span;
    use crate::run::RunOptions;

    fn run(spec: LawSpec) -> (LawSearch, Vec<FamilyLaws>, Outcome) {
        let s = LawSearch::new(spec).unwrap();
        let mut records = Vec::new();
        let options = RunOptions { jobs: 1, ..RunOptions::default() };
        let outcome = s.run(&options, None, &mut |r| records.push(r)).unwrap();
        (s, records, outcome)
    }

    /// The words and the layout of the LaTeX catalogue, whole: the same
    /// space as the Markdown catalogue's test ({a, a+1}: period 2a + 1,
    /// B. Benesh et al., INTEGERS 20 (2020); {a, 2a+1} with its exception
    /// at a = 1 too many for 12 rows when no law may start from a
    /// threshold).
    #[test]
    fn catalogue_of_a_small_space() {
        let (s, records, outcome) = run(LawSpec {
            spaces: vec!["linear:2".parse().unwrap()],
            coefficients: Span { lo: 1, hi: 2 },
            shifts: Span { lo: 1, hi: 1 },
            fit: Span { lo: 1, hi: 12 },
            validate: Span { lo: 1, hi: 24 },
            keys: vec![Key::Period],
            options: Options { max_leading: 0.0, ..Options::default() },
        });
        assert_eq!(outcome, Outcome { done: 2, stop: Stop::Complete });
        let tex = latex(&s, &records, outcome);
        let want = "\
% Laws of linear:2 (grundy laws --format latex; compile with pdflatex)
\\documentclass[10pt]{article}
\\usepackage[T1]{fontenc}
\\usepackage{amsmath}
\\usepackage[landscape,margin=1.5cm]{geometry}
\\usepackage{array}
\\usepackage{longtable}
\\usepackage{listings}
\\lstset{basicstyle=\\ttfamily\\footnotesize, breaklines=true, columns=fullflexible}
\\setlength{\\tabcolsep}{3pt}
\\newcolumntype{P}[1]{>{\\raggedright\\arraybackslash}p{#1\\linewidth}}
\\begin{document}

\\section*{Laws of linear:2}

Coefficients 1..2, shifts 1..1; each family fitted on a=1..12 and validated on a=1..24 (the rows outside the fitting range are held out). The column \\textquotedbl{}source\\textquotedbl{} names the publication of a law that was known before (see docs/REFERENCES.md); \\textquotedbl{}this search\\textquotedbl{} marks a law not known to us from the literature.

\\begin{itemize}
\\item linear:2: 2 families (2 templates; 0 equal to another up to a -\\textgreater{} a + t; 0 left out, with no valid member in the fitting range; 0 listed but not fitted, their elements changing order past it)
\\end{itemize}

\\subsection*{period}

2 families: 1 with a law, 0 refuted on held-out rows, 0 not validated, 1 with no simple law, 0 not fitted.

\\subsubsection*{one formula, linear (1 family)}

{\\footnotesize
\\begin{longtable}{P{0.13}P{0.45}P{0.04}P{0.11}P{0.04}P{0.09}P{0.07}}
family & law & fitted rows & held out: right/total & skipped & exceptions & source \\\\
\\hline
\\endhead
\\texttt{a,a+1} & $\\mathrm{period} = 2a + 1$ & 12 & 12/12 (a=13..24) & 0 & none & Benesh et al. (2020) \\\\
\\end{longtable}}

Re-check (each exits 0 when the law and its exceptions hold):
\\begin{lstlisting}
grundy sweep 'a,a+1' --param a=1..24 --check 'period == 2*a + 1'
\\end{lstlisting}

\\subsubsection*{no simple law (1 family)}

{\\raggedright \\texttt{a,2*a+1}\\par}

\\end{document}
";
        assert_eq!(tex, want, "{tex}");
    }

    /// A law of several pieces is the fitter's `cases` environment, on one
    /// line of its cell; conditions with `%` are the fitter's LaTeX
    /// (`\bmod`), and the shape's `%` is escaped; every environment
    /// opened is closed. ({a, 2a-2, 3a}: period 5a - 2, but 4 when a % 4
    /// == 2, a law of this search, docs/LAWS.md.)
    #[test]
    fn pieces_are_cases_and_environments_balance() {
        let (s, records, outcome) = run(LawSpec {
            spaces: vec!["linear:3".parse().unwrap()],
            coefficients: Span { lo: 2, hi: 3 },
            shifts: Span { lo: -2, hi: 0 },
            fit: Span { lo: 1, hi: 30 },
            validate: Span { lo: 1, hi: 60 },
            keys: vec![Key::Period, Key::Preperiod],
            options: Options::default(),
        });
        let found = records.iter().find(|r| r.family == "a,2*a-2,3*a");
        let law = &found.expect("a,2*a-2,3*a").laws[0];
        assert_eq!(law.verdict, crate::laws::LawVerdict::Law, "{law:?}");
        assert!(
            law_cell(law).starts_with("$\\mathrm{period} = \\begin{cases}")
        );
        let tex = latex(&s, &records, outcome);
        assert!(tex.contains("\\begin{cases}"), "{tex}");
        assert!(tex.contains("\\bmod"), "{tex}");
        assert!(tex.contains("2 pieces by a \\% 4"), "{tex}");
        for env in ["document", "longtable", "lstlisting", "itemize", "cases"]
        {
            let open = tex.matches(&format!("\\begin{{{env}}}")).count();
            let close = tex.matches(&format!("\\end{{{env}}}")).count();
            assert_eq!(open, close, "{env}");
        }
        // Every law's re-check command is there, as the Markdown one.
        for r in &records {
            for l in &r.laws {
                if l.verdict == crate::laws::LawVerdict::Law {
                    let command = check_command(r, l).unwrap();
                    assert!(tex.contains(&command), "{command}");
                }
            }
        }
        // Outside lstlisting and math, no unescaped special character.
        let mut text = tex.as_str();
        while let Some(i) = text.find("\\begin{lstlisting}") {
            let outside = &text[..i];
            assert!(!outside.contains(" % "), "{outside}");
            let end = "\\end{lstlisting}";
            let j = i + text[i..].find(end).unwrap();
            text = &text[j + end.len()..];
        }
    }

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(escape("a % 4 & b_1"), "a \\% 4 \\& b\\_1");
        assert_eq!(escape("{x} $y$ #"), "\\{x\\} \\$y\\$ \\#");
        assert_eq!(
            escape("a -> b || ~^\\"),
            "a -\\textgreater{} b \\textbar{}\\textbar{} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}"
        );
    }
}
