//! Two-parameter spaces: the families `{a, b, c1*a + c2*b + d}` over the
//! region `a < b` (`grundy laws linear2:3 --coefficients 0..2 --shifts
//! -2..2`), and `{a, b}` alone (`linear2:2`), finite or all-but sets.
//!
//! Each choice of `(c1, c2, d)` is its own family: the region `1 <= a <
//! b` is not kept by any change of parameters, so no two choices name
//! the same family. Left out, and counted:
//! - `c1 = c2 = 0`, a constant element (it does not grow with `a`, `b`);
//! - `(c1, c2, d) = (1, 0, 0)` or `(0, 1, 0)`, the element `a` or `b`
//!   again (a set of two elements: the family `{a, b}`, `linear2:2`).
//!
//! A coefficient may be 0 for one of the two parameters: `{a, b, 2*a}`
//! (the family `{a, 2a, b}`) and `{a, b, b+1}` have two free parameters,
//! unlike any one-parameter family.
//!
//! A family's region for a range `LO..HI` of the parameters is every
//! `(a, b)` with `LO <= a < b <= HI` where the third element is at least
//! 1 (it grows with `a` and `b`, so this is a lower bound on `b`, or on
//! `a` when `c2 = 0`), written as the sweep parameters that sweep it
//! (`a=1..19, b=a+1..20`, `a=1..19, b=max(a+1,3-a)..20`). The members
//! where the third element equals `a` or `b` (on a line of the region)
//! are sets of two elements: they are left out of the fit and the
//! validation ([`Plane::degenerate`]), and the `--check` expressions
//! skip them ([`Plane::guard`]). A family with no other member in the
//! fitting region is left out as degenerate.

use crate::error::{Error, Result};
use crate::laws::search::{LawError, LawInput};
use crate::laws::space::{Listing, MAX_TEMPLATES, Member, Space, Span};

/// `c1*a + c2*b + d` as a template writes it: `2*a+b-1`, `b+3`, `2*a`.
pub(crate) fn form2(c1: i64, c2: i64, d: i64) -> String {
    let term = |c: i64, name: &str| match c {
        0 => String::new(),
        1 => name.to_string(),
        c => format!("{c}*{name}"),
    };
    let mut s = term(c1, "a");
    let tb = term(c2, "b");
    if !tb.is_empty() {
        if !s.is_empty() {
            s.push('+');
        }
        s.push_str(&tb);
    }
    match d {
        0 if !s.is_empty() => s,
        d if d > 0 && !s.is_empty() => format!("{s}+{d}"),
        d => format!("{s}{d}"),
    }
}

/// The families of a two-parameter space (see the module's
/// documentation), leaving out those with no valid member in the region
/// of `fit`.
pub(crate) fn families(
    space: Space,
    coefficients: Span,
    shifts: Span,
    fit: Span,
) -> Result<Listing, LawError> {
    let mut families = Vec::new();
    if space.k == 2 {
        families.push(Member {
            space,
            index: 0,
            forms: Vec::new(),
            start: 1,
            third: None,
        });
        return Ok(Listing {
            families,
            templates: 1,
            merged: 0,
            degenerate: 0,
            late: 0,
        });
    }
    if coefficients.lo < 0 {
        return Err(LawError::new(
            Some(LawInput::Coefficients),
            Error::parse(format!(
                "coefficients {coefficients} include {}; the element c1*a+c2*b+d of {space} must grow with a and b: use coefficients from 0, e.g. 0..2",
                coefficients.lo
            )),
        ));
    }
    super::space::within_elements(coefficients, shifts)?;
    let size = |s: Span| i128::from(s.hi) - i128::from(s.lo) + 1;
    let templates = size(coefficients) * size(coefficients) * size(shifts);
    if templates > i128::from(MAX_TEMPLATES) {
        return Err(super::space::too_many(space, coefficients, shifts));
    }
    let (mut merged, mut degenerate) = (0, 0);
    for c1 in coefficients.lo..=coefficients.hi {
        for c2 in coefficients.lo..=coefficients.hi {
            for d in shifts.lo..=shifts.hi {
                let t = (c1, c2, d);
                if (c1, c2) == (0, 0) || t == (1, 0, 0) || t == (0, 1, 0) {
                    merged += 1;
                    continue;
                }
                let plane = Plane(c1, c2, d);
                let member = Member {
                    space,
                    index: families.len(),
                    forms: Vec::new(),
                    start: plane.start(),
                    third: Some(t),
                };
                if plane.any_member(member.start, fit) {
                    families.push(member);
                } else {
                    degenerate += 1;
                }
            }
        }
    }
    if families.is_empty() && merged == templates as u64 {
        return Err(LawError::new(
            None,
            Error::parse(format!(
                "coefficients {coefficients} and shifts {shifts} give no third element besides a, b and constants, and {space} needs one; widen the ranges"
            )),
        ));
    }
    Ok(Listing {
        families,
        templates: templates as u64,
        merged,
        degenerate,
        late: 0,
    })
}

/// The third element `c1*a + c2*b + d` of a two-parameter family, as
/// `(c1, c2, d)`; `c1, c2 >= 0`, not both 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plane(pub i64, pub i64, pub i64);

/// `ceil(n / c)` for `c >= 1`.
fn ceil_div(n: i64, c: i64) -> i64 {
    n.div_euclid(c) + i64::from(n.rem_euclid(c) != 0)
}

impl Plane {
    /// The plane of a family: its third element, or none for `{a, b}`.
    pub fn of(member: &Member) -> Option<Plane> {
        member.third.map(|(c1, c2, d)| Plane(c1, c2, d))
    }

    /// The third element at `(a, b)`.
    pub fn at(self, a: i64, b: i64) -> i64 {
        self.0 * a + self.1 * b + self.2
    }

    /// The least `a` (at least 1) where the third element can be
    /// positive: 1, or with `c2 = 0` where `c1*a + d >= 1`.
    fn start(self) -> i64 {
        let Plane(c1, c2, d) = self;
        if c2 == 0 { ceil_div(1 - d, c1).max(1) } else { 1 }
    }

    /// The least `b` of the region at `a`: past `a`, and where the third
    /// element is at least 1.
    pub fn b_lo(self, a: i64) -> i64 {
        let Plane(c1, c2, d) = self;
        if c2 == 0 { a + 1 } else { ceil_div(1 - d - c1 * a, c2).max(a + 1) }
    }

    /// Whether the member at `(a, b)` is a set of two elements: the third
    /// element equals `a` or `b`.
    pub fn degenerate(self, a: i64, b: i64) -> bool {
        let x = self.at(a, b);
        x == a || x == b
    }

    /// Whether the region of `span` (from `start`) has a member that is a
    /// set of three elements. Rows are scanned from the top `b` down; on
    /// each, the third element is positive on a run of `a` up to `b - 1`
    /// and at most two values are degenerate, so each row needs at most
    /// three tries.
    fn any_member(self, start: i64, span: Span) -> bool {
        let lo = span.lo.max(start).max(1);
        for b in (lo + 1..=span.hi).rev() {
            let tried = (lo..b).rev().take(3);
            for a in tried {
                if b >= self.b_lo(a) && !self.degenerate(a, b) {
                    return true;
                }
            }
        }
        false
    }

    /// The `--check` condition that skips the members where the third
    /// element equals `a` or `b` (sets of two elements), for the rows of
    /// the region of `span`: `2*a+1 != b`, or `None` when the region has
    /// no such member.
    pub fn guard(self, start: i64, span: Span) -> Option<String> {
        let Plane(c1, c2, d) = self;
        let (mut to_a, mut to_b) = (false, false);
        let lo = span.lo.max(start).max(1);
        for a in lo..span.hi {
            let (b_lo, b_hi) = (self.b_lo(a), span.hi);
            if b_lo > b_hi {
                continue;
            }
            let inside = |b: i64| (b_lo..=b_hi).contains(&b);
            // x == a: c2*b == (1 - c1)*a - d.
            let n = (1 - c1) * a - d;
            to_a |= if c2 == 0 {
                n == 0
            } else {
                n.rem_euclid(c2) == 0 && inside(n / c2)
            };
            // x == b: (1 - c2)*b == c1*a + d.
            let n = c1 * a + d;
            to_b |= match 1 - c2 {
                0 => n == 0,
                m => n % m == 0 && inside(n / m),
            };
        }
        let x = form2(c1, c2, d);
        let mut parts = Vec::new();
        if to_a {
            parts.push(format!("{x} != a"));
        }
        if to_b {
            parts.push(format!("{x} != b"));
        }
        (!parts.is_empty()).then(|| parts.join(" && "))
    }
}

/// The sweep parameters of a family's region for the range `span` of
/// both parameters: `a=LO..HI-1` and `b=a+1..HI`, the lower bound of `b`
/// raised where the third element would not be positive
/// (`b=max(a+1,3-a)..HI`).
pub(crate) fn region(member: &Member, span: Span) -> Vec<String> {
    let lo = span.lo.max(member.start).max(1);
    let a = format!("a={lo}..{}", span.hi - 1);
    let b_lo = match Plane::of(member) {
        Some(p @ Plane(c1, c2, d)) if c2 > 0 && p.b_lo(lo) > lo + 1 => {
            // ceil((1 - d - c1*a) / c2) is (c2 - d - c1*a) / c2 rounded
            // toward zero where it is positive (and at most a + 1 where
            // it is not, which max() then ignores).
            let n = form2(-c1, 0, c2 - d);
            let n = if c2 == 1 { n } else { format!("({n})/{c2}") };
            format!("max(a+1,{n})")
        }
        _ => "a+1".to_string(),
    };
    vec![a, format!("b={b_lo}..{}", span.hi)]
}

/// Whether `(a, b)` lies in the region of `span` (the rows swept are in
/// the region of the validation range; this says which of them are
/// fitted).
pub(crate) fn in_region(member: &Member, span: Span, a: i64, b: i64) -> bool {
    a >= span.lo.max(member.start) && b <= span.hi && a < b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Family;

    fn span(lo: i64, hi: i64) -> Span {
        Span { lo, hi }
    }

    /// The slow, obvious listing: every `(c1, c2, d)`, each member of
    /// the region evaluated as a set.
    fn brute(c: Span, d: Span, fit: Span) -> (usize, u64, u64) {
        let (mut n, mut merged, mut degenerate) = (0, 0, 0);
        for c1 in c.lo..=c.hi {
            for c2 in c.lo..=c.hi {
                for d in d.lo..=d.hi {
                    if (c1, c2) == (0, 0)
                        || [(1, 0, 0), (0, 1, 0)].contains(&(c1, c2, d))
                    {
                        merged += 1;
                        continue;
                    }
                    let valid = (fit.lo.max(1)..=fit.hi).any(|a| {
                        (a + 1..=fit.hi).any(|b| {
                            let x = c1 * a + c2 * b + d;
                            x >= 1 && x != a && x != b
                        })
                    });
                    if valid {
                        n += 1;
                    } else {
                        degenerate += 1;
                    }
                }
            }
        }
        (n, merged, degenerate)
    }

    #[test]
    fn counts_agree_with_brute_force() {
        let s: Space = "linear2:3".parse().unwrap();
        for (c, d, fit) in [
            (span(0, 2), span(-2, 2), span(1, 10)),
            (span(0, 3), span(-6, 3), span(1, 4)),
            (span(1, 2), span(-9, -5), span(1, 3)),
            (span(0, 1), span(-3, 0), span(2, 3)),
        ] {
            let l = s.families(c, d, fit).unwrap();
            let (n, merged, degenerate) = brute(c, d, fit);
            assert_eq!(
                (l.families.len(), l.merged, l.degenerate),
                (n, merged, degenerate),
                "{c} {d} {fit}"
            );
            let size = (c.hi - c.lo + 1).pow(2) * (d.hi - d.lo + 1);
            assert_eq!(l.templates, size as u64);
            for (i, m) in l.families.iter().enumerate() {
                assert_eq!(m.index, i);
            }
        }
    }

    /// The sweep of a family's region is exactly the brute-force region:
    /// every `(a, b)` with `LO <= a < b <= HI` and a positive third
    /// element; the guard is present exactly when a member there is a
    /// set of two elements.
    #[test]
    fn regions_sweep_exactly_the_valid_members() {
        let s: Space = "linear2:3".parse().unwrap();
        let l = s.families(span(0, 3), span(-7, 3), span(1, 9)).unwrap();
        for m in &l.families {
            let p = Plane::of(m).unwrap();
            for r in [span(1, 9), span(2, 15)] {
                let params = region(m, r);
                let f = Family::template(&m.template(), &params).unwrap();
                let got: Vec<(i64, i64)> = f
                    .points()
                    .map(|p| p.unwrap().values)
                    .map(|v| (v[0], v[1]))
                    .collect();
                let mut want = Vec::new();
                let mut two = false;
                for a in r.lo..=r.hi {
                    for b in a + 1..=r.hi {
                        if p.at(a, b) >= 1 {
                            want.push((a, b));
                            two |= p.degenerate(a, b);
                        }
                    }
                }
                assert_eq!(got, want, "{} {params:?}", m.template());
                assert_eq!(
                    p.guard(m.start, r).is_some(),
                    two,
                    "{} on {r}",
                    m.template()
                );
                for &(a, b) in &got {
                    assert!(in_region(m, r, a, b));
                }
            }
        }
    }

    #[test]
    fn forms_read_as_templates() {
        assert_eq!(form2(2, 1, -1), "2*a+b-1");
        assert_eq!(form2(0, 1, 3), "b+3");
        assert_eq!(form2(2, 0, 0), "2*a");
        assert_eq!(form2(1, 1, 0), "a+b");
        assert_eq!(form2(0, 3, -2), "3*b-2");
        assert_eq!(form2(-2, 0, 5), "-2*a+5");
        let s: Space = "all-but:linear2:3".parse().unwrap();
        let l = s.families(span(0, 1), span(0, 0), span(1, 5)).unwrap();
        let t: Vec<String> = l.families.iter().map(|m| m.template()).collect();
        assert_eq!(t, ["all-but:a,b,a+b"]);
        assert_eq!(l.merged, 3);
        let m = &l.families[0];
        assert_eq!((m.coefficients(), m.shifts()), (vec![1, 1], vec![0]));
        assert_eq!(s.to_string(), "all-but:linear2:3");
        let ab: Space = "linear2:2".parse().unwrap();
        let l = ab.families(span(0, 1), span(0, 0), span(1, 5)).unwrap();
        assert_eq!(l.families[0].template(), "a,b");
        assert!(l.families[0].coefficients().is_empty());
    }

    #[test]
    fn bad_two_parameter_spaces_name_the_token() {
        let s: Space = "linear2:3".parse().unwrap();
        let e = s.families(span(-1, 2), span(0, 0), span(1, 5)).unwrap_err();
        assert!(
            e.message().starts_with("coefficients -1..2 include -1"),
            "{e}"
        );
        let e = s.families(span(0, 0), span(0, 3), span(1, 5)).unwrap_err();
        assert!(e.message().contains("give no third element"), "{e}");
    }
}
