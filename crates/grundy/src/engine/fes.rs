//! All-but (cofinite) sets: the FES algorithm over boundary patterns.
//!
//! For S = {1, 2, 3, ...} \ X the Grundy values are unbounded, so the
//! window engines for finite sets do not apply. The FES algorithm
//! (Sleator-Slusky; seed 003, Algorithm 1 and Theorem 5) computes the
//! values in order of increasing Grundy value k instead of increasing n.
//! Step k:
//!
//! 1. the least undetermined position n gets value k;
//! 2. for each x in X ascending, n + x gets value k if it is undetermined
//!    and (n + x) - m is in X for every m that got value k in this step.
//!
//! Every position with value k lies in [n, n + max(X)] (seed 003, Lemma 1),
//! so between steps only the *boundary pattern* matters: which of the
//! max(X) + 1 positions from the first undetermined one on are already
//! determined (`*`) and which are not (`_`) (seed 003, Definition 7). The
//! next pattern is a function of the current one, which is what
//! [`Fes::step`] computes on a bitset; a repeat of the pattern proves
//! additive periodicity (see `allbut.rs`).
//!
//! [`FesValues`] runs the same steps with a ring of max(X) + 1 values and
//! hands out g(0), g(1), ... in order of n: the positions before the first
//! undetermined one are final. Memory is O(max(X)) either way.
//!
//! References: D. Sleator, M. Slusky, "Subtraction games with FES sets of
//! size 3", arXiv:1201.3299 (2012); K. Suetsugu, T. Abuku, "All-but Nim
//! with FES sets of size 4" (seed 003, section 1.3).

use std::collections::VecDeque;

use crate::set::AllButSet;

/// The FES algorithm on boundary patterns: which positions near the
/// frontier are determined, without their values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fes {
    /// X ascending.
    excluded: Vec<usize>,
    /// Bit x is set iff x is in X (x in 0..=max(X)).
    member: Vec<u64>,
    /// max(X) (0 for Nim).
    m: usize,
    /// Bit `head + j` is set iff position `base + j` is determined (j in
    /// 0..=m). Bits below `head` are stale; bits above `head + m` are 0.
    /// Moving the base only moves `head`; the words are moved down once
    /// `head` passes a whole pattern's worth of words (amortised O(1)).
    pattern: Vec<u64>,
    /// Where offset 0 sits in `pattern` (a bit index, < 64 * words).
    head: usize,
    /// ceil((m + 1) / 64): the words of one pattern.
    width: usize,
    /// The least undetermined position before the next step.
    base: u64,
    /// The Grundy value the next step assigns.
    step: u64,
    /// Offsets (from the base before the last step) that got its value.
    taken: Vec<usize>,
}

fn words(bits: usize) -> usize {
    bits.div_ceil(64)
}

fn get_bit(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

fn set_bit(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

impl Fes {
    /// The state before step 0: nothing determined, first undetermined
    /// position 0.
    pub fn new(set: &AllButSet) -> Fes {
        let excluded: Vec<usize> =
            set.excluded().iter().map(|&x| x as usize).collect();
        let m = set.max_excluded() as usize;
        let mut member = vec![0; words(m + 1)];
        for &x in &excluded {
            set_bit(&mut member, x);
        }
        Fes {
            excluded,
            member,
            m,
            pattern: vec![0; 2 * words(m + 1) + 1],
            head: 0,
            width: words(m + 1),
            base: 0,
            step: 0,
            taken: Vec::with_capacity(8),
        }
    }

    /// max(X): the pattern covers the offsets 0..max(X) (offset max(X) and
    /// beyond are always undetermined between steps, seed 003 Lemma 1).
    pub fn window(&self) -> usize {
        self.m
    }

    /// |X|.
    pub fn excluded_len(&self) -> u64 {
        self.excluded.len() as u64
    }

    /// The least undetermined position (n in Suetsugu-Abuku).
    pub fn base(&self) -> u64 {
        self.base
    }

    /// The value the next step assigns (the number of steps done).
    pub fn step_index(&self) -> u64 {
        self.step
    }

    /// Whether position `base() + offset` is determined (offset <= max X).
    pub fn is_determined(&self, offset: usize) -> bool {
        get_bit(&self.pattern, self.head + offset)
    }

    /// Logical word j of the pattern (offsets 64 j .. 64 j + 63).
    fn word(&self, j: usize) -> u64 {
        let (q, r) = (self.head / 64 + j, self.head % 64);
        let lo = self.pattern[q];
        if r == 0 { lo } else { (lo >> r) | (self.pattern[q + 1] << (64 - r)) }
    }

    /// The offsets, from the base before the last step, of the positions
    /// that got the last step's value, ascending (the first is 0).
    pub fn taken(&self) -> &[usize] {
        &self.taken
    }

    /// Whether two states have the same boundary pattern.
    pub fn same_pattern(&self, other: &Fes) -> bool {
        (0..self.width).all(|j| self.word(j) == other.word(j))
    }

    /// The pattern as `width` words, offset 0 in bit 0 of the first: the
    /// same words for the same pattern, wherever `head` sits.
    pub fn pattern_words(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.width).map(|j| self.word(j))
    }

    /// Puts the state back to a pattern saved with [`Fes::pattern_words`]
    /// before step `step`, with first undetermined position `base`.
    pub fn restore(&mut self, words: &[u64], base: u64, step: u64) {
        assert_eq!(words.len(), self.width, "a pattern of this set");
        self.pattern.fill(0);
        self.pattern[..self.width].copy_from_slice(words);
        self.head = 0;
        self.base = base;
        self.step = step;
        self.taken.clear();
    }

    /// Copies `other`'s pattern, base and step into `self` (same set).
    pub fn copy_from(&mut self, other: &Fes) {
        self.pattern.clone_from(&other.pattern);
        self.head = other.head;
        self.base = other.base;
        self.step = other.step;
    }

    /// The boundary pattern as seed 003 writes it: `*` for determined,
    /// `_` for undetermined, max(X) characters (offsets 0..max(X)); for Nim
    /// (max(X) = 0) the empty string.
    pub fn pattern_string(&self) -> String {
        (0..self.m)
            .map(|j| if self.is_determined(j) { '*' } else { '_' })
            .collect()
    }

    /// One FES step: gives the next value to the first undetermined
    /// position and to every n + x allowed by the rule, then moves the
    /// base to the next undetermined position. Returns how far the base
    /// moved (the number of positions that became final, >= 1).
    pub fn step(&mut self) -> u64 {
        self.taken.clear();
        self.taken.push(0);
        for &x in &self.excluded {
            if !get_bit(&self.pattern, self.head + x)
                && self.taken.iter().all(|&o| get_bit(&self.member, x - o))
            {
                self.taken.push(x);
            }
        }
        for &o in &self.taken {
            set_bit(&mut self.pattern, self.head + o);
        }
        let shift = self.leading_determined();
        self.shift_right(shift);
        self.base += shift as u64;
        self.step += 1;
        shift as u64
    }

    /// The number of determined positions from offset 0 on.
    fn leading_determined(&self) -> usize {
        let mut count = 0;
        for j in 0..self.width {
            let w = self.word(j);
            if w == u64::MAX {
                count += 64;
            } else {
                count += w.trailing_ones() as usize;
                break;
            }
        }
        count.min(self.m + 1)
    }

    fn shift_right(&mut self, by: usize) {
        self.head += by;
        if self.head >= 64 * self.width {
            // Move the live words down to the start; zero the rest.
            let from = self.head / 64;
            let len = self.pattern.len();
            self.pattern.copy_within(from.., 0);
            self.pattern[len - from..].fill(0);
            self.head %= 64;
        }
    }
}

/// Marks an undetermined slot in the value ring.
const UNSET: u64 = u64::MAX;

/// The Grundy values g(0), g(1), ... of an all-but set, by FES steps, in
/// order of n, with O(max(X)) memory.
#[derive(Clone, Debug)]
pub struct FesValues {
    fes: Fes,
    /// Values of the positions base .. base + max(X) (UNSET if unknown).
    ring: VecDeque<u64>,
    /// Final values not handed out yet, in order of n.
    ready: VecDeque<u64>,
}

impl FesValues {
    /// The values of `set` from position 0 on.
    pub fn new(set: &AllButSet) -> FesValues {
        let fes = Fes::new(set);
        let ring = std::iter::repeat_n(UNSET, fes.window() + 1).collect();
        FesValues { fes, ring, ready: VecDeque::new() }
    }

    fn fill(&mut self) {
        let value = self.fes.step_index();
        let shift = self.fes.step() as usize;
        for &o in self.fes.taken() {
            self.ring[o] = value;
        }
        self.ready.extend(self.ring.drain(..shift));
        self.ring.extend(std::iter::repeat_n(UNSET, shift));
    }
}

impl Iterator for FesValues {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.ready.is_empty() {
            self.fill();
        }
        self.ready.pop_front()
    }
}

/// The P-positions of one heap under `play`, ascending. All lie within
/// max(X) of the first (two P-positions are a distance in X apart).
///
/// Normal play: 0 is P, and n is P iff n - q is in X for every smaller
/// P-position q. Misère: heaps below the least move size m0 cannot move,
/// so the player to move wins there; from m0 on the same rule applies,
/// starting with m0 (whose only option, 0, is N).
pub(crate) fn p_positions(
    set: &AllButSet,
    play: crate::play::Play,
) -> Vec<u64> {
    let first = match play {
        crate::play::Play::Normal => 0,
        crate::play::Play::Misere => {
            (1..).find(|&a| set.contains(a)).expect("X finite")
        }
    };
    let mut p = vec![first];
    for n in first + 1..=first + set.max_excluded() {
        if p.iter().all(|&q| set.excluded().binary_search(&(n - q)).is_ok()) {
            p.push(n);
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::naive;
    use proptest::prelude::*;

    fn all_but(x: &[u64]) -> AllButSet {
        AllButSet::new(x.iter().copied()).unwrap()
    }

    fn fes_values(x: &[u64], count: usize) -> Vec<u64> {
        FesValues::new(&all_but(x)).take(count).collect()
    }

    fn naive_values(x: &[u64], count: usize) -> Vec<u64> {
        naive::grundy_values(&all_but(x), count)
    }

    #[test]
    fn nim_is_identity() {
        assert_eq!(fes_values(&[], 6), [0, 1, 2, 3, 4, 5]);
    }

    /// Source: seed 003, Lemma 3 (and its proof):
    /// G_{N \ {1..l}}(n) = floor(n / (l + 1)).
    #[test]
    fn one_to_t() {
        for t in 1..6u64 {
            let x: Vec<u64> = (1..=t).collect();
            let v = fes_values(&x, 200);
            for (n, &g) in v.iter().enumerate() {
                assert_eq!(g, n as u64 / (t + 1), "t = {t}, n = {n}");
            }
        }
    }

    #[test]
    fn patterns_follow_seed_notation() {
        // X = {1}: step 0 gives 0 to positions 0 and 1; the pattern after
        // it starts at 2 with nothing determined.
        let mut f = Fes::new(&all_but(&[1]));
        assert_eq!(f.pattern_string(), "_");
        assert_eq!(f.step(), 2);
        assert_eq!((f.taken(), f.base()), (&[0, 1][..], 2));
        // X = {2, 3}: step 0 gives 0 to 0, 2 and 3? 3 - 2 = 1 is not in X,
        // so only 0 and 2; the base moves to 1 with 1 (offset 1) set.
        let mut f = Fes::new(&all_but(&[2, 3]));
        f.step();
        assert_eq!(f.taken(), &[0, 2]);
        assert_eq!((f.base(), f.pattern_string().as_str()), (1, "_*_"));
    }

    #[test]
    fn wide_patterns_shift_across_words() {
        for x in [vec![63, 64, 130], vec![1, 64, 65, 200], vec![64]] {
            assert_eq!(fes_values(&x, 2000), naive_values(&x, 2000), "{x:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// FES equals the definition on thousands of random X.
        #[test]
        fn fes_equals_naive(v in prop::collection::btree_set(1u64..24, 0..7)) {
            let x: Vec<u64> = v.into_iter().collect();
            prop_assert_eq!(fes_values(&x, 300), naive_values(&x, 300));
        }
    }
}
