//! The text output of `grundy fit`: the verdict first, then each piece
//! with its evidence and the `--check` expression that re-tests it, the
//! exceptions (all of them), and the `--validate` counts per piece.

use std::fmt::Write;

use grundy_fit::{Fit, FitRow, FitVerdict, Validation};

/// What the first line says about the family.
pub struct Header<'a> {
    /// The template (or the file name with `--from` and no template).
    pub family: &'a str,
    /// The `--param` ranges as written, joined with ", " (may be empty).
    pub ranges: &'a str,
    /// Whether the rows came from `--from`.
    pub from_file: bool,
}

/// The whole report.
pub fn render(
    h: &Header<'_>,
    fit: &Fit,
    validation: Option<(&Validation, &str)>,
) -> String {
    let mut s = String::new();
    let key = fit.key();
    let with_value = fit.rows()
        - fit.exceptions().iter().filter(|r| r.value.is_none()).count();
    let family = match (h.from_file, h.ranges.is_empty()) {
        (true, true) if h.family == "-" => "the rows on stdin".to_string(),
        (true, true) => format!("the rows of \"{}\"", h.family),
        (_, true) => format!("'{}'", h.family),
        (_, false) => format!("'{}' ({})", h.family, h.ranges),
    };
    let _ = writeln!(
        s,
        "{key} of {family}: {} rows, {with_value} with a value",
        fit.rows()
    );
    match fit.verdict() {
        FitVerdict::NoSimpleLaw(why) => {
            let _ = writeln!(s, "no simple law: {why}.");
            let _ = writeln!(
                s,
                "No formula is offered; every row is an exception (--json lists them)."
            );
        }
        FitVerdict::Law => law(&mut s, fit),
    }
    if let Some((v, range)) = validation {
        validated(&mut s, fit, v, range);
    }
    s
}

fn law(s: &mut String, fit: &Fit) {
    let key = fit.key();
    let n = fit.pieces().len();
    let _ = match n {
        1 => writeln!(s, "law: one formula"),
        _ => writeln!(s, "law: {n} pieces (the first whose condition holds)"),
    };
    if let Some(note) = fit.from_note() {
        let _ = writeln!(s, "  {note}");
    }
    for (i, p) in fit.pieces().iter().enumerate() {
        let _ = writeln!(s);
        if p.when() == "true" {
            let _ = writeln!(s, "  {key} = {}", p.formula());
        } else {
            let _ = writeln!(s, "  {}. when {}", i + 1, p.when());
            let _ = writeln!(s, "     {key} = {}", p.formula());
        }
        let indent = if p.when() == "true" { "  " } else { "     " };
        // "1 determines", "2 determine" (issue 37: "1 determine").
        let verb = if p.needed() == 1 { "determines" } else { "determine" };
        let _ = writeln!(
            s,
            "{indent}rows used: {} ({} {verb} the coefficients, {} confirming)",
            p.rows(),
            p.needed(),
            p.confirming()
        );
        let _ = writeln!(s, "{indent}re-check: --check '{}'", p.check(key));
    }
    let _ = writeln!(s);
    let stray: Vec<&FitRow> =
        fit.exceptions().iter().filter(|r| r.value.is_some()).collect();
    let missing = fit.exceptions().len() - stray.len();
    if fit.exceptions().is_empty() {
        let _ = writeln!(s, "exceptions: none (every row is explained)");
        return;
    }
    if !stray.is_empty() {
        let _ = writeln!(
            s,
            "exceptions: {} row{} no piece explains:",
            stray.len(),
            plural(stray.len())
        );
        for r in &stray {
            let _ =
                writeln!(s, "  {}", row(fit.params(), &key.to_string(), r));
        }
    }
    if missing > 0 {
        let _ = writeln!(
            s,
            "without a value ({missing} row{}: not found within the budget, or not a valid set):",
            plural(missing)
        );
        for r in fit.exceptions().iter().filter(|r| r.value.is_none()) {
            let _ =
                writeln!(s, "  {}", row(fit.params(), &key.to_string(), r));
        }
    }
}

fn validated(s: &mut String, fit: &Fit, v: &Validation, range: &str) {
    let key = fit.key().to_string();
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "validated on {range}: {} new rows with a value, {} predicted correctly, {} wrong",
        v.rows,
        v.correct,
        v.wrong.len()
    );
    for (i, (p, c)) in fit.pieces().iter().zip(&v.per_piece).enumerate() {
        let name = if p.when() == "true" {
            "the formula".to_string()
        } else {
            format!("piece {}", i + 1)
        };
        let _ =
            writeln!(s, "  {name}: {} correct, {} wrong", c.correct, c.wrong);
    }
    let unclaimed = v.wrong.iter().filter(|w| w.piece.is_none()).count();
    if unclaimed > 0 && !fit.pieces().is_empty() {
        let _ = writeln!(s, "  no piece applies: {unclaimed}");
    }
    if v.skipped > 0 {
        let _ =
            writeln!(s, "  skipped: {} new rows without a value", v.skipped);
    }
    if !v.wrong.is_empty() {
        let _ = writeln!(s, "wrong:");
        for w in &v.wrong {
            let predicted = match (w.piece, w.predicted) {
                (None, _) => "no piece applies".to_string(),
                (Some(i), Some(p)) => format!("piece {} predicted {p}", i + 1),
                (Some(i), None) => {
                    format!("piece {} cannot be evaluated here", i + 1)
                }
            };
            let _ = writeln!(
                s,
                "  {}; {predicted}",
                row(fit.params(), &key, &w.row)
            );
        }
    }
}

/// `a=3, b=9: period 6` (or `period none`).
fn row(names: &[String], key: &str, r: &FitRow) -> String {
    let params: Vec<String> =
        names.iter().zip(&r.params).map(|(n, v)| format!("{n}={v}")).collect();
    let value = r.value.map_or("none".to_string(), |v| v.to_string());
    format!("{}: {key} {value}", params.join(", "))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
