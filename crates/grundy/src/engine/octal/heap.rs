//! One heap of the sparse-space engine: the three steps of the method (see
//! the engine's module docs), in two builds of the same logic.
//!
//! - **narrow**, every value below 64: the marked values are one u64 kept
//!   in a register (`acc |= 1 << v`), the wanted values another;
//! - **wide**, values up to 65535: one byte per value (`marks[v] = 1`:
//!   plain stores, no read-modify-write chain through memory), read by
//!   step 2 (`step2.rs`); the scan clears a flag per wanted value and
//!   counts, so it stops within 16 pairs of the last one; while every
//!   value is below 1024 the scan is `scan.rs`'s bit table instead (32
//!   pairs a step with AVX-512 VBMI, after a first pass over 256 pairs
//!   where one digit splits). Step 1 stores a byte per rare pair at
//!   random places, about 0.4 ns each on our machines (BENCHMARKS.md):
//!   with two threads it is what every heap waits for. When every
//!   two-heap digit removes a token (Officers, 0.6, and most codes),
//!   step 1 marks the rare pairs of four heaps at once: the next heaps'
//!   partners are known for all but the smallest parts and sit beside
//!   this heap's, so each rare part and value is read once for four
//!   heaps.
//!
//! [`guess`] and [`verify`] are the same heap cut in two, steps 1 and 2
//! and step 3, for the two threads of `pipeline.rs`.
//!
//! Both are checked against the naive engine by the engine's tests, on
//! codes with small and with large values.

use super::Work;
use super::mask::Mask;
use super::plan::Plan;
use super::scan::{TABLE_VALUES, Wanted};
use super::step2;

/// How many heaps after a batch heap have step 1 mostly marked with it.
const AHEAD: usize = 3;

/// Step 3 first looks for the wanted values among this many splits at
/// once (see [`Wanted::not_met`]).
const PREFIX: usize = 256;

/// Rare parts below this are left to each heap after a batch (heap
/// n + k's partner of part r is unknown at heap n for r < k).
const SMALL_PARTS: u64 = AHEAD as u64;

/// What one heap needs from the engine.
pub(crate) struct Sparse<'a> {
    pub(crate) plan: &'a Plan,
    pub(crate) mask: Mask,
    pub(crate) rare_pos: &'a [u64],
    pub(crate) rare_val: &'a [u16],
    /// A power of two (at least 64) above every value so far.
    pub(crate) top: usize,
}

/// Working memory reused from heap to heap, and the tables of the mask.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    /// Bit v: the masked parity of v is 1 (values below 64).
    odd_word: u64,
    /// Byte v: the masked parity of v (all values).
    parity: Box<[u8; 1 << 16]>,
    /// Byte v: v is an option value found so far (wide build).
    marks: Box<[u8; 1 << 16]>,
    /// Byte v: v is wanted and not met yet in the scan (wide build; all
    /// clear between heaps).
    flags: Box<[u8; 1 << 16]>,
    wanted: Vec<u16>,
    /// Step 1's rare pairs of the last `ahead_len` of the heaps batch + 1
    /// ..= batch + AHEAD (the next first), marked below `ahead_top`
    /// together with heap `batch` (see `mark_rare_pairs_ahead`).
    ahead: [Box<[u8; 1 << 16]>; AHEAD],
    ahead_len: usize,
    ahead_top: usize,
    batch: usize,
    /// The bit-table scan is used while `top` is at most this
    /// ([`TABLE_VALUES`]; tests set 0 to check the byte flags alone).
    pub(crate) table_top: usize,
}

impl Scratch {
    pub(crate) fn new(mask: Mask) -> Scratch {
        let mut scratch = Scratch {
            odd_word: 0,
            parity: Box::new([0; 1 << 16]),
            marks: Box::new([0; 1 << 16]),
            flags: Box::new([0; 1 << 16]),
            wanted: Vec::new(),
            ahead: std::array::from_fn(|_| Box::new([0; 1 << 16])),
            ahead_len: 0,
            ahead_top: 0,
            batch: 0,
            table_top: TABLE_VALUES,
        };
        scratch.set_mask(mask);
        scratch
    }

    /// Drops the marks made ahead for the next heaps: each computes its
    /// own again.
    pub(crate) fn forget_ahead(&mut self) {
        self.ahead_len = 0;
    }

    pub(crate) fn set_mask(&mut self, mask: Mask) {
        // A new split means a new rare list: the pairs marked ahead are
        // not those of the new list.
        self.ahead_len = 0;
        for (v, p) in self.parity.iter_mut().enumerate() {
            *p = ((v as u16 & mask.bits).count_ones() & 1) as u8;
        }
        self.odd_word = (0..64)
            .filter(|&v| self.parity[v] == 1)
            .fold(0, |acc, v| acc | 1 << v);
    }
}

/// g(n) from g = g(0..n), or the value 65536 and above as is (the caller
/// refuses it).
pub(crate) fn value(
    g: &[u16],
    sparse: &Sparse,
    scratch: &mut Scratch,
    work: &mut Work,
) -> usize {
    if sparse.top == 64 {
        narrow(g, sparse, scratch, work)
    } else {
        wide(g, sparse, scratch, work)
    }
}

/// The rare positions below m (the list is sorted and only its last few
/// entries can reach m), and the part that must not be used (the equal
/// split in Grundy's game), or 0.
#[inline]
fn rare_parts<'a>(
    sparse: &Sparse<'a>,
    m: usize,
) -> (&'a [u64], &'a [u16], usize) {
    let mut end = sparse.rare_pos.len();
    while end > 0 && sparse.rare_pos[end - 1] as usize >= m {
        end -= 1;
    }
    let skip =
        if sparse.plan.unequal && m.is_multiple_of(2) { m / 2 } else { 0 };
    (&sparse.rare_pos[..end], &sparse.rare_val[..end], skip)
}

/// The largest first part a of a split (a, m - a), a <= m - a (a < m - a
/// when the parts must differ).
#[inline]
pub(crate) fn split_hi(m: usize, unequal: bool) -> usize {
    if unequal { (m - 1) / 2 } else { m / 2 }
}

/// The sum of the parts, m, when exactly one digit splits heap n in two
/// (Officers, 0.6, and most codes): step 3 then scans a = 1, 2, ... in
/// one run.
fn only_split(n: usize, plan: &Plan) -> Option<usize> {
    let mut digits = plan.split2.iter().filter(|&&i| n >= i + 2);
    match (digits.next(), digits.next()) {
        (Some(&i), None) => Some(n - i),
        _ => None,
    }
}

/// Step 3's order: the splits of all splitting digits side by side, a block
/// of first parts at a time (blocks doubling from 32 to 4096), so a value
/// that only one digit yields early is not waited for behind a full scan
/// of another. `scan(m, from, to)` scans the first parts from..=to of the
/// splits of m and says whether every wanted value has been found.
fn scan_blocks(
    n: usize,
    plan: &Plan,
    mut scan: impl FnMut(usize, usize, usize) -> bool,
) {
    // The splitting digits that apply, and the largest first part, in
    // one pass (this runs at every heap: a second pass, as
    // `only_split`, made 0.167 4% slower).
    let (mut digits, mut last) = (0, 0);
    for &i in &plan.split2 {
        if n >= i + 2 {
            digits += 1;
            last = last.max(split_hi(n - i, plan.unequal));
        }
    }
    // One digit splits: its splits in one block (the bit-table scan keeps
    // its table in registers from block to block this way). One call of
    // `scan` in the code, so that it is inlined.
    let (mut start, mut block) =
        (1, if digits == 1 { last.max(1) } else { 32 });
    while start <= last {
        for &i in &plan.split2 {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            let hi = split_hi(m, plan.unequal);
            if start <= hi && scan(m, start, hi.min(start + block - 1)) {
                return;
            }
        }
        start += block;
        block = (block * 2).min(4096);
    }
}

fn narrow(
    g: &[u16],
    sparse: &Sparse,
    scratch: &mut Scratch,
    work: &mut Work,
) -> usize {
    let n = g.len();
    let plan = sparse.plan;
    let mut seen = 0u64;
    let bit = |v: u16| 1u64 << (v & 63);
    for &i in &plan.leave_none {
        if i == n {
            seen |= 1;
        }
    }
    for &i in &plan.leave_one {
        if i < n {
            seen |= bit(g[n - i]);
        }
    }
    for &i in &plan.split3 {
        if n >= i + 3 {
            work.three_heap_splits +=
                three_splits(g, n - i, |v| seen |= bit(v));
        }
    }
    for &i in &plan.split2 {
        if n < i + 2 {
            continue;
        }
        let m = n - i;
        if !plan.unequal && m.is_multiple_of(2) {
            seen |= 1;
        }
        let (pos, val, skip) = rare_parts(sparse, m);
        work.rare_pairs += pos.len() as u64;
        for (&r, &v) in pos.iter().zip(val) {
            let r = r as usize;
            if r != skip {
                seen |= bit(v ^ g[m - r]);
            }
        }
    }
    let q = sparse.mask.common_parity(n as u64, plan.t0);
    let (common, other) = if q == 1 {
        (scratch.odd_word, !scratch.odd_word)
    } else {
        (!scratch.odd_word, scratch.odd_word)
    };
    let free = !seen & common;
    let c = if free == 0 { 64 } else { free.trailing_zeros() as usize };
    let below = if c == 64 { !0 } else { (1u64 << c) - 1 };
    let mut want = !seen & other & below;
    if want != 0 && !sparse.mask.is_none() {
        scan_blocks(n, plan, |m, from, to| {
            let (left, scanned) = scan_word(g, m, from, to, want);
            want = left;
            work.scanned_pairs += scanned;
            want == 0
        });
    }
    if want == 0 { c } else { want.trailing_zeros() as usize }
}

/// Step 3 for values below 64: scans the splits (a, m - a) for a in
/// `from..=to` until no wanted value is left; returns the values still
/// wanted and the number of pairs scanned.
fn scan_word(
    g: &[u16],
    m: usize,
    from: usize,
    to: usize,
    mut want: u64,
) -> (u64, u64) {
    const CHUNK: usize = 16;
    let lo = &g[from..=to];
    // up[len - 1 - k] = g[m - from - k] is the partner of lo[k].
    let up = &g[m - to..=m - from];
    let mut scanned = 0u64;
    let mut lo_chunks = lo.chunks_exact(CHUNK);
    let mut up_chunks = up.rchunks_exact(CHUNK);
    for (x, y) in (&mut lo_chunks).zip(&mut up_chunks) {
        let mut any = 0u64;
        for k in 0..CHUNK {
            any |= 1u64 << ((x[k] ^ y[CHUNK - 1 - k]) & 63);
        }
        scanned += CHUNK as u64;
        if any & want != 0 {
            want &= !any;
            if want == 0 {
                return (0, scanned);
            }
        }
    }
    let (x, y) = (lo_chunks.remainder(), up_chunks.remainder());
    for k in 0..x.len() {
        let v = (x[k] ^ y[y.len() - 1 - k]) & 63;
        scanned += 1;
        want &= !(1u64 << v);
        if want == 0 {
            break;
        }
    }
    (want, scanned)
}

/// Steps 1 and 2 of the wide build with bit-table scans (values below
/// [`TABLE_VALUES`], a real split), leaving step 3 to [`verify`]: the
/// part of a heap that needs the heap before it, for `pipeline.rs`.
/// Returns the candidate c and the values step 3 wants (in increasing
/// order): g(n) = c unless one of them is never met, and with none
/// wanted g(n) = c.
pub(crate) fn guess<'s>(
    g: &[u16],
    sparse: &Sparse,
    scratch: &'s mut Scratch,
    work: &mut Work,
) -> (usize, &'s [u16]) {
    debug_assert!(sparse.top > 64 && sparse.top <= scratch.table_top);
    debug_assert!(!sparse.mask.is_none());
    let c = candidate(g, sparse, scratch, work);
    (c, &scratch.wanted)
}

/// Step 3 with the bit table of `scan.rs`, for heap n = `g.len()` or any
/// heap n below it (only g(0..n) is read): the splits are scanned until
/// every value of `wanted` (all below [`TABLE_VALUES`]) has been met.
/// Returns g(n), which is c unless some wanted value was never met (then
/// the least of those), and the pairs scanned.
pub(crate) fn verify(
    g: &[u16],
    n: usize,
    plan: &Plan,
    wanted: &[u16],
    c: usize,
) -> (usize, u64) {
    if let Some(m) = only_split(n, plan) {
        let hi = split_hi(m, plan.unequal);
        if hi > PREFIX {
            // Most wanted values are met in the first splits: those in
            // one pass without a branch a value, the rest by the scan.
            let mut left = Wanted::not_met(g, m, PREFIX, wanted);
            if left.any() {
                let (_, count) = left.scan(g, m, PREFIX + 1, hi);
                return (
                    left.take_least().unwrap_or(c),
                    PREFIX as u64 + count,
                );
            }
            // Every one met within the prefix: the scan below finds
            // where the last was.
        }
    }
    let mut left = Wanted::default();
    for &w in wanted {
        left.insert(usize::from(w));
    }
    let mut scanned = 0;
    scan_blocks(n, plan, |m, from, to| {
        let (done, count) = left.scan(g, m, from, to);
        scanned += count;
        done
    });
    (left.take_least().unwrap_or(c), scanned)
}

fn wide(
    g: &[u16],
    sparse: &Sparse,
    scratch: &mut Scratch,
    work: &mut Work,
) -> usize {
    let n = g.len();
    let c = candidate(g, sparse, scratch, work);
    let wanted = &scratch.wanted;
    if wanted.is_empty() || sparse.mask.is_none() {
        return wanted.first().map_or(c, |&w| usize::from(w));
    }
    if sparse.top <= scratch.table_top {
        // Every value so far is below 1024: the bit table of `scan.rs`.
        let (value, scanned) = verify(g, n, sparse.plan, wanted, c);
        work.scanned_pairs += scanned;
        return value;
    }
    flag_scan(g, sparse.plan, scratch, work, c)
}

/// Steps 1 and 2 of the wide build: marks the options, returns c (the
/// least unmarked value of the common parity) and leaves the wanted
/// values (unmarked, below c, of the other parity) in `scratch.wanted`.
fn candidate(
    g: &[u16],
    sparse: &Sparse,
    scratch: &mut Scratch,
    work: &mut Work,
) -> usize {
    let n = g.len();
    let plan = sparse.plan;
    let top = sparse.top;
    // Step 1 of this heap mostly done with an earlier heap (the batch), or
    // to do now together with most of the next heaps' (possible when
    // every two-heap digit removes at least one token: the next heaps'
    // partners are then mostly known, and no part is excluded).
    let ahead = scratch.ahead_len > 0
        && n == scratch.batch + 1 + AHEAD - scratch.ahead_len;
    let batch = !ahead
        && !plan.unequal
        && plan.split2.first().is_some_and(|&i| i >= 1);
    if ahead {
        std::mem::swap(&mut scratch.marks, &mut scratch.ahead[0]);
        scratch.ahead.rotate_left(1);
        scratch.ahead_len -= 1;
        if scratch.ahead_top < top {
            scratch.marks[scratch.ahead_top..top].fill(0);
        }
    } else {
        scratch.marks[..top].fill(0);
    }
    if batch {
        for next in &mut scratch.ahead {
            next[..top].fill(0);
        }
        scratch.ahead_len = AHEAD;
        scratch.ahead_top = top;
        scratch.batch = n;
    }
    let batch_heap = scratch.batch;
    let marks: &mut [u8; 1 << 16] = &mut scratch.marks;
    let [next1, next2, next3] = &mut scratch.ahead;
    for &i in &plan.leave_none {
        if i == n {
            marks[0] = 1;
        }
    }
    for &i in &plan.leave_one {
        if i < n {
            marks[usize::from(g[n - i])] = 1;
        }
    }
    for &i in &plan.split3 {
        if n >= i + 3 {
            work.three_heap_splits +=
                three_splits(g, n - i, |v| marks[usize::from(v)] = 1);
        }
    }
    for &i in &plan.split2 {
        if n < i + 2 {
            continue;
        }
        let m = n - i;
        if !plan.unequal && m.is_multiple_of(2) {
            marks[0] = 1;
        }
        let (pos, val, skip) = rare_parts(sparse, m);
        work.rare_pairs += pos.len() as u64;
        if ahead {
            // The batch marked the parts below its own m0 = batch - i
            // whose partners it knew: all from SMALL_PARTS on. Left: the
            // parts below that, and the rare parts from m0 on (partners
            // g(1), g(2), ...; heaps found rare since the batch). A digit
            // that did not apply at the batch heap had nothing marked:
            // m0 is then below 2, below every part.
            let m0 = batch_heap.saturating_sub(i);
            let small = small_parts(pos);
            // Counted from the end: the rare parts from m0 on are few
            // (none once the rare values have stopped).
            let recent = pos.len()
                - pos.iter().rev().take_while(|&&r| r as usize >= m0).count();
            for k in (0..small).chain(recent.max(small)..pos.len()) {
                marks[usize::from(val[k] ^ g[m - pos[k] as usize])] = 1;
            }
        } else if batch {
            let next = [&mut **next1, &mut **next2, &mut **next3];
            mark_rare_pairs_ahead(&g[..=m], pos, val, marks, next);
        } else {
            mark_rare_pairs(&g[..m], pos, val, skip, marks);
        }
    }
    // Step 2.
    let q = sparse.mask.common_parity(n as u64, plan.t0);
    step2::candidate(
        &marks[..],
        &scratch.parity[..],
        top,
        q,
        &mut scratch.wanted,
    )
}

/// Step 3 with byte flags (values up to 65535): the scan clears the flag
/// of each wanted value it meets and counts them, so it stops within a
/// chunk of the last one.
fn flag_scan(
    g: &[u16],
    plan: &Plan,
    scratch: &mut Scratch,
    work: &mut Work,
    c: usize,
) -> usize {
    let n = g.len();
    let wanted = &scratch.wanted;
    let flags = &mut scratch.flags;
    for &w in wanted.iter() {
        flags[usize::from(w)] = 1;
    }
    let total = wanted.len() as u32;
    let mut found = 0u32;
    scan_blocks(n, plan, |m, from, to| {
        const CHUNK: usize = 16;
        // The partner of g[a] is g[m - a]: `up` read backwards.
        let lo = &g[from..=to];
        let up = &g[m - to..=m - from];
        let mut lo_chunks = lo.chunks_exact(CHUNK);
        let mut up_chunks = up.rchunks_exact(CHUNK);
        for (x, y) in (&mut lo_chunks).zip(&mut up_chunks) {
            for (a, b) in x.iter().zip(y.iter().rev()) {
                let flag = &mut flags[usize::from(a ^ b)];
                found += u32::from(*flag);
                *flag = 0;
            }
            work.scanned_pairs += CHUNK as u64;
            if found == total {
                return true;
            }
        }
        let (x, y) = (lo_chunks.remainder(), up_chunks.remainder());
        for (a, b) in x.iter().zip(y.iter().rev()) {
            let flag = &mut flags[usize::from(a ^ b)];
            found += u32::from(*flag);
            *flag = 0;
        }
        work.scanned_pairs += x.len() as u64;
        found == total
    });
    // The least value never met, if any; the flags are left all clear.
    let mut value = c;
    for &w in wanted.iter().rev() {
        let flag = &mut flags[usize::from(w)];
        if *flag == 1 {
            value = usize::from(w);
            *flag = 0;
        }
    }
    value
}

/// Step 1 of the wide build: marks g(r) ^ g(m - r) for every rare part r
/// (each in 1..m; `g` is g(0..m), m its length), except r = `skip` when
/// it is not 0.
/// A function of its own so that the loop keeps its pointers in
/// registers: inlined into `wide`, it reloaded them from the stack at
/// every pair (a byte store may alias them), about half of Officers'
/// step 1.
#[inline(never)]
fn mark_rare_pairs(
    g: &[u16],
    pos: &[u64],
    val: &[u16],
    skip: usize,
    marks: &mut [u8; 1 << 16],
) {
    let m = g.len();
    if skip == 0 {
        for (&r, &v) in pos.iter().zip(val) {
            marks[usize::from(v ^ g[m - r as usize])] = 1;
        }
    } else {
        for (&r, &v) in pos.iter().zip(val) {
            if r as usize != skip {
                marks[usize::from(v ^ g[m - r as usize])] = 1;
            }
        }
    }
}

/// Step 1 for heap n (whose split parts sum to m) into `marks` and most
/// of it for the next [`AHEAD`] heaps (parts summing to m + 1, m + 2, ...)
/// into `next`: g(r) ^ g(m + k - r) for every rare part r in 1..m, the
/// partners side by side in memory, so a part and its value are read once
/// for four heaps. `g` is g(0..=m), m below n (the split removes a token),
/// so heap n + 1's partners are all known, and heap n + k's are for the
/// parts r >= k, which [`SMALL_PARTS`] covers. Each heap n + k marks the
/// rest itself (`candidate`): the parts below [`SMALL_PARTS`] and the
/// parts from m on.
#[inline(never)]
fn mark_rare_pairs_ahead(
    g: &[u16],
    pos: &[u64],
    val: &[u16],
    marks: &mut [u8; 1 << 16],
    next: [&mut [u8; 1 << 16]; AHEAD],
) {
    let m = g.len() - 1;
    let [next1, next2, next3] = next;
    let small = small_parts(pos);
    for (&r, &v) in pos[..small].iter().zip(&val[..small]) {
        let j = m - r as usize;
        marks[usize::from(v ^ g[j])] = 1;
        next1[usize::from(v ^ g[j + 1])] = 1;
    }
    for (&r, &v) in pos[small..].iter().zip(&val[small..]) {
        // r >= 3, so j + 3 <= m.
        let j = m - r as usize;
        let p = &g[j..j + 4];
        marks[usize::from(v ^ p[0])] = 1;
        next1[usize::from(v ^ p[1])] = 1;
        next2[usize::from(v ^ p[2])] = 1;
        next3[usize::from(v ^ p[3])] = 1;
    }
}

/// How many rare parts are below [`SMALL_PARTS`] (`pos` increasing, so
/// at most the first few; counted from the start instead of a binary
/// search through the whole list at every heap).
#[inline]
fn small_parts(pos: &[u64]) -> usize {
    pos.iter().take_while(|&&r| r < SMALL_PARTS).count()
}

/// Every split of m into three non-empty heaps: `mark` gets each value;
/// returns how many.
pub(crate) fn three_splits(
    g: &[u16],
    m: usize,
    mut mark: impl FnMut(u16),
) -> u64 {
    let mut count = 0;
    let mut a = 1;
    while 3 * a <= m {
        let mut b = a;
        while a + 2 * b <= m {
            mark(g[a] ^ g[b] ^ g[m - a - b]);
            count += 1;
            b += 1;
        }
        a += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::octal::sparse::tests::any_game;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// Step 3 by the definition, in step 3's order: cross off each value
    /// met, stop when none is left; the least left (or c), and the pairs
    /// scanned.
    fn plain(
        g: &[u16],
        n: usize,
        plan: &Plan,
        wanted: &[u16],
        c: usize,
    ) -> (usize, u64) {
        let mut left: BTreeSet<u16> = wanted.iter().copied().collect();
        let mut scanned = 0;
        scan_blocks(n, plan, |m, from, to| {
            for a in from..=to {
                if left.is_empty() {
                    return true;
                }
                left.remove(&(g[a] ^ g[m - a]));
                scanned += 1;
            }
            left.is_empty()
        });
        (left.first().map_or(c, |&w| usize::from(w)), scanned)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// `verify` (a first pass over [`PREFIX`] splits where one digit
        /// splits, then the bit-table scan) finds the value and counts
        /// the pairs of the plain scan: heaps long enough for the first
        /// pass and short ones, values over few bits (most met in the
        /// first pass, often all of them) or many, wanted values never
        /// met.
        #[test]
        fn verify_equals_the_plain_scan(
            game in any_game(),
            n in 2usize..1600,
            bits in 1u32..11,
            seed in any::<u64>(),
            wanted in prop::collection::btree_set(0u16..1024, 0..80),
        ) {
            let plan = Plan::new(&game);
            let mut x = seed | 1;
            let g: Vec<u16> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % (1 << bits)) as u16
                })
                .collect();
            let wanted: Vec<u16> = wanted
                .iter()
                .map(|&w| w & ((1 << bits) - 1))
                .collect::<BTreeSet<u16>>()
                .into_iter()
                .collect();
            let c = 1 << bits;
            prop_assert_eq!(
                verify(&g, n, &plan, &wanted, c),
                plain(&g, n, &plan, &wanted, c)
            );
        }
    }
}
