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

use crate::expr::Expr;

/// The base of the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base {
    /// Cells are single values of x.
    Const,
    /// Cells are cut at multiples of this parameter.
    Param(usize),
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
    /// The one-class scheme.
    pub(crate) const TRIVIAL: Scheme =
        Scheme { x: 0, base: Base::Const, period: 1, start: 0 };

    /// Whether formulas get the residue u as a variable.
    pub(crate) fn has_residue(&self) -> bool {
        !(self.base == Base::Const && self.period == 1)
    }

    /// The positions a folded class can take.
    pub(crate) fn folded_positions(&self) -> i64 {
        match self.base {
            Base::Const => self.period,
            Base::Param(_) => 2 * self.period,
        }
    }

    /// The positions an initial class can take.
    pub(crate) fn initial_positions(&self) -> i64 {
        match self.base {
            Base::Const => self.start,
            Base::Param(_) => 2 * self.start,
        }
    }

    /// y for a row (1 for the constant base).
    pub(crate) fn y(&self, params: &[i64]) -> i64 {
        match self.base {
            Base::Const => 1,
            Base::Param(j) => params[j],
        }
    }

    /// Whether the scheme applies to these rows: x >= 0 and y >= 1 (so
    /// the truncating `%` of the `--check` language is the usual residue),
    /// and the cells stay small numbers.
    pub(crate) fn applies(&self, rows: &[&[i64]]) -> bool {
        rows.iter().all(|p| {
            let y = self.y(p);
            p[self.x] >= 0
                && y >= 1
                && y.checked_mul(self.period.max(self.start)).is_some()
        })
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
        };
        self.period + self.start + base
    }

    /// Every scheme for `n` parameters, simplest first. The trivial one
    /// comes first.
    pub(crate) fn all(n: usize) -> Vec<Scheme> {
        let mut out = vec![Scheme::TRIVIAL];
        // Innermost parameter first: families list the parameter whose
        // range depends on the others last.
        let xs: Vec<usize> = (0..n).rev().collect();
        for &x in &xs {
            for period in 2..=6 {
                for start in 0..=3 {
                    out.push(Scheme { x, base: Base::Const, period, start });
                }
            }
            for y in (0..n).filter(|&y| y != x) {
                for period in 1..=4 {
                    for start in 0..=4 {
                        out.push(Scheme {
                            x,
                            base: Base::Param(y),
                            period,
                            start,
                        });
                    }
                }
            }
        }
        out.sort_by_key(Scheme::complexity);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_cut_at_multiples_of_y() {
        // x = b, y = a, P = 2, T = 2 on a = 3.
        let s = Scheme { x: 1, base: Base::Param(0), period: 2, start: 2 };
        let lab = |b| s.label(&[3, b]);
        assert_eq!(lab(2), Label::Initial(1)); // 0 < b < a
        assert_eq!(lab(3), Label::Initial(2)); // b == a
        assert_eq!(lab(5), Label::Initial(3)); // a < b < 2a
        assert_eq!(lab(6), Label::Folded(0)); // b % 2a == 0
        assert_eq!(lab(7), Label::Folded(1));
        assert_eq!(lab(9), Label::Folded(2)); // b % 2a == a
        assert_eq!(lab(11), Label::Folded(3));
        assert_eq!(lab(12), Label::Folded(0));
        let c = Scheme { x: 0, base: Base::Const, period: 3, start: 1 };
        assert_eq!(c.label(&[0]), Label::Initial(0));
        assert_eq!(c.label(&[7]), Label::Folded(1));
    }
}
