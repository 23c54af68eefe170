//! `--latex`: the law as a displayed equation with a `cases` environment
//! (amsmath), ready to paste into a paper, with its evidence in `%`
//! comments.

use std::fmt::Write;

use crate::expr::latex_name;
use crate::law::{Fit, FitVerdict};

impl Fit {
    /// The right-hand side of the law in LaTeX (amsmath), as
    /// [`Fit::latex`] displays it: the formula of a single piece, or a
    /// `cases` environment with one line per piece and its condition.
    /// `None` when there is no simple law.
    ///
    /// ```
    /// use grundy_fit::{FitRow, FitTable, Key, Options, fit};
    /// let rows = (1..=10).map(|a| FitRow::new(vec![a], 2 * a + 1)).collect();
    /// let t = FitTable::new(vec!["a".into()], Key::Period, rows)?;
    /// assert_eq!(fit(&t, &Options::default())?.latex_formula().unwrap(), "2a + 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn latex_formula(&self) -> Option<String> {
        if matches!(self.verdict, FitVerdict::NoSimpleLaw(_)) {
            return None;
        }
        if let [p] = self.pieces.as_slice()
            && p.when() == "true"
        {
            return Some(p.formula_latex().to_string());
        }
        let mut out = String::from("\\begin{cases}\n");
        let n = self.pieces.len();
        for (i, p) in self.pieces.iter().enumerate() {
            let end = if i + 1 < n { ", \\\\" } else { "." };
            writeln!(
                out,
                "  {} & \\text{{if }} {}{end}",
                p.formula_latex(),
                p.when_latex()
            )
            .unwrap();
        }
        out.push_str("\\end{cases}");
        Some(out)
    }

    /// The law in LaTeX.
    ///
    /// ```
    /// use grundy_fit::{FitRow, FitTable, Key, Options, fit};
    /// // Two-element sets {a, b}: period 2a when b is an odd multiple of
    /// // a, else a + b (Berlekamp, Conway, Guy, Winning Ways, ch. 4).
    /// let mut rows = Vec::new();
    /// for a in 1..=12i64 {
    ///     for b in a + 1..=a + 24 {
    ///         let p = if b % (2 * a) == a { 2 * a } else { a + b };
    ///         rows.push(FitRow::new(vec![a, b], p));
    ///     }
    /// }
    /// let t = FitTable::new(vec!["a".into(), "b".into()], Key::Period, rows)?;
    /// let tex = fit(&t, &Options::default())?.latex();
    /// assert!(tex.contains(r"\mathrm{period}(a, b) = \begin{cases}"));
    /// assert!(tex.contains(r"2a & \text{if } b \bmod 2a = a"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn latex(&self) -> String {
        let key = self.key.name().replace('_', "\\_");
        let args: Vec<String> =
            self.params.iter().map(|p| latex_name(p)).collect();
        let lhs = format!("\\mathrm{{{key}}}({})", args.join(", "));
        let mut out = String::new();
        let Some(rhs) = self.latex_formula() else {
            if let FitVerdict::NoSimpleLaw(why) = &self.verdict {
                writeln!(out, "% no simple law for {}: {why}", self.key)
                    .unwrap();
            }
            return out;
        };
        out.push_str("\\[\n");
        let rhs = rhs.replace('\n', "\n  ");
        writeln!(out, "  {lhs} = {rhs}").unwrap();
        out.push_str("\\]\n");
        for (i, p) in self.pieces.iter().enumerate() {
            writeln!(
                out,
                "% piece {}: {} rows, {} confirming beyond the {} that \
                 determine it",
                i + 1,
                p.rows(),
                p.confirming(),
                p.needed()
            )
            .unwrap();
        }
        if !self.exceptions.is_empty() {
            let shown: Vec<String> = self
                .exceptions
                .iter()
                .take(20)
                .map(|r| {
                    let ps: Vec<String> =
                        r.params.iter().map(|v| v.to_string()).collect();
                    let v =
                        r.value.map_or("none".to_string(), |v| v.to_string());
                    format!("({}) -> {v}", ps.join(", "))
                })
                .collect();
            let more = self.exceptions.len().saturating_sub(20);
            writeln!(
                out,
                "% exceptions ({}): {}{}",
                self.exceptions.len(),
                shown.join("; "),
                if more > 0 {
                    format!("; and {more} more")
                } else {
                    String::new()
                }
            )
            .unwrap();
        }
        out
    }
}
