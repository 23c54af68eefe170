//! The misère quotient report: what `grundy quotient` shows.
//!
//! [`quotient`] runs the heap-by-heap solver of `misere/` (Plambeck and
//! Siegel, Misère quotients for impartial games, J. Combin. Theory Ser. A
//! 115 (2008); docs/MISERE.md) on a take-and-break code or a finite
//! subtraction set, for heaps 1..N or, without N, until the periodicity
//! certificate of docs/MISERE.md §2.9 proves the quotient of the whole
//! game, and lays the result out as [`QuotientReport`], plain data whose
//! keys are the output contract (docs/JSON.md).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::Budget;
use crate::code::{OctalCode, OctalGame};
use crate::error::{Error, ErrorKind, Result};
use crate::misere::Elem;
use crate::misere::periodic::certify;
use crate::misere::solver::MisereSolver;
use crate::misere::tame::tame_index;
use crate::misere::verify::Candidate;
use crate::misere::word::letter_name;
use crate::period::GuySmith;
use crate::play::Outcome;
use crate::query::period::Periodicity;
use crate::rules::{Rules, Subtraction};

/// The most heaps a quotient is computed for: the options of every heap
/// are kept, which grows with the square of the heap (or its cube, for
/// codes whose moves leave three heaps). Without a heap count the search
/// stops here if no periodicity certificate has held.
pub const QUOTIENT_MAX_HEAPS: u32 = 1024;

/// One change of the quotient's order as heaps were added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Expansion {
    /// The heap at which the quotient grew.
    pub heap: u64,
    /// Its order from that heap on.
    pub order: u64,
}

/// The result of `grundy quotient`: the misère quotient of the sums of
/// heaps 1..N (or of all heaps, when `periodic` certifies it), with its
/// presentation, P-portion and heap map. Elements are written as
/// normal-form words over the generators `a`, `b`, ... (`1` is the
/// identity), as in docs/MISERE.md §2.10.
///
/// Serialised (feature "serde") with the keys of docs/JSON.md, the
/// fields in order, then `certificate`, the sentence of
/// [`QuotientReport::explain`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct QuotientReport {
    /// The game in canonical notation (`0.75`, `1,2,3`).
    pub game: String,
    /// N, the largest heap of the sums solved; `None` when `periodic`
    /// proves the quotient for every heap (the heaps computed are then
    /// `heap_map.len() - 1`).
    pub heaps: Option<u64>,
    /// The number of elements of the quotient.
    pub order: u64,
    /// The generators' names: `a`, `b`, ...
    pub generators: Vec<String>,
    /// The relations of the presentation, each `word=word` (`a2=1`,
    /// `b3=b`), a complete rewriting system to normal forms.
    pub relations: Vec<String>,
    /// The P-portion: the elements whose games are P-positions (the
    /// player to move loses under misère play).
    pub p_portion: Vec<String>,
    /// The element of each heap 0..=N (the pretending function).
    pub heap_map: Vec<String>,
    /// Whether the quotient is T_n, misère Nim's (docs/MISERE.md §1.6).
    pub tame: bool,
    /// The pre-period and period of the heap map, when the Guy-Smith
    /// style certificate holds; `None` otherwise.
    pub periodic: Option<Periodicity>,
    /// Where the quotient's order changed as heaps were added.
    pub expansions: Vec<Expansion>,
    /// The sentence of [`QuotientReport::explain`].
    pub certificate: String,
    /// The product, for [`QuotientReport::multiply`] and the table (not
    /// serialised).
    #[cfg_attr(feature = "serde", serde(skip))]
    mult: Multiplication,
}

/// The product of a quotient: the action of each generator on the
/// elements (numbered in normal-form order, 0 the identity, as
/// [`QuotientReport::elements`] lists them) and each element's normal
/// form as exponents, so x * y applies y's letters to x.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Multiplication {
    /// `act[g][x]`: x times generator g.
    act: Vec<Vec<u32>>,
    /// `exponents[y][g]`: the power of generator g in y's normal form.
    exponents: Vec<Vec<u32>>,
    /// The names of the elements.
    names: Vec<String>,
    /// `is_p[x]`: x is in the P-portion.
    is_p: Vec<bool>,
    /// The element of each heap 0..=N.
    heap_map: Vec<u32>,
    /// `table[x * order + y]`: x * y, for quotients of at most
    /// [`TABLED_ORDER`] elements (empty above): a sum of a thousand heaps
    /// multiplies hundreds of thousands of times.
    table: Vec<u32>,
}

/// The largest order whose whole product is kept as a table (256 KB).
const TABLED_ORDER: usize = 256;

impl Multiplication {
    fn of(q: &Candidate) -> Multiplication {
        let m = &q.q.monoid;
        let order = m.order();
        Multiplication {
            act: (0..m.generators()).map(|g| m.action(g).to_vec()).collect(),
            exponents: (0..order as Elem)
                .map(|x| {
                    let w = m.normal_form(x).exponents();
                    (0..m.generators())
                        .map(|g| w.get(g).copied().unwrap_or(0))
                        .collect()
                })
                .collect(),
            names: (0..order as Elem).map(|x| m.name(x)).collect(),
            is_p: (0..order as Elem).map(|x| q.q.is_p(x)).collect(),
            heap_map: q.phi.clone(),
            table: Vec::new(),
        }
        .tabled()
    }

    /// The same with its table, when the order allows one.
    fn tabled(mut self) -> Multiplication {
        let order = self.names.len();
        if order <= TABLED_ORDER {
            let order = order as u32;
            self.table = (0..order)
                .flat_map(|x| (0..order).map(move |y| (x, y)))
                .map(|(x, y)| self.mul_by_letters(x, y))
                .collect();
        }
        self
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        if self.table.is_empty() {
            self.mul_by_letters(x, y)
        } else {
            self.table[x as usize * self.names.len() + y as usize]
        }
    }

    /// x * y by applying the letters of y's normal form to x.
    fn mul_by_letters(&self, mut x: u32, y: u32) -> u32 {
        for (g, &e) in self.exponents[y as usize].iter().enumerate() {
            for _ in 0..e {
                x = self.act[g][x as usize];
            }
        }
        x
    }
}

impl QuotientReport {
    /// The presentation written `<a, b | a2=1, b3=b>`.
    pub fn presentation(&self) -> String {
        format!(
            "<{} | {}>",
            self.generators.join(", "),
            self.relations.join(", ")
        )
    }

    /// One sentence saying what was proven (also the key `certificate`).
    pub fn explain(&self) -> String {
        self.certificate.clone()
    }

    /// The elements of the quotient by name, identity (`1`) first, in
    /// increasing normal-form order: the rows and columns of
    /// [`QuotientReport::table`].
    pub fn elements(&self) -> &[String] {
        &self.mult.names
    }

    /// The element named `name`, as its index in
    /// [`QuotientReport::elements`].
    fn element(&self, name: &str) -> Result<u32> {
        let name = name.trim();
        match self.mult.names.iter().position(|n| n == name) {
            Some(i) => Ok(i as u32),
            None => Err(Error::parse(format!(
                "\"{name}\" is not an element of this quotient of order {}; \
                 write one of {}",
                self.order,
                list(&self.mult.names)
            ))),
        }
    }

    /// The product x * y of two elements named as in
    /// [`QuotientReport::elements`] (`"ab2"`, `"1"`).
    ///
    /// ```
    /// let r = grundy::quotient(&"1,2,3".parse()?, None, &grundy::Budget::default())?;
    /// assert_eq!(r.multiply("ab", "b")?, "ab2");
    /// assert_eq!(r.multiply("a", "a")?, "1");
    /// assert!(r.multiply("z", "a").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn multiply(&self, x: &str, y: &str) -> Result<String> {
        let (x, y) = (self.element(x)?, self.element(y)?);
        Ok(self.mult.names[self.mult.mul(x, y) as usize].clone())
    }

    /// The multiplication table: row x, column y holds x * y, rows and
    /// columns in the order of [`QuotientReport::elements`].
    pub fn table(&self) -> Vec<Vec<String>> {
        let n = self.mult.names.len() as u32;
        (0..n)
            .map(|x| {
                (0..n)
                    .map(|y| {
                        self.mult.names[self.mult.mul(x, y) as usize].clone()
                    })
                    .collect()
            })
            .collect()
    }

    /// The element of heap `h`: from the heap map, or past it through
    /// the certified period. An error for a heap past the heaps solved
    /// when no certificate extends the map.
    pub fn heap_element(&self, h: u64) -> Result<&str> {
        let x = self.heap_index(h)?;
        Ok(&self.mult.names[x as usize])
    }

    /// The element of heap `h`, of any size, as its index in
    /// [`QuotientReport::elements`]; `None` past the heaps solved when no
    /// certificate extends the map.
    pub(crate) fn big_heap_index(&self, h: &BigUint) -> Option<u32> {
        let map = &self.mult.heap_map;
        let n = map.len() as u64 - 1;
        let at = match (h.to_u64(), self.periodic) {
            (Some(h), _) if h <= n => h,
            (_, Some(p)) if p.period > 0 && *h >= p.preperiod.into() => {
                let over = h - BigUint::from(p.preperiod);
                let r = (over % p.period).to_u64().expect("below the period");
                p.preperiod + r
            }
            _ => return None,
        };
        Some(map[at as usize])
    }

    /// [`QuotientReport::big_heap_index`] of a heap that fits in 64 bits.
    pub(crate) fn small_heap_index(&self, h: u64) -> Option<u32> {
        self.heap_index(h).ok()
    }

    /// Whether every heap up to `h` has its element (within the heaps
    /// solved, or through the certified period).
    pub(crate) fn covers(&self, h: &BigUint) -> bool {
        self.periodic.is_some_and(|p| p.period > 0)
            || *h < BigUint::from(self.mult.heap_map.len())
    }

    /// x * y of two elements given by index.
    pub(crate) fn mul_index(&self, x: u32, y: u32) -> u32 {
        self.mult.mul(x, y)
    }

    /// Whether the element of index `x` lies in the P-portion.
    pub(crate) fn is_p_index(&self, x: u32) -> bool {
        self.mult.is_p[x as usize]
    }

    /// The element of heap `h` as its index in
    /// [`QuotientReport::elements`] (see [`QuotientReport::heap_element`]).
    fn heap_index(&self, h: u64) -> Result<u32> {
        let map = &self.mult.heap_map;
        let n = map.len() as u64 - 1;
        let at = match self.periodic {
            _ if h <= n => h,
            Some(p) if p.period > 0 => {
                p.preperiod + (h - p.preperiod) % p.period
            }
            _ => {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "heap {h} is past the heaps solved (1..{n}) and no \
                         periodicity certificate extends the quotient to \
                         it; solve the heaps up to {h} or more"
                    ),
                ));
            }
        };
        Ok(map[at as usize])
    }

    /// The misère outcome of the sum of `heaps`: P exactly when the
    /// product of their elements lies in the P-portion (the empty sum
    /// is N: the player to move has no move and wins). Heaps past the
    /// solved range need the periodicity certificate
    /// ([`QuotientReport::heap_element`]).
    ///
    /// ```
    /// use grundy::Outcome;
    /// let r = grundy::quotient(&"1,2,3".parse()?, None, &grundy::Budget::default())?;
    /// assert_eq!(r.outcome(&[1])?, Outcome::P);
    /// assert_eq!(r.outcome(&[2, 2])?, Outcome::P);
    /// assert_eq!(r.outcome(&[1, 1000001])?, Outcome::N);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        let mut x = 0;
        for &h in heaps {
            x = self.mult.mul(x, self.heap_index(h)?);
        }
        Ok(Outcome::from_is_p(self.mult.is_p[x as usize]))
    }
}

/// "1, a, b" or, past ten elements, the first ten and how many more.
fn list(names: &[String]) -> String {
    if names.len() <= 10 {
        names.join(", ")
    } else {
        format!("{}, ... ({} in all)", names[..10].join(", "), names.len())
    }
}

/// The sentence of the certificate.
fn sentence(n: usize, order: usize, cert: Option<&GuySmith>) -> String {
    let proven = format!(
        "every sum of heaps 1..{n} is solved by this quotient of order \
         {order}: for each heap the candidate was reduced, generated by \
         the heap images and proven by the P- and N-conditions of the \
         verification lemma"
    );
    match cert {
        Some(g) => format!(
            "{proven}; the heap map satisfies x(h + {p}) = x(h) for {l} <= h \
             < E = {e}, the Guy-Smith bound for code length {t} and moves \
             leaving at most {k} {heaps}, so it is the misère quotient of \
             every sum of heaps of any size.",
            p = g.period,
            l = g.preperiod,
            e = g.checked_to,
            t = g.code_len,
            k = g.parts,
            heaps = if g.parts == 1 { "heap" } else { "heaps" },
        ),
        None => format!(
            "{proven}; no periodicity certificate holds up to heap {n}, so \
             larger heaps may enlarge it."
        ),
    }
}

/// The code of a rule set, or why it has none.
fn code_of(rules: &Rules) -> Result<OctalGame> {
    let set = rules.rule_set();
    if let Some(game) = set.octal_game() {
        if game.has_periodicity_theorem() {
            return Ok(game.clone());
        }
    } else if let Some(Subtraction::Finite(s)) = set.subtraction() {
        return OctalCode::from_subtraction_set(s.elements())
            .map(OctalGame::from);
    }
    Err(Error::new(
        ErrorKind::Unsupported,
        format!(
            "misère quotients are computed for octal codes (0.75) and \
             finite subtraction sets (1,2,3), not for \"{rules}\", which \
             has no finite code"
        ),
    ))
}

/// The misère quotient of `rules` (an octal code or a finite subtraction
/// set) for heaps 1..=`heaps`, or, when `heaps` is `None`, heap by heap
/// until the periodicity certificate proves it for every heap.
///
/// Errors: [`ErrorKind::Unsupported`] for rules with no finite code,
/// [`ErrorKind::TooLarge`] for 0 heaps or more than
/// [`QUOTIENT_MAX_HEAPS`], [`ErrorKind::Budget`] when the budget (or,
/// without `heaps`, [`QUOTIENT_MAX_HEAPS`]) stops the search first: the message says
/// up to which heap no finite quotient was found and the orders seen.
///
/// ```
/// let rules = "1,2,3".parse()?;
/// let r = grundy::quotient(&rules, None, &grundy::Budget::default())?;
/// assert_eq!((r.order, r.tame), (6, true));
/// assert_eq!(r.presentation(), "<a, b | a2=1, b3=b>");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn quotient(
    rules: &Rules,
    heaps: Option<u64>,
    budget: &Budget,
) -> Result<QuotientReport> {
    let game = code_of(rules)?;
    let target = match heaps {
        None => None,
        Some(n @ 1..) if n <= u64::from(QUOTIENT_MAX_HEAPS) => Some(n as u32),
        Some(0) => {
            return Err(Error::new(
                ErrorKind::TooLarge,
                "the heap count must be at least 1".to_string(),
            ));
        }
        Some(n) => {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "{n} heaps is too many for a misère quotient (at most \
                     {QUOTIENT_MAX_HEAPS}: the options of every heap are \
                     listed)"
                ),
            ));
        }
    };
    search(rules, &game, target, budget)
}

/// The misère quotient that answers every sum of heaps of `rules` up to
/// `largest`: heap by heap until the periodicity certificate holds, or
/// until heap `largest` when it is at most [`QUOTIENT_MAX_HEAPS`]
/// (Q_largest then answers those sums). Errors as [`quotient`]'s, and
/// [`ErrorKind::Budget`] when a heap above [`QUOTIENT_MAX_HEAPS`] meets
/// no certificate by then.
pub(crate) fn quotient_through(
    rules: &Rules,
    largest: &BigUint,
    budget: &Budget,
) -> Result<QuotientReport> {
    let game = code_of(rules)?;
    let target = largest
        .to_u32()
        .filter(|&n| n <= QUOTIENT_MAX_HEAPS)
        .map(|n| n.max(1));
    search_until(rules, &game, target, true, budget)
}

/// Heap by heap to `target`, or without one until the certificate
/// holds (or [`QUOTIENT_MAX_HEAPS`]). One solver lists the options of
/// each heap as it adds it, so the budget (work, deadline, cancel) counts
/// the whole search once.
fn search(
    rules: &Rules,
    game: &OctalGame,
    target: Option<u32>,
    budget: &Budget,
) -> Result<QuotientReport> {
    search_until(rules, game, target, target.is_none(), budget)
}

/// [`search`], also stopping at a certificate before `target` when
/// `early`.
fn search_until(
    rules: &Rules,
    game: &OctalGame,
    target: Option<u32>,
    early: bool,
    budget: &Budget,
) -> Result<QuotientReport> {
    let limit = target.unwrap_or(QUOTIENT_MAX_HEAPS) as usize;
    let mut solver = MisereSolver::new(game)?;
    while solver.quotient().heaps() < limit {
        solver.step(budget).map_err(|e| not_found(rules, &solver, e))?;
        let n = solver.quotient().heaps();
        // the certificate costs up to the square of n: every heap at
        // first, then every 8th
        if early && (n < 128 || n.is_multiple_of(8)) {
            let q = solver.quotient();
            if let Some(cert) = certify(game, &q.phi) {
                return report(rules, &solver, Some(&cert), budget)
                    .map_err(|e| not_found(rules, &solver, e));
            }
        }
    }
    let q = solver.quotient();
    if target.is_some() {
        let cert = certify(game, &q.phi);
        return report(rules, &solver, cert.as_ref(), budget)
            .map_err(|e| not_found(rules, &solver, e));
    }
    let message = format!(
        "the misère quotient of \"{rules}\" was not found finite up to \
         heap {limit}, the search's limit (no periodicity certificate \
         held); {}",
        orders(&solver)
    );
    Err(Error::new(ErrorKind::Budget, message))
}

/// "orders 2 from heap 1, 6 from heap 2; Q_5 has order 6".
fn orders(solver: &MisereSolver<'_>) -> String {
    let seen: Vec<String> = solver
        .expansions()
        .iter()
        .map(|&(h, o)| format!("{o} from heap {h}"))
        .collect();
    let q = solver.quotient();
    let last = format!("Q_{} has order {}", q.heaps(), q.q.monoid.order());
    if seen.is_empty() {
        last
    } else {
        format!("orders {}; {last}", seen.join(", "))
    }
}

/// A budget stop reworded: up to which heap, the orders seen.
fn not_found(rules: &Rules, solver: &MisereSolver<'_>, e: Error) -> Error {
    match e.stopped() {
        Some(s) if e.kind() == ErrorKind::Budget => Error::budget(
            s.clone(),
            format!(
                "the misère quotient of \"{rules}\" was not found finite up \
                 to heap {}, {s}; {}",
                solver.quotient().heaps() + 1,
                orders(solver)
            ),
        ),
        _ => e,
    }
}

/// A stop met while the report is laid out (the presentation), as a
/// budget error.
fn laid_out(s: crate::budget::Stopped, solver_done: u64, b: &Budget) -> Error {
    let s = crate::budget::Stopped {
        done: solver_done,
        limit: b.max_positions,
        ..s
    };
    Error::budget(s, "the presentation was not written".to_string())
}

fn report(
    rules: &Rules,
    solver: &MisereSolver<'_>,
    cert: Option<&GuySmith>,
    budget: &Budget,
) -> Result<QuotientReport> {
    let q = solver.quotient();
    let expansions = solver.expansions();
    let m = &q.q.monoid;
    let n = q.heaps();
    let relations = m
        .presentation(budget)
        .map_err(|s| laid_out(s, solver.done(), budget))?
        .iter()
        .map(ToString::to_string)
        .collect();
    Ok(QuotientReport {
        game: rules.to_string(),
        heaps: if cert.is_some() { None } else { Some(n as u64) },
        order: m.order() as u64,
        generators: (0..m.generators()).map(letter_name).collect(),
        relations,
        p_portion: q.q.p_elements().iter().map(|&x| m.name(x)).collect(),
        heap_map: q.phi.iter().map(|&x| m.name(x)).collect(),
        tame: tame_index(&q.q).is_some(),
        periodic: cert
            .map(|g| Periodicity { preperiod: g.preperiod, period: g.period }),
        expansions: expansions
            .iter()
            .map(|&(h, o)| Expansion { heap: h as u64, order: o as u64 })
            .collect(),
        certificate: sentence(n, m.order(), cert),
        mult: Multiplication::of(q),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(game: &str, heaps: Option<u64>) -> QuotientReport {
        quotient(&game.parse().unwrap(), heaps, &Budget::default()).unwrap()
    }

    /// The product table (kept for orders up to `TABLED_ORDER`) says
    /// what applying the letters of the normal forms says, for every pair
    /// of elements of the quotients of misère Nim restricted to heaps of
    /// at most 3 (T2), Dawson's Kayles-like R8 (0.75) and Kayles (0.77,
    /// order 40), and the product is associative and commutative there.
    #[test]
    fn product_table_agrees_with_the_normal_forms() {
        for game in ["1,2,3", "0.75", "0.77"] {
            let m = &run(game, None).mult;
            let order = m.names.len() as u32;
            assert_eq!(m.table.len(), (order * order) as usize, "{game}");
            for x in 0..order {
                for y in 0..order {
                    let xy = m.mul(x, y);
                    assert_eq!(xy, m.mul_by_letters(x, y), "{game}");
                    assert_eq!(xy, m.mul(y, x), "{game}");
                    for z in 0..order.min(8) {
                        assert_eq!(m.mul(xy, z), m.mul(x, m.mul(y, z)));
                    }
                }
            }
        }
    }

    #[test]
    fn misere_quotient_reports() {
        // misere/solver.rs and periodic.rs: 1,2,3 is T2, heap map period
        // 4 from heap 0; 0.75 is R8, pre-period 8, period 2
        let r = run("1,2,3", None);
        assert_eq!((r.order, r.tame, r.heaps), (6, true, None));
        assert_eq!(r.periodic, Some(Periodicity { preperiod: 0, period: 4 }));
        assert_eq!(r.relations, ["a2=1", "b3=b"]);
        assert_eq!(r.p_portion, ["a", "b2"]);
        let r = run("0.75", None);
        assert_eq!((r.order, r.tame), (8, false));
        assert_eq!(r.periodic, Some(Periodicity { preperiod: 8, period: 2 }));
        assert_eq!(r.heap_map.len(), 22);
        let r = run("0.75", Some(5));
        assert_eq!((r.heaps, r.periodic), (Some(5), None));
        assert_eq!(r.heap_map, ["1", "a", "b", "a", "b", "c"]);
        let e = quotient(&"nim".parse().unwrap(), None, &Budget::default());
        assert_eq!(e.unwrap_err().kind(), ErrorKind::Unsupported);
        let e =
            quotient(&"0.07".parse().unwrap(), Some(0), &Budget::default());
        assert_eq!(e.unwrap_err().kind(), ErrorKind::TooLarge);
        let small = Budget { max_positions: 50, ..Budget::default() };
        let e = quotient(&"0.07".parse().unwrap(), None, &small).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Budget);
        assert!(e.message().contains("not found finite up to heap"), "{e}");
    }

    /// The work of one solver to heap `to` of `code`.
    fn work_to(code: &str, to: usize) -> u64 {
        let rules: Rules = code.parse().unwrap();
        let game = code_of(&rules).unwrap();
        let mut s = MisereSolver::new(&game).unwrap();
        s.run(to, &Budget::default()).unwrap();
        s.done()
    }

    #[test]
    fn misere_quotient_one_budget_for_the_whole_search() {
        // Kayles to heap 100 (past 64, where the options used to be
        // listed again and the count started again): the work the
        // search reports never goes back, and ends at the whole search's
        // w positions; a budget of w / 2 stops it with a count between
        // the two
        let w = work_to("0.77", 100);
        let rules: Rules = "0.77".parse().unwrap();
        let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = heard.clone();
        let budget = Budget {
            observer: Some(std::sync::Arc::new(move |n| {
                sink.lock().unwrap().push(n);
            })),
            ..Budget::positions(w)
        };
        assert_eq!(quotient(&rules, Some(100), &budget).unwrap().order, 40);
        let heard = heard.lock().unwrap();
        assert!(heard.len() >= 100, "{}", heard.len());
        assert!(heard.windows(2).all(|p| p[0] <= p[1]));
        assert!(*heard.last().unwrap() <= w);
        let e = quotient(&rules, Some(100), &Budget::positions(w / 2))
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Budget);
        let s = e.stopped().unwrap();
        assert!(s.done > w / 2 && s.done <= w, "{} of {w}", s.done);
        assert_eq!(s.limit, w / 2);
        // a deadline already past stops the search at once
        let past = Budget {
            deadline: Some(std::time::Instant::now()),
            ..Budget::default()
        };
        let e = quotient(&"0.3122".parse().unwrap(), None, &past).unwrap_err();
        assert_eq!(e.stopped().unwrap().reason, crate::StopReason::Time);
        // a product past the states limit stops it too, honestly
        let few = Budget { max_states: 100, ..Budget::default() };
        let e = quotient(&"0.07".parse().unwrap(), None, &few).unwrap_err();
        assert_eq!(e.stopped().unwrap().reason, crate::StopReason::States);
        assert!(e.message().contains("not found finite up to heap"), "{e}");
    }

    #[test]
    fn misere_quotient_outcomes_match_the_oracle() {
        use crate::misere::options::heap_options;
        use crate::misere::oracle::{Oracle, for_each_sum};
        // certified quotients answer past the heaps they computed (0.75:
        // to 21, 1,2,3: to 7); Q_12(0.07) within its heaps
        // (sums of at most `total` tokens: the oracle's positions are the
        // partitions below it)
        for (code, heaps, max, total) in [
            ("0.75", None, 40, 40),
            ("1,2,3", None, 30, 90),
            ("0.07", Some(12), 12, 30),
        ] {
            let rules: Rules = code.parse().unwrap();
            let r = quotient(&rules, heaps, &Budget::default()).unwrap();
            let game = code_of(&rules).unwrap();
            let mut oracle = Oracle::new(heap_options(&game, max));
            for_each_sum(max, 3, &mut |h| {
                if h.iter().sum::<u32>() > total {
                    return;
                }
                let sizes: Vec<u64> =
                    h.iter().map(|&x| u64::from(x)).collect();
                let want = Outcome::from_is_p(oracle.is_p(h));
                assert_eq!(r.outcome(&sizes).unwrap(), want, "{code} {h:?}");
            });
        }
        // past the heaps solved, without a certificate: an error
        let r = run("0.07", Some(12));
        let e = r.outcome(&[13]).unwrap_err();
        assert!(e.message().contains("heap 13 is past"), "{e}");
    }

    #[test]
    fn misere_quotient_table_is_a_commutative_monoid() {
        for code in ["0.75", "1,2,3", "0.77"] {
            let r = run(code, if code == "0.77" { Some(30) } else { None });
            let names = r.elements();
            assert_eq!(names.len() as u64, r.order);
            assert_eq!(names[0], "1");
            let t = r.table();
            let at = |x: &str| names.iter().position(|n| n == x).unwrap();
            for x in 0..names.len() {
                assert_eq!(t[0][x], names[x]);
                for y in 0..names.len() {
                    assert_eq!(t[x][y], t[y][x]);
                    assert_eq!(
                        r.multiply(&names[x], &names[y]).unwrap(),
                        t[x][y]
                    );
                    for z in 0..names.len() {
                        assert_eq!(t[at(&t[x][y])][z], t[x][at(&t[y][z])]);
                    }
                }
            }
            // every relation holds in the table
            for rel in &r.relations {
                let (l, rhs) = rel.split_once('=').unwrap();
                assert_eq!(eval(&r, l), eval(&r, rhs), "{code}: {rel}");
            }
        }
        let r = run("1,2,3", None);
        let e = r.multiply("a", "q").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse);
        assert!(e.message().starts_with("\"q\" is not an element"), "{e}");
    }

    /// The value of a word such as `ab2c` by the table.
    fn eval(r: &QuotientReport, word: &str) -> String {
        let mut x = "1".to_string();
        let mut chars = word.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '1' {
                continue;
            }
            let mut k = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                k.push(*d);
                chars.next();
            }
            for _ in 0..k.parse::<u32>().unwrap_or(1) {
                x = r.multiply(&x, &c.to_string()).unwrap();
            }
        }
        x
    }
}
