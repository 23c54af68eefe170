//! Conditions for groups of classes: the `when` of each piece.
//!
//! A group is a set of classes (cells, see `scheme.rs`). Its condition is
//! built from intervals of cell positions: in the initial zone
//! `t*a < b < (t+1)*a`-style bounds, in the periodic zone bounds on the
//! residue (`b % (2*a) > a`), each optionally restricted to exact or open
//! cells (`b % a == 0`). The positions of the group are covered greedily by
//! the intervals that contain no position of another group (positions no
//! row falls in are free to include), then every comparison that can go
//! is dropped while the condition still selects exactly the group's rows
//! among the rows of the fit. Every comparison is a function of the class,
//! so the condition is tested on one row per class.

use std::collections::BTreeMap;

use crate::expr::{CmpOp, Cond, Expr};
use crate::scheme::{Base, Label, Scheme, cut_exprs};

/// Whether cells are restricted to the exact or the open ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filter {
    All,
    Exact,
    Open,
}

impl Filter {
    fn admits(self, pos: i64, base: Base) -> bool {
        match (self, base) {
            (Filter::All, _) | (_, Base::Const | Base::Form(_)) => true,
            (Filter::Exact, Base::Param(_)) => pos % 2 == 0,
            (Filter::Open, Base::Param(_)) => pos % 2 == 1,
        }
    }
}

fn cmp(l: Expr, op: CmpOp, r: Expr) -> Cond {
    Cond::Cmp(l, op, r)
}

/// Bounds of an interval `[lo, hi]` of positions of the value `v` (x in
/// the initial zone, u in the periodic one), `n` positions in all.
fn interval(s: &Scheme, v: &Expr, lo: i64, hi: i64, n: i64) -> Cond {
    let param = matches!(s.base, Base::Param(_));
    if lo == hi && (!param || lo % 2 == 0) {
        let c = if param { lo / 2 } else { lo };
        return cmp(v.clone(), CmpOp::Eq, s.times_y(c));
    }
    let mut parts = Vec::new();
    if lo > 0 {
        parts.push(if !param {
            cmp(v.clone(), CmpOp::Ge, s.times_y(lo))
        } else if lo % 2 == 0 {
            cmp(v.clone(), CmpOp::Ge, s.times_y(lo / 2))
        } else {
            cmp(v.clone(), CmpOp::Gt, s.times_y(lo / 2))
        });
    }
    if hi < n - 1 {
        parts.push(if !param {
            cmp(v.clone(), CmpOp::Le, s.times_y(hi))
        } else if hi % 2 == 0 {
            cmp(v.clone(), CmpOp::Le, s.times_y(hi / 2))
        } else {
            cmp(v.clone(), CmpOp::Lt, s.times_y(hi / 2 + 1))
        });
    }
    Cond::and(parts)
}

/// A cyclic interval (may wrap past the last position).
fn cyclic(s: &Scheme, v: &Expr, lo: i64, len: i64, n: i64) -> Cond {
    let hi = lo + len - 1;
    if hi < n {
        return interval(s, v, lo, hi, n);
    }
    // Wraps. The complement of one exact position reads `!=`.
    let param = matches!(s.base, Base::Param(_));
    if len == n - 1 {
        let gap = lo - 1;
        if !param || gap % 2 == 0 {
            let c = if param { gap / 2 } else { gap };
            return cmp(v.clone(), CmpOp::Ne, s.times_y(c));
        }
    }
    Cond::or(vec![interval(s, v, lo, n - 1, n), interval(s, v, 0, hi - n, n)])
}

fn filter_cond(s: &Scheme, f: Filter) -> Cond {
    let Base::Param(y) = s.base else { return Cond::True };
    let r = Expr::rem(Expr::Var(s.x), Expr::Var(y));
    match f {
        Filter::All => Cond::True,
        Filter::Exact => cmp(r, CmpOp::Eq, Expr::Int(0)),
        Filter::Open => cmp(r, CmpOp::Ne, Expr::Int(0)),
    }
}

/// Covers the positions `want` of one zone (`n` positions, cyclic or
/// not) by intervals avoiding `avoid`.
fn cover(
    s: &Scheme,
    v: &Expr,
    n: i64,
    is_cyclic: bool,
    want: &[i64],
    avoid: &[i64],
) -> Vec<Cond> {
    let filters: &[Filter] = match s.base {
        Base::Const | Base::Form(_) => &[Filter::All],
        Base::Param(_) => &[Filter::All, Filter::Exact, Filter::Open],
    };
    let mut cands: Vec<(Vec<i64>, Cond)> = Vec::new();
    for lo in 0..n {
        let max_len = if is_cyclic { n } else { n - lo };
        for len in 1..=max_len {
            if is_cyclic && len == n && lo > 0 {
                continue;
            }
            for &f in filters {
                let covers: Vec<i64> = (lo..lo + len)
                    .map(|p| p % n)
                    .filter(|&p| f.admits(p, s.base))
                    .collect();
                if covers.is_empty()
                    || covers.iter().any(|p| avoid.contains(p))
                {
                    continue;
                }
                let base = if is_cyclic {
                    cyclic(s, v, lo, len, n)
                } else {
                    // The initial zone ends at x = T*y: keep that bound.
                    interval(s, v, lo, lo + len - 1, n + 1)
                };
                let exact_single = len == 1;
                let c = if exact_single || f == Filter::All {
                    base
                } else {
                    Cond::and(vec![filter_cond(s, f), base])
                };
                cands.push((covers, c));
            }
        }
    }
    let mut left: Vec<i64> = want.to_vec();
    let mut out = Vec::new();
    while !left.is_empty() {
        let best = cands
            .iter()
            .map(|(cov, c)| {
                let gain = cov.iter().filter(|p| left.contains(p)).count();
                (gain, c.size(), cov.len(), c, cov)
            })
            .filter(|t| t.0 > 0)
            .max_by(|a, b| {
                a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(b.2.cmp(&a.2))
            });
        let Some((_, _, _, c, cov)) = best else { break };
        left.retain(|p| !cov.contains(p));
        out.push(c.clone());
    }
    out
}

/// The conditions of the groups (by their labels), simplified against the
/// representatives of every class present.
pub(crate) fn conditions(
    s: &Scheme,
    groups: &[Vec<Label>],
    reps: &BTreeMap<Label, Vec<i64>>,
) -> Vec<Cond> {
    if groups.len() == 1 {
        return vec![Cond::True];
    }
    let x = Expr::Var(s.x);
    let u = s.residue_expr();
    let owner = |l: &Label| groups.iter().position(|g| g.contains(l));
    (0..groups.len())
        .map(|gi| {
            let selects_right = |c: &Cond| {
                reps.iter().all(|(l, p)| match owner(l) {
                    Some(o) => c.eval(p) == Some(o == gi),
                    None => true,
                })
            };
            if let Base::Form(_) = s.base {
                let describe = |mine: bool| {
                    form_cover(s, reps, &|l: &Label| {
                        owner(l).map(|o| (o == gi) == mine)
                    })
                };
                return shorter(describe, &selects_right);
            }
            let pos = |init: bool, mine: bool| -> Vec<i64> {
                reps.keys()
                    .filter(|l| match owner(l) {
                        Some(o) => (o == gi) == mine,
                        None => false,
                    })
                    .filter_map(|l| match (l, init) {
                        (Label::Initial(p), true)
                        | (Label::Folded(p), false) => Some(*p),
                        _ => None,
                    })
                    .collect()
            };
            // The cells of the group (mine) or of the other groups.
            let describe = |mine: bool| {
                let mut terms = cover(
                    s,
                    &x,
                    s.initial_positions(),
                    false,
                    &pos(true, mine),
                    &pos(true, !mine),
                );
                let folded = cover(
                    s,
                    &u,
                    s.folded_positions(),
                    true,
                    &pos(false, mine),
                    &pos(false, !mine),
                );
                if !folded.is_empty() {
                    let zone = if s.start > 0 {
                        cmp(x.clone(), CmpOp::Ge, s.times_y(s.start))
                    } else {
                        Cond::True
                    };
                    terms.push(Cond::and(vec![zone, Cond::or(folded)]));
                }
                Cond::or(terms)
            };
            shorter(describe, &selects_right)
        })
        .collect()
}

/// The group's cells described directly, or as "not one of the others"
/// (`b != 2*a`), whichever reads shorter once simplified.
fn shorter(
    describe: impl Fn(bool) -> Cond,
    selects_right: &dyn Fn(&Cond) -> bool,
) -> Cond {
    let direct = simplify(describe(true), selects_right);
    let others = simplify(negate(describe(false)), selects_right);
    if selects_right(&others)
        && (others.size() < direct.size() || !selects_right(&direct))
    {
        others
    } else {
        direct
    }
}

/// The rows of a form scheme's group `mine` (or of the other groups) as a
/// union of intervals of the residue between cut points, chosen greedily
/// among those that hold on no class of the other side (classes no group
/// owns are free), in each zone (`x < y` when the first cell stands alone,
/// where the residue is x itself, then the rest).
fn form_cover(
    s: &Scheme,
    reps: &BTreeMap<Label, Vec<i64>>,
    side: &dyn Fn(&Label) -> Option<bool>,
) -> Cond {
    let x = Expr::Var(s.x);
    let y = s.times_y(1);
    let nparams = reps.values().next().map_or(0, Vec::len);
    let cuts = cut_exprs(s.x, nparams);
    let mut terms = Vec::new();
    for initial in [true, false] {
        let in_zone = |l: &Label| matches!(l, Label::Initial(_)) == initial;
        let (zone, v) = match (initial, s.start > 0) {
            (true, _) => (cmp(x.clone(), CmpOp::Lt, y.clone()), x.clone()),
            (false, true) => {
                (cmp(x.clone(), CmpOp::Ge, y.clone()), s.residue_expr())
            }
            (false, false) => (Cond::True, s.residue_expr()),
        };
        let lower = |c: &Expr| {
            [CmpOp::Gt, CmpOp::Ge].map(|op| cmp(v.clone(), op, c.clone()))
        };
        let upper = |c: &Expr| {
            [CmpOp::Lt, CmpOp::Le].map(|op| cmp(v.clone(), op, c.clone()))
        };
        let mut cands: Vec<Cond> = Vec::new();
        for c in &cuts {
            cands.push(cmp(v.clone(), CmpOp::Eq, c.clone()));
            cands.extend(lower(c));
            cands.extend(upper(c));
        }
        for lo in &cuts {
            for hi in &cuts {
                for l in lower(lo) {
                    for h in upper(hi) {
                        cands.push(Cond::and(vec![l.clone(), h]));
                    }
                }
            }
        }
        let mut left: Vec<&Label> = reps
            .keys()
            .filter(|l| in_zone(l) && side(l) == Some(true))
            .collect();
        let covered = |c: &Cond| -> Option<Vec<&Label>> {
            let mut hit = Vec::new();
            for (l, p) in reps.iter().filter(|(l, _)| in_zone(l)) {
                if c.eval(p) == Some(true) {
                    match side(l) {
                        Some(false) => return None,
                        Some(true) => hit.push(l),
                        None => {}
                    }
                }
            }
            Some(hit)
        };
        let cover: Vec<(Vec<&Label>, &Cond)> = cands
            .iter()
            .filter_map(|c| covered(c).map(|h| (h, c)))
            .filter(|(h, _)| !h.is_empty())
            .collect();
        let mut parts = Vec::new();
        while !left.is_empty() {
            let best = cover
                .iter()
                .map(|(h, c)| {
                    (h.iter().filter(|l| left.contains(l)).count(), c)
                })
                .filter(|t| t.0 > 0)
                .max_by(|a, b| {
                    a.0.cmp(&b.0)
                        .then(b.1.size().cmp(&a.1.size()))
                        .then(is_eq(a.1).cmp(&is_eq(b.1)))
                });
            let Some((_, c)) = best else { break };
            let (h, _) = cover.iter().find(|(_, d)| d == c).unwrap();
            left.retain(|l| !h.contains(l));
            parts.push((*c).clone());
        }
        // A class no interval isolates: every comparison, as it holds on
        // the class.
        for l in left {
            let p = &reps[l];
            let value = v.eval(p);
            parts.push(Cond::and(
                cuts.iter()
                    .map(|c| {
                        let op = match value.cmp(&c.eval(p)) {
                            std::cmp::Ordering::Less => CmpOp::Lt,
                            std::cmp::Ordering::Equal => CmpOp::Eq,
                            std::cmp::Ordering::Greater => CmpOp::Gt,
                        };
                        cmp(v.clone(), op, c.clone())
                    })
                    .collect(),
            ));
        }
        if !parts.is_empty() {
            terms.push(Cond::and(vec![zone, Cond::or(parts)]));
        }
    }
    Cond::or(terms)
}

/// Whether a condition is one equation (`u == 0` reads better than
/// `u < 1`).
fn is_eq(c: &Cond) -> bool {
    matches!(c, Cond::Cmp(_, CmpOp::Eq, _))
}

/// The negation, by De Morgan's laws and negated comparisons.
fn negate(c: Cond) -> Cond {
    match c {
        Cond::True => Cond::Or(Vec::new()),
        Cond::Cmp(l, op, r) => Cond::Cmp(l, op.negated(), r),
        Cond::And(cs) => Cond::or(cs.into_iter().map(negate).collect()),
        Cond::Or(cs) => Cond::and(cs.into_iter().map(negate).collect()),
    }
}

/// Drops comparisons while `ok` holds.
fn simplify(mut c: Cond, ok: &dyn Fn(&Cond) -> bool) -> Cond {
    loop {
        let mut changed = false;
        for cand in removals(&c) {
            if ok(&cand) && cand.size() < c.size() {
                c = cand;
                changed = true;
                break;
            }
        }
        if !changed {
            return c;
        }
    }
}

/// Every condition obtained by removing one operand of an `&&` or `||`.
fn removals(c: &Cond) -> Vec<Cond> {
    let mut out = Vec::new();
    match c {
        Cond::And(cs) | Cond::Or(cs) => {
            let is_and = matches!(c, Cond::And(_));
            for i in 0..cs.len() {
                let mut rest = cs.clone();
                rest.remove(i);
                out.push(if is_and {
                    Cond::and(rest)
                } else {
                    Cond::or(rest)
                });
                for sub in removals(&cs[i]) {
                    let mut v = cs.clone();
                    v[i] = sub;
                    out.push(if is_and { Cond::and(v) } else { Cond::or(v) });
                }
            }
        }
        Cond::True | Cond::Cmp(..) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["a".into(), "b".into()]
    }

    #[test]
    fn intervals_read_as_bounds() {
        let s = Scheme::new(1, Base::Param(0), 2, 0);
        let u = s.residue_expr();
        let t = |c: Cond| c.text(&names());
        assert_eq!(t(interval(&s, &u, 2, 2, 4)), "b % (2*a) == a");
        assert_eq!(t(interval(&s, &u, 0, 2, 4)), "b % (2*a) <= a");
        assert_eq!(
            t(interval(&s, &u, 1, 1, 4)),
            "b % (2*a) > 0 && b % (2*a) < a"
        );
        assert_eq!(t(interval(&s, &u, 3, 3, 4)), "b % (2*a) > a");
        assert_eq!(t(cyclic(&s, &u, 3, 3, 4)), "b % (2*a) != a");
        let x = Expr::Var(1);
        assert_eq!(t(interval(&s, &x, 0, 3, 6)), "b < 2*a");
    }

    #[test]
    fn two_groups_of_the_two_element_sets() {
        // {a, b}: b % (2a) == a against the rest (Berlekamp, Conway, Guy,
        // Winning Ways ch. 4: period 2a when b is an odd multiple of a).
        let s = Scheme::new(1, Base::Param(0), 2, 0);
        let mut reps = BTreeMap::new();
        for b in [6, 7, 9, 11] {
            reps.insert(s.label(&[3, b]), vec![3, b]);
        }
        let groups = vec![
            vec![Label::Folded(0), Label::Folded(1), Label::Folded(3)],
            vec![Label::Folded(2)],
        ];
        let cs = conditions(&s, &groups, &reps);
        let t: Vec<String> = cs.iter().map(|c| c.text(&names())).collect();
        assert_eq!(t, ["b % (2*a) != a", "b % (2*a) == a"]);
    }

    #[test]
    fn a_single_excluded_line_reads_not_equal() {
        // {a, b, 2b}: period 3a on b == 2a, 3b elsewhere (as the fitter
        // finds it on a sweep); the second condition is `b != 2*a`.
        let s = Scheme::new(1, Base::Param(0), 1, 3);
        let mut reps = BTreeMap::new();
        for b in [4, 5, 6, 7, 9, 10, 12, 13] {
            reps.insert(s.label(&[3, b]), vec![3, b]);
        }
        let line = s.label(&[3, 6]);
        let rest: Vec<Label> =
            reps.keys().copied().filter(|l| *l != line).collect();
        let cs = conditions(&s, &[vec![line], rest], &reps);
        let t: Vec<String> = cs.iter().map(|c| c.text(&names())).collect();
        assert_eq!(t, ["b == 2*a", "b != 2*a"]);
    }
}
