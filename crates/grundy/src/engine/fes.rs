//! All-but (cofinite) sets: the FES algorithm over boundary patterns.
//!
//! For S = {1, 2, 3, ...} \ X the Grundy values are unbounded, so the
//! window engines for finite sets do not apply. The FES algorithm
//! (Sleator-Slusky; Suetsugu-Abuku, Algorithm 1 and Theorem 5) computes
//! the values in order of increasing Grundy value k instead of increasing
//! n.
//! Step k:
//!
//! 1. the least undetermined position n gets value k;
//! 2. for each x in X ascending, n + x gets value k if it is undetermined
//!    and (n + x) - m is in X for every m that got value k in this step.
//!
//! Every position with value k lies in [n, n + max(X)] (Suetsugu-Abuku,
//! Lemma 1), so between steps only the *boundary pattern* matters: which
//! of the max(X) + 1 positions from the first undetermined one on are
//! already determined (`*`) and which are not (`_`) (Suetsugu-Abuku,
//! Definition 7). The next pattern is a function of the current one,
//! which is what [`Fes::step`] computes on a bitset; a repeat of the
//! pattern proves additive periodicity (see `allbut.rs`).
//!
//! [`FesValues`] runs the same steps with a ring of max(X) + 1 values and
//! hands out g(0), g(1), ... in order of n: the positions before the first
//! undetermined one are final. Memory is O(max(X)) either way.
//!
//! References: D. Sleator, M. Slusky, "Subtraction games with FES sets of
//! size 3", arXiv:1201.3299 (2012); K. Suetsugu, T. Abuku, "All-but Nim
//! with FES sets of size 4", section 1.3.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::budget::{Budget, CACHED_WORDS, Meter, Stopped};
use crate::set::AllButSet;

use super::mersenne::add;
use super::pattern_hash::{self, PatternHash};

/// The FES algorithm on boundary patterns: which positions near the
/// frontier are determined, without their values.
#[derive(Clone, Debug)]
pub struct Fes {
    /// X, for the test of every step (shared by the states of one set).
    excluded: Arc<Excluded>,
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
    taken: Taken,
    /// The pattern's rolling hash, once [`Fes::matches`] has found that
    /// word by word comparisons of this search read many words (see
    /// [`HASH_AFTER_WORDS`]); `None` before, and always for patterns of
    /// at most [`HASHED_WIDTH`] words.
    hash: Option<PatternHash>,
    /// Whether the pattern is wider than [`HASHED_WIDTH`] words, so that
    /// it may keep a hash.
    hashable: bool,
    /// Word by word comparisons made by [`Fes::matches`] on this state,
    /// and the words they read.
    compares: u64,
    compared: u64,
    /// The word where the last word by word comparison found the
    /// patterns apart: the next one starts there (see [`Fes::matches`]).
    differed: usize,
    /// Pattern words read or moved so far: what a step costs beyond the
    /// candidates it tests.
    touched: u64,
    /// `touched` when [`Fes::step_metered`] last counted it.
    metered: u64,
    /// Effort of the last steps not yet reported to the poll.
    unpolled: u64,
}

/// Patterns of more words than this may keep a rolling hash; narrower
/// ones always compare word by word (eight words are read in less time
/// than a step keeps its hash).
const HASHED_WIDTH: usize = 8;

/// A pattern starts keeping its hash when its word by word comparisons
/// have read more than this many words each on average (counting at
/// least [`HASH_PROBATION`] comparisons, so that one long comparison
/// early on does not decide alone unless it is very long). Keeping the
/// hash costs a step a modular product and a few sums; the patterns
/// of `{a, 2a + 1}` agree for hundreds of words (issue 34, item 3), so
/// there the hash is what keeps the search linear. Thresholds of 2 to 64
/// words measured alike on mid-size and large all-but sets (BENCHMARKS.md,
/// "Mid-size all-but sets"); never hashing is quadratic.
const HASH_AFTER_WORDS: u64 = 8;

/// The fewest comparisons [`HASH_AFTER_WORDS`] averages over.
const HASH_PROBATION: u64 = 64;

/// What a step of a pattern wider than [`HASHED_WIDTH`] words costs
/// beyond the words it reads, in pattern words (a position of the block
/// engine each, about 0.6 ns): 30 to 36 ns a step for
/// `all-but:1000,2003,3003` (three candidates, the hash kept, Brent's
/// comparison) on the machine of `BENCHMARKS.md`. So the default budget
/// stops that set, whose period is not found within it, in about 7 s.
const HASHED_STEP_WORDS: u64 = 48;

/// Effort (offsets and runs looked at) between two calls of a step's
/// poll: a fraction of a millisecond.
const POLL_EFFORT: u64 = 1 << 16;

/// X, as FES asks it: its members ascending, their bits, and its maximal
/// runs of consecutive members, so that "is x - o in X for every o in a
/// run of offsets" costs one look-up however long the run.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Excluded {
    /// X ascending.
    list: Vec<usize>,
    /// Bit x is set iff x is in X (x in 0..=max(X)).
    member: Vec<u64>,
    /// The maximal runs [first, last] of consecutive members, ascending.
    runs: Vec<(usize, usize)>,
    /// R^x for each x in X (see `pattern_hash.rs`), when the pattern may
    /// be hashed; else empty.
    powers: Vec<u64>,
    /// Whether 1 is in X. If not, no two taken offsets are consecutive
    /// (two taken offsets are a distance in X apart), so a step tests
    /// the taken offsets one by one and keeps no runs.
    has_one: bool,
    /// For X of at most [`FEW`] members, one mask per member x_i: bit j
    /// is set iff j < i and x_i - x_j is in X. A step takes x_i iff
    /// n + x_i is undetermined and every member it took before lies in
    /// that mask (offset 0 is a distance x_i in X from every candidate),
    /// so a candidate costs one test whatever it took before; empty for
    /// larger X.
    pairs: Vec<u64>,
}

/// The most members of X whose steps test candidates with the masks of
/// [`Excluded::pairs`] (one bit a member); larger X tests runs of taken
/// offsets ([`Taken::allow`]).
const FEW: usize = 64;

impl Excluded {
    fn new(set: &AllButSet) -> Excluded {
        let list: Vec<usize> =
            set.excluded().iter().map(|&x| x as usize).collect();
        let mut member = vec![0; words(set.max_excluded() as usize + 1)];
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &x in &list {
            set_bit(&mut member, x);
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == x => *last = x,
                _ => runs.push((x, x)),
            }
        }
        let has_one = list.first() == Some(&1);
        let pairs = if list.len() <= FEW {
            (0..list.len())
                .map(|i| {
                    (0..i)
                        .filter(|&j| get_bit(&member, list[i] - list[j]))
                        .fold(0, |mask, j| mask | 1 << j)
                })
                .collect()
        } else {
            Vec::new()
        };
        Excluded { list, member, runs, powers: Vec::new(), has_one, pairs }
    }

    /// Whether a step tests candidates with [`Excluded::pairs`].
    fn few(&self) -> bool {
        self.list.len() <= FEW
    }

    /// Whether every d in [lo, hi] is in X.
    #[inline]
    fn covers(&self, lo: usize, hi: usize) -> bool {
        if lo == hi {
            return get_bit(&self.member, lo);
        }
        let after = self.runs.partition_point(|&(first, _)| first <= lo);
        after > 0 && self.runs[after - 1].1 >= hi
    }
}

/// The offsets that got one value in one step, ascending, also kept as
/// runs of consecutive offsets: a candidate x must be a distance in X
/// from each of them (Suetsugu-Abuku, Algorithm 1), and a run of taken
/// offsets is tested at once. A set with one long run of excluded sizes
/// (`all-but:1-40000`) takes tens of thousands of offsets a step; one
/// test per offset made each step quadratic. When 1 is not in X every
/// run is one offset, and [`Fes::step`] keeps the offsets only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Taken {
    /// The offsets taken are `offsets[..len]`; a step of at most [`FEW`]
    /// candidates keeps `offsets` |X| + 1 long and writes every candidate
    /// after the ones it took, counting only those it takes.
    offsets: Vec<usize>,
    len: usize,
    runs: Vec<(usize, usize)>,
}

impl Taken {
    fn clear(&mut self) {
        self.offsets.clear();
        self.len = 0;
        self.runs.clear();
    }

    /// Adds `o`, larger than every offset taken so far.
    #[inline]
    fn push(&mut self, o: usize) {
        self.offsets.push(o);
        self.len = self.offsets.len();
        match self.runs.last_mut() {
            Some((_, last)) if *last + 1 == o => *last = o,
            _ => self.runs.push((o, o)),
        }
    }

    /// Whether x - o is in X for every offset o taken (all below x),
    /// adding the runs looked at to `effort`.
    #[inline]
    fn allow(&self, x: usize, excluded: &Excluded, effort: &mut u64) -> bool {
        for &(first, last) in &self.runs {
            *effort += 1;
            if !excluded.covers(x - last, x - first) {
                return false;
            }
        }
        true
    }
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
        let m = set.max_excluded() as usize;
        let mut excluded = Excluded::new(set);
        let width = words(m + 1);
        let hashable = width > HASHED_WIDTH;
        if hashable {
            excluded.powers = pattern_hash::powers(&excluded.list);
        }
        Fes {
            excluded: Arc::new(excluded),
            m,
            pattern: vec![0; 2 * width + 1],
            head: 0,
            width,
            base: 0,
            step: 0,
            taken: Taken::default(),
            hash: None,
            hashable,
            compares: 0,
            compared: 0,
            differed: 0,
            touched: 0,
            metered: 0,
            unpolled: 0,
        }
    }

    /// max(X): the pattern covers the offsets 0..max(X) (offset max(X) and
    /// beyond are always undetermined between steps, Suetsugu-Abuku, Lemma 1).
    pub fn window(&self) -> usize {
        self.m
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
        &self.taken.offsets[..self.taken.len]
    }

    /// Whether two states have the same boundary pattern: at once when
    /// both keep hashes and they differ, else word by word.
    #[inline]
    pub fn same_pattern(&self, other: &Fes) -> bool {
        if let (Some(a), Some(b)) = (&self.hash, &other.hash)
            && a.value() != b.value()
        {
            return false;
        }
        (0..self.width).all(|j| self.word(j) == other.word(j))
    }

    /// [`Fes::same_pattern`] for a search that compares states step
    /// after step (Brent's cycle finder, the pre-period pass). Word by
    /// word, it starts at the word where its last comparison found the
    /// patterns apart and wraps around. It counts the words its
    /// comparisons read, and once they read more than
    /// [`HASH_AFTER_WORDS`] each on average, both states start keeping a
    /// hash (a wide pattern only), so that later comparisons of unequal
    /// patterns cost one test whatever their width.
    pub fn matches(&mut self, other: &mut Fes) -> bool {
        if self.hash.is_some() && other.hash.is_some() {
            let same = self.same_pattern(other);
            if same {
                self.touched += self.width as u64;
            }
            return same;
        }
        // Two states of one search differ mostly in the same words from
        // one comparison to the next (near offset 0 nearly every position
        // is determined, near max(X) nearly none is): starting where the
        // last comparison stopped reads one or two words where starting
        // at word 0 read more than eight, and keeps sets such as
        // `all-but:600,1201,1801,3002` from paying for a hash.
        let (width, mut j) = (self.width, self.differed);
        let mut read = 0;
        let same = loop {
            read += 1;
            if self.word(j) != other.word(j) {
                self.differed = j;
                break false;
            }
            if read == width as u64 {
                break true;
            }
            j = if j + 1 == width { 0 } else { j + 1 };
        };
        self.touched += read;
        self.compares += 1;
        self.compared += read;
        if self.hashable
            && self.compared
                > HASH_AFTER_WORDS * self.compares.max(HASH_PROBATION)
        {
            self.keep_hash();
            other.keep_hash();
        }
        same
    }

    /// Starts keeping the pattern's hash (a pattern wider than
    /// [`HASHED_WIDTH`] words; else nothing), computed from its words.
    pub(crate) fn keep_hash(&mut self) {
        if self.hash.is_none() && self.hashable {
            let mut hash = PatternHash::new();
            hash.recompute(&self.pattern_words().collect::<Vec<_>>());
            self.hash = Some(hash);
            self.touched += self.width as u64;
        }
    }

    /// Whether the state keeps its pattern's hash.
    #[cfg(test)]
    pub(crate) fn keeps_hash(&self) -> bool {
        self.hash.is_some()
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
        if let Some(hash) = &mut self.hash {
            hash.recompute(words);
        }
    }

    /// Copies `other`'s pattern, base and step into `self` (same set).
    pub fn copy_from(&mut self, other: &Fes) {
        self.pattern.clone_from(&other.pattern);
        self.head = other.head;
        self.base = other.base;
        self.step = other.step;
        self.hash = other.hash;
    }

    /// The boundary pattern as Suetsugu and Abuku write it: `*` for
    /// determined, `_` for undetermined, max(X) characters (offsets
    /// 0..max(X)); for Nim (max(X) = 0) the empty string.
    pub fn pattern_string(&self) -> String {
        (0..self.m)
            .map(|j| if self.is_determined(j) { '*' } else { '_' })
            .collect()
    }

    /// One FES step: gives the next value to the first undetermined
    /// position and to every n + x allowed by the rule, then moves the
    /// base to the next undetermined position. Returns how far the base
    /// moved (the number of positions that became final, >= 1).
    ///
    /// A step of a large X can take long (the positions taken by the
    /// first step of `all-but:2,4,...,40000,40001` are all apart, so each
    /// of its 20,000 candidates is tested against thousands of them), so
    /// it calls `poll` with the effort spent (candidates and runs looked
    /// at) each time 2^16 of it has gathered, counting from earlier steps
    /// (a call a step would cost a small set more than its step; a step
    /// of at most [`FEW`] candidates asks once, at its end); an error
    /// from `poll` stops the step at once and leaves the state unusable
    /// (callers drop it).
    pub fn step<E>(
        &mut self,
        poll: &mut impl FnMut(u64) -> Result<(), E>,
    ) -> Result<u64, E> {
        set_bit(&mut self.pattern, self.head);
        if self.excluded.few() {
            // Effort below POLL_EFFORT is carried to the next step: a
            // poll a step cost more than a small set's whole step, and
            // such a step spends at most 2 * FEW.
            let effort = self.unpolled + self.take_few();
            self.unpolled = if effort >= POLL_EFFORT {
                poll(effort)?;
                0
            } else {
                effort
            };
        } else {
            self.taken.clear();
            self.taken.push(0);
            if let Some(hash) = &mut self.hash {
                hash.add_origin();
            }
            self.take_many(poll)?;
        }
        let shift = self.leading_determined();
        self.shift_right(shift);
        if let Some(hash) = &mut self.hash {
            hash.shift(shift);
        }
        #[cfg(test)]
        self.assert_hash_follows_the_pattern();
        self.base += shift as u64;
        self.step += 1;
        Ok(shift as u64)
    }

    /// The candidates of a step of X with at most [`FEW`] members, each
    /// tested with one mask ([`Excluded::pairs`]), taken ones set in the
    /// pattern (a later candidate is a larger offset, so setting them as
    /// they come changes no test) and, with offset 0, in the hash.
    /// Returns the effort: a look-up a candidate and a test an
    /// undetermined one.
    #[inline]
    fn take_few(&mut self) -> u64 {
        if self.hash.is_some() {
            self.take_few_hashed::<true>()
        } else {
            self.take_few_hashed::<false>()
        }
    }

    /// [`Fes::take_few`], adding offset 0 and the taken members to the
    /// hash when `HASH`. Whether a candidate is determined and whether its mask
    /// admits it follow no pattern a branch predictor learns, so the
    /// loop has no branch on them: each candidate is written to the
    /// taken offsets and counted only if taken, and set in the pattern
    /// and added to the hash as 0 or its bit.
    #[inline(always)]
    fn take_few_hashed<const HASH: bool>(&mut self) -> u64 {
        let excluded = &*self.excluded;
        let (pattern, head) = (&mut self.pattern[..], self.head);
        let offsets = &mut self.taken.offsets;
        let n = excluded.list.len();
        if offsets.len() <= n {
            offsets.resize(n + 1, 0);
        }
        offsets[0] = 0;
        // Offset 0, set by the caller, joins the hash with the members.
        let (mut took, mut len, mut tested, mut added) = (0u64, 1, 0, 1);
        for (i, (&x, &pairs)) in
            excluded.list.iter().zip(&excluded.pairs).enumerate()
        {
            let (q, r) = ((head + x) / 64, (head + x) % 64);
            let open = !pattern[q] >> r & 1;
            let take = open & u64::from(took & !pairs == 0);
            took |= take << i;
            pattern[q] |= take << r;
            offsets[len] = x;
            len += take as usize;
            tested += open;
            if HASH {
                added = add(added, excluded.powers[i] & take.wrapping_neg());
            }
        }
        self.taken.len = len;
        if HASH && let Some(hash) = &mut self.hash {
            hash.add_member(added);
        }
        n as u64 + tested
    }

    /// The candidates of a step of a larger X: each tested against the
    /// runs of offsets taken before it (or the offsets one by one when 1
    /// is not in X, so that every run is one offset), polling as the
    /// effort gathers.
    fn take_many<E>(
        &mut self,
        poll: &mut impl FnMut(u64) -> Result<(), E>,
    ) -> Result<(), E> {
        let (excluded, taken, hash) =
            (&*self.excluded, &mut self.taken, &mut self.hash);
        let (pattern, head) = (&mut self.pattern[..], self.head);
        // Effort below POLL_EFFORT is carried to the next step.
        let mut effort = self.unpolled;
        for (i, &x) in excluded.list.iter().enumerate() {
            effort += 1;
            if get_bit(pattern, head + x) {
                continue;
            }
            let allowed = if excluded.has_one {
                taken.allow(x, excluded, &mut effort)
            } else {
                effort += taken.offsets.len() as u64;
                taken.offsets.iter().all(|&o| get_bit(&excluded.member, x - o))
            };
            if allowed {
                if excluded.has_one {
                    taken.push(x);
                } else {
                    taken.offsets.push(x);
                }
                if let Some(hash) = hash {
                    hash.add_member(excluded.powers[i]);
                }
            }
            if effort >= POLL_EFFORT {
                poll(effort)?;
                effort = 0;
            }
        }
        self.unpolled = effort;
        taken.len = taken.offsets.len();
        for &o in &taken.offsets {
            set_bit(pattern, head + o);
        }
        Ok(())
    }

    /// The hash kept step by step equals the hash of the pattern: a drift
    /// would not give a wrong answer (equal hashes are confirmed word by
    /// word) but would hide every repeat, so tests check every one of the
    /// first 4096 steps and every 64th after (a drift stays: each step
    /// updates the last hash; checking every step of a long search made
    /// one test quadratic, 20 s for {30000, 60001}).
    #[cfg(test)]
    fn assert_hash_follows_the_pattern(&self) {
        if self.step >= 4096 && !self.step.is_multiple_of(64) {
            return;
        }
        if let Some(hash) = self.hash {
            let mut again = hash;
            again.recompute(&self.pattern_words().collect::<Vec<_>>());
            assert_eq!(again.value(), hash.value(), "step {}", self.step);
        }
    }

    /// [`Fes::step`] under a meter: the positions made final count as
    /// work, or the step's cost in pattern words when that is more (so
    /// that a budget of positions bounds the time of sets whose steps each
    /// make one position final), and the budget is asked as the step goes.
    /// A step of a narrow pattern costs its max(X) / 64 words, as when
    /// each step compared whole patterns; a step of a wider pattern costs
    /// the words it and the comparisons since the last step
    /// ([`Fes::matches`]) read and moved, plus [`HASHED_STEP_WORDS`].
    pub(crate) fn step_metered(
        &mut self,
        meter: &mut Meter<'_>,
    ) -> Result<u64, Stopped> {
        let moved = self.step(&mut |tests| meter.add_tests(tests))?;
        let words = if self.hashable {
            self.touched - self.metered + HASHED_STEP_WORDS
        } else {
            self.m as u64 / 64
        };
        self.metered = self.touched;
        let wide = self.width as u64 > CACHED_WORDS;
        meter.add_scanned(moved as usize, words, wide)?;
        Ok(moved)
    }

    /// The number of determined positions from offset 0 on.
    #[inline]
    fn leading_determined(&mut self) -> usize {
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
        self.touched += (count / 64 + 1) as u64;
        count.min(self.m + 1)
    }

    fn shift_right(&mut self, by: usize) {
        self.head += by;
        if self.head >= 64 * self.width {
            // Move the live words down to the start; zero the rest.
            let from = self.head / 64;
            let len = self.pattern.len();
            self.touched += (len - from) as u64;
            self.pattern.copy_within(from.., 0);
            self.pattern[len - from..].fill(0);
            self.head %= 64;
        }
    }
}

/// Marks an undetermined slot in the value ring.
const UNSET: u64 = u64::MAX;

/// The Grundy values g(0), g(1), ... of an all-but set, by FES steps, in
/// order of n, with O(max(X)) memory. They end (`None`) when the
/// budget's deadline passes or its cancel flag is raised, which a step is
/// polled for; the caller asks the budget why.
#[derive(Clone, Debug)]
pub struct FesValues {
    fes: Fes,
    /// Values of the positions base .. base + max(X) (UNSET if unknown).
    ring: VecDeque<u64>,
    /// Final values not handed out yet, in order of n.
    ready: VecDeque<u64>,
    budget: Budget,
    /// Effort since the budget was last asked.
    effort: u64,
    /// A step was interrupted: the state is unusable.
    stopped: bool,
}

impl FesValues {
    /// The values of `set` from position 0 on, within `budget`'s
    /// deadline and cancel flag.
    pub fn new(set: &AllButSet, budget: &Budget) -> FesValues {
        let fes = Fes::new(set);
        let ring = std::iter::repeat_n(UNSET, fes.window() + 1).collect();
        FesValues {
            fes,
            ring,
            ready: VecDeque::new(),
            budget: budget.clone(),
            effort: 0,
            stopped: false,
        }
    }

    fn fill(&mut self) {
        let value = self.fes.step_index();
        let (budget, effort) = (&self.budget, &mut self.effort);
        let step = self.fes.step(&mut |spent| {
            *effort += spent;
            if *effort < POLL_EFFORT * 16 {
                return Ok(());
            }
            *effort = 0;
            budget.interrupted().map_or(Ok(()), Err)
        });
        let Ok(shift) = step else {
            self.stopped = true;
            return;
        };
        let shift = shift as usize;
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
        if self.ready.is_empty() && !self.stopped {
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
/// starting with m0 (whose only option, 0, is N). Either way the
/// candidates are first + x for x in X, tested as an FES step tests them
/// (runs of P-positions at once), calling `poll` with the effort spent as
/// [`Fes::step`] does.
pub(crate) fn p_positions<E>(
    set: &AllButSet,
    play: crate::play::Play,
    poll: &mut impl FnMut(u64) -> Result<(), E>,
) -> Result<Vec<u64>, E> {
    let first = first_p_position(set, play);
    let excluded = Excluded::new(set);
    let mut taken = Taken::default();
    taken.push(0);
    let mut effort = 0;
    for &x in &excluded.list {
        effort += 1;
        if taken.allow(x, &excluded, &mut effort) {
            taken.push(x);
        }
        if effort >= POLL_EFFORT {
            poll(effort)?;
            effort = 0;
        }
    }
    poll(effort)?;
    Ok(taken.offsets.iter().map(|&o| first + o as u64).collect())
}

/// The least P-position under `play`: 0 in normal play, the least move
/// size in misère play.
pub(crate) fn first_p_position(
    set: &AllButSet,
    play: crate::play::Play,
) -> u64 {
    match play {
        crate::play::Play::Normal => 0,
        crate::play::Play::Misere => {
            (1..).find(|&a| set.contains(a)).expect("X finite")
        }
    }
}

/// [`p_positions`] within `budget`: the candidate tests count as
/// positions (see [`Meter::add_tests`]) and the deadline and cancel flag
/// are asked as they pass.
pub(crate) fn p_positions_within(
    set: &AllButSet,
    play: crate::play::Play,
    budget: &Budget,
) -> Result<Vec<u64>, Stopped> {
    let mut meter = Meter::new(budget);
    p_positions(set, play, &mut |tests| meter.add_tests(tests))
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
        FesValues::new(&all_but(x), &Budget::default()).take(count).collect()
    }

    fn naive_values(x: &[u64], count: usize) -> Vec<u64> {
        naive::grundy_values(&all_but(x), count)
    }

    /// A poll that never stops a step.
    pub(crate) fn unpolled(_: u64) -> Result<(), ()> {
        Ok(())
    }

    /// The taken offsets of one step as the definition says: x joins
    /// when n + x is undetermined and x - o is in X for each o taken.
    fn step_by_definition(f: &Fes) -> Vec<usize> {
        let mut taken = vec![0];
        for &x in &f.excluded.list {
            if !f.is_determined(x)
                && taken.iter().all(|&o| get_bit(&f.excluded.member, x - o))
            {
                taken.push(x);
            }
        }
        taken
    }

    /// X made of a few runs of consecutive sizes (intervals are where
    /// the run test matters) and scattered sizes.
    fn runs_and_points() -> impl Strategy<Value = Vec<u64>> {
        (
            prop::collection::vec((1u64..120, 0u64..40), 0..4),
            prop::collection::btree_set(1u64..200, 0..5),
        )
            .prop_map(|(runs, points)| {
                let mut x: std::collections::BTreeSet<u64> = points;
                for (start, len) in runs {
                    x.extend(start..=start + len);
                }
                x.into_iter().collect()
            })
    }

    #[test]
    fn a_long_run_of_excluded_sizes_steps_in_linear_time() {
        // all-but:1-200000: step 0 gives 0 to 0..=200000 (each offset a
        // distance in X from all others); one test per taken offset was
        // 2 * 10^10 tests, the run test is one per candidate.
        let x: Vec<u64> = (1..=200_000).collect();
        let mut f = Fes::new(&all_but(&x));
        let mut effort = 0;
        let shift = f
            .step(&mut |spent| {
                effort += spent;
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!((shift, f.taken().len()), (200_001, 200_001));
        assert!(effort <= 3 * 200_000, "effort {effort}");
    }

    #[test]
    fn a_step_stops_when_its_poll_says_so() {
        // X = 1..=300000 and a far element: the first poll comes after
        // POLL_EFFORT candidates, long before the step would end.
        let mut x: Vec<u64> = (1..=300_000).collect();
        x.push(10_000_000);
        let mut f = Fes::new(&all_but(&x));
        let mut polls = 0;
        let stopped = f.step(&mut |_| {
            polls += 1;
            Err("stop")
        });
        assert_eq!((stopped, polls), (Err("stop"), 1));
    }

    #[test]
    fn values_end_when_the_budget_is_cancelled() {
        let cancel =
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let budget = Budget { cancel: Some(cancel), ..Budget::default() };
        // Each step of all-but:1-2000000 spends more effort than the
        // values poll lets pass without asking the budget.
        let x: Vec<u64> = (1..=2_000_000).collect();
        let mut values = FesValues::new(&all_but(&x), &budget);
        assert_eq!(values.next(), None);
        assert_eq!(values.next(), None);
    }

    #[test]
    fn nim_is_identity() {
        assert_eq!(fes_values(&[], 6), [0, 1, 2, 3, 4, 5]);
    }

    /// Source: Suetsugu-Abuku, Lemma 3 (and its proof):
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
    fn patterns_follow_suetsugu_abuku_notation() {
        // X = {1}: step 0 gives 0 to positions 0 and 1; the pattern after
        // it starts at 2 with nothing determined.
        let mut f = Fes::new(&all_but(&[1]));
        assert_eq!(f.pattern_string(), "_");
        assert_eq!(f.step(&mut unpolled).unwrap(), 2);
        assert_eq!((f.taken(), f.base()), (&[0, 1][..], 2));
        // X = {2, 3}: step 0 gives 0 to 0, 2 and 3? 3 - 2 = 1 is not in X,
        // so only 0 and 2; the base moves to 1 with 1 (offset 1) set.
        let mut f = Fes::new(&all_but(&[2, 3]));
        f.step(&mut unpolled).unwrap();
        assert_eq!(f.taken(), &[0, 2]);
        assert_eq!((f.base(), f.pattern_string().as_str()), (1, "_*_"));
    }

    #[test]
    fn wide_patterns_shift_across_words() {
        for x in [vec![63, 64, 130], vec![1, 64, 65, 200], vec![64]] {
            assert_eq!(fes_values(&x, 2000), naive_values(&x, 2000), "{x:?}");
        }
    }

    /// Brent's cycle finder on `all-but:600,1201,1801,3002` (47-word
    /// patterns, issue 34 item 3): its first 64 comparisons, started at
    /// word 0, read more than eight words each on average (the states of
    /// the first steps agree on their first words), which made the
    /// states keep a hash for the rest of the search; started where the
    /// last comparison found the patterns apart, 10^5 comparisons read
    /// at most two words each on average, and no hash is kept.
    #[test]
    fn comparisons_start_where_the_patterns_last_differed() {
        let mut tortoise = Fes::new(&all_but(&[600, 1201, 1801, 3002]));
        let mut hare = tortoise.clone();
        let (mut power, mut steps, mut from_zero) = (1u64, 0u64, 0);
        for k in 1..=100_000 {
            hare.step(&mut unpolled).unwrap();
            steps += 1;
            if k <= HASH_PROBATION {
                let words = hare.pattern_words().zip(tortoise.pattern_words());
                from_zero += words.take_while(|(a, b)| a == b).count() + 1;
            }
            assert!(!hare.matches(&mut tortoise));
            if power == steps {
                tortoise.copy_from(&hare);
                power *= 2;
                steps = 0;
            }
        }
        let over = HASH_AFTER_WORDS * HASH_PROBATION;
        assert!(from_zero as u64 > over, "from word 0: {from_zero}");
        assert!(hare.compared <= 2 * hare.compares, "{}", hare.compared);
        assert!(!hare.keeps_hash());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Every step takes the offsets the definition takes, on sets of
        /// runs and scattered sizes, at every step of the first 300.
        #[test]
        fn steps_take_what_the_definition_takes(x in runs_and_points()) {
            let mut f = Fes::new(&all_but(&x));
            for _ in 0..300 {
                let want = step_by_definition(&f);
                f.step(&mut unpolled).unwrap();
                prop_assert_eq!(f.taken(), &want[..]);
            }
        }

        /// The same with one far element, so that the pattern is wider
        /// than eight words and starts keeping a rolling hash at some
        /// step, checked against the pattern's own hash at every step.
        #[test]
        fn hashed_steps_take_what_the_definition_takes(
            x in runs_and_points(),
            far in 520u64..1500,
            from in 0usize..300,
        ) {
            let mut x = x;
            x.push(far);
            let mut f = Fes::new(&all_but(&x));
            for k in 0..300 {
                if k == from {
                    f.keep_hash();
                    prop_assert!(f.keeps_hash());
                }
                let want = step_by_definition(&f);
                f.step(&mut unpolled).unwrap();
                prop_assert_eq!(f.taken(), &want[..]);
            }
        }

        /// `matches` answers as the patterns' words do, before and after
        /// the states start keeping hashes (by its own rule or forced at
        /// some step), for two states of one set a few steps apart, on
        /// narrow and wide patterns; a kept hash follows its pattern at
        /// every step (`Fes::step` checks it in tests).
        #[test]
        fn matches_compares_as_the_words_do(
            x in runs_and_points(),
            far in prop::option::of(520u64..1500),
            lag in 1usize..40,
            force in prop::option::of(0usize..400),
        ) {
            let mut x = x;
            x.extend(far);
            let set = all_but(&x);
            let (mut ahead, mut behind) = (Fes::new(&set), Fes::new(&set));
            for _ in 0..lag {
                ahead.step(&mut unpolled).unwrap();
            }
            for k in 0..400 {
                if force == Some(k) {
                    ahead.keep_hash();
                    behind.keep_hash();
                }
                let want = ahead.pattern_words().eq(behind.pattern_words());
                prop_assert_eq!(ahead.matches(&mut behind), want, "step {}", k);
                prop_assert_eq!(ahead.keeps_hash(), behind.keeps_hash());
                ahead.step(&mut unpolled).unwrap();
                behind.step(&mut unpolled).unwrap();
            }
            if far.is_none() {
                prop_assert!(!ahead.keeps_hash());
            }
        }

        /// FES equals the definition on sets of runs and scattered sizes.
        #[test]
        fn fes_equals_naive_on_runs(x in runs_and_points()) {
            prop_assert_eq!(fes_values(&x, 400), naive_values(&x, 400));
        }

        /// FES equals the definition on thousands of random X.
        #[test]
        fn fes_equals_naive(v in prop::collection::btree_set(1u64..24, 0..7)) {
            let x: Vec<u64> = v.into_iter().collect();
            prop_assert_eq!(fes_values(&x, 300), naive_values(&x, 300));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every step takes the offsets the definition takes on sets of
        /// 50 to 80 members, with and without 1 in X: steps of at most
        /// `FEW` candidates test each with one mask, larger ones test
        /// runs of taken offsets (or the offsets one by one).
        #[test]
        fn few_and_many_candidates_take_what_the_definition_takes(
            x in prop::collection::btree_set(2u64..400, 50..80),
            one in any::<bool>(),
        ) {
            let mut x: Vec<u64> = x.into_iter().collect();
            if one {
                x.insert(0, 1);
            }
            let mut f = Fes::new(&all_but(&x));
            prop_assert_eq!(f.excluded.few(), x.len() <= FEW);
            for _ in 0..200 {
                let want = step_by_definition(&f);
                f.step(&mut unpolled).unwrap();
                prop_assert_eq!(f.taken(), &want[..]);
            }
        }
    }
}
