//! One heap of the sparse-space engine: the three steps of the method (see
//! the engine's module docs), in two builds of the same logic.
//!
//! - **narrow**, every value below 64: the marked values are one u64 kept
//!   in a register (`acc |= 1 << v`), the wanted values another;
//! - **wide**, values up to 65535: one byte per value (`marks[v] = 1`:
//!   plain stores, no read-modify-write chain through memory), scanned
//!   eight bytes at a time; the scan clears a flag per wanted value and
//!   counts, so it stops within 16 pairs of the last one; while every
//!   value is below 1024 the scan is `scan.rs`'s bit table instead (32
//!   pairs a step with AVX-512 VBMI). When every two-heap digit removes
//!   a token (Officers, 0.6, and most codes), step 1 marks the rare
//!   pairs of two heaps at once: the next heap's partners are already
//!   known and sit beside this heap's.
//!
//! Both are checked against the naive engine by the engine's tests, on
//! codes with small and with large values.

use super::Work;
use super::mask::Mask;
use super::plan::Plan;
use super::scan::{TABLE_VALUES, Wanted};

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
    /// Step 1's rare pairs of heap `pending_for` (`usize::MAX`: none),
    /// marked below `pending_top` together with the heap before it (see
    /// `mark_rare_pairs_twice`).
    pending: Box<[u8; 1 << 16]>,
    pending_for: usize,
    pending_top: usize,
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
            pending: Box::new([0; 1 << 16]),
            pending_for: usize::MAX,
            pending_top: 0,
            table_top: TABLE_VALUES,
        };
        scratch.set_mask(mask);
        scratch
    }

    pub(crate) fn set_mask(&mut self, mask: Mask) {
        // A new split means a new rare list: the pairs marked ahead are
        // not those of the new list.
        self.pending_for = usize::MAX;
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
fn split_hi(m: usize, unequal: bool) -> usize {
    if unequal { (m - 1) / 2 } else { m / 2 }
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
    let last = plan
        .split2
        .iter()
        .filter(|&&i| n >= i + 2)
        .map(|&i| split_hi(n - i, plan.unequal))
        .max()
        .unwrap_or(0);
    let (mut start, mut block) = (1, 32);
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

/// The 0x01 bit of each byte set where the byte is 0 (bytes are 0 or 1).
#[inline]
fn zero_bytes(x: u64) -> u64 {
    !x & 0x0101_0101_0101_0101
}

fn wide(
    g: &[u16],
    sparse: &Sparse,
    scratch: &mut Scratch,
    work: &mut Work,
) -> usize {
    let n = g.len();
    let plan = sparse.plan;
    let top = sparse.top;
    // Step 1 of this heap already done with the heap before it, or to do
    // now together with the next heap's (possible when every two-heap
    // digit removes at least one token: the next heap's partners are then
    // all known, and no part is excluded).
    let ahead = scratch.pending_for == n;
    let pair = !ahead
        && !plan.unequal
        && plan.split2.first().is_some_and(|&i| i >= 1);
    if ahead {
        std::mem::swap(&mut scratch.marks, &mut scratch.pending);
        if scratch.pending_top < top {
            scratch.marks[scratch.pending_top..top].fill(0);
        }
        scratch.pending_for = usize::MAX;
    } else {
        scratch.marks[..top].fill(0);
    }
    if pair {
        scratch.pending[..top].fill(0);
        scratch.pending_for = n + 1;
        scratch.pending_top = top;
    }
    let marks: &mut [u8; 1 << 16] = &mut scratch.marks;
    let next: &mut [u8; 1 << 16] = &mut scratch.pending;
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
            // The parts below m - 1 were marked with the heap before; the
            // part m - 1 (partner g(1)) is new if it is rare.
            if let (Some(&r), Some(&v)) = (pos.last(), val.last())
                && r as usize == m - 1
            {
                marks[usize::from(v ^ g[1])] = 1;
            }
        } else if pair {
            mark_rare_pairs_twice(&g[..=m], pos, val, marks, next);
        } else {
            mark_rare_pairs(&g[..m], pos, val, skip, marks);
        }
    }
    // Step 2, eight values at a time: a byte of x is 0 where the value is
    // unmarked and of the common parity.
    let q = sparse.mask.common_parity(n as u64, plan.t0);
    let q_word = if q == 1 { 0x0101_0101_0101_0101 } else { 0 };
    let mut c = top;
    let words = marks[..top]
        .chunks_exact(8)
        .zip(scratch.parity[..top].chunks_exact(8));
    for (k, (m8, p8)) in words.enumerate() {
        let m8 = u64::from_le_bytes(m8.try_into().unwrap());
        let p8 = u64::from_le_bytes(p8.try_into().unwrap());
        let free = zero_bytes(m8 | (p8 ^ q_word));
        if free != 0 {
            c = k * 8 + free.trailing_zeros() as usize / 8;
            break;
        }
    }
    // The wanted values: unmarked, below c, of the other parity.
    let wanted = &mut scratch.wanted;
    wanted.clear();
    let other_word = q_word ^ 0x0101_0101_0101_0101;
    let words = marks[..c.div_ceil(8) * 8]
        .chunks_exact(8)
        .zip(scratch.parity[..c.div_ceil(8) * 8].chunks_exact(8));
    for (k, (m8, p8)) in words.enumerate() {
        let m8 = u64::from_le_bytes(m8.try_into().unwrap());
        let p8 = u64::from_le_bytes(p8.try_into().unwrap());
        let mut free = zero_bytes(m8 | (p8 ^ other_word));
        while free != 0 {
            let v = k * 8 + free.trailing_zeros() as usize / 8;
            free &= free - 1;
            if v < c {
                wanted.push(v as u16);
            }
        }
    }
    if wanted.is_empty() || sparse.mask.is_none() {
        return wanted.first().map_or(c, |&w| usize::from(w));
    }
    if top <= scratch.table_top {
        // Every value so far is below 1024: the bit table of `scan.rs`.
        let mut left = Wanted::default();
        for &w in wanted.iter() {
            left.insert(usize::from(w));
        }
        scan_blocks(n, plan, |m, from, to| {
            let (done, scanned) = left.scan(g, m, from, to);
            work.scanned_pairs += scanned;
            done
        });
        return left.take_least().unwrap_or(c);
    }
    // The scan clears the flag of each wanted value it meets and counts
    // them, so it stops within a chunk of the last one.
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

/// Step 1 for two heaps at once, n (whose split parts sum to m) into
/// `marks` and n + 1 (parts summing to m + 1) into `next`: g(r) ^ g(m - r)
/// and g(r) ^ g(m + 1 - r) for every rare part r in 1..m, the two partners
/// side by side in memory, so the pair costs one part and value read
/// instead of two. `g` is g(0..=m). The next heap's part m, if rare, is
/// left to it (`wide`).
#[inline(never)]
fn mark_rare_pairs_twice(
    g: &[u16],
    pos: &[u64],
    val: &[u16],
    marks: &mut [u8; 1 << 16],
    next: &mut [u8; 1 << 16],
) {
    let m = g.len() - 1;
    for (&r, &v) in pos.iter().zip(val) {
        let j = m - r as usize;
        marks[usize::from(v ^ g[j])] = 1;
        next[usize::from(v ^ g[j + 1])] = 1;
    }
}

/// Every split of m into three non-empty heaps: `mark` gets each value;
/// returns how many.
fn three_splits(g: &[u16], m: usize, mut mark: impl FnMut(u16)) -> u64 {
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
