//! The sparse-space engine: Grundy values of take-and-break games with work
//! per heap about (number of rare positions) x (code length), not n.
//!
//! Method (Berlekamp, Conway, Guy, Winning Ways ch. 4, "Sparse space spells
//! speed"; A. Gangolli, T. Plambeck, A note on periodicity in some octal
//! games, Int. J. Game Theory 18 (1989); A. Flammenkamp, Sprague-Grundy
//! values of octal games): split the positions into rare and common by a
//! mask (see [`Mask`]). For heap n let q be the parity of a common value at
//! n. An option that splits n - i into heaps a and b has value
//! g(a) ^ g(b), of parity q exactly when one part is rare and the other
//! common. So, per heap:
//!
//! 1. mark every option that leaves no heap or one heap, every split into
//!    three heaps (hexadecimal digits; enumerated in full, O(n^2): no
//!    parity split makes them cheap), and, for each splitting digit i,
//!    g(r) ^ g(n - i - r) for every rare position r. Now every option value
//!    of parity q is marked;
//! 2. c = the least unmarked value of parity q. No option has value c, so
//!    g(n) <= c, and every value below c of parity q is an option;
//! 3. the values below c of the other parity that are still unmarked are
//!    *wanted*: the splits (a, n - i - a) of all splitting digits are
//!    scanned side by side from a = 1 until every wanted value has turned
//!    up (usually after a few pairs, since most pairs are common x
//!    common). Then g(n) = c; if the scan ends with some wanted value
//!    missing, g(n) is the least of them (a new rare value).
//!
//! The per-heap step lives in `heap.rs`, in a build for values below 64
//! and one for larger values.
//!
//! This is the exact mex for every mask (a poor mask only makes step 3
//! longer, and [`Mask::NONE`] makes step 1 the full enumeration), which is
//! what the tests check against the naive engine, also with masks forced.
//! The mask is chosen from the value frequencies at n = 64, 128, 256, ...
//! (the rare list is rebuilt then, O(n), so O(1) amortised per heap).
//!
//! Values are stored as u16, two bytes per heap. A value of 65536 or more
//! (possible only after every value below 65536 has occurred among the
//! options of one heap) stops the engine with an error naming the heap; the
//! values before it stay valid.

use crate::code::Rules;
use crate::error::{Error, ErrorKind, Result};
use crate::sparse::checkpoint::{CHECKPOINT_FORMAT, Checkpoint, checksum};
use crate::sparse::heap::{self, Plan, Scratch, Sparse};
use crate::sparse::mask::{Frequencies, Mask, choose};
use crate::stats::{RareValue, Summary};

/// The first heap at which the mask is chosen; later at every power of two.
const FIRST_REVIEW: u64 = 64;

/// How the engine picks its rare/common split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MaskChoice {
    /// From the value frequencies at n = 64, 128, 256, ... (the default).
    #[default]
    Auto,
    /// Always this split (for tests and for experiments: any split gives
    /// the right values, a poor one only costs time).
    Fixed(Mask),
}

/// Work counters, for judging how sparse a game is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Splits with a rare part evaluated (step 1).
    pub rare_pairs: u64,
    /// Splits scanned to find wanted values (step 3).
    pub scanned_pairs: u64,
    /// Splits into three heaps enumerated.
    pub three_heap_splits: u64,
}

/// A streaming generator of g(0), g(1), ... for one rule set, with a state
/// that can be saved ([`Engine::checkpoint`]) and restored
/// ([`Engine::resume`]).
#[derive(Clone, Debug)]
pub struct Engine {
    rules: Rules,
    plan: Plan,
    choice: MaskChoice,
    values: Vec<u16>,
    freq: Frequencies,
    max_value: u16,
    mask: Mask,
    rare_pos: Vec<u64>,
    rare_val: Vec<u16>,
    /// A power of two (at least 64) above every value so far: every option
    /// value is below it.
    top: usize,
    scratch: Scratch,
    next_review: u64,
    work: Work,
    /// Values from here on do not fit: 65536 (lowered in tests).
    value_limit: usize,
}

impl Engine {
    /// A fresh engine at n = 0 with the automatic mask.
    pub fn new(rules: Rules) -> Engine {
        Engine::build(rules, MaskChoice::Auto)
    }

    /// A fresh engine at n = 0 with the given mask choice. A split in the
    /// domain is refused for codes whose two-heap digits sit at indices of
    /// both parities (the split would give wrong values there).
    pub fn with_mask_choice(
        rules: Rules,
        choice: MaskChoice,
    ) -> Result<Engine> {
        if let MaskChoice::Fixed(mask) = choice {
            check_domain(&rules, mask)?;
        }
        Ok(Engine::build(rules, choice))
    }

    /// Whether a split in the domain is valid for these rules.
    pub fn domain_split_allowed(rules: &Rules) -> bool {
        Plan::new(rules).domain_allowed
    }

    fn build(rules: Rules, choice: MaskChoice) -> Engine {
        let plan = Plan::new(&rules);
        let mask = match choice {
            MaskChoice::Auto => Mask::NONE,
            MaskChoice::Fixed(mask) => mask,
        };
        Engine {
            rules,
            plan,
            choice,
            values: Vec::new(),
            freq: Frequencies::default(),
            max_value: 0,
            mask,
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            top: 64,
            scratch: Scratch::new(mask),
            next_review: FIRST_REVIEW,
            work: Work::default(),
            value_limit: 1 << 16,
        }
    }

    /// The rules this engine computes.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many values have been computed (the next heap is `len()`).
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether no value has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// g(0), ..., g(len - 1).
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The values, giving up the engine.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u16 {
        self.max_value
    }

    /// The current rare/common split.
    pub fn mask(&self) -> Mask {
        self.mask
    }

    /// The number of rare positions (heaps of at least one token) under the
    /// current split.
    pub fn rare_count(&self) -> usize {
        self.rare_pos.len()
    }

    /// The last rare position, if any.
    pub fn last_rare(&self) -> Option<u64> {
        self.rare_pos.last().copied()
    }

    /// Work done so far.
    pub fn work(&self) -> Work {
        self.work
    }

    /// Reserves memory for `additional` more values, exactly (no doubling:
    /// at 2 bytes a value, doubling would waste gigabytes near the end).
    pub fn reserve(&mut self, additional: u64) -> Result<()> {
        let additional = usize::try_from(additional)
            .map_err(|_| memory_error(additional, self.values.len() as u64))?;
        if self.values.capacity() - self.values.len() >= additional {
            return Ok(());
        }
        self.values.try_reserve_exact(additional).map_err(|_| {
            memory_error(additional as u64, self.values.len() as u64)
        })
    }

    /// Computes `count` more values and returns them. On an error (a value
    /// too large for 16 bits, no memory) the values computed before it
    /// stay, so the engine can still be checkpointed.
    pub fn advance(&mut self, count: u64) -> Result<&[u16]> {
        let start = self.values.len();
        let capacity = self.values.capacity() - start;
        if (capacity as u64) < count {
            // Grow by a quarter at least (geometric, so few moves; large
            // blocks are moved by the allocator without copying), at most
            // 25% more than needed. Callers that know the final length call
            // `reserve` once instead.
            let grow = count.max(start as u64 / 4).max(1 << 16);
            self.reserve(grow)?;
        }
        for _ in 0..count {
            let n = self.values.len() as u64;
            if n == self.next_review {
                self.review();
            }
            let v = self.compute(n as usize)?;
            self.push(v);
        }
        Ok(&self.values[start..])
    }

    /// Computes values until `len` are known and returns the new ones.
    pub fn advance_to(&mut self, len: u64) -> Result<&[u16]> {
        self.advance(len.saturating_sub(self.len()))
    }

    /// A summary: frequencies, the rare values seen and where.
    pub fn summary(&self) -> Summary {
        let mut rare: Vec<RareValue> = Vec::new();
        for (&x, &v) in self.rare_pos.iter().zip(&self.rare_val) {
            match rare.iter_mut().find(|r| r.value == v) {
                Some(r) => {
                    r.count += 1;
                    r.last = x;
                }
                None => rare.push(RareValue {
                    value: v,
                    count: 1,
                    first: x,
                    last: x,
                }),
            }
        }
        rare.sort_by_key(|r| r.value);
        Summary {
            len: self.len(),
            max_value: self.max_value,
            frequencies: self.frequencies(),
            mask: self.mask,
            rare,
            last_rare: self.last_rare(),
        }
    }

    /// How often each value occurs among g(0), ..., g(len - 1).
    pub fn frequencies(&self) -> Vec<u64> {
        let mut all = self.freq.totals();
        if !self.values.is_empty() {
            // Position 0 is not counted in the mask statistics.
            if all.is_empty() {
                all.push(0);
            }
            all[0] += 1;
        }
        all
    }

    /// The saved state: with the values it lets [`Engine::resume`]
    /// continue exactly where this engine is.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            format: CHECKPOINT_FORMAT,
            rules: self.rules.to_string(),
            len: self.len(),
            mask: self.mask,
            fixed_mask: matches!(self.choice, MaskChoice::Fixed(_)),
            checksum: checksum(&self.values),
        }
    }

    /// An engine that continues from a checkpoint and the values it was
    /// taken with (the caller stores the values, for example in the file it
    /// streams them to). Fails if the values do not match the checkpoint.
    pub fn resume(
        checkpoint: &Checkpoint,
        values: Vec<u16>,
    ) -> Result<Engine> {
        if checkpoint.format != CHECKPOINT_FORMAT {
            return Err(Error::new(
                ErrorKind::Checkpoint,
                format!(
                    "checkpoint format {} is not supported (expected {}): \
                     start the computation again",
                    checkpoint.format, CHECKPOINT_FORMAT
                ),
            ));
        }
        let rules: Rules = checkpoint.rules.parse()?;
        if values.len() as u64 != checkpoint.len {
            return Err(Error::new(
                ErrorKind::Checkpoint,
                format!(
                    "checkpoint for '{}' records {} values but {} were \
                     given: the value file is incomplete or from another run",
                    checkpoint.rules,
                    checkpoint.len,
                    values.len()
                ),
            ));
        }
        if checksum(&values) != checkpoint.checksum {
            return Err(Error::new(
                ErrorKind::Checkpoint,
                format!(
                    "the {} values given do not match the checksum of the \
                     checkpoint for '{}': the value file was changed or is \
                     from another run",
                    values.len(),
                    checkpoint.rules
                ),
            ));
        }
        let choice = if checkpoint.fixed_mask {
            MaskChoice::Fixed(checkpoint.mask)
        } else {
            MaskChoice::Auto
        };
        check_domain(&rules, checkpoint.mask)?;
        let mut engine = Engine::build(rules, choice);
        engine.mask = checkpoint.mask;
        let n = values.len() as u64;
        engine.values = values;
        for x in 1..n {
            let v = engine.values[x as usize];
            engine.freq.add(v, ((x + engine.plan.t0) & 1) as usize);
            engine.max_value = engine.max_value.max(v);
        }
        engine.grow_top();
        // The parity tables belong to the mask: rebuild them for this one.
        engine.scratch.set_mask(engine.mask);
        engine.rebuild_rare();
        engine.next_review = if n <= FIRST_REVIEW {
            FIRST_REVIEW
        } else {
            n.next_power_of_two()
        };
        Ok(engine)
    }

    fn push(&mut self, v: u16) {
        let x = self.values.len() as u64;
        self.values.push(v);
        if x == 0 {
            return;
        }
        self.freq.add(v, ((x + self.plan.t0) & 1) as usize);
        if v > self.max_value {
            self.max_value = v;
            if usize::from(v) >= self.top {
                self.grow_top();
            }
        }
        if self.mask.class(x, v, self.plan.t0) == 0 {
            self.rare_pos.push(x);
            self.rare_val.push(v);
        }
    }

    fn grow_top(&mut self) {
        let top = (usize::from(self.max_value) + 1).next_power_of_two();
        self.top = top.max(64);
    }

    /// Chooses the split from the frequencies so far (unless fixed) and
    /// rebuilds the rare list if it changed.
    fn review(&mut self) {
        self.next_review = self.next_review.saturating_mul(2);
        if let MaskChoice::Fixed(_) = self.choice {
            return;
        }
        let (mask, rare) =
            choose(&self.freq, self.top, self.plan.domain_allowed);
        if mask != self.mask && (rare as usize) < self.rare_pos.len() {
            self.mask = mask;
            self.scratch.set_mask(mask);
            self.rebuild_rare();
        }
    }

    fn rebuild_rare(&mut self) {
        self.rare_pos.clear();
        self.rare_val.clear();
        for (x, &v) in self.values.iter().enumerate().skip(1) {
            if self.mask.class(x as u64, v, self.plan.t0) == 0 {
                self.rare_pos.push(x as u64);
                self.rare_val.push(v);
            }
        }
    }

    /// g(n), from g(0..n).
    fn compute(&mut self, n: usize) -> Result<u16> {
        let sparse = Sparse {
            plan: &self.plan,
            mask: self.mask,
            rare_pos: &self.rare_pos,
            rare_val: &self.rare_val,
            top: self.top,
        };
        let g = &self.values[..n];
        let value = heap::value(g, &sparse, &mut self.scratch, &mut self.work);
        if value >= self.value_limit {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "g({n}) of '{}' is {value}, which does not fit the \
                     16-bit value store (values up to {}); the values \
                     below heap {n} are kept",
                    self.rules,
                    self.value_limit - 1
                ),
            ));
        }
        Ok(value as u16)
    }
}

fn check_domain(rules: &Rules, mask: Mask) -> Result<()> {
    if mask.domain && !Plan::new(rules).domain_allowed {
        return Err(Error::new(
            ErrorKind::Invalid,
            format!(
                "a split in the domain does not apply to '{rules}': its \
                 two-heap digits are not all at even or all at odd indices"
            ),
        ));
    }
    Ok(())
}

fn memory_error(additional: u64, len: u64) -> Error {
    Error::new(
        ErrorKind::Memory,
        format!(
            "cannot reserve memory for {additional} more values (2 bytes \
             each) after {len}: lower the number of positions"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::naive_values;
    use crate::{Checkpoint, OctalCode};
    use proptest::prelude::*;

    fn sparse(rules: &Rules, len: u64, choice: MaskChoice) -> Vec<u32> {
        let mut engine =
            Engine::with_mask_choice(rules.clone(), choice).unwrap();
        engine.advance(len).unwrap();
        engine.values().iter().map(|&v| u32::from(v)).collect()
    }

    #[test]
    fn known_games_agree_with_the_definition() {
        for code in ["0.77", "0.07", "0.137", "0.6", "0.16", "0.167", "4.0"] {
            let rules: Rules = code.parse().unwrap();
            let n = 3000;
            assert_eq!(
                sparse(&rules, n, MaskChoice::Auto),
                naive_values(&rules, n as usize),
                "{code}"
            );
        }
        let n = 3000;
        assert_eq!(
            sparse(&Rules::Grundy, n, MaskChoice::Auto),
            naive_values(&Rules::Grundy, n as usize)
        );
    }

    #[test]
    fn chunks_do_not_matter() {
        let rules: Rules = "0.16".parse().unwrap();
        let mut a = Engine::new(rules.clone());
        a.advance(5000).unwrap();
        let mut b = Engine::new(rules);
        for k in [1, 2, 61, 1, 500, 3000, 1435] {
            b.advance(k).unwrap();
        }
        assert_eq!(a.values(), b.values());
    }

    /// Codes built to have no useful split: values spread over many
    /// values with no parity structure still come out right.
    #[test]
    fn no_good_mask() {
        for code in ["0.7777", "0.3F", "0.FFF", "4.77", "0.B7", "C.4"] {
            let rules: Rules = code.parse().unwrap();
            let n = if rules.max_parts() == 3 { 150 } else { 1500 };
            assert_eq!(
                sparse(&rules, n, MaskChoice::Auto),
                naive_values(&rules, n as usize),
                "{code}"
            );
        }
    }

    fn any_rules() -> impl Strategy<Value = Rules> {
        prop_oneof![
            1 => Just(Rules::Grundy),
            8 => (
                prop::sample::select(vec![0u8, 0, 0, 4]),
                prop::collection::vec(0u8..8, 1..6),
            )
                .prop_map(|(d0, d)| OctalCode::new(d0, &d).unwrap().into()),
            3 => (
                prop::sample::select(vec![0u8, 4, 8, 12]),
                prop::collection::vec(0u8..16, 1..4),
            )
                .prop_map(|(d0, d)| OctalCode::new(d0, &d).unwrap().into()),
        ]
    }

    fn any_mask() -> impl Strategy<Value = MaskChoice> {
        prop_oneof![
            3 => Just(MaskChoice::Auto),
            1 => Just(MaskChoice::Fixed(Mask::NONE)),
            2 => (any::<u16>(), any::<bool>()).prop_map(|(bits, domain)| {
                MaskChoice::Fixed(Mask { bits: bits % 512, domain })
            }),
        ]
    }

    #[test]
    fn checkpoint_and_resume_continue_exactly() {
        for code in ["0.16", "0.127", "grundy", "4.364"] {
            let rules: Rules = code.parse().unwrap();
            let mut whole = Engine::new(rules.clone());
            whole.advance(9000).unwrap();
            let mut first = Engine::new(rules);
            first.advance(3001).unwrap();
            let checkpoint = first.checkpoint();
            assert_eq!(checkpoint.len, 3001);
            assert_eq!(checkpoint.rules, code);
            let values = first.into_values();
            let mut resumed = Engine::resume(&checkpoint, values).unwrap();
            assert_eq!(resumed.mask(), checkpoint.mask);
            resumed.advance(5999).unwrap();
            assert_eq!(resumed.values(), whole.values(), "{code}");
            assert_eq!(resumed.mask(), whole.mask(), "{code}");
            assert_eq!(resumed.summary(), whole.summary(), "{code}");
        }
    }

    #[test]
    fn resume_refuses_foreign_values() {
        let mut engine = Engine::new("0.16".parse().unwrap());
        engine.advance(2000).unwrap();
        let checkpoint = engine.checkpoint();
        let good = engine.values().to_vec();
        let kind = |cp: &Checkpoint, v: Vec<u16>| {
            Engine::resume(cp, v).unwrap_err().kind()
        };
        let mut changed = good.clone();
        changed[1234] ^= 1;
        assert_eq!(kind(&checkpoint, changed), ErrorKind::Checkpoint);
        assert_eq!(
            kind(&checkpoint, good[..1999].to_vec()),
            ErrorKind::Checkpoint
        );
        let other = Checkpoint { rules: "0.161".into(), ..checkpoint.clone() };
        // Same length, other game: the checksum is the values', so this is
        // caught only if the values differ; they do from heap 3 on.
        let mut other_engine = Engine::new("0.161".parse().unwrap());
        other_engine.advance(2000).unwrap();
        assert_eq!(
            kind(&other, other_engine.values().to_vec()),
            ErrorKind::Checkpoint
        );
        let bad = Checkpoint { rules: "1.07".into(), ..checkpoint.clone() };
        assert_eq!(kind(&bad, good.clone()), ErrorKind::Parse);
        let old = Checkpoint { format: 0, ..checkpoint.clone() };
        assert_eq!(kind(&old, good.clone()), ErrorKind::Checkpoint);
        let e = Engine::resume(&checkpoint, good[..10].to_vec()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "checkpoint for '0.16' records 2000 values but 10 were given: \
             the value file is incomplete or from another run"
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn checkpoint_is_plain_data() {
        let mut engine = Engine::new("0.6".parse().unwrap());
        engine.advance(1000).unwrap();
        let checkpoint = engine.checkpoint();
        let json = serde_json::to_string(&checkpoint).unwrap();
        let back: Checkpoint = serde_json::from_str(&json).unwrap();
        assert_eq!(back, checkpoint);
    }

    /// A value that does not fit stops the engine with an error naming the
    /// heap and keeps the values before it (the limit is lowered here, as
    /// reaching 65536 takes a game with every value below it).
    #[test]
    fn too_large_value_stops_cleanly() {
        let mut engine = Engine::new("0.77".parse().unwrap());
        engine.value_limit = 8;
        let e = engine.advance(100).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.to_string(),
            "g(27) of '0.77' is 8, which does not fit the 16-bit value \
             store (values up to 7); the values below heap 27 are kept"
        );
        assert_eq!(engine.len(), 27);
        assert!(
            Engine::resume(&engine.checkpoint(), engine.values().to_vec())
                .is_ok()
        );
    }

    #[test]
    fn refuses_invalid_domain() {
        let mask = Mask { bits: 3, domain: true };
        // 0.44: splitting digits at 1 and 2.
        let e = Engine::with_mask_choice(
            "0.44".parse().unwrap(),
            MaskChoice::Fixed(mask),
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Invalid);
        assert!(
            Engine::with_mask_choice(
                "0.404".parse().unwrap(),
                MaskChoice::Fixed(mask)
            )
            .is_ok()
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn sparse_equals_naive(rules in any_rules(), choice in any_mask()) {
            // A split in the domain is only valid for some codes (the
            // engine refuses it elsewhere, see `refuses_invalid_domain`).
            let allowed = Engine::domain_split_allowed(&rules);
            let choice = match choice {
                MaskChoice::Fixed(m) if m.domain && !allowed => {
                    MaskChoice::Fixed(Mask { domain: false, ..m })
                }
                c => c,
            };
            let n = if rules.max_parts() == 3 { 120 } else { 700 };
            prop_assert_eq!(
                sparse(&rules, n, choice),
                naive_values(&rules, n as usize)
            );
        }

        #[test]
        fn resumed_equals_naive(rules in any_rules(), cut in 0u64..400) {
            let n = if rules.max_parts() == 3 { 120 } else { 600 };
            let cut = cut.min(n);
            let mut first = Engine::new(rules.clone());
            first.advance(cut).unwrap();
            let checkpoint = first.checkpoint();
            let mut resumed =
                Engine::resume(&checkpoint, first.into_values()).unwrap();
            resumed.advance(n - cut).unwrap();
            let values: Vec<u32> =
                resumed.values().iter().map(|&v| u32::from(v)).collect();
            prop_assert_eq!(values, naive_values(&rules, n as usize));
        }
    }
}
