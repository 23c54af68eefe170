//! A piece's formula: a polynomial with rational coefficients in the
//! parameters (and the scheme's residue `u`), optionally divided by
//! `gcd(x, y)`, and its three renderings: an expression tree (for
//! evaluation and the `--check` text) and LaTeX.
//!
//! Rational coefficients are written over one common denominator,
//! `(2*a*b + a*a)/2`: the numerator is an integer polynomial, and the
//! division is exact on every row of the piece (checked when it is
//! fitted), so the truncating `/` of the `--check` language is harmless.

use std::fmt::Write;

use crate::expr::{Expr, latex_name};
use crate::scheme::Scheme;

/// Exponents of one monomial over the variables (parameters, then u).
pub(crate) type Monomial = Vec<u8>;

/// The monomials of degree at most `degree` over `nparams` parameters and,
/// if `residue`, u, in order of preference: lower degree first, and within
/// a degree those without u first, then outer parameters first.
pub(crate) fn basis(
    nparams: usize,
    extras: usize,
    degree: u32,
) -> Vec<Monomial> {
    let nvars = nparams + extras;
    let mut out = Vec::new();
    for d in 0..=degree {
        let mut level = Vec::new();
        let mut cur = vec![0u8; nvars];
        exponents(&mut cur, 0, d as u8, &mut level);
        // Without u first; then reverse lexicographic (a*a before a*b).
        level.sort_by(|m1: &Monomial, m2: &Monomial| {
            let u1: u8 = m1[nparams..].iter().sum();
            let u2: u8 = m2[nparams..].iter().sum();
            u1.cmp(&u2).then_with(|| m2.cmp(m1))
        });
        out.extend(level);
    }
    out
}

fn exponents(cur: &mut Vec<u8>, i: usize, left: u8, out: &mut Vec<Monomial>) {
    if i + 1 == cur.len() {
        cur[i] = left;
        out.push(cur.clone());
        return;
    }
    if cur.is_empty() {
        if left == 0 {
            out.push(Vec::new());
        }
        return;
    }
    for e in (0..=left).rev() {
        cur[i] = e;
        exponents(cur, i + 1, left - e, out);
    }
    cur[i] = 0;
}

/// The value of a monomial at a point (parameters then u), or `None` on
/// overflow.
pub(crate) fn monomial_value(m: &Monomial, vars: &[i64]) -> Option<i128> {
    let mut v: i128 = 1;
    for (&e, &x) in m.iter().zip(vars) {
        for _ in 0..e {
            v = v.checked_mul(i128::from(x))?;
        }
    }
    Some(v)
}

/// A fitted formula: `sum(coef * monomial) / (den * divisor)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Formula {
    /// Nonzero integer coefficients and their monomials.
    pub terms: Vec<(i128, Monomial)>,
    /// The common denominator, >= 1.
    pub den: i128,
    /// Divide also by gcd(x, y) (parameter indices).
    pub gcd: Option<(usize, usize)>,
    /// The scheme whose residue u the monomials may use.
    pub scheme: Scheme,
    /// The highest degree of a term.
    pub degree: u32,
}

impl Formula {
    /// The divisor at a row (den times the gcd, if any).
    pub(crate) fn divisor(&self, params: &[i64]) -> i128 {
        let g = match self.gcd {
            Some((i, j)) => num_integer::Integer::gcd(&params[i], &params[j]),
            None => 1,
        };
        self.den * i128::from(g)
    }

    /// Whether the formula gives `value` at `vars` (parameters then u),
    /// in exact arithmetic.
    pub(crate) fn matches(&self, vars: &[i64], value: i64) -> bool {
        let mut sum: i128 = 0;
        for (c, m) in &self.terms {
            let Some(t) =
                monomial_value(m, vars).and_then(|v| v.checked_mul(*c))
            else {
                return false;
            };
            let Some(s) = sum.checked_add(t) else { return false };
            sum = s;
        }
        let n = vars.len() - self.scheme.extra_vars();
        i128::from(value)
            .checked_mul(self.divisor(&vars[..n]))
            .is_some_and(|rhs| rhs == sum)
    }

    /// The number of terms.
    pub(crate) fn size(&self) -> usize {
        self.terms.len()
    }

    /// Terms in reading order: highest degree first, a positive term
    /// leading when there is one.
    fn ordered(&self) -> Vec<(i128, Monomial)> {
        let mut t = self.terms.clone();
        // (No terms: the formula is 0.)
        let nparams = self
            .terms
            .first()
            .map_or(0, |(_, m)| m.len())
            .saturating_sub(self.scheme.extra_vars());
        // Highest degree first; within a degree positive terms, then
        // terms without u and q, then outer parameters first.
        t.sort_by_key(|(c, m)| {
            let d: u32 = m.iter().map(|&e| u32::from(e)).sum();
            let u: u8 = m.get(nparams..).map_or(0, |e| e.iter().sum());
            (std::cmp::Reverse(d), *c < 0, u, std::cmp::Reverse(m.clone()))
        });
        if let Some(i) = t.iter().position(|(c, _)| *c > 0) {
            let lead = t.remove(i);
            t.insert(0, lead);
        }
        t
    }

    /// Variable `i`: a parameter, u, or q (u is absent without a
    /// residue).
    fn var_expr(&self, i: usize, nparams: usize) -> Expr {
        if i < nparams {
            Expr::Var(i)
        } else if i == nparams && self.scheme.has_residue() {
            self.scheme.residue_expr()
        } else {
            self.scheme.quotient_expr()
        }
    }

    fn monomial_expr(&self, m: &Monomial, nparams: usize) -> Option<Expr> {
        let mut e: Option<Expr> = None;
        for (i, &k) in m.iter().enumerate() {
            for _ in 0..k {
                let v = self.var_expr(i, nparams);
                e = Some(match e {
                    None => v,
                    Some(acc) => Expr::mul(acc, v),
                });
            }
        }
        e
    }

    /// The expression tree (what is printed and evaluated).
    pub(crate) fn expr(&self, nparams: usize) -> Expr {
        let mut num: Option<Expr> = None;
        for (c, m) in self.ordered() {
            let c = c as i64;
            let mono = self.monomial_expr(&m, nparams);
            let term = |k: i64| match &mono {
                None => Expr::Int(k),
                Some(x) => Expr::scaled(k, x.clone()),
            };
            num = Some(match num {
                None => term(c),
                Some(acc) if c < 0 => Expr::sub(acc, term(-c)),
                Some(acc) => Expr::add(acc, term(c)),
            });
        }
        let num = num.unwrap_or(Expr::Int(0));
        let den = self.den as i64;
        match (den, self.gcd) {
            (1, None) => num,
            (d, None) => Expr::div(num, Expr::Int(d)),
            (d, Some((i, j))) => Expr::div(
                num,
                Expr::scaled(d, Expr::gcd(Expr::Var(i), Expr::Var(j))),
            ),
        }
    }

    /// LaTeX (math mode), with powers and `\bmod`.
    pub(crate) fn latex(&self, names: &[String]) -> String {
        let nparams = names.len();
        let mut num = String::new();
        for (k, (c, m)) in self.ordered().into_iter().enumerate() {
            let mono = self.monomial_latex(&m, names);
            let mag = c.unsigned_abs();
            if k == 0 {
                if c < 0 {
                    num.push('-');
                }
            } else {
                num.push_str(if c < 0 { " - " } else { " + " });
            }
            if mono.is_empty() || mag != 1 {
                write!(num, "{mag}").unwrap();
            }
            num.push_str(&mono);
        }
        if num.is_empty() {
            num.push('0');
        }
        let mut den = String::new();
        if self.den != 1 {
            write!(den, "{}", self.den).unwrap();
        }
        if let Some((i, j)) = self.gcd {
            den.push_str(&Expr::gcd(Expr::Var(i), Expr::Var(j)).latex(names));
        }
        let _ = nparams;
        if den.is_empty() { num } else { format!("\\frac{{{num}}}{{{den}}}") }
    }

    fn monomial_latex(&self, m: &Monomial, names: &[String]) -> String {
        let nparams = names.len();
        let mut out = String::new();
        for (i, &k) in m.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let v = if i < nparams {
                latex_name(&names[i])
            } else if i == nparams && self.scheme.has_residue() {
                format!(
                    "\\left({}\\right)",
                    self.scheme.residue_expr().latex(names)
                )
            } else {
                let y = self.scheme.times_y(self.scheme.period);
                let y = if self.scheme.period == 1 {
                    y.latex(names)
                } else {
                    format!("({})", y.latex(names))
                };
                format!(
                    "\\left\\lfloor {} / {} \\right\\rfloor",
                    latex_name(&names[self.scheme.x]),
                    y
                )
            };
            if k == 1 {
                out.push_str(&v);
            } else {
                write!(out, "{v}^{{{k}}}").unwrap();
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::{Base, Scheme};

    #[test]
    fn basis_order_prefers_low_degree_and_no_residue() {
        let b = basis(2, 1, 2);
        let show: Vec<String> = b
            .iter()
            .map(|m| m.iter().map(|e| e.to_string()).collect())
            .collect();
        assert_eq!(
            show,
            [
                "000", "100", "010", "001", "200", "110", "020", "101", "011",
                "002"
            ]
        );
        assert_eq!(basis(1, 0, 3).len(), 4);
    }

    #[test]
    fn renders_text_and_latex() {
        let names: Vec<String> = vec!["a".into(), "b".into()];
        let scheme = Scheme::new(1, Base::Param(0), 2, 0);
        // (2ab + a^2 + a u)/gcd(a, b)
        let f = Formula {
            terms: vec![
                (2, vec![1, 1, 0]),
                (1, vec![2, 0, 0]),
                (1, vec![1, 0, 1]),
            ],
            den: 1,
            gcd: Some((0, 1)),
            scheme,
            degree: 2,
        };
        assert_eq!(
            f.expr(2).text(&names),
            "(a*a + 2*a*b + a*(b % (2*a)))/gcd(a, b)"
        );
        assert_eq!(
            f.latex(&names),
            "\\frac{a^{2} + 2ab + a\\left(b \\bmod 2a\\right)}{\\gcd(a, b)}"
        );
        let g = Formula {
            terms: vec![(-1, vec![0, 0, 1]), (3, vec![1, 0, 0])],
            den: 2,
            gcd: None,
            scheme,
            degree: 1,
        };
        assert_eq!(g.expr(2).text(&names), "(3*a - b % (2*a))/2");
        assert_eq!(g.expr(2).eval(&[3, 10]), Some(2));
    }

    #[test]
    fn the_zero_formula() {
        // A piece whose value is 0 everywhere (a pre-period, say) has no
        // terms; found by the two-piece proptest.
        let names: Vec<String> = vec!["a".into(), "b".into()];
        let scheme = Scheme::new(1, Base::Param(0), 2, 0);
        let f =
            Formula { terms: vec![], den: 1, gcd: None, scheme, degree: 0 };
        assert_eq!(f.expr(2).text(&names), "0");
        assert_eq!(f.latex(&names), "0");
        assert!(f.matches(&[3, 4, 4], 0));
        assert!(!f.matches(&[3, 4, 4], 1));
    }
}
