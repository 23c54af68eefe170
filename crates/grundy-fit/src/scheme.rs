//! Schemes: how the rows are cut into classes before formulas are fitted.
//!
//! A scheme picks a parameter `x` (usually the innermost), a base `y`
//! (another parameter, or the constant 1), a period `P` and a start `T`.
//! It cuts the `(x, y)` plane at the multiples of `y`: each row falls in a
//! cell `x == t*y` ("exact") or `t*y < x < (t+1)*y` ("open"). Below
//! `x = T*y` every cell is its own class (the initial cells, where small
//! cases often differ); from there on, cells repeat with period `P`, so the
//! class is the cell of the residue `u = x % (P*y)`. This is how the laws
//! of two- and four-element families look: for fixed `a` the value is a
//! quasi-polynomial in `b` whose modulus (`2*a`) and breakpoints (`b ==
//! a`, `b % (2*a) < a`) are multiples of `a`. With the constant base the
//! cells are single values of `x` and the classes are residues `x % P`: a
//! quasi-polynomial with a fixed modulus. The trivial scheme (constant
//! base, `P = 1`, `T = 0`) has one class: a plain polynomial.
//!
//! Formulas may use the residue `u` as an extra variable (`2*b + 3*a -
//! (b % (2*a))`), which lets one formula serve several classes.
//!
//! A third kind of base is a linear form of the other parameters (`a + b`,
//! `2*a + b`, `2*a + 1`): the modulus of laws such as that of the sets
//! {a, b, c}, whose period is `a + b` when `c % (a + b)` lies between `a`
//! and `b`. Its multiples are not where such laws break: the residue
//! `u = x % y` is compared instead with 0, 1 and `p - 1`, `p`, `p + 1`,
//! `p + 2` for each other parameter `p`, and the class of a row is the outcome (`<`, `==`,
//! `>`) of every comparison. The period is 1 and the start 0 or 1 (the
//! first cell, `x < y`, on its own).

use crate::expr::Expr;

/// A linear form of the parameters, `c1*p1 + c2*p2 + shift` (a term with
/// coefficient 0 is absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Form {
    pub terms: [(usize, i64); 2],
    pub shift: i64,
}

impl Form {
    /// The value at a row, or `None` on overflow.
    pub(crate) fn value(&self, params: &[i64]) -> Option<i64> {
        self.terms.iter().try_fold(self.shift, |acc, &(j, c)| {
            if c == 0 {
                Some(acc)
            } else {
                c.checked_mul(params[j])?.checked_add(acc)
            }
        })
    }

    /// The expression, `2*a + b + 1`.
    pub(crate) fn expr(&self) -> Expr {
        let mut e: Option<Expr> = None;
        for &(j, c) in &self.terms {
            if c != 0 {
                let t = Expr::scaled(c, Expr::Var(j));
                e = Some(match e {
                    None => t,
                    Some(acc) => Expr::add(acc, t),
                });
            }
        }
        let e = e.unwrap_or(Expr::Int(0));
        match self.shift {
            0 => e,
            d if d > 0 => Expr::add(e, Expr::Int(d)),
            d => Expr::sub(e, Expr::Int(-d)),
        }
    }

    /// Whether the form uses parameter `j`.
    fn uses(&self, j: usize) -> bool {
        self.terms.iter().any(|&(i, c)| i == j && c != 0)
    }

    /// The number of terms, counting the shift.
    fn size(&self) -> i64 {
        self.terms.iter().filter(|t| t.1 != 0).count() as i64
            + i64::from(self.shift != 0)
    }
}

/// The largest constant modulus (`a % 12`) of a one-parameter table:
/// the quasi-polynomials of the one-parameter families reach moduli 7 and
/// 8 (the periods of {a, 2a + 2, 3a - 4} repeat with a modulo 8).
const MAX_CONST_PERIOD: i64 = 12;

/// The base of the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base {
    /// Cells are single values of x.
    Const,
    /// Cells are cut at multiples of this parameter.
    Param(usize),
    /// The modulus is this form; cells are cut at 0 and at the other
    /// parameters (see the module's documentation).
    Form(Form),
}

/// The shifts `d` of the cut points `p + d` at each parameter `p`.
const CUT_SHIFTS: [i64; 4] = [-1, 0, 1, 2];

/// The cut points of a form scheme's residue: 0 and 1, then `p + d` for
/// each parameter `p` other than x and each shift of [`CUT_SHIFTS`].
fn cut_points(x: usize, params: &[i64]) -> impl Iterator<Item = i64> + '_ {
    [0, 1].into_iter().chain(
        (0..params.len()).filter(move |&j| j != x).flat_map(move |j| {
            CUT_SHIFTS.map(|d| params[j].saturating_add(d))
        }),
    )
}

/// The expressions of [`cut_points`], in the same order.
pub(crate) fn cut_exprs(x: usize, nparams: usize) -> Vec<Expr> {
    let shifted = |j: usize, d: i64| match d {
        0 => Expr::Var(j),
        d if d > 0 => Expr::add(Expr::Var(j), Expr::Int(d)),
        d => Expr::sub(Expr::Var(j), Expr::Int(-d)),
    };
    [Expr::Int(0), Expr::Int(1)]
        .into_iter()
        .chain(
            (0..nparams)
                .filter(|&j| j != x)
                .flat_map(|j| CUT_SHIFTS.map(|d| shifted(j, d))),
        )
        .collect()
}

/// The outcomes of comparing `v` with every cut point, as digits base 3
/// (0: below, 1: equal, 2: above; the first cut is the highest digit).
pub(crate) fn sign_code(v: i64, x: usize, params: &[i64]) -> i64 {
    cut_points(x, params).fold(0, |acc, c| {
        3 * acc
            + match v.cmp(&c) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 2,
            }
    })
}

/// A way to cut the rows into classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scheme {
    /// The parameter that is cut.
    pub x: usize,
    pub base: Base,
    /// P >= 1.
    pub period: i64,
    /// T >= 0: cells below x = T*y are classes of their own.
    pub start: i64,
    /// Formulas also get the quotient `q = x / (P*y)` (`floor(b/a)`) as a
    /// variable, after u.
    pub quotient: bool,
}

/// A class of rows: an initial cell or a folded (periodic) cell, by its
/// position. With a parameter base, position `2c` is the exact cell
/// `x == c*y` (or `u == c*y`) and `2c + 1` the open cell after it; with the
/// constant base the position is the value (of x, or of u).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Label {
    Initial(i64),
    Folded(i64),
}

impl Scheme {
    /// The scheme cutting `x` by `base` with this period and start, and
    /// no quotient variable.
    pub(crate) const fn new(
        x: usize,
        base: Base,
        period: i64,
        start: i64,
    ) -> Scheme {
        Scheme { x, base, period, start, quotient: false }
    }

    /// The one-class scheme.
    pub(crate) const TRIVIAL: Scheme = Scheme::new(0, Base::Const, 1, 0);

    /// Whether formulas get the residue u as a variable.
    pub(crate) fn has_residue(&self) -> bool {
        !(self.base == Base::Const && self.period == 1)
    }

    /// The variables formulas get beyond the parameters: u, then q.
    pub(crate) fn extra_vars(&self) -> usize {
        usize::from(self.has_residue()) + usize::from(self.quotient)
    }

    /// q = x / (P*y) (x >= 0 and y >= 1 where the scheme applies: the
    /// floor).
    pub(crate) fn quotient(&self, params: &[i64]) -> i64 {
        params[self.x] / (self.period * self.y(params))
    }

    /// The expression of q, `x / (P*y)`.
    pub(crate) fn quotient_expr(&self) -> Expr {
        Expr::div(Expr::Var(self.x), self.times_y(self.period))
    }

    /// The positions a folded class can take (form bases have none:
    /// their classes are codes of comparisons, described apart).
    pub(crate) fn folded_positions(&self) -> i64 {
        match self.base {
            Base::Const => self.period,
            Base::Param(_) => 2 * self.period,
            Base::Form(_) => unreachable!("form classes are not positions"),
        }
    }

    /// The positions an initial class can take.
    pub(crate) fn initial_positions(&self) -> i64 {
        match self.base {
            Base::Const => self.start,
            Base::Param(_) => 2 * self.start,
            Base::Form(_) => unreachable!("form classes are not positions"),
        }
    }

    /// y for a row (1 for the constant base; 0 where a form overflows,
    /// which no scheme applies to).
    pub(crate) fn y(&self, params: &[i64]) -> i64 {
        match self.base {
            Base::Const => 1,
            Base::Param(j) => params[j],
            Base::Form(f) => f.value(params).unwrap_or(0),
        }
    }

    /// Whether the scheme applies to these rows: x >= 0 and y >= 1 (so
    /// the truncating `%` of the `--check` language is the usual residue),
    /// and the cells stay small numbers. A form base must also reach x on
    /// at least a quarter of the rows (else the residue is x itself on
    /// most rows and the scheme adds little a comparison would not: `a %
    /// (b - 1)` on the rows a < b).
    pub(crate) fn applies(&self, rows: &[&[i64]]) -> bool {
        let fits = rows.iter().all(|p| {
            let y = self.y(p);
            p[self.x] >= 0
                && y >= 1
                && y.checked_mul(self.period.max(self.start)).is_some()
        });
        fits && (!matches!(self.base, Base::Form(_))
            || 4 * rows.iter().filter(|p| p[self.x] >= self.y(p)).count()
                >= rows.len())
    }

    /// u = x % (P*y).
    pub(crate) fn residue(&self, params: &[i64]) -> i64 {
        params[self.x] % (self.period * self.y(params))
    }

    /// The class of a row (for rows where the scheme applies).
    pub(crate) fn label(&self, params: &[i64]) -> Label {
        let x = params[self.x];
        let y = self.y(params);
        let pos = |v: i64| match self.base {
            Base::Const => v,
            Base::Param(_) => 2 * (v / y) + i64::from(v % y != 0),
            Base::Form(_) => sign_code(v, self.x, params),
        };
        if x < self.start * y {
            Label::Initial(pos(x))
        } else {
            Label::Folded(pos(x % (self.period * y)))
        }
    }

    /// `c*y`.
    pub(crate) fn times_y(&self, c: i64) -> Expr {
        match self.base {
            Base::Const => Expr::Int(c),
            Base::Param(j) => Expr::scaled(c, Expr::Var(j)),
            Base::Form(f) => Expr::scaled(c, f.expr()),
        }
    }

    /// The expression of u, `x % (P*y)`.
    pub(crate) fn residue_expr(&self) -> Expr {
        Expr::rem(Expr::Var(self.x), self.times_y(self.period))
    }

    /// How much the scheme costs to read (for tie-breaks).
    pub(crate) fn complexity(&self) -> i64 {
        let base = match self.base {
            Base::Const => 0,
            Base::Param(_) => 1,
            Base::Form(f) => 2 + f.size(),
        };
        self.period + self.start + base + i64::from(self.quotient)
    }

    /// Every scheme for `n` parameters, simplest first. The trivial one
    /// comes first.
    pub(crate) fn all(n: usize) -> Vec<Scheme> {
        let mut out = vec![Scheme::TRIVIAL];
        // Innermost parameter first: families list the parameter whose
        // range depends on the others last.
        let xs: Vec<usize> = (0..n).rev().collect();
        for &x in &xs {
            // Constant moduli past 6 only for one parameter: with more,
            // the rows of a class are too few to back them, and the
            // schemes would cost more than half of the search.
            let max_const = if n == 1 { MAX_CONST_PERIOD } else { 6 };
            for period in 2..=max_const {
                for start in 0..=3 {
                    out.push(Scheme::new(x, Base::Const, period, start));
                }
            }
            for y in (0..n).filter(|&y| y != x) {
                for period in 1..=4 {
                    for start in 0..=4 {
                        out.push(Scheme::new(
                            x,
                            Base::Param(y),
                            period,
                            start,
                        ));
                    }
                }
                // floor(x / y) and floor(x / (2*y)) in the formulas, no
                // initial cells.
                for period in 1..=2 {
                    out.push(Scheme {
                        quotient: true,
                        ..Scheme::new(x, Base::Param(y), period, 0)
                    });
                }
            }
            for form in forms(x, n) {
                for start in 0..=1 {
                    out.push(Scheme::new(x, Base::Form(form), 1, start));
                }
            }
        }
        out.sort_by_key(Scheme::complexity);
        out
    }
}

/// The forms a scheme cutting `x` may take as its modulus: `c*p + d` of
/// one other parameter (c = 1..3, d = -1..1, but not `p` itself, which is
/// a parameter base), and `p + q`, `2*p + q`, `p + 2*q` of two.
fn forms(x: usize, n: usize) -> Vec<Form> {
    let others: Vec<usize> = (0..n).filter(|&j| j != x).collect();
    let mut out = Vec::new();
    // The class is a number base 3 with a digit per cut point: 39 digits
    // fit an i64, so tables of more than 10 parameters get no form base.
    if 2 + CUT_SHIFTS.len() * others.len() > 39 {
        return out;
    }
    for &j in &others {
        for c in 1..=3 {
            for shift in -1..=1 {
                if (c, shift) != (1, 0) {
                    out.push(Form { terms: [(j, c), (j, 0)], shift });
                }
            }
        }
    }
    for (i, &j) in others.iter().enumerate() {
        for &k in &others[i + 1..] {
            for (cj, ck) in [(1, 1), (2, 1), (1, 2)] {
                out.push(Form { terms: [(j, cj), (k, ck)], shift: 0 });
            }
        }
    }
    debug_assert!(out.iter().all(|f| !f.uses(x)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_cut_at_multiples_of_y() {
        // x = b, y = a, P = 2, T = 2 on a = 3.
        let s = Scheme::new(1, Base::Param(0), 2, 2);
        let lab = |b| s.label(&[3, b]);
        assert_eq!(lab(2), Label::Initial(1)); // 0 < b < a
        assert_eq!(lab(3), Label::Initial(2)); // b == a
        assert_eq!(lab(5), Label::Initial(3)); // a < b < 2a
        assert_eq!(lab(6), Label::Folded(0)); // b % 2a == 0
        assert_eq!(lab(7), Label::Folded(1));
        assert_eq!(lab(9), Label::Folded(2)); // b % 2a == a
        assert_eq!(lab(11), Label::Folded(3));
        assert_eq!(lab(12), Label::Folded(0));
        let c = Scheme::new(0, Base::Const, 3, 1);
        assert_eq!(c.label(&[0]), Label::Initial(0));
        assert_eq!(c.label(&[7]), Label::Folded(1));
    }
}
