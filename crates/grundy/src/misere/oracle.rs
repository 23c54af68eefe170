//! Tests only: the misère outcome of any sum of heaps by memoised
//! exhaustive search, the reference the quotient code is checked against
//! (docs/MISERE.md §4). It knows nothing of monoids: a position is a
//! sorted list of heaps, and it is P iff it has a move and every move
//! leads to an N-position (the player who cannot move wins; Plambeck and
//! Siegel, Misère quotients for impartial games, J. Combin. Theory Ser. A
//! 115 (2008), §1).

use std::collections::HashMap;

use super::options::HeapOptions;

/// Misère outcomes of sums of heaps 0..=N, memoised.
pub(crate) struct Oracle {
    options: HeapOptions,
    memo: HashMap<Vec<u32>, bool>,
}

impl Oracle {
    /// An oracle for the heaps whose options are listed.
    pub(crate) fn new(options: HeapOptions) -> Oracle {
        Oracle { options, memo: HashMap::new() }
    }

    /// The largest heap it knows.
    pub(crate) fn max_heap(&self) -> u32 {
        self.options.len().saturating_sub(1) as u32
    }

    /// The sorted position without the heaps that have no option.
    fn canonical(&self, heaps: &[u32]) -> Vec<u32> {
        let mut v: Vec<u32> = heaps
            .iter()
            .copied()
            .filter(|&h| !self.options[h as usize].is_empty())
            .collect();
        v.sort_unstable();
        v
    }

    /// True when the sum of `heaps` (each at most [`Oracle::max_heap`])
    /// is a misère P-position.
    pub(crate) fn is_p(&mut self, heaps: &[u32]) -> bool {
        let pos = self.canonical(heaps);
        self.is_p_canonical(pos)
    }

    fn is_p_canonical(&mut self, pos: Vec<u32>) -> bool {
        if pos.is_empty() {
            return false;
        }
        if let Some(&p) = self.memo.get(&pos) {
            return p;
        }
        let mut some_p_option = false;
        'moves: for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            let h = pos[i] as usize;
            for k in 0..self.options[h].len() {
                let mut next: Vec<u32> = pos[..i].to_vec();
                next.extend_from_slice(&pos[i + 1..]);
                next.extend_from_slice(&self.options[h][k]);
                let next = self.canonical(&next);
                if self.is_p_canonical(next) {
                    some_p_option = true;
                    break 'moves;
                }
            }
        }
        let p = !some_p_option;
        self.memo.insert(pos, p);
        p
    }
}

/// Calls `visit` with every multiset of at most `count` heaps of sizes
/// 1..=`max` (the empty one included), as a sorted list.
pub(crate) fn for_each_sum(
    max: u32,
    count: usize,
    visit: &mut dyn FnMut(&[u32]),
) {
    fn go(
        from: u32,
        max: u32,
        count: usize,
        cur: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]),
    ) {
        visit(cur);
        if cur.len() == count {
            return;
        }
        for h in from..=max {
            cur.push(h);
            go(h, max, count, cur, visit);
            cur.pop();
        }
    }
    go(1, max, count, &mut Vec::new(), visit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::options::heap_options;
    use crate::misere::options::tests::{Nim, octal};

    /// Bouton: misère Nim is P iff every heap is at most 1 and their
    /// number is odd, or some heap is at least 2 and the nim-sum is 0.
    fn bouton(heaps: &[u32]) -> bool {
        if heaps.iter().all(|&h| h <= 1) {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            heaps.iter().fold(0, |x, &h| x ^ h) == 0
        }
    }

    #[test]
    fn misere_oracle_is_bouton_on_nim() {
        let mut oracle = Oracle::new(heap_options(&Nim, 5));
        let mut count = 0;
        for_each_sum(5, 4, &mut |heaps| {
            assert_eq!(oracle.is_p(heaps), bouton(heaps), "{heaps:?}");
            count += 1;
        });
        // multisets of at most 4 heaps from 5 sizes: C(9, 4) = 126
        assert_eq!(count, 126);
        // heap 0 has no option and changes nothing; order is irrelevant
        assert!(
            oracle.is_p(&[0, 1]) && !oracle.is_p(&[]) && !oracle.is_p(&[1, 1])
        );
        assert_eq!(oracle.is_p(&[3, 2, 1]), oracle.is_p(&[1, 2, 3]));
    }

    #[test]
    fn misere_oracle_single_heaps_of_0_75_and_0_07() {
        // docs/MISERE.md §3.1 and §3.2: misère outcomes of heaps 0..=6 of
        // 0.75 are N P N P N N N, of heaps 0..=7 of 0.07 N N P P N N N P
        let mut o = Oracle::new(heap_options(&octal(&[7, 5]), 6));
        let p: Vec<bool> = (0..=6).map(|h| o.is_p(&[h])).collect();
        assert_eq!(p, [false, true, false, true, false, false, false]);
        assert!(o.is_p(&[2, 2]));
        let mut o = Oracle::new(heap_options(&octal(&[0, 7]), 7));
        let p: Vec<bool> = (0..=7).map(|h| o.is_p(&[h])).collect();
        assert_eq!(p, [false, false, true, true, false, false, false, true]);
    }
}
