//! Heaps of games with no sparse space: every split enumerated, each
//! split sum's option values marked once and shared by all the digits
//! that need them.
//!
//! Some codes (0.76, 0.764, 4.236 and about a hundred others among the
//! three-digit codes; T. Czajka's tables list 0.76 and 0.764 as not yet
//! solved) have values that keep growing and no rare/common split worth
//! the name: a third or more of the heaps are rare under the best mask. The sparse-space
//! engine then does more work than the definition: step 1 marks every
//! rare part against its partner (both orders of each split), step 3
//! scans the splits again for what step 1 did not show, and both are
//! done once per splitting digit.
//!
//! Here heap n's options are built from the sets
//! S(m) = { g(a) ^ g(m - a) : 1 <= a <= m / 2 } (a < m - a in Grundy's
//! game), one 32-bit entry per value. Heap n needs S(n - i) for each digit i that
//! splits into two heaps, and heap n + 1 needs S(n + 1 - i): the set a
//! digit needs is the one the next digit needed at the heap before. So
//! each S(m) is marked once, m / 2 plain stores, and kept while a later
//! heap needs it; a code with two splitting digits (0.76) does half the
//! work of enumerating per digit, one with three (0.764) a third. The
//! value is then the least value in none of the sets and not among the
//! heap's other options (no heap, one heap, three heaps).
//!
//! A mark is a stamp, not a flag: entry v of a set holds m + 1 when a
//! split of m has value v (and the heap's other options n + 1), so no set
//! is ever cleared. Stamps are unique below 2^31 heaps, where the dense
//! mode stops (`DENSE_HEAPS`; a heap there would cost 2^30 splits).
//!
//! One thread: the next heap needs this heap's value and the new sum's
//! set, so only the splits of one sum could be shared between threads,
//! with a handoff at every heap. A build that did so (a helper marking
//! half of each sum into a set of its own, waiting spinning on an atomic
//! counter) was 1.35 to 1.6 times as fast as one thread on a quiet
//! machine, but 4.8 to 10.7 s against 7.4 to 8.9 s on our shared 2-core
//! machine (`period 0.76 --max-positions 262144`): a helper descheduled
//! for a time slice stalls every heap. So the dense mode runs on one
//! thread whatever `SparseEngine::threads` says.
//!
//! This is the definition of the Sprague-Grundy value (Berlekamp, Conway,
//! Guy, Winning Ways ch. 4) with nothing left out, so it is exact for
//! every game; the engine uses it where its measure of the sparse work
//! (`SparseEngine::choose_dense`) says it is cheaper. The tests compare it
//! with the naive engine on random codes.

use super::Work;
use super::heap::{split_hi, three_splits};
use super::plan::Plan;

/// The dense mode stops here: stamps (heap or sum + 1) fit in 32 bits.
pub(crate) const DENSE_HEAPS: u64 = 1 << 31;

/// The most sets kept (the digits' span, see [`Dense::new`]); codes whose
/// splitting digits spread wider stay with the sparse steps.
pub(crate) const MAX_SPAN: usize = 32;

/// The stamp of value v in a set: its sum (or heap) + 1, never 0.
type Set = Box<[u32]>;

/// The option values of split sums, kept for the next heaps, and the
/// marks of one heap's other options.
#[derive(Clone, Debug)]
pub(crate) struct Dense {
    /// Entry v of `sets[k]` is `sums[k] + 1`: some split of `sums[k]`
    /// into two heaps has value v (other stamps are from older sums).
    sets: Vec<Set>,
    /// The split sum of each set, or `usize::MAX` for none.
    sums: Vec<usize>,
    /// The sums the heap at hand needs, and the sets that hold them.
    needed: Vec<usize>,
    slots: Vec<usize>,
    /// The sums to mark for the heap at hand, and their sets.
    fresh: Vec<(usize, usize)>,
    /// Entry v is n + 1: v is the value of an option of heap n that
    /// leaves no heap, one heap or three heaps.
    marks: Box<[u32]>,
}

fn new_set() -> Set {
    vec![0; 1 << 16].into_boxed_slice()
}

impl Dense {
    /// Whether the dense mode serves this plan: some digit splits into
    /// two heaps, and the splitting digits span at most [`MAX_SPAN`].
    pub(crate) fn serves(plan: &Plan) -> bool {
        Dense::span(plan).is_some_and(|span| span <= MAX_SPAN)
    }

    fn span(plan: &Plan) -> Option<usize> {
        Some(plan.split2.last()? - plan.split2.first()? + 1)
    }

    /// Room for the sets of a plan's digits that split into two heaps:
    /// one set per sum from n - (last digit) to n - (first digit), so
    /// that each sum is marked once even where digits skip one (4.364
    /// needs n, n - 2 and n - 3).
    pub(crate) fn new(plan: &Plan) -> Dense {
        let span = Dense::span(plan).unwrap_or(0);
        Dense {
            sets: (0..span).map(|_| new_set()).collect(),
            sums: vec![usize::MAX; span],
            needed: Vec::with_capacity(span),
            slots: Vec::with_capacity(span),
            fresh: Vec::with_capacity(span),
            marks: vec![0; 1 << 16].into_boxed_slice(),
        }
    }

    /// The first half of heap n (g = g(0..n), n below [`DENSE_HEAPS`]):
    /// marks its options that leave no heap, one heap or three heaps, and
    /// finds the sets of the sums it needs, leaving in `fresh` those still
    /// to mark (see [`mark_splits`]).
    pub(super) fn prepare(&mut self, g: &[u16], plan: &Plan, work: &mut Work) {
        let n = g.len();
        debug_assert!((n as u64) < DENSE_HEAPS);
        let stamp = n as u32 + 1;
        let marks = &mut self.marks;
        for &i in &plan.leave_none {
            if i == n {
                marks[0] = stamp;
            }
        }
        for &i in &plan.leave_one {
            if i < n {
                marks[usize::from(g[n - i])] = stamp;
            }
        }
        for &i in &plan.split3 {
            if n >= i + 3 {
                work.three_heap_splits += three_splits(g, n - i, |v| {
                    marks[usize::from(v)] = stamp;
                });
            }
        }
        // The sums this heap needs: n - i for each splitting digit i that
        // applies. A sum not kept goes where the least sum not needed now
        // is (or none was): the sums needed only grow, so no heap needs
        // that one again; the sets are as many as the sums in the digits'
        // span, so there is always one.
        self.needed.clear();
        self.needed.extend(
            plan.split2.iter().filter(|&&i| n >= i + 2).map(|&i| n - i),
        );
        self.slots.clear();
        self.fresh.clear();
        for &m in &self.needed {
            let slot = match self.sums.iter().position(|&s| s == m) {
                Some(slot) => slot,
                None => {
                    // usize::MAX (no sum) counts as least.
                    let slot = (0..self.sums.len())
                        .filter(|&k| !self.needed.contains(&self.sums[k]))
                        .min_by_key(|&k| self.sums[k].wrapping_add(1))
                        .expect("a set for each sum in the digits' span");
                    self.sums[slot] = m;
                    self.fresh.push((m, slot));
                    slot
                }
            };
            self.slots.push(slot);
        }
    }

    /// The second half of heap n, once the fresh sums are marked: the
    /// least value that no option has (every option value is below `top`,
    /// so at most `top`).
    fn least(&self, n: usize, top: usize) -> usize {
        const LANES: usize = 16;
        let stamp = n as u32 + 1;
        let mut at = 0;
        while at < top {
            // Lanes still free of every mark, 16 values a step (compared
            // side by side; `top` is a multiple of 64).
            let mut free = [true; LANES];
            for (f, &s) in free.iter_mut().zip(&self.marks[at..at + LANES]) {
                *f = s != stamp;
            }
            for &slot in &self.slots {
                let sum = self.sums[slot] as u32 + 1;
                for (f, &s) in
                    free.iter_mut().zip(&self.sets[slot][at..at + LANES])
                {
                    *f &= s != sum;
                }
            }
            if let Some(k) = free.iter().position(|&f| f) {
                return at + k;
            }
            at += LANES;
        }
        top
    }
}

/// g(n) from g = g(0..n), every value of which is below `top` (a power of
/// two, at least 64, so every option value is below it too). The value
/// returned may be `top` (the caller refuses a value that does not fit).
pub(crate) fn value(
    g: &[u16],
    plan: &Plan,
    top: usize,
    dense: &mut Dense,
    work: &mut Work,
) -> usize {
    dense.prepare(g, plan, work);
    for &(m, slot) in &dense.fresh {
        work.dense_pairs +=
            mark_splits(g, m, plan.unequal, &mut dense.sets[slot]);
    }
    dense.least(g.len(), top)
}

/// Stamps m + 1 at g(a) ^ g(m - a) for every split of m into two heaps
/// (g holds g(0..m) at least, `unequal` for Grundy's game, `set` 2^16
/// entries at least); returns how many. Public for the benchmarks
/// (`bench/src/bin/dense_marks.rs`) only.
#[inline(never)]
pub fn mark_splits(
    g: &[u16],
    m: usize,
    unequal: bool,
    set: &mut [u32],
) -> u64 {
    let hi = split_hi(m, unequal);
    let stamp = m as u32 + 1;
    // up[hi - 1 - k] = g[m - 1 - k] is the partner of lo[k] = g[1 + k].
    let (lo, up) = (&g[1..=hi], &g[m - hi..m]);
    let set = &mut set[..1 << 16];
    // Four splits a step, their values xored in one 64-bit word (a plain
    // loop ran one split a step with two branches, 0.64 ns a split on
    // 0.76 against 0.43; four separate xors were turned into vector
    // instructions whose lane extracts cost more still).
    let (mut lo4, mut up4) = (lo.chunks_exact(4), up.rchunks_exact(4));
    let word = |q: &[u16]| {
        u64::from(q[0])
            | u64::from(q[1]) << 16
            | u64::from(q[2]) << 32
            | u64::from(q[3]) << 48
    };
    for (l, u) in (&mut lo4).zip(&mut up4) {
        // u[3 - k] is the partner of l[k]: the partners' word reversed.
        let u = word(u).rotate_left(32);
        let u = (u & 0xFFFF_0000_FFFF_0000) >> 16
            | (u & 0x0000_FFFF_0000_FFFF) << 16;
        let x = word(l) ^ u;
        set[(x & 0xFFFF) as usize] = stamp;
        set[(x >> 16 & 0xFFFF) as usize] = stamp;
        set[(x >> 32 & 0xFFFF) as usize] = stamp;
        set[(x >> 48) as usize] = stamp;
    }
    for (&a, &b) in lo4.remainder().iter().zip(up4.remainder().iter().rev()) {
        set[usize::from(a ^ b)] = stamp;
    }
    hi as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::octal::sparse::tests::game;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// One heap by the definition, on random values: the sets marked
        /// for earlier heaps (stale stamps) change nothing.
        #[test]
        fn heaps_equal_the_definition(
            g in prop::collection::vec(0u16..200, 80..160),
            code in prop::sample::select(vec!["0.76", "4.236", "0.7777", "grundy", "4.07", "0.F6"]),
        ) {
            let plan = Plan::new(&game(code));
            let mut dense = Dense::new(&plan);
            let mut work = Work::default();
            // Every heap from 40 on of the same random values, in order.
            for n in 40..g.len() {
                let h = &g[..n];
                let mut options = std::collections::BTreeSet::new();
                for &i in &plan.leave_none {
                    if i == n { options.insert(0); }
                }
                for &i in &plan.leave_one {
                    if i < n { options.insert(h[n - i]); }
                }
                for &i in &plan.split2 {
                    if n < i + 2 { continue; }
                    let m = n - i;
                    for a in 1..=split_hi(m, plan.unequal) {
                        options.insert(h[a] ^ h[m - a]);
                    }
                }
                for &i in &plan.split3 {
                    if n < i + 3 { continue; }
                    let m = n - i;
                    for a in 1..m {
                        for b in 1..m - a {
                            options.insert(h[a] ^ h[b] ^ h[m - a - b]);
                        }
                    }
                }
                let mex = (0..).find(|v| !options.contains(v)).unwrap();
                prop_assert_eq!(value(h, &plan, 256, &mut dense, &mut work), usize::from(mex));
            }
        }
    }
}
