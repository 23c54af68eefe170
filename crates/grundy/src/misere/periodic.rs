//! When the heap map of a take-and-break code is periodic far enough,
//! Q_N is the misère quotient of the whole game: the Guy-Smith pairing
//! argument applied to transition sets instead of Grundy values
//! (docs/MISERE.md §2.9; Plambeck and Siegel, Misère quotients for
//! impartial games, J. Combin. Theory Ser. A 115 (2008), whose
//! periodicity theorem A. N. Siegel, Misère games and misère quotients,
//! proves). The bound is the
//! one normal play uses, [`GuySmith::bound`], so the certificate reads
//! the same; MisereSolver asks for two heaps more when n0 >= 1 (as many
//! when n0 = 0, where the bound counts n0 as 1).

use crate::code::OctalGame;
use crate::period::found::GuySmith;

use super::Elem;

/// The least period p, then the least pre-period n0, with
/// Φ(h + p) = Φ(h) for n0 <= h <= N - p, where E + p - 1 <= N for
/// E = `GuySmith::bound(n0, p, t, k)`, for the heap map `phi` of heaps
/// 0..=N of a proven Q_N
/// of `game`. `None` if no such pair exists below N, or for Grundy's game
/// (no periodicity theorem).
pub(crate) fn certify(game: &OctalGame, phi: &[Elem]) -> Option<GuySmith> {
    if !game.has_periodicity_theorem() || phi.is_empty() {
        return None;
    }
    let n = phi.len() as u64 - 1;
    let (t, k) = (game.code_len() as u64, game.max_parts());
    for p in 1..=n {
        for n0 in 0..=n {
            let e = GuySmith::bound(n0, p, t, k);
            if e + p - 1 > n {
                break;
            }
            // The theorem needs [n0, E); every known heap is checked, so
            // that a wrong bound could never certify a false period.
            if (n0..=n - p).all(|h| phi[h as usize] == phi[(h + p) as usize]) {
                return Some(GuySmith {
                    preperiod: n0,
                    period: p,
                    code_len: t,
                    parts: k,
                    checked_to: e,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::misere::options::tests::{octal, subtraction};
    use crate::misere::solver::quotient;

    fn period_of(game: &OctalGame, to: u32) -> Option<(u64, u64, u64)> {
        let q = quotient(game, to, &Budget::default()).unwrap();
        certify(game, &q.phi).map(|g| (g.preperiod, g.period, g.checked_to))
    }

    #[test]
    fn misere_periodic_0_75_is_r8_for_good() {
        // n0 = 8, p = 2, t = 2, k = 2: E = 20, heaps through 21 needed
        let game = octal(&[7, 5]);
        assert_eq!(period_of(&game, 21), Some((8, 2, 20)));
        assert_eq!(period_of(&game, 20), None);
        let q = quotient(&game, 21, &Budget::default()).unwrap();
        assert_eq!(q.q.monoid.order(), 8);
    }

    #[test]
    fn misere_periodic_subtraction_games() {
        // docs/MISERE.md §3.1's (n0, p); k = 1 gives E = max(n0 + t, t + 1)
        assert_eq!(period_of(&subtraction(&[1]), 3), Some((0, 2, 2)));
        assert_eq!(period_of(&subtraction(&[1]), 2), None);
        assert_eq!(period_of(&subtraction(&[2]), 6), Some((0, 4, 3)));
        assert_eq!(period_of(&subtraction(&[1, 2]), 5), Some((0, 3, 3)));
        assert_eq!(period_of(&subtraction(&[1, 2, 3]), 7), Some((0, 4, 4)));
        assert_eq!(period_of(&subtraction(&[1, 2, 3]), 6), None);
        // Dawson's Kayles is not periodic this early
        assert_eq!(period_of(&octal(&[0, 7]), 20), None);
        assert_eq!(certify(&OctalGame::Grundy, &[0, 0, 0]), None);
    }
}
