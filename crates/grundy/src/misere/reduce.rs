//! The bipartite reduction: merge the elements of a bipartite monoid
//! (Q, P) that no element tells apart, x ~ y iff xz ∈ P ⟺ yz ∈ P for
//! every z (Plambeck and Siegel, Misère quotients for impartial games,
//! J. Combin. Theory Ser. A 115 (2008); A. N. Siegel, Misère games and
//! misère quotients; docs/MISERE.md §1.4, §2.10).
//!
//! Seen as an automaton (states the elements, one letter per generator
//! acting by right multiplication, accepting states P), ~ is the Nerode
//! equivalence, found here by Moore's partition refinement; it is a
//! congruence, P is a union of its classes, and the classes with the
//! generator actions on them form the reduced monoid.

use std::collections::HashMap;

use crate::budget::{Budget, Stopped};

use super::bits::Bits;
use super::monoid::Monoid;
use super::{Elem, POLL_EVERY};

/// A bipartite monoid: a monoid and its P-portion.
#[derive(Clone, Debug)]
pub(crate) struct Bipartite {
    pub(crate) monoid: Monoid,
    pub(crate) p: Bits,
}

impl Bipartite {
    /// True when x is in P.
    pub(crate) fn is_p(&self, x: Elem) -> bool {
        self.p.contains(x as usize)
    }

    /// The elements of P, ascending.
    pub(crate) fn p_elements(&self) -> Vec<Elem> {
        self.p.iter().map(|x| x as Elem).collect()
    }
}

/// The reduction of (monoid, p): the reduced bipartite monoid and the map
/// old element -> its class. Class 0 holds the identity; classes are
/// numbered by their least old element, so the result does not depend
/// on the order of refinement. Moore's rounds can number up to the
/// order, each a pass over every element: they poll `budget`'s deadline
/// and cancel flag.
pub(crate) fn reduce(
    monoid: &Monoid,
    p: &Bits,
    budget: &Budget,
) -> Result<(Bipartite, Vec<Elem>), Stopped> {
    let n = monoid.order();
    let poll = (POLL_EVERY / (monoid.generators() + 1)).max(1);
    let mut class: Vec<Elem> =
        (0..n).map(|x| Elem::from(p.contains(x))).collect();
    let mut count = number(&mut class);
    loop {
        let mut signature: HashMap<Vec<Elem>, Elem> = HashMap::new();
        let mut next = vec![0; n];
        for x in 0..n {
            if x.is_multiple_of(poll) {
                super::interrupted(budget)?;
            }
            let mut key = Vec::with_capacity(monoid.generators() + 1);
            key.push(class[x]);
            for g in 0..monoid.generators() {
                key.push(class[monoid.times_generator(x as Elem, g) as usize]);
            }
            let fresh = signature.len() as Elem;
            next[x] = *signature.entry(key).or_insert(fresh);
        }
        let next_count = number(&mut next);
        class = next;
        if next_count == count {
            break;
        }
        count = next_count;
    }
    let mut rep = vec![Elem::MAX; count];
    for x in (0..n).rev() {
        rep[class[x] as usize] = x as Elem;
    }
    let act: Vec<Vec<Elem>> = (0..monoid.generators())
        .map(|g| {
            rep.iter()
                .map(|&x| class[monoid.times_generator(x, g) as usize])
                .collect()
        })
        .collect();
    let reduced = if act.is_empty() {
        Monoid::trivial()
    } else {
        Monoid::from_actions(act).unwrap_or_else(Monoid::trivial)
    };
    let mut p2 = Bits::new(count);
    for (c, &x) in rep.iter().enumerate() {
        if p.contains(x as usize) {
            p2.insert(c);
        }
    }
    Ok((Bipartite { monoid: reduced, p: p2 }, class))
}

/// Renumbers the classes by their least element (the class of element 0
/// becomes 0) and returns how many there are.
fn number(class: &mut [Elem]) -> usize {
    let mut new: HashMap<Elem, Elem> = HashMap::new();
    for c in class.iter_mut() {
        let fresh = new.len() as Elem;
        *c = *new.entry(*c).or_insert(fresh);
    }
    new.len()
}

/// True when no two elements of (monoid, p) are indistinguishable.
pub(crate) fn is_reduced(monoid: &Monoid, p: &Bits) -> bool {
    reduce(monoid, p, &Budget::default())
        .is_ok_and(|r| r.0.monoid.order() == monoid.order())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::monoid::tests::t2;

    fn bits(n: usize, members: &[usize]) -> Bits {
        let mut b = Bits::new(n);
        for &i in members {
            b.insert(i);
        }
        b
    }

    /// Brute force: x ~ y iff P(xz) = P(yz) for every z.
    fn same(m: &Monoid, p: &Bits, x: Elem, y: Elem) -> bool {
        (0..m.order() as Elem).all(|z| {
            p.contains(m.mul(x, z) as usize)
                == p.contains(m.mul(y, z) as usize)
        })
    }

    fn check(m: &Monoid, p: &Bits) -> Bipartite {
        let (r, map) = reduce(m, p, &Budget::default()).unwrap();
        assert_eq!(map[0], 0);
        for x in 0..m.order() as Elem {
            assert_eq!(p.contains(x as usize), r.is_p(map[x as usize]));
            for y in 0..m.order() as Elem {
                assert_eq!(
                    same(m, p, x, y),
                    map[x as usize] == map[y as usize]
                );
                assert_eq!(
                    map[m.mul(x, y) as usize],
                    r.monoid.mul(map[x as usize], map[y as usize])
                );
            }
        }
        for x in 0..r.monoid.order() as Elem {
            for y in 0..r.monoid.order() as Elem {
                assert!(x == y || !same(&r.monoid, &r.p, x, y));
            }
        }
        r
    }

    #[test]
    fn misere_reduce_t2_is_reduced() {
        // P = {a, b2}: elements a = 1, b2 = 4
        let m = t2();
        let p = bits(6, &[1, 4]);
        assert!(is_reduced(&m, &p));
        assert_eq!(check(&m, &p).monoid.order(), 6);
    }

    #[test]
    fn misere_reduce_polls_the_deadline() {
        let past = Budget {
            deadline: Some(std::time::Instant::now()),
            ..Budget::default()
        };
        let stop = reduce(&t2(), &bits(6, &[1, 4]), &past).unwrap_err();
        assert_eq!(stop.reason, crate::budget::StopReason::Time);
    }

    #[test]
    fn misere_reduce_merges() {
        let m = t2();
        // P = {a}: only the parity of a and whether b occurs matter? check
        // against brute force whatever the answer.
        for mask in 0u32..64 {
            let members: Vec<usize> =
                (0..6).filter(|i| mask >> i & 1 == 1).collect();
            check(&m, &bits(6, &members));
        }
        // P = {} collapses everything
        assert_eq!(check(&m, &bits(6, &[])).monoid.order(), 1);
        // T2 x C(2,2) with P = {a, b2} (times 1): the cyclic factor
        // never reaches P, so g, g2, g3 all merge with ... brute force.
        let c = Monoid::cyclic(2, 2).unwrap();
        let big = m.product(&c, &Budget::default()).unwrap();
        let r = check(&big, &bits(24, &[1, 4]));
        assert!(r.monoid.order() < 24);
    }
}
