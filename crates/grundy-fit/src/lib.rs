//! Find the law behind a family's periods: a piecewise quasi-polynomial,
//! stated exactly, with the evidence for each piece.
//!
//! Sweeps (`grundy sweep`) give tables; papers state formulas. Given the
//! rows of a family (parameter values and one key such as `period`), this
//! crate finds a short list of pieces, each a condition and a formula,
//! that gives the key exactly on every row, or says that there is no
//! simple law. It is the engine of `grundy fit` (issue 17); it does no I/O.
//!
//! ```
//! use grundy_fit::{FitRow, FitTable, Key, Options, fit};
//! // X = {a, b, a+b, 2a+b}, all-but sets: the periods of K. Suetsugu,
//! // T. Abuku, All-but Nim with FES sets of size 4, Lemma 7 and
//! // Conjecture 3 (here computed from their closed form).
//! let mut rows = Vec::new();
//! for a in 1..=12i64 {
//!     for b in 2 * a + 1..=2 * a + 30 {
//!         let (u, g) = (b % (2 * a), num_integer::gcd(a, b));
//!         let p = if u <= a { 2 * b + 3 * a - u }
//!                 else { a * (2 * b + a + u) / g };
//!         rows.push(FitRow::new(vec![a, b], p));
//!     }
//! }
//! let t = FitTable::new(vec!["a".into(), "b".into()], Key::Period, rows)?;
//! let f = fit(&t, &Options::default())?;
//! let laws: Vec<(&str, &str)> =
//!     f.pieces().iter().map(|p| (p.when(), p.formula())).collect();
//! assert_eq!(laws, [
//!     ("b % (2*a) <= a", "3*a + 2*b - b % (2*a)"),
//!     ("b % (2*a) > a", "(a*a + 2*a*b + a*(b % (2*a)))/gcd(a, b)"),
//! ]);
//! assert!(f.exceptions().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What a law looks like
//!
//! A **formula** is a polynomial with rational coefficients (degree at
//! most 3 by default, [`Options::degree`]) in the parameters and, where a
//! law needs it, a residue `u = x % (P*y)` of one parameter by a multiple
//! of another (`b % (2*a)`), by a constant (`k % 3`) or by a linear form
//! of the other parameters (`b % (2*a + 1)`, `c % (a + b)`), and the
//! quotient `q = x / (P*y)` of a parameter by (twice) another, the
//! floor `b/a` in the `--check` language (`2*a + b/a`), possibly divided
//! by `gcd(x, y)`. Rational coefficients are written over a common
//! denominator, `(k*k + k)/2`; the division is exact on the piece.
//! A **condition** combines comparisons of a parameter with small
//! multiples of another (`b < 2*a`, `b >= 3*a`) and comparisons of the
//! residue (`b % (2*a) == a`, `b % a == 0`, `k % 3 <= 1`, `b % (2*a +
//! 1) >= a`) with `&&` and `||`; `true` for a single piece.
//!
//! Both are written in the expression language of `grundy sweep --check`
//! (evalexpr 13 with `gcd`, `mod`, `div`, ...). Powers are printed as
//! products (`a*a`), because evalexpr's `^` gives a float and `period ==
//! a^2` would be false. To re-check a piece on the family, use
//! [`Piece::check`]:
//!
//! ```text
//! grundy sweep 'a,b' --param a=1..30 --param 'b=a+1..a+40' \
//!   --check 'period == if(b % (2*a) == a, 2*a, period)'
//! ```
//!
//! Rows outside the piece pass (`period == period`); a counterexample
//! shows both sides. (`if(WHEN, period == FORMULA, true)` works too, but a
//! failure then only says "the formula is false".) Note that evalexpr's
//! `if`, `&&` and `||` evaluate every operand, so a formula is evaluated
//! on every row of the family: ours divide only by constants and gcds of
//! positive parameters, so they never fail there.
//!
//! # Method
//!
//! Fitting one parameter at a time (a quasi-polynomial in the innermost
//! parameter for each value of the outer ones, then the moduli and
//! coefficients as functions of the outer ones) needs inner ranges several
//! moduli long. The ranges the All-but Nim paper checked do not have that:
//! for `{a, b, a+b, a+2b}` with `b <= a + 30` the modulus `2a` reaches 60,
//! so most residue classes hold one row per `a`. The fitter therefore
//! proposes the modulus as a function of an outer parameter up front and
//! fits all rows of a class at once:
//!
//! 1. **Schemes** (`scheme.rs`): a parameter `x`, a base `y` (another
//!    parameter or the constant 1), a period `P <= 4` (constant moduli up
//!    to 6, or to 12 in a table of one parameter) and a start `T <= 4`. Cutting at the multiples of `y` puts
//!    each row in a cell (`x == t*y` or `t*y < x < (t+1)*y`); cells below
//!    `x = T*y` are classes of their own, later ones repeat with period
//!    `P` (the class is the cell of `u = x % (P*y)`). The one-class scheme
//!    (a plain polynomial) is tried first. A parameter base with `P <= 2`
//!    and no initial cells may also give formulas the quotient `q = x /
//!    (P*y)` (the floor) as a variable.
//!    A base may also be a linear form of the other parameters (`2*a +
//!    1`, `a + b`; period 1, start 0 or 1; only where it is at most x on
//!    a quarter of the rows): its multiples are not where
//!    such laws break, so the class of a row is instead the outcome of
//!    comparing `u` with 0, 1 and `p - 1` .. `p + 2` for each other
//!    parameter `p` (the sets {a, b, a + 1} have period `2*a + 1` exactly
//!    when `b % (2*a + 1)` is `a` or `a + 1`).
//! 2. **Exact fits** (`linalg.rs`, `search.rs`): each class gets the
//!    lowest-degree polynomial (in the parameters, `u` and `q`, optionally
//!    times the value's `gcd(x, y)`) that is exact on all its rows, solved
//!    modulo a 61-bit prime with rational reconstruction and then verified
//!    in exact integer arithmetic. A class may set aside a few rows that
//!    contradict its fit (sporadic exceptions).
//!    The fit must also pass the split-half test below.
//! 3. **Grouping**: formulas that predict other classes exactly absorb
//!    them; groups whose union one formula fits exactly merge. Every class
//!    added to a group must bring `min_spare` rows beyond the coefficients
//!    it alone determines, so one stray row cannot buy a coefficient.
//! 4. **Conditions** (`describe.rs`): each group's cells are covered by
//!    intervals of positions; comparisons are dropped while the condition
//!    still selects exactly the group's rows.
//! 5. **Choice and check** (`fit.rs`): the scheme with the fewest pieces
//!    plus unexplained rows wins (then lowest total degree, fewest terms,
//!    simplest scheme). Its conditions and formulas are evaluated once
//!    more on every row, exactly as printed; the counts reported come from
//!    that pass.
//!
//! # Evidence and verdict
//!
//! For each piece, `rows` counts the rows it explains and `confirming` the
//! rows beyond `needed`, the rank of its monomials on those rows (the
//! rows it takes to determine the coefficients). A piece is offered only
//! with `confirming >= max(min_spare, needed)`, and only if each half of
//! its rows (split by a hash of the row) determines a formula that
//! predicts the other half exactly, so that no coefficient rests on a
//! single row (a cubic through one odd value among zeros has plenty of
//! rows but no evidence). A law may have at most
//! [`Options::max_pieces`] pieces and leave at most
//! [`Options::max_exceptions`] of the rows with a value unexplained;
//! otherwise the fit's [`FitVerdict`] is [`FitVerdict::NoSimpleLaw`] with
//! the reason, no pieces are offered, and every row is listed as an
//! exception. A law of one parameter may also hold from a threshold on:
//! when the whole table has no law without exceptions, the rows from
//! the highest threshold that leaves at most [`Options::max_leading`] of
//! the rows below it are fitted alone (with the same rules), and the rows
//! below it that the pieces do not explain are listed as exceptions (those
//! they explain count in a piece's `rows` and `confirming`, not in
//! `needed` nor in the split-half test); that fit wins if the whole table
//! has no law or more exceptions. The text of `grundy fit` and the JSON
//! key `from` say where such a law starts.
//! Rows without a value are always listed as exceptions and never count
//! against a law.
//!
//! # Limits
//!
//! - Moduli are `P*y` for one parameter `y` and `P <= 4`, constants up
//!   to 12, or the linear forms `c*p + d` (c <= 3, |d| <= 1), `p + q`,
//!   `2*p + q`, `p + 2*q` of the other parameters; breakpoints are
//!   multiples of `y` (not `y/2`), or with a form 0, 1 and `p - 1` ..
//!   `p + 2`. The floor is `x / y` or `x / (2*y)` of a parameter base.
//!   Laws needing other moduli, other quotients, or several residues at
//!   once, are reported as having no simple law.
//! - The only divisor is `gcd(x, y)` of the scheme's pair.
//! - Coefficients are fractions with numerator and denominator below
//!   2^30; formulas are evaluated in `i64` (as the CLI does).
//! - Parameters must be non-negative in a scheme with a residue, and
//!   bases positive (other schemes are skipped).
//! - A piece's condition is exact on the fitted rows; between and beyond
//!   them it is a conjecture, which [`Fit::validate`] tests on new rows.
//!
//! # The JSON contract
//!
//! See [`Report`]: `{"family", "key", "params", "rows", "pieces":
//! [{"when", "formula", "rows", "confirming"}], "exceptions": [row...],
//! "validated": {"range", "rows", "correct", "wrong": [row...]} | null}`,
//! where a row is `{"a": 3, "b": 9, "period": 6}` (and, in `wrong`,
//! `"predicted"`).

#![deny(missing_docs)]

mod classfit;
mod data;
mod describe;
mod error;
mod expr;
mod fit;
mod formula;
mod input;
mod latex;
mod law;
mod linalg;
mod options;
mod report;
mod scheme;
mod search;
mod sweep;
mod validate;

pub use data::{FitRow, FitTable, Key};
pub use error::{Error, Result};
pub use fit::fit;
pub use input::parse_sweep;
pub use law::{Fit, FitVerdict, Piece};
pub use options::{MAX_DEGREE, Options};
pub use report::{PieceReport, Report, RowRecord, Validated};
pub use sweep::{SweepRow, validation_ranges};
pub use validate::{PieceCheck, Validation, Wrong};
