//! The search inside one scheme: fit each class, then group the classes
//! that share a formula.
//!
//! 1. Every class (see `scheme.rs`) with enough rows gets its simplest
//!    exact formula (`classfit.rs`), only if its rows back it: rows to
//!    spare beyond the coefficients, each half predicting the other. In
//!    the second pass a class may set a few sporadic rows aside.
//! 2. Each such formula is tried on every class; the formula that explains
//!    the most rows becomes a group with all the classes it explains
//!    (those are predictions, not fits), and so on (greedy set cover).
//! 3. Two groups merge when one formula of degree at most the limit fits
//!    both exactly and each brings rows to spare beyond the coefficients it
//!    alone pins down (so one stray row cannot buy a new coefficient).
//! 4. Classes too small to be fitted alone join a group in the same way,
//!    or stay unexplained: their rows are the exceptions.

use std::collections::BTreeMap;

use crate::classfit::{Ctx, Fitted, MAX_ASIDE};
use crate::scheme::{Label, Scheme};

/// A set of classes with one formula.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub labels: Vec<Label>,
    pub rows: Vec<usize>,
    pub fitted: Fitted,
}

/// The outcome of one scheme.
#[derive(Clone, Debug)]
pub(crate) struct SchemeFit {
    pub scheme: Scheme,
    pub groups: Vec<Group>,
    /// Rows (usable indices) no group explains.
    pub stray: Vec<usize>,
    /// Every class present, with its rows.
    pub classes: BTreeMap<Label, Vec<usize>>,
}

impl SchemeFit {
    /// Pieces plus unexplained rows: what the search minimises first.
    pub(crate) fn cost(&self) -> usize {
        self.groups.len() + self.stray.len()
    }
}

impl Ctx<'_> {
    /// Merges `a` and `b` if one formula fits both and each side brings
    /// rows to spare beyond the coefficients it alone determines.
    fn merge(&self, a: &Group, b_rows: &[usize]) -> Option<Fitted> {
        let mut all = a.rows.clone();
        all.extend_from_slice(b_rows);
        let f = if self.explains(&a.fitted.formula, b_rows) {
            Fitted { formula: a.fitted.formula.clone(), rank: a.fitted.rank }
        } else {
            self.fit(&all)?
        };
        let d = f.formula.degree;
        let ru = self.rank(&all, d, false);
        (self.spare_ok(&a.rows, b_rows, d) && self.confirmed(all.len(), ru))
            .then_some(Fitted { formula: f.formula, rank: ru })
    }

    /// Whether `a` and `b` each bring `min_spare` rows beyond the
    /// coefficients (of the degree-`d` monomials) only they determine.
    fn spare_ok(&self, a: &[usize], b: &[usize], d: u32) -> bool {
        let mut all = a.to_vec();
        all.extend_from_slice(b);
        let ru = self.rank(&all, d, false) as i64;
        let ra = self.rank(a, d, false) as i64;
        let rb = self.rank(b, d, false) as i64;
        let need = self.min_spare as i64;
        a.len() as i64 - (ru - rb) >= need
            && b.len() as i64 - (ru - ra) >= need
    }

    /// Runs the whole scheme; gives up (`None`) once the cost exceeds
    /// `budget`.
    pub(crate) fn run(&self, budget: usize) -> Option<SchemeFit> {
        let mut classes: BTreeMap<Label, Vec<usize>> = BTreeMap::new();
        for i in 0..self.values.len() {
            classes
                .entry(self.scheme.label(&self.vars(i)[..self.nparams]))
                .or_default()
                .push(i);
        }
        let mut order: Vec<Label> = classes.keys().copied().collect();
        order.sort_by_key(|l| std::cmp::Reverse(classes[l].len()));

        // 1. Each class alone; a class may set a few rows aside (they are
        // exceptions from then on).
        let mut candidates: Vec<Fitted> = Vec::new();
        let mut outliers: Vec<usize> = Vec::new();
        for l in &order {
            let rows = &classes[l];
            let fitted = match self.fit(rows) {
                Some(f) => Some(f),
                None => {
                    // Sporadic means few: at most a tenth of the class,
                    // rounded up (one row of a class of 5 to 10, which
                    // still leaves the rows the evidence asks for), and
                    // MAX_ASIDE rows, within what the whole fit allows.
                    let room = self.max_out.saturating_sub(outliers.len());
                    let max_out =
                        room.min(rows.len().div_ceil(10)).min(MAX_ASIDE);
                    self.fit_robust(rows, max_out).map(|(f, out)| {
                        let set = classes.get_mut(l).unwrap();
                        set.retain(|i| !out.contains(i));
                        outliers.extend(out);
                        f
                    })
                }
            };
            if let Some(f) = fitted
                && !candidates.iter().any(|c| c.formula == f.formula)
            {
                candidates.push(f);
            }
        }
        // 2. Greedy cover by the candidates' predictions.
        let explained: Vec<Vec<Label>> = candidates
            .iter()
            .map(|c| {
                order
                    .iter()
                    .copied()
                    .filter(|l| self.explains(&c.formula, &classes[l]))
                    .collect()
            })
            .collect();
        let mut free: Vec<Label> = order.clone();
        let mut groups: Vec<Group> = Vec::new();
        let mut used = vec![false; candidates.len()];
        loop {
            let best = explained
                .iter()
                .enumerate()
                .filter(|&(i, _)| !used[i])
                .map(|(i, ls)| {
                    let n: usize = ls
                        .iter()
                        .filter(|l| free.contains(l))
                        .map(|l| classes[l].len())
                        .sum();
                    (i, n)
                })
                .filter(|&(_, n)| n > 0)
                .max_by_key(|&(i, n)| {
                    (n, std::cmp::Reverse(candidates[i].formula.degree))
                });
            let Some((i, _)) = best else { break };
            used[i] = true;
            // Largest class first; each further class must bring rows to
            // spare beyond the coefficients it alone would pin down.
            let mut labels: Vec<Label> = Vec::new();
            let mut rows: Vec<usize> = Vec::new();
            let d = candidates[i].formula.degree;
            for l in explained[i].iter().filter(|l| free.contains(l)) {
                if labels.is_empty() || self.spare_ok(&rows, &classes[l], d) {
                    labels.push(*l);
                    rows.extend_from_slice(&classes[l]);
                }
            }
            // The union is explained by the candidate; refit for the
            // simplest formula on it (never worse), which also checks that
            // the rows confirm it.
            let Some(fitted) = self.fit(&rows) else { continue };
            free.retain(|l| !labels.contains(l));
            groups.push(Group { labels, rows, fitted });
            if groups.len() > budget {
                return None;
            }
        }
        // 3. Merge groups.
        'outer: loop {
            for i in 0..groups.len() {
                for j in i + 1..groups.len() {
                    if let Some(f) = self.merge(&groups[i], &groups[j].rows) {
                        let g = groups.remove(j);
                        groups[i].labels.extend(g.labels);
                        groups[i].rows.extend(g.rows);
                        groups[i].fitted = f;
                        continue 'outer;
                    }
                }
            }
            break;
        }
        // 4. Small classes join a group or stay unexplained.
        let mut stray = outliers;
        for l in free {
            let rows = &classes[&l];
            let mut placed = false;
            for g in &mut groups {
                if let Some(f) = self.merge(g, rows) {
                    g.labels.push(l);
                    g.rows.extend_from_slice(rows);
                    g.fitted = f;
                    placed = true;
                    break;
                }
            }
            if !placed {
                stray.extend_from_slice(rows);
            }
            if groups.len() + stray.len() > budget {
                return None;
            }
        }
        for g in &mut groups {
            g.labels.sort();
            g.rows.sort_unstable();
        }
        stray.sort_unstable();
        Some(SchemeFit { scheme: self.scheme, groups, stray, classes })
    }
}
