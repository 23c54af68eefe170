//! The moves of one heap of a take-and-break game that reach a given
//! value, read off the values below the heap: the winning moves of a heap,
//! or of each heap of a sum (`query/heap.rs`).
//!
//! The options are those of the game's definition (`code/options.rs`),
//! in its order, kept when the nim-sum of the values of the heaps they
//! leave is the target. The two-heap splits, nearly all the options, are
//! compared 16 at a time with no call and no option built per split:
//! walking the definition's options took about 6 ns a split (a sum of a
//! thousand heaps of Officers, 0.6, below 10^6 walks 2.5 10^8 of them),
//! this about half a nanosecond. The tests compare it with that walk.

use crate::budget::{Budget, StopReason};
use crate::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalGame};
use crate::game::HeapOption;

/// Three-heap splits between two polls of the budget's deadline and
/// cancel flag.
const POLL: u64 = 1 << 20;

/// Calls `visit` with every option of heap `n` whose value is `target`,
/// in the order of the game's definition; `g` holds g(0..n) at least.
/// Polls `budget`'s deadline and cancel flag in the three-heap splits
/// (hexadecimal games: about n^2 / 12 of them) and stops with its reason.
pub(crate) fn options_of_value(
    game: &OctalGame,
    g: &[u16],
    n: u64,
    target: u16,
    budget: &Budget,
    mut visit: impl FnMut(HeapOption),
) -> Result<(), StopReason> {
    assert!(n as usize <= g.len(), "the values below the heap are known");
    let last = (game.code_len() as u64).min(n);
    let mut three = 0u64;
    for i in 0..=last {
        let d = game.digit(i as usize);
        let m = (n - i) as usize;
        if d & LEAVE_NONE != 0 && m == 0 && i > 0 && target == 0 {
            visit(HeapOption::new(i, &[]));
        }
        if d & LEAVE_ONE != 0 && m >= 1 && i > 0 && g[m] == target {
            visit(HeapOption::new(i, &[m as u64]));
        }
        if d & LEAVE_TWO != 0 {
            let hi = if game.unequal_split() {
                m.saturating_sub(1) / 2
            } else {
                m / 2
            };
            splits_of_value(g, m, hi, target, |a| {
                visit(HeapOption::new(i, &[a as u64, (m - a) as u64]));
            });
        }
        if d & LEAVE_THREE != 0 {
            let mut a = 1;
            while 3 * a <= m {
                let mut b = a;
                while a + 2 * b <= m {
                    if g[a] ^ g[b] ^ g[m - a - b] == target {
                        let parts = [a as u64, b as u64, (m - a - b) as u64];
                        visit(HeapOption::new(i, &parts));
                    }
                    three += 1;
                    if three.is_multiple_of(POLL)
                        && let Some(reason) = budget.interrupted()
                    {
                        return Err(reason);
                    }
                    b += 1;
                }
                a += 1;
            }
        }
    }
    Ok(())
}

/// Calls `hit(a)` for each a in 1..=hi, in order, with
/// g(a) ^ g(m - a) = `target` (hi <= m / 2).
fn splits_of_value(
    g: &[u16],
    m: usize,
    hi: usize,
    target: u16,
    mut hit: impl FnMut(usize),
) {
    const CHUNK: usize = 16;
    if hi == 0 {
        return;
    }
    let lo = &g[1..=hi];
    // up[len - 1 - k] = g(m - 1 - k) is the partner of lo[k] = g(1 + k).
    let up = &g[m - hi..m];
    let mut lo_chunks = lo.chunks_exact(CHUNK);
    let mut up_chunks = up.rchunks_exact(CHUNK);
    let mut a = 1;
    for (x, y) in (&mut lo_chunks).zip(&mut up_chunks) {
        let mut bits = 0u32;
        for k in 0..CHUNK {
            bits |= u32::from(x[k] ^ y[CHUNK - 1 - k] == target) << k;
        }
        while bits != 0 {
            hit(a + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        a += CHUNK;
    }
    let (x, y) = (lo_chunks.remainder(), up_chunks.remainder());
    for k in 0..x.len() {
        if x[k] ^ y[y.len() - 1 - k] == target {
            hit(a + k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::naive::grundy_values;
    use crate::engine::octal::sparse::tests::any_game;
    use crate::game::HeapGame;
    use proptest::prelude::*;

    /// The definition: every option, kept when its value is `target`.
    fn walked(
        game: &OctalGame,
        g: &[u16],
        n: u64,
        target: u16,
    ) -> Vec<HeapOption> {
        let mut out = Vec::new();
        game.options(n, &mut |o| {
            let v = o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]);
            if v == target {
                out.push(o);
            }
        });
        out
    }

    fn found(
        game: &OctalGame,
        g: &[u16],
        n: u64,
        target: u16,
    ) -> Vec<HeapOption> {
        let mut out = Vec::new();
        options_of_value(game, g, n, target, &Budget::default(), |o| {
            out.push(o)
        })
        .unwrap();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random codes (octal, hexadecimal, Grundy's game), heaps
        /// short and long enough for whole chunks, each value that occurs
        /// among the options and one that does not: the options the
        /// definition keeps, in its order.
        #[test]
        fn equal_to_the_definition(
            game in any_game(),
            n in 0u64..300,
            pick in any::<prop::sample::Index>(),
        ) {
            let g: Vec<u16> = grundy_values(&game, n as usize + 1)
                .iter()
                .map(|&v| v as u16)
                .collect();
            let mut values = Vec::new();
            game.options(n, &mut |o| {
                values.push(o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]));
            });
            values.push(u16::MAX);
            let target = *pick.get(&values);
            prop_assert_eq!(found(&game, &g, n, target), walked(&game, &g, n, target));
        }
    }

    /// Officers (0.6) at a heap of 5000: every value among its splits,
    /// split by split as the definition.
    #[test]
    fn officers_every_value() {
        let game: OctalGame = "0.6".parse().unwrap();
        let n = 5000;
        let g: Vec<u16> =
            grundy_values(&game, n + 1).iter().map(|&v| v as u16).collect();
        let top = g.iter().copied().max().unwrap();
        for target in 0..=top + 1 {
            assert_eq!(
                found(&game, &g, n as u64, target),
                walked(&game, &g, n as u64, target),
                "{target}"
            );
        }
    }

    #[test]
    fn polls_the_cancel_flag() {
        // A hexadecimal game's three-heap splits: a cancelled budget stops
        // the walk at its first poll.
        let game: OctalGame = "0.8F".parse().unwrap();
        let g = vec![0u16; 4000];
        let cancel =
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let budget = Budget { cancel: Some(cancel), ..Budget::default() };
        let got = options_of_value(&game, &g, 3999, 1, &budget, |_| {});
        assert_eq!(got, Err(StopReason::Cancelled));
    }
}
