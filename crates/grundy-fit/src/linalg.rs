//! Exact fitting of a linear combination of basis columns to integer data.
//!
//! A piece's formula is found by solving `Phi c = v` exactly, where `Phi`
//! holds the monomials of each row and `v` its value. The search runs
//! thousands of such solves, so it works modulo the prime `p = 2^61 - 1`
//! (no growth of intermediate numbers): rows are added one at a time to a
//! row-echelon basis, and a row that reduces to `[0 ... 0 | nonzero]`
//! proves that no exact fit exists (an inconsistency modulo p is one over
//! the rationals too, as the rows are integers). A consistent system gives
//! a solution modulo p, turned back into fractions by rational
//! reconstruction (Wang's algorithm; numerators and denominators up to
//! 2^30). Reconstruction may fail or, with tiny probability, give a wrong
//! fraction: the caller therefore verifies every candidate on every row in
//! exact integer arithmetic, and only verified formulas are ever used.
//!
//! The pivot columns of an echelon basis are the leftmost independent
//! columns, so when columns are dependent on the rows at hand (in a piece
//! where `b == 2*a`, say) the solution uses the earliest columns and leaves
//! the later ones at zero: the basis order is the order of preference.
//!
//! References: V. Shoup, A Computational Introduction to Number Theory and
//! Algebra, section 4.6 (rational reconstruction); P. S. Wang, A p-adic
//! algorithm for univariate partial fractions (1981).

/// The prime modulus, 2^61 - 1.
pub(crate) const P: u64 = (1 << 61) - 1;

/// `a*b mod P`.
#[inline]
pub(crate) fn mul(a: u64, b: u64) -> u64 {
    let t = u128::from(a) * u128::from(b);
    let lo = (t as u64) & P;
    let hi = (t >> 61) as u64;
    let s = lo + hi;
    if s >= P { s - P } else { s }
}

#[inline]
fn sub(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + P - b }
}

fn pow(mut a: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, a);
        }
        a = mul(a, a);
        e >>= 1;
    }
    r
}

fn inv(a: u64) -> u64 {
    pow(a, P - 2)
}

/// An integer modulo P (P is a Mersenne prime: fold the 61-bit limbs).
#[inline]
pub(crate) fn reduce(v: i128) -> u64 {
    let m = v.unsigned_abs();
    let p = u128::from(P);
    let mut r = (m & p) + ((m >> 61) & p) + (m >> 122);
    r = (r & p) + (r >> 61);
    let mut r = r as u64;
    if r >= P {
        r -= P;
    }
    if v < 0 && r != 0 { P - r } else { r }
}

/// What adding a row did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Added {
    /// The row raised the rank.
    Independent,
    /// The row follows from the earlier ones (and agrees with them).
    Dependent,
    /// The row contradicts the earlier ones: no exact fit.
    Inconsistent,
}

/// A row-echelon basis of `[Phi | v]` modulo P; `k` basis columns plus
/// the value column.
#[derive(Clone, Debug)]
pub(crate) struct Echelon {
    k: usize,
    /// (pivot column, row with a 1 at the pivot), sorted by pivot.
    rows: Vec<(usize, Vec<u64>)>,
}

impl Echelon {
    pub(crate) fn new(k: usize) -> Echelon {
        Echelon { k, rows: Vec::with_capacity(k) }
    }

    /// The rank of `Phi` on the rows added so far.
    pub(crate) fn rank(&self) -> usize {
        self.rows.len()
    }

    /// Adds a row of `k + 1` entries (the last is the value), reducing it
    /// in place.
    pub(crate) fn add(&mut self, row: &mut [u64]) -> Added {
        debug_assert_eq!(row.len(), self.k + 1);
        for (pivot, basis) in &self.rows {
            let f = row[*pivot];
            if f != 0 {
                for (x, &y) in row[*pivot..].iter_mut().zip(&basis[*pivot..]) {
                    *x = sub(*x, mul(f, y));
                }
            }
        }
        let Some(lead) = row.iter().position(|&x| x != 0) else {
            return Added::Dependent;
        };
        if lead == self.k {
            return Added::Inconsistent;
        }
        let f = inv(row[lead]);
        for x in &mut row[lead..] {
            *x = mul(*x, f);
        }
        let at = self.rows.partition_point(|(p, _)| *p < lead);
        self.rows.insert(at, (lead, row.to_vec()));
        Added::Independent
    }

    /// The solution modulo P with the free columns at 0.
    fn solve(&self) -> Vec<u64> {
        let mut c = vec![0u64; self.k];
        for (pivot, row) in self.rows.iter().rev() {
            let mut v = row[self.k];
            for (j, &x) in row.iter().enumerate().take(self.k).skip(pivot + 1)
            {
                v = sub(v, mul(x, c[j]));
            }
            c[*pivot] = v;
        }
        c
    }

    /// The solution as integers over one common denominator:
    /// `(numerators, denominator)`, or `None` if some coefficient is not a
    /// small fraction.
    pub(crate) fn rational_solution(&self) -> Option<(Vec<i128>, i128)> {
        let c = self.solve();
        let fracs: Vec<(i128, i128)> =
            c.iter().map(|&x| reconstruct(x)).collect::<Option<_>>()?;
        let mut den: i128 = 1;
        for &(_, d) in &fracs {
            den = num_integer::Integer::lcm(&den, &d);
            if den > 1 << 40 {
                return None;
            }
        }
        let nums: Option<Vec<i128>> =
            fracs.iter().map(|&(n, d)| n.checked_mul(den / d)).collect();
        Some((nums?, den))
    }
}

/// Wang's rational reconstruction: `n/d` with `n = x*d mod P`,
/// `|n|, d <= 2^30`.
fn reconstruct(x: u64) -> Option<(i128, i128)> {
    const BOUND: i128 = 1 << 30;
    let (mut r0, mut r1) = (i128::from(P), i128::from(x));
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 > BOUND {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    if t1 == 0 || t1.abs() > BOUND {
        return None;
    }
    let (n, d) = if t1 < 0 { (-r1, -t1) } else { (r1, t1) };
    if num_integer::Integer::gcd(&n, &d) != 1 {
        return None;
    }
    Some((n, d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn row(xs: &[i128]) -> Vec<u64> {
        xs.iter().map(|&x| reduce(x)).collect()
    }

    #[test]
    fn reduce_matches_rem_euclid() {
        let p = i128::from(P);
        for v in
            [0, 1, -1, p, -p, p - 1, p + 1, -p - 1, i128::MAX, i128::MIN + 1]
        {
            assert_eq!(reduce(v), v.rem_euclid(p) as u64, "{v}");
        }
        let mut x: i128 = 0x1234_5678_9abc_def0_1357_9bdf_0246_8ace;
        for _ in 0..1000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            assert_eq!(reduce(x), x.rem_euclid(p) as u64, "{x}");
        }
    }

    #[test]
    fn fits_a_line_with_halves() {
        // v = (3x + 1)/2 on odd x.
        let mut e = Echelon::new(2);
        for x in [1i128, 3, 5, 7] {
            let added = e.add(&mut row(&[1, x, (3 * x + 1) / 2]));
            assert_ne!(added, Added::Inconsistent);
        }
        assert_eq!(e.rank(), 2);
        assert_eq!(e.rational_solution(), Some((vec![1, 3], 2)));
        assert_eq!(e.add(&mut row(&[1, 9, 15])), Added::Inconsistent);
    }

    #[test]
    fn dependent_columns_use_the_earliest() {
        // Columns a and b with b == 2a on every row: v = 4a, not 2b.
        let mut e = Echelon::new(2);
        for a in 1i128..5 {
            e.add(&mut row(&[a, 2 * a, 4 * a]));
        }
        assert_eq!(e.rank(), 1);
        assert_eq!(e.rational_solution(), Some((vec![4, 0], 1)));
    }

    proptest! {
        // The modular solve against the obvious one: a random small-integer
        // polynomial in two variables is recovered exactly from its values
        // on a grid, and any changed value is caught.
        #[test]
        fn recovers_random_quadratics(
            c in prop::collection::vec(-50i128..50, 6),
            den in 1i128..7,
            bump in 0usize..30,
        ) {
            let f = |x: i128, y: i128| {
                let m = [1, x, y, x * x, x * y, y * y];
                m.iter().zip(&c).map(|(m, c)| m * c).sum::<i128>()
            };
            let pts: Vec<(i128, i128)> =
                (0..6).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
            let mut e = Echelon::new(6);
            for &(x, y) in &pts {
                let m = [1, x, y, x * x, x * y, y * y];
                let mut r: Vec<i128> = m.iter().map(|&m| m * den).collect();
                r.push(f(x, y));
                prop_assert_ne!(e.add(&mut row(&r)), Added::Inconsistent);
            }
            let (nums, d) = e.rational_solution().unwrap();
            for (i, n) in nums.iter().enumerate() {
                // n/d == c/den
                prop_assert_eq!(n * den, c[i] * d);
            }
            let (x, y) = pts[bump];
            let m = [1, x, y, x * x, x * y, y * y];
            let mut r: Vec<i128> = m.iter().map(|&m| m * den).collect();
            r.push(f(x, y) + 1);
            prop_assert_eq!(e.add(&mut row(&r)), Added::Inconsistent);
        }
    }
}
