//! The verification lemma: a candidate (monoid M, P-portion, heap map
//! Φ) gives the misère outcome of every sum of heaps 1..n as
//! "Φ(G) ∈ P" if it passes a local P-condition and an N-condition made
//! finite by domination (Plambeck and Siegel, Misère quotients for
//! impartial games, J. Combin. Theory Ser. A 115 (2008); A. N. Siegel,
//! Misère games and misère quotients; docs/MISERE.md §2.4 to §2.6, after
//! MisereSolver's P- and N-checks, no code copied).
//!
//! * P-condition: for every element x reached by a game and every heap h
//!   with options, x·Φ(h) ∈ P implies x·t ∉ P for every t in T(h), the
//!   images of h's options. The least failing game is rep(x) + h, rep(x)
//!   the least game of image x (§2.5).
//! * N-condition: every non-terminal game G with Φ(G) ∉ P has an option
//!   whose image is in P. Games are walked in increasing order (§2.3) as
//!   states (image, option-image set); a state whose set contains the
//!   set of an earlier state of the same image is dominated and its
//!   extensions are skipped (§2.6), which makes the walk finite.
//!
//! When both hold, the candidate is right on every game; otherwise the
//! least failing game is one whose outcome it gets wrong.

use crate::budget::{Budget, Stopped, Unit};

use super::Elem;
use super::bits::Bits;
use super::monoid::Monoid;
use super::options::HeapOptions;
use super::reduce::Bipartite;
use super::word::Word;

/// How often (in states) the N-check asks its budget.
const CHECK_EVERY: u64 = 1024;

/// A candidate quotient of the sums of heaps 1..n.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    /// The bipartite monoid (M, P).
    pub(crate) q: Bipartite,
    /// Φ(h) for heaps 0..=n; heaps with no option map to the identity.
    pub(crate) phi: Vec<Elem>,
    /// T(h): the images of the options of heap h, sorted, no repeats.
    pub(crate) trans: Vec<Vec<Elem>>,
}

/// The least game a candidate gets wrong, and what it claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The game, as multiplicities of heaps (index = heap size).
    pub(crate) game: Word,
    /// True when the candidate claimed P (the game is N), false when it
    /// claimed N (the game is P).
    pub(crate) claimed_p: bool,
}

/// What the N-check found.
#[derive(Clone, Debug)]
pub(crate) struct NCheck {
    /// The least game that fails the N-condition, if any below the limit.
    pub(crate) failure: Option<Word>,
    /// Per element, the minimal option-image sets met (the "transition
    /// lower bounds" the conservative-extension fast path uses); complete
    /// only when the walk was not cut by a limit.
    pub(crate) antichains: Vec<Vec<Bits>>,
    /// States visited.
    pub(crate) states: u64,
}

/// The verdict on a candidate.
#[derive(Clone, Debug)]
pub(crate) enum Verdict {
    /// Right on every sum of heaps 1..n (lemma of §2.4).
    Proven(NCheck),
    /// Wrong on this game, the least such.
    Fails(Failure),
}

impl Candidate {
    /// The candidate with heap map `phi` (heaps 0..=n) into `q`, its
    /// transition sets computed from `options` (which must list heaps
    /// 0..=n at least). `None` if `phi` is empty or names an element out
    /// of range, if `options` is too short, or if a heap with no option
    /// does not map to the identity.
    pub(crate) fn new(
        q: Bipartite,
        phi: Vec<Elem>,
        options: &HeapOptions,
    ) -> Option<Candidate> {
        let order = q.monoid.order();
        if phi.is_empty()
            || options.len() < phi.len()
            || phi.iter().any(|&x| x as usize >= order)
        {
            return None;
        }
        let mut trans = Vec::with_capacity(phi.len());
        for (h, opts) in options[..phi.len()].iter().enumerate() {
            if opts.is_empty() && phi[h] != 0 {
                return None;
            }
            trans.push(transitions(&q.monoid, &phi, opts));
        }
        Some(Candidate { q, phi, trans })
    }

    /// T(n + 1), the images of the options of the next heap: they leave
    /// heaps 1..=n only, so T(n + 1) is the same whatever heap n + 1 maps
    /// to, and T of heaps 0..=n stays as it is when heap n + 1 is added
    /// (the solver tries several images of a heap, each with these sets).
    /// `None` if `options` does not list heap n + 1.
    pub(crate) fn next_transitions(
        &self,
        options: &HeapOptions,
    ) -> Option<Vec<Elem>> {
        let opts = options.get(self.phi.len())?;
        Some(transitions(&self.q.monoid, &self.phi, opts))
    }

    /// Adds heap n + 1 with image `x` and T(n + 1) = `t`, which must be
    /// [`Candidate::next_transitions`]: the same candidate as
    /// [`Candidate::new`] with the longer heap map, without computing T
    /// of the other heaps again. False, and nothing added, if `x` is out
    /// of range or the heap has no option (`t` empty) and `x` is not the
    /// identity.
    pub(crate) fn push_heap(&mut self, x: Elem, t: Vec<Elem>) -> bool {
        if x as usize >= self.q.monoid.order() || (t.is_empty() && x != 0) {
            return false;
        }
        self.phi.push(x);
        self.trans.push(t);
        true
    }

    /// The largest heap n.
    pub(crate) fn heaps(&self) -> usize {
        self.phi.len() - 1
    }

    /// Φ of a game (multiplicities of heaps 0..=n; larger heaps ignored).
    pub(crate) fn image(&self, game: &Word) -> Elem {
        let mut x = 0;
        for (h, &m) in game.exponents().iter().enumerate().take(self.phi.len())
        {
            for _ in 0..m {
                x = self.q.monoid.mul(x, self.phi[h]);
            }
        }
        x
    }

    /// rep(x) for every element: the least game of image x, `None` for
    /// elements no game reaches (docs/MISERE.md §2.5, layered walk).
    pub(crate) fn least_games(&self) -> Vec<Option<Word>> {
        let m = &self.q.monoid;
        let mut rep: Vec<Option<Word>> = vec![None; m.order()];
        rep[0] = Some(Word::empty());
        let mut order: Vec<Elem> = vec![0];
        for h in 1..self.phi.len() {
            let g = self.phi[h];
            if g == 0 {
                continue;
            }
            let base = order.clone();
            let mut power = 0;
            let mut powers = vec![0];
            for k in 1u32.. {
                power = m.mul(power, g);
                if powers.contains(&power) {
                    break;
                }
                powers.push(power);
                for &y in &base {
                    let x = m.mul(y, power);
                    if rep[x as usize].is_none() {
                        rep[x as usize] =
                            rep[y as usize].as_ref().map(|w| w.plus(h, k));
                        order.push(x);
                    }
                }
            }
        }
        rep
    }

    /// The least game that fails the P-condition, and how many (element,
    /// heap) pairs were checked. The pairs number the order times the
    /// heaps: the loop polls `budget`'s deadline and cancel flag.
    pub(crate) fn p_failure(
        &self,
        budget: &Budget,
    ) -> Result<(Option<Word>, u64), Stopped> {
        let m = &self.q.monoid;
        let mut least: Option<Word> = None;
        let mut checks = 0;
        for (x, rep) in self.least_games().iter().enumerate() {
            let Some(rep) = rep else { continue };
            super::interrupted(budget)?;
            for h in 1..self.phi.len() {
                if self.trans[h].is_empty() {
                    continue;
                }
                checks += 1;
                let x = x as Elem;
                if self.q.is_p(m.mul(x, self.phi[h]))
                    && self.trans[h].iter().any(|&t| self.q.is_p(m.mul(x, t)))
                {
                    let w = rep.plus(h, 1);
                    if least.as_ref().is_none_or(|l| w < *l) {
                        least = Some(w);
                    }
                }
            }
        }
        Ok((least, checks))
    }

    /// The N-check (§2.6): walks games in increasing order, skipping
    /// dominated states, and stops at the first game that fails the
    /// N-condition or at the first game not below `limit`. `done` counts
    /// the states visited and the children made (the games whose image
    /// and option-image set were computed) against `budget` (unit:
    /// positions), the antichains' total size counts as stored states.
    pub(crate) fn n_check(
        &self,
        limit: Option<&Word>,
        budget: &Budget,
        done: &mut u64,
    ) -> Result<NCheck, Stopped> {
        let m = &self.q.monoid;
        let order = m.order();
        let mut antichains: Vec<Vec<Bits>> = vec![Vec::new(); order];
        let mut stored: u64 = 0;
        let mut states: u64 = 0;
        let heaps: Vec<usize> = (1..self.phi.len())
            .filter(|&h| !self.trans[h].is_empty())
            .collect();
        // Pending nodes: (game, image, option images, largest heap a child
        // may add). Children are pushed largest first, so the walk is the
        // pre-order of the tree whose node G has children G + h for h up
        // to G's smallest heap: increasing game order.
        let mut stack: Vec<(Word, Elem, Bits, usize)> = Vec::new();
        let root = (Word::empty(), 0, Bits::new(order), usize::MAX);
        self.push_children(&root, &heaps, &mut stack);
        while let Some(node) = stack.pop() {
            let (game, e, s, _) = &node;
            if limit.is_some_and(|l| game >= l) {
                break;
            }
            states += 1;
            *done += 1;
            if states == 1 || states.is_multiple_of(CHECK_EVERY) {
                budget.check(*done, Unit::Positions)?;
                budget.check(stored, Unit::States)?;
            }
            let list = &mut antichains[*e as usize];
            if list.iter().any(|old| old.is_subset(s)) {
                continue;
            }
            if !self.q.is_p(*e) && !s.meets(&self.q.p) {
                return Ok(NCheck {
                    failure: Some(game.clone()),
                    antichains,
                    states,
                });
            }
            let before = list.len();
            list.retain(|old| !s.is_subset(old));
            list.push(s.clone());
            stored = stored - before as u64 + list.len() as u64;
            let before = stack.len();
            self.push_children(&node, &heaps, &mut stack);
            // each child made is a position examined: its image and
            // option-image set were computed
            *done += (stack.len() - before) as u64;
        }
        Ok(NCheck { failure: None, antichains, states })
    }

    /// Pushes the children of a node (heaps up to its smallest heap),
    /// largest heap first.
    fn push_children(
        &self,
        node: &(Word, Elem, Bits, usize),
        heaps: &[usize],
        stack: &mut Vec<(Word, Elem, Bits, usize)>,
    ) {
        let m = &self.q.monoid;
        let (game, e, s, top) = node;
        for &h in heaps.iter().rev().filter(|&&h| h <= *top) {
            let x = self.phi[h];
            let mut s2 = Bits::new(m.order());
            for y in s.iter() {
                s2.insert(m.mul(y as Elem, x) as usize);
            }
            for &t in &self.trans[h] {
                s2.insert(m.mul(*e, t) as usize);
            }
            stack.push((game.plus(h, 1), m.mul(*e, x), s2, h));
        }
    }

    /// Checks the candidate (§2.4): the identity must not be in P, then
    /// the least P-failure, then the least N-failure below it.
    pub(crate) fn verify(
        &self,
        budget: &Budget,
        done: &mut u64,
    ) -> Result<Verdict, Stopped> {
        if self.q.is_p(0) {
            return Ok(Verdict::Fails(Failure {
                game: Word::empty(),
                claimed_p: true,
            }));
        }
        let (p_fail, _) = self.p_failure(budget)?;
        let n = self.n_check(p_fail.as_ref(), budget, done)?;
        let failure = match (n.failure.clone(), p_fail) {
            (Some(w), _) | (None, Some(w)) => w,
            (None, None) => return Ok(Verdict::Proven(n)),
        };
        let claimed_p = self.q.is_p(self.image(&failure));
        Ok(Verdict::Fails(Failure { game: failure, claimed_p }))
    }
}

/// T(h): the images under `phi` of the options `opts` of one heap (each
/// the list of heaps it leaves, all in `phi`), ascending, no repeats.
/// The images are gathered in a bit set over the elements, which sorts
/// and removes repeats in one pass.
fn transitions(m: &Monoid, phi: &[Elem], opts: &[Vec<u32>]) -> Vec<Elem> {
    let mut seen = Bits::new(m.order());
    for leaves in opts {
        let x = leaves.iter().fold(0, |x, &l| m.mul(x, phi[l as usize]));
        seen.insert(x as usize);
    }
    seen.iter().map(|x| x as Elem).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::budget::StopReason;
    use crate::game::HeapGame;
    use crate::misere::monoid::tests::t2;
    use crate::misere::options::heap_options;
    use crate::misere::options::tests::{Nim, octal, subtraction};
    use crate::misere::oracle::{Oracle, for_each_sum};
    use crate::misere::reduce::reduce;

    pub(crate) fn bits(n: usize, members: &[Elem]) -> Bits {
        let mut b = Bits::new(n);
        for &i in members {
            b.insert(i as usize);
        }
        b
    }

    /// T2 with P = {a, b2}.
    pub(crate) fn t2_bip() -> Bipartite {
        Bipartite { monoid: t2(), p: bits(6, &[1, 4]) }
    }

    /// R8 = <a,b,c | a2=1, b3=b, bc=ab, c2=b2>, P = {a, b2}
    /// (docs/MISERE.md §3.1); element i + 2 j is a^i m_j with
    /// m = 1, b, b2, c.
    pub(crate) fn r8() -> Bipartite {
        let e = |i: u32, j: u32| i + 2 * j;
        let a = (0..8).map(|z| z ^ 1).collect();
        let b = (0..8)
            .map(|z| {
                let (i, j) = (z % 2, z / 2);
                match j {
                    0 => e(i, 1),
                    1 => e(i, 2),
                    2 => e(i, 1),
                    _ => e(i ^ 1, 1),
                }
            })
            .collect();
        let c = (0..8)
            .map(|z| {
                let (i, j) = (z % 2, z / 2);
                match j {
                    0 => e(i, 3),
                    1 => e(i ^ 1, 1),
                    2 => e(i ^ 1, 2),
                    _ => e(i, 2),
                }
            })
            .collect();
        let m = Monoid::from_actions(vec![a, b, c]).unwrap();
        Bipartite { monoid: m, p: bits(8, &[1, 4]) }
    }

    /// T3 as the reduction of C(0,2) x C(1,2) x C(1,2) (a, b, c: heaps 1,
    /// 2, 4 of Nim) with Bouton's P-positions, and the Nim heap map of
    /// heaps 0..=7.
    pub(crate) fn t3_nim() -> (Bipartite, Vec<Elem>) {
        let big = Monoid::cyclic(0, 2)
            .unwrap()
            .product(&Monoid::cyclic(1, 2).unwrap(), &Budget::default())
            .unwrap()
            .product(&Monoid::cyclic(1, 2).unwrap(), &Budget::default())
            .unwrap();
        let el = |i: u32, j: u32, k: u32| i + 2 * j + 6 * k;
        let mut p = Bits::new(18);
        p.insert(el(1, 0, 0) as usize);
        for (j, k) in [(0, 2), (2, 0), (2, 2)] {
            p.insert(el(0, j, k) as usize);
        }
        let (r, map) = reduce(&big, &p, &Budget::default()).unwrap();
        let phi = (0..8u32)
            .map(|h| map[el(h & 1, h >> 1 & 1, h >> 2 & 1) as usize])
            .collect();
        (r, phi)
    }

    /// Verifies `c` and checks the verdict against the oracle on every
    /// sum of at most `count` heaps 1..=n: a proof must agree with all of
    /// them; a failure must be a game the candidate gets wrong, and every
    /// smaller game tried must be right.
    pub(crate) fn check(
        c: &Candidate,
        oracle: &mut Oracle,
        count: usize,
    ) -> bool {
        let verdict = c.verify(&Budget::default(), &mut 0).unwrap();
        let as_word = |heaps: &[u32]| {
            let mut w = Word::empty();
            for &h in heaps {
                w.add(h as usize, 1);
            }
            w
        };
        let predicts = |w: &Word| c.q.is_p(c.image(w));
        let mut sums = Vec::new();
        for_each_sum(c.heaps() as u32, count, &mut |h| sums.push(h.to_vec()));
        match &verdict {
            Verdict::Proven(_) => {
                for s in &sums {
                    assert_eq!(oracle.is_p(s), predicts(&as_word(s)), "{s:?}");
                }
                true
            }
            Verdict::Fails(f) => {
                let heaps: Vec<u32> = f
                    .game
                    .exponents()
                    .iter()
                    .enumerate()
                    .flat_map(|(h, &m)| {
                        std::iter::repeat_n(h as u32, m as usize)
                    })
                    .collect();
                assert_eq!(f.claimed_p, predicts(&f.game));
                assert_ne!(oracle.is_p(&heaps), f.claimed_p, "{heaps:?}");
                for s in &sums {
                    let w = as_word(s);
                    if w < f.game {
                        assert_eq!(
                            oracle.is_p(s),
                            predicts(&w),
                            "{s:?} < {heaps:?}"
                        );
                    }
                }
                false
            }
        }
    }

    fn candidate(
        q: Bipartite,
        phi: &[Elem],
        game: &dyn HeapGame,
    ) -> Option<Candidate> {
        Candidate::new(
            q,
            phi.to_vec(),
            &heap_options(game, phi.len() as u32 - 1),
        )
    }

    #[test]
    fn misere_verify_nim_t2_t3() {
        let mut oracle = Oracle::new(heap_options(&Nim, 7));
        // heaps 0..3 -> 1, a, b, ab
        let c = candidate(t2_bip(), &[0, 1, 2, 3], &Nim).unwrap();
        assert!(check(&c, &mut oracle, 4));
        let names: Vec<String> = c
            .least_games()
            .iter()
            .map(|w| w.as_ref().unwrap().name())
            .collect();
        // games as words over heaps 0, 1, 2, ...: "b" is one heap 1
        assert_eq!(names, ["1", "b", "c", "bc", "c2", "bc2"]);
        // heap 4 cannot be any element of T2 (docs/MISERE.md §3.1)
        for x in 0..6 {
            let c = candidate(t2_bip(), &[0, 1, 2, 3, x], &Nim).unwrap();
            assert!(!check(&c, &mut oracle, 3), "heap 4 -> {x}");
        }
        let (t3, phi) = t3_nim();
        assert_eq!(t3.monoid.order(), 10);
        let c = Candidate::new(t3, phi, &heap_options(&Nim, 7)).unwrap();
        assert!(check(&c, &mut oracle, 3));
    }

    #[test]
    fn misere_verify_0_75_is_r8() {
        // Q_21(0.75) is R8 (reduced, generated by heaps 1, 2, 5, every
        // condition checked) with the heap map 1, a, b, a, b, c, b, c, then
        // b and ab2 alternating from heap 8: pre-period 8, period 2, and
        // 2 n0 + p + t = 20, so the map is periodic and Q(0.75) = R8.
        // An earlier hand calculation had c on every odd heap from 5; the
        // oracle says 1 + 9 is P, which that map calls N.
        let r8_map = |n: usize| -> Vec<Elem> {
            let mut phi = vec![0, 1, 2, 1, 2, 6, 2, 6];
            for h in 8..=n {
                phi.push(if h % 2 == 1 { 5 } else { 2 });
            }
            phi.truncate(n + 1);
            phi
        };
        let game = octal(&[7, 5]);
        let q = r8();
        assert!(crate::misere::reduce::is_reduced(&q.monoid, &q.p));
        assert_eq!(
            q.monoid.presentation_text(),
            "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>"
        );
        let c = candidate(q.clone(), &r8_map(21), &game).unwrap();
        assert!(matches!(
            c.verify(&Budget::default(), &mut 0).unwrap(),
            Verdict::Proven(_)
        ));
        let mut oracle = Oracle::new(heap_options(&game, 13));
        let c = candidate(q.clone(), &r8_map(13), &game).unwrap();
        assert!(check(&c, &mut oracle, 3));
        // the note's map fails first at 1 + 9, a P-position it calls N
        let mut wrong = r8_map(13);
        wrong[9] = 6;
        wrong[11] = 6;
        wrong[13] = 6;
        let c = candidate(q, &wrong, &game).unwrap();
        assert!(!check(&c, &mut oracle, 3));
        let Verdict::Fails(f) = c.verify(&Budget::default(), &mut 0).unwrap()
        else {
            panic!("the note's heap map is wrong at heap 9")
        };
        assert_eq!(
            f.game,
            Word::from_exponents(&[0, 1, 0, 0, 0, 0, 0, 0, 0, 1])
        );
        assert!(!f.claimed_p);
        // T2 stops at heap 5 (no element of T2 fits)
        for x in 0..6 {
            let c = candidate(t2_bip(), &[0, 1, 2, 1, 2, x], &game).unwrap();
            assert!(!check(&c, &mut oracle, 3));
        }
    }

    #[test]
    fn misere_verify_every_small_candidate_agrees_with_oracle() {
        let games: Vec<(Box<dyn HeapGame>, usize)> = vec![
            (Box::new(Nim), 3),
            (Box::new(subtraction(&[1, 2])), 4),
            (Box::new(subtraction(&[1, 2, 3])), 4),
            (Box::new(subtraction(&[2])), 4),
            (Box::new(octal(&[7, 5])), 4),
            (Box::new(octal(&[0, 7])), 4),
        ];
        for (game, n) in &games {
            let options = heap_options(game.as_ref(), *n as u32);
            let mut oracle = Oracle::new(options.clone());
            let mut proven = 0;
            for code in 0..6u32.pow(*n as u32) {
                let mut phi = vec![0];
                let mut k = code;
                for _ in 0..*n {
                    phi.push(k % 6);
                    k /= 6;
                }
                if let Some(c) = Candidate::new(t2_bip(), phi, &options) {
                    proven += u32::from(check(&c, &mut oracle, 3));
                }
            }
            assert!(proven > 0);
        }
        // every P-portion of T2 on Nim heaps 1..3
        let options = heap_options(&Nim, 3);
        let mut oracle = Oracle::new(options.clone());
        for mask in 0u32..64 {
            let p: Vec<Elem> = (0..6).filter(|i| mask >> i & 1 == 1).collect();
            for code in 0..216u32 {
                let phi = vec![0, code % 6, code / 6 % 6, code / 36];
                let q = Bipartite { monoid: t2(), p: bits(6, &p) };
                let c = Candidate::new(q, phi, &options).unwrap();
                check(&c, &mut oracle, 3);
            }
        }
    }

    #[test]
    fn misere_verify_rejects_bad_maps_and_stops_on_budget() {
        // heap 1 of {2} has no option: it must map to the identity
        assert!(candidate(t2_bip(), &[0, 1], &subtraction(&[2])).is_none());
        assert!(candidate(t2_bip(), &[0, 6], &Nim).is_none());
        assert!(
            Candidate::new(t2_bip(), vec![], &heap_options(&Nim, 1)).is_none()
        );
        let c = candidate(t2_bip(), &[0, 1, 2, 3], &Nim).unwrap();
        let past = Budget {
            deadline: Some(std::time::Instant::now()),
            ..Budget::default()
        };
        let stop = c.verify(&past, &mut 0).unwrap_err();
        assert_eq!(stop.reason, StopReason::Time);
        let Verdict::Proven(n) = c.verify(&Budget::default(), &mut 0).unwrap()
        else {
            panic!("T2 is Q_3 of Nim")
        };
        assert!(n.states > 0);
        // the antichains the conservative-extension fast path trusts: no
        // set contains another of the same element, and every N-element's
        // sets meet P (the N-condition held). The identity is reached
        // first by 1 + 1, whose one option (heap 1) has image a; the
        // other games of image 1 (four heaps 1, ...) are dominated by it.
        for (x, list) in n.antichains.iter().enumerate() {
            for (i, s) in list.iter().enumerate() {
                assert!(!s.is_empty(), "element {x}");
                assert!(c.q.is_p(x as Elem) || s.meets(&c.q.p), "{x}");
                for (j, t) in list.iter().enumerate() {
                    assert!(i == j || !s.is_subset(t), "element {x}");
                }
            }
        }
        assert_eq!(n.antichains[0], [bits(6, &[1])]);
    }

    /// T of every heap the straightforward way (the computation
    /// `Candidate::new` made before it gathered images in a bit set):
    /// each option's image, sorted, repeats removed.
    fn transitions_by_sorting(
        m: &Monoid,
        phi: &[Elem],
        options: &HeapOptions,
    ) -> Vec<Vec<Elem>> {
        options[..phi.len()]
            .iter()
            .map(|opts| {
                let mut t: Vec<Elem> = opts
                    .iter()
                    .map(|leaves| {
                        leaves
                            .iter()
                            .fold(0, |x, &l| m.mul(x, phi[l as usize]))
                    })
                    .collect();
                t.sort_unstable();
                t.dedup();
                t
            })
            .collect()
    }

    proptest::proptest! {
        /// A candidate grown heap by heap with `next_transitions` and
        /// `push_heap`, as the solver grows Q_n, is the candidate
        /// `Candidate::new` builds for the whole heap map, and its sets T
        /// are the sorted option images; both refuse the same maps (an
        /// element out of range, a heap without options off the
        /// identity). Octal games with up to four digits (splitting moves
        /// included) and subtraction games, into T2, T3 (Plambeck and
        /// Siegel, Misère quotients for impartial games) and R8.
        #[test]
        fn misere_verify_grown_candidate_is_the_whole_one(
            digits in proptest::collection::vec(0u8..8, 1..5),
            set in proptest::collection::btree_set(1u64..6, 1..4),
            subtract in proptest::bool::ANY,
            which in 0usize..3,
            codes in proptest::collection::vec(0u32..24, 1..16),
        ) {
            use crate::{OctalCode, OctalGame};
            let code = if subtract {
                OctalCode::from_subtraction_set(&set.iter().copied().collect::<Vec<_>>())
            } else {
                OctalCode::new(0, &digits)
            };
            let Ok(code) = code else { return Ok(()) };
            let game = OctalGame::from(code);
            let q = match which {
                0 => t2_bip(),
                1 => r8(),
                _ => t3_nim().0,
            };
            let order = q.monoid.order() as u32;
            let options = heap_options(&game, codes.len() as u32);
            // mostly elements of q, sometimes one past the end; heaps
            // without options mostly on the identity
            let phi: Vec<Elem> = std::iter::once(0)
                .chain(codes.iter().enumerate().skip(1).map(|(h, &c)| {
                    if options[h].is_empty() && c % 8 != 0 { 0 }
                    else if c % 23 == 22 { order } else { c % order }
                }))
                .collect();
            let whole = Candidate::new(q.clone(), phi.clone(), &options);
            let mut grown = Candidate::new(q.clone(), vec![0], &options);
            for &x in &phi[1..] {
                let Some(c) = grown.as_mut() else { break };
                let t = c.next_transitions(&options).unwrap();
                if !c.push_heap(x, t) {
                    grown = None;
                }
            }
            proptest::prop_assert_eq!(whole.is_some(), grown.is_some());
            if let (Some(whole), Some(grown)) = (whole, grown) {
                proptest::prop_assert_eq!(&whole.phi, &phi);
                proptest::prop_assert_eq!(&grown.phi, &phi);
                let sorted = transitions_by_sorting(&q.monoid, &phi, &options);
                proptest::prop_assert_eq!(&whole.trans, &sorted);
                proptest::prop_assert_eq!(&grown.trans, &sorted);
            }
        }
    }
}
