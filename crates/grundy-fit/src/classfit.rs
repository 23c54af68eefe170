//! Exact fits of one class of rows: the primitive the search is made of.
//!
//! A `Ctx` holds the rows a scheme works on (parameters, the residue u,
//! the key's value) and fits them with the modular solver of `linalg.rs`:
//! the simplest exact formula (lowest degree, no divisor before
//! `gcd(x, y)`), a variant that sets a few sporadic rows aside, ranks of
//! the monomials, and the evidence test every offered formula must pass
//! (`backed`): enough rows beyond the coefficients, and each half of the
//! rows predicting the other.

use crate::formula::{Formula, Monomial, basis, monomial_value};
use crate::linalg::{Added, Echelon, mul, reduce};
use crate::scheme::{Base, Scheme};

/// The most rows one class may set aside as sporadic exceptions.
pub(crate) const MAX_ASIDE: usize = 8;

/// The rows a scheme works on, with their variables.
pub(crate) struct Ctx<'a> {
    pub scheme: Scheme,
    pub nparams: usize,
    /// Per usable row, `stride` numbers: parameters, then u if the scheme
    /// has it.
    vars: Vec<i64>,
    stride: usize,
    pub values: Vec<i64>,
    pub max_degree: u32,
    pub min_spare: usize,
    /// Most sporadic exceptions the whole fit may have.
    pub max_out: usize,
    bases: Vec<Vec<Monomial>>,
    /// Per usable row, the monomials of the largest basis modulo P (each
    /// smaller basis is a prefix of it): computed once, read by every
    /// fit of the row.
    monomials: Vec<u64>,
    /// Per usable row, how many leading monomials did not overflow.
    computable: Vec<usize>,
    /// The length of the largest basis.
    width: usize,
    _rows: std::marker::PhantomData<&'a ()>,
}

/// A formula fitted to some rows.
#[derive(Clone, Debug)]
pub(crate) struct Fitted {
    pub formula: Formula,
    /// Coefficients the rows determine (rank of the monomials on them, as
    /// far as the search looked; exact for reported pieces).
    pub rank: usize,
}

/// A deterministic order that visits far-apart rows first, so the rank
/// grows fast on grid-shaped data.
fn scrambled(n: usize) -> impl Iterator<Item = usize> {
    let mut step = (n as f64 * 0.618_033_988_7) as usize | 1;
    while n > 1 && num_integer::Integer::gcd(&step, &n) != 1 {
        step += 2;
    }
    (0..n).map(move |i| (i * step) % n.max(1))
}

/// SplitMix64's finaliser (Steele, Lea, Flood, Fast splittable
/// pseudorandom number generators, 2014): a fixed, well-mixed hash.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(
        scheme: Scheme,
        nparams: usize,
        rows: &'a [(&'a [i64], i64)],
        max_degree: u32,
        min_spare: usize,
        max_out: usize,
    ) -> Ctx<'a> {
        let residue = scheme.has_residue();
        let stride = nparams + scheme.extra_vars();
        let mut vars = Vec::with_capacity(rows.len() * stride);
        for (p, _) in rows {
            vars.extend_from_slice(p);
            if residue {
                vars.push(scheme.residue(p));
            }
            if scheme.quotient {
                vars.push(scheme.quotient(p));
            }
        }
        let bases: Vec<Vec<Monomial>> = (0..=max_degree)
            .map(|d| basis(nparams, scheme.extra_vars(), d))
            .collect();
        let all = &bases[max_degree as usize];
        debug_assert!(bases.iter().all(|b| all.starts_with(b)));
        let mut monomials = Vec::with_capacity(rows.len() * all.len());
        let mut computable = Vec::with_capacity(rows.len());
        let mut powers: Vec<Vec<u64>> = vec![Vec::new(); stride];
        for v in vars.chunks_exact(stride) {
            if v.iter().all(|x| x.unsigned_abs() < 1 << 20) {
                // No monomial of degree <= 6 overflows: products modulo P.
                for (p, &x) in powers.iter_mut().zip(v) {
                    p.clear();
                    p.push(1);
                    let r = reduce(i128::from(x));
                    for e in 1..=max_degree as usize {
                        p.push(mul(p[e - 1], r));
                    }
                }
                for m in all {
                    let x = m
                        .iter()
                        .zip(&powers)
                        .fold(1, |acc, (&e, p)| mul(acc, p[usize::from(e)]));
                    debug_assert_eq!(
                        Some(x),
                        monomial_value(m, v).map(reduce),
                        "{m:?} at {v:?}"
                    );
                    monomials.push(x);
                }
                computable.push(all.len());
                continue;
            }
            let mut ok = all.len();
            for (j, m) in all.iter().enumerate() {
                match monomial_value(m, v) {
                    Some(x) => monomials.push(reduce(x)),
                    None => {
                        ok = ok.min(j);
                        monomials.push(0);
                    }
                }
            }
            computable.push(ok);
        }
        let width = all.len();
        Ctx {
            scheme,
            nparams,
            monomials,
            computable,
            width,
            vars,
            stride,
            values: rows.iter().map(|r| r.1).collect(),
            max_degree,
            min_spare,
            max_out,
            bases,
            _rows: std::marker::PhantomData,
        }
    }

    fn gcd_pair(&self) -> Option<(usize, usize)> {
        match self.scheme.base {
            Base::Param(y) => {
                Some((y.min(self.scheme.x), y.max(self.scheme.x)))
            }
            Base::Const | Base::Form(_) => None,
        }
    }

    /// The variables of usable row `i`.
    pub(crate) fn vars(&self, i: usize) -> &[i64] {
        &self.vars[i * self.stride..(i + 1) * self.stride]
    }

    /// Row `i` of `[Phi | v*g]` modulo P into `buf` (`v*g` replaced by 0
    /// without `with_value`); `false` on overflow.
    fn matrix_row(
        &self,
        i: usize,
        basis: &[Monomial],
        divisor: Option<(usize, usize)>,
        with_value: bool,
        buf: &mut Vec<u64>,
    ) -> bool {
        let v = self.vars(i);
        buf.clear();
        let k = basis.len();
        if k > self.computable[i] {
            return false;
        }
        debug_assert!(self.bases[self.bases.len() - 1].starts_with(basis));
        let at = i * self.width;
        buf.extend_from_slice(&self.monomials[at..at + k]);
        let g = match divisor {
            Some((a, b)) => num_integer::Integer::gcd(&v[a], &v[b]),
            None => 1,
        };
        buf.push(if with_value {
            reduce(i128::from(self.values[i]) * i128::from(g))
        } else {
            0
        });
        true
    }

    fn add_row(
        &self,
        ech: &mut Echelon,
        i: usize,
        basis: &[Monomial],
        divisor: Option<(usize, usize)>,
        buf: &mut Vec<u64>,
    ) -> Option<Added> {
        self.matrix_row(i, basis, divisor, true, buf).then(|| ech.add(buf))
    }

    /// An exact fit of the degree-`d` basis to `rows`, or `None`.
    fn fit_at(
        &self,
        rows: &[usize],
        d: u32,
        divisor: Option<(usize, usize)>,
    ) -> Option<Fitted> {
        let basis = &self.bases[d as usize];
        let k = basis.len();
        let mut ech = Echelon::new(k);
        let mut since = 0;
        let window = 3 * k + 8;
        let order: Vec<usize> = scrambled(rows.len()).collect();
        let mut next = 0;
        let buf = &mut Vec::with_capacity(k + 1);
        for &o in &order {
            next += 1;
            match self.add_row(&mut ech, rows[o], basis, divisor, buf)? {
                Added::Inconsistent => return None,
                Added::Independent => since = 0,
                Added::Dependent => since += 1,
            }
            if ech.rank() == k || since >= window {
                break;
            }
        }
        // Solve, verify on every row, add the rows that disagree; a few
        // rounds, then the remaining rows one by one.
        for _ in 0..4 {
            let formula = self.formula(basis, &ech, divisor, d)?;
            let bad: Vec<usize> = rows
                .iter()
                .copied()
                .filter(|&i| !formula.matches(self.vars(i), self.values[i]))
                .take(k + 1)
                .collect();
            if bad.is_empty() {
                return Some(Fitted { formula, rank: ech.rank() });
            }
            for i in bad {
                if self.add_row(&mut ech, i, basis, divisor, buf)?
                    == Added::Inconsistent
                {
                    return None;
                }
            }
        }
        for &o in &order[next..] {
            if self.add_row(&mut ech, rows[o], basis, divisor, buf)?
                == Added::Inconsistent
            {
                return None;
            }
        }
        let formula = self.formula(basis, &ech, divisor, d)?;
        rows.iter()
            .all(|&i| formula.matches(self.vars(i), self.values[i]))
            .then_some(Fitted { formula, rank: ech.rank() })
    }

    fn formula(
        &self,
        basis: &[Monomial],
        ech: &Echelon,
        divisor: Option<(usize, usize)>,
        d: u32,
    ) -> Option<Formula> {
        let (nums, den) = ech.rational_solution()?;
        let terms: Vec<(i128, Monomial)> = nums
            .into_iter()
            .zip(basis)
            .filter(|(c, _)| *c != 0)
            .map(|(c, m)| (c, m.clone()))
            .collect();
        let degree = terms
            .iter()
            .map(|(_, m)| m.iter().map(|&e| u32::from(e)).sum())
            .max()
            .unwrap_or(0);
        let _ = d;
        Some(Formula { terms, den, gcd: divisor, scheme: self.scheme, degree })
    }

    /// The rank of the degree-`d` monomials on `rows`. With `exact` every
    /// row is used; otherwise the scan stops once the rank has not grown
    /// for a while (a lower bound, good enough to steer the search).
    pub(crate) fn rank(&self, rows: &[usize], d: u32, exact: bool) -> usize {
        let basis = &self.bases[d as usize];
        let k = basis.len();
        let mut ech = Echelon::new(k);
        let mut since = 0;
        let buf = &mut Vec::with_capacity(k + 1);
        for o in scrambled(rows.len()) {
            if !self.matrix_row(rows[o], basis, None, false, buf) {
                continue;
            }
            match ech.add(buf) {
                Added::Independent => since = 0,
                _ => since += 1,
            }
            if ech.rank() == k || (!exact && since >= 3 * k + 8) {
                break;
            }
        }
        ech.rank()
    }

    pub(crate) fn confirmed(&self, rows: usize, rank: usize) -> bool {
        rows >= rank + rank.max(self.min_spare)
    }

    /// Whether `f`, exact on `rows`, is backed by them: enough rows beyond
    /// the coefficients (see [`Ctx::confirmed`]), and each half of the
    /// rows (split by a hash of the row) determines a formula
    /// that predicts the other half. A coefficient pinned down by one row
    /// alone (a cubic through one odd value among zeros) fails the second
    /// test, however many rows there are.
    pub(crate) fn backed(&self, rows: &[usize], f: &Fitted) -> bool {
        if !self.confirmed(rows.len(), f.rank) {
            return false;
        }
        // A hash decides the half: any arithmetic rule (alternate rows)
        // could line up with the law (odd k in one half, even in the
        // other) and leave a half blind to a residue.
        let (h1, h2): (Vec<usize>, Vec<usize>) =
            rows.iter().partition(|&&i| mix(i as u64) & 1 == 0);
        let d = f.formula.degree;
        let g = f.formula.gcd;
        let predicts = |a: &[usize], b: &[usize]| {
            self.fit_at(a, d, g)
                .is_some_and(|fa| self.explains(&fa.formula, b))
        };
        predicts(&h1, &h2) && predicts(&h2, &h1)
    }

    /// The simplest confirmed formula for `rows`: lowest degree, no divisor
    /// before the gcd.
    pub(crate) fn fit(&self, rows: &[usize]) -> Option<Fitted> {
        if rows.len() < 1 + self.min_spare {
            return None;
        }
        let divisors = [None, self.gcd_pair()];
        for divisor in
            divisors.iter().take(1 + usize::from(divisors[1].is_some()))
        {
            for d in 0..=self.max_degree {
                if let Some(f) = self.fit_at(rows, d, *divisor) {
                    if self.backed(rows, &f) {
                        return Some(f);
                    }
                    break;
                }
            }
        }
        None
    }

    /// Like [`Ctx::fit`], but up to `max_out` rows may disagree (sporadic
    /// exceptions): the rows that contradict the fit so far are set aside
    /// as they come. An exception among the first rows would spoil the
    /// basis and set many good rows aside, so two row orders are tried.
    /// Returns the fit and the rows set aside.
    pub(crate) fn fit_robust(
        &self,
        rows: &[usize],
        max_out: usize,
    ) -> Option<(Fitted, Vec<usize>)> {
        if max_out == 0 || rows.len() < 1 + self.min_spare + max_out {
            return None;
        }
        let divisors = [None, self.gcd_pair()];
        for divisor in
            divisors.iter().take(1 + usize::from(divisors[1].is_some()))
        {
            for d in 0..=self.max_degree {
                for reverse in [false, true] {
                    let Some((f, out)) = self
                        .fit_set_aside(rows, d, *divisor, max_out, reverse)
                    else {
                        continue;
                    };
                    let clean: Vec<usize> = rows
                        .iter()
                        .copied()
                        .filter(|i| !out.contains(i))
                        .collect();
                    if self.backed(&clean, &f) {
                        return Some((f, out));
                    }
                }
            }
        }
        None
    }

    fn fit_set_aside(
        &self,
        rows: &[usize],
        d: u32,
        divisor: Option<(usize, usize)>,
        max_out: usize,
        reverse: bool,
    ) -> Option<(Fitted, Vec<usize>)> {
        let basis = &self.bases[d as usize];
        let mut ech = Echelon::new(basis.len());
        let mut order: Vec<usize> = scrambled(rows.len()).collect();
        if reverse {
            order.reverse();
        }
        let k = basis.len();
        let window = 3 * k + 8;
        let (mut aside, mut since) = (0, 0);
        let mut next = 0;
        let mut candidate = None;
        let buf = &mut Vec::with_capacity(k + 1);
        for &o in &order {
            next += 1;
            match self.add_row(&mut ech, rows[o], basis, divisor, buf)? {
                Added::Inconsistent => {
                    aside += 1;
                    if aside > max_out {
                        return None;
                    }
                }
                Added::Independent => since = 0,
                Added::Dependent => since += 1,
            }
            if ech.rank() == k || since >= window {
                // Try the fit so far on every row: usually the rows it
                // misses are the exceptions and the scan can stop.
                let formula = self.formula(basis, &ech, divisor, d)?;
                let out = self.misses(&formula, rows, max_out);
                if out.len() <= max_out {
                    candidate = Some((formula, out));
                }
                break;
            }
        }
        let (formula, out) = match candidate {
            Some(c) => c,
            None => {
                for &o in &order[next..] {
                    if self.add_row(&mut ech, rows[o], basis, divisor, buf)?
                        == Added::Inconsistent
                    {
                        aside += 1;
                        if aside > max_out {
                            return None;
                        }
                    }
                }
                let formula = self.formula(basis, &ech, divisor, d)?;
                let out = self.misses(&formula, rows, max_out);
                (formula, out)
            }
        };
        (out.len() <= max_out && out.len() < rows.len())
            .then_some((Fitted { formula, rank: ech.rank() }, out))
    }

    /// The rows `f` gets wrong, counting up to `limit + 1`.
    fn misses(&self, f: &Formula, rows: &[usize], limit: usize) -> Vec<usize> {
        rows.iter()
            .copied()
            .filter(|&i| !f.matches(self.vars(i), self.values[i]))
            .take(limit + 1)
            .collect()
    }

    pub(crate) fn explains(&self, f: &Formula, rows: &[usize]) -> bool {
        rows.iter().all(|&i| f.matches(self.vars(i), self.values[i]))
    }
}
