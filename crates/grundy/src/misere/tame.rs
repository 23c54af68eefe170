//! Is a quotient tame, that is isomorphic to the quotient T_n of misère
//! Nim with heaps below 2^n? A structural test (docs/MISERE.md §1.6;
//! Plambeck and Siegel, Misère quotients for impartial games, J. Combin.
//! Theory Ser. A 115 (2008); A. N. Siegel, Misère games and misère
//! quotients), not MisereSolver's count-based heuristic.
//!
//! T_0 is trivial, T_1 = <a | a2 = 1> with P = {a}, and for n >= 2
//! T_n = {1, a} ⊔ K where K ≅ (Z/2)^n is an ideal and a group with
//! identity e, P = {a, e}, and a·e ≠ e.

use super::Elem;
use super::reduce::Bipartite;

/// `Some(n)` when (Q, P) is T_n, else `None`.
pub(crate) fn tame_index(q: &Bipartite) -> Option<u32> {
    let m = &q.monoid;
    let order = m.order();
    let p = q.p_elements();
    match order {
        1 => return p.is_empty().then_some(0),
        2 => return (m.mul(1, 1) == 0 && p == [1]).then_some(1),
        _ => {}
    }
    let all = 0..order as Elem;
    let mut units = all.clone().filter(|&x| x != 0 && m.mul(x, x) == 0);
    let a = units.next()?;
    if units.next().is_some() || !q.is_p(a) {
        return None;
    }
    let k: Vec<Elem> = all.filter(|&x| x != 0 && x != a).collect();
    let e = m.mul(k[0], k[0]);
    if e == 0 || e == a || m.mul(e, e) != e {
        return None;
    }
    for &x in &k {
        if m.mul(x, x) != e || m.mul(e, x) != x {
            return None;
        }
        for &y in &k {
            let z = m.mul(x, y);
            if z == 0 || z == a {
                return None;
            }
        }
    }
    let n = k.len().trailing_zeros();
    let mut want = vec![a, e];
    want.sort_unstable();
    (k.len().is_power_of_two() && n >= 2 && p == want && m.mul(a, e) != e)
        .then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::misere::options::tests::{Nim, octal, subtraction};
    use crate::misere::solver::quotient;
    use crate::misere::verify::tests::{r8, t2_bip, t3_nim};

    #[test]
    fn misere_tame_nim_and_friends() {
        let q = quotient(&Nim, 15, &Budget::default()).unwrap();
        assert_eq!(q.q.monoid.order(), 18);
        assert_eq!(tame_index(&q.q), Some(4));
        for h in 0..=15u32 {
            let q = quotient(&Nim, h, &Budget::default()).unwrap();
            let n = if h == 0 { 0 } else { 32 - h.leading_zeros() };
            assert_eq!(tame_index(&q.q), Some(n), "Q_{h}(Nim)");
        }
        assert_eq!(tame_index(&t2_bip()), Some(2));
        assert_eq!(tame_index(&t3_nim().0), Some(3));
        assert_eq!(tame_index(&r8()), None);
        for (set, n) in
            [(&[1][..], 1), (&[2], 1), (&[1, 2], 2), (&[1, 2, 3], 2)]
        {
            let q =
                quotient(&subtraction(set), 9, &Budget::default()).unwrap();
            assert_eq!(tame_index(&q.q), Some(n), "{set:?}");
        }
        // wild: 0.75 (R8), Dawson's Kayles and Kayles once of order 24
        for (digits, h) in [(&[7, 5][..], 6), (&[0, 7], 16), (&[7, 7], 13)] {
            let q = quotient(&octal(digits), h, &Budget::default()).unwrap();
            assert_eq!(tame_index(&q.q), None, "{digits:?}");
        }
        // T2 with another P is not tame
        let mut odd = t2_bip();
        odd.p.insert(2);
        assert_eq!(tame_index(&odd), None);
    }
}
