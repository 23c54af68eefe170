//! Families of sets: a parameterised template, or all k-subsets of 1..M.
//!
//! `Family::template("all-but:a,b,a+b,a+2b", ["a=1..30", "b=a+1..a+30"])`
//! enumerates its parameters as nested loops in the order given (the first
//! is outermost); a range `lo..hi` is inclusive and its bounds may use the
//! parameters before it, so `c=3..100`, `b=2..c-1`, `a=1..b-1` lists each
//! 3-set once. Because every range ascends, the sets come in increasing
//! lexicographic order of their parameter tuples (for subsets: of their
//! elements): that order is the row order of every output, and what lets
//! `grundy merge` put shards back together. Every expression is compiled
//! and checked before any work starts (`expr.rs`).

use crate::evaluate::{Evaluation, evaluate};
use grundy::{
    ALL_BUT_PREFIX, AllButSet, Budget as Limit, FiniteSet, MAX_ELEMENT, Rules,
};

use crate::error::{Error, ErrorKind, Result};
use crate::expr::{Expr, FUNCTIONS, Vars, split_top_level};
use crate::row::{RESULT_COLUMNS, Row};

/// The most combinations of the outer parameters (all but the last)
/// counting goes through before it gives up.
const MAX_OUTER_STEPS: u64 = 1 << 22;

/// How many outer steps [`Family::count_unless`] takes between two
/// questions to its `stop`.
const STOP_EVERY: u64 = 1 << 12;

/// Where [`Family::count_unless`] is in its walk.
struct Walk<'a> {
    count: u64,
    steps: u64,
    stop: &'a dyn Fn() -> bool,
    stopped: bool,
}

/// The most sets a family may have (enumeration would take minutes past
/// this; shard bigger sweeps).
pub const MAX_FAMILY: u64 = 1 << 32;

/// A family of subtraction sets.
///
/// ```
/// use grundy_sweep::Family;
/// // Each 3-subset of 1..5 once: the bounds use the parameters before.
/// let f = Family::template("a,b,c", &["c=3..5", "b=2..c-1", "a=1..b-1"])?;
/// assert_eq!(f.param_names(), ["c", "b", "a"]);
/// assert_eq!(f.count()?, 10);
/// let first = f.points().next().unwrap()?;
/// assert_eq!((first.index, first.values), (0, vec![3, 2, 1]));
/// // Bad expressions fail here, before any work, naming the token.
/// let e = Family::template("a,b", &["a=1..3", "b=c..4"]).unwrap_err();
/// assert!(e.to_string().contains("uses \"c\", which is not defined"));
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Family {
    params: Vec<Param>,
    shape: Shape,
}

#[derive(Clone, Debug)]
struct Param {
    name: String,
    lo: Expr,
    hi: Expr,
}

#[derive(Clone, Debug)]
enum Shape {
    Template { all_but: bool, elements: Vec<Expr> },
    Subsets { k: usize, max: u64 },
    Octal { digits: usize },
}

/// The most digits after the point [`Family::octal`] sweeps: 2 8^6 - 1 =
/// 524,287 codes.
pub const MAX_OCTAL_DIGITS: usize = 6;

/// One member of a family, before evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// Its place in the family's order (0-based).
    pub index: u64,
    /// Parameter values (templates) or elements (subsets).
    pub values: Vec<i64>,
}

impl Family {
    /// A template family: `template` is a set whose elements are
    /// expressions (`a,b,a+b` or `all-but:a,b,a+b,a+2b`), each parameter
    /// is `name=lo..hi` (inclusive; `name=v` for one value).
    ///
    /// A template needs at least one parameter: without any it is one set,
    /// not a family, and is refused here with [`ErrorKind::Parse`] (issue
    /// 37: `grundy sweep 1,2,3` panicked while counting). This one message
    /// serves every front end, for a sweep and a fit alike.
    ///
    /// ```
    /// use grundy_sweep::{ErrorKind, Family};
    /// let e = Family::template("1,2,3", &[] as &[&str]).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::Parse);
    /// assert!(e.message().contains("has no parameters"));
    /// ```
    pub fn template(
        template: &str,
        params: &[impl AsRef<str>],
    ) -> Result<Family> {
        let mut parsed: Vec<Param> = Vec::new();
        for spec in params {
            let spec = spec.as_ref();
            let known: Vec<&str> =
                parsed.iter().map(|p| p.name.as_str()).collect();
            parsed.push(parse_param(spec, &known)?);
        }
        let names: Vec<&str> =
            parsed.iter().map(|p| p.name.as_str()).collect();
        let text = template.trim();
        let (all_but, body) = match text.strip_prefix(ALL_BUT_PREFIX) {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let body = body.trim();
        let body = body
            .strip_prefix('{')
            .and_then(|b| b.strip_suffix('}'))
            .unwrap_or(body);
        let mut elements = Vec::new();
        for (i, part) in split_top_level(body).into_iter().enumerate() {
            let what = format!("element {} of \"{text}\"", i + 1);
            elements.push(Expr::parse(part, &what, &names, false)?);
        }
        // Checked after the elements, so that a template using a name
        // that is not a parameter (`a,b` alone) keeps its own message.
        if parsed.is_empty() {
            let exprs: Vec<&str> = elements.iter().map(Expr::text).collect();
            let prefix = if all_but { ALL_BUT_PREFIX } else { "" };
            return Err(Error::parse(format!(
                "the family \"{prefix}{}\" has no parameters; give one with its range, e.g. \"a=1..10\", and use it in the template, e.g. \"1,a,a+1\"",
                exprs.join(",")
            )));
        }
        Ok(Family {
            params: parsed,
            shape: Shape::Template { all_but, elements },
        })
    }

    /// All `k`-element subsets of 1..=`max`, in lexicographic order.
    ///
    /// Fails with [`ErrorKind::Parse`] unless 1 <= k <= max, and with
    /// [`ErrorKind::TooLarge`] if `max` exceeds [`MAX_ELEMENT`].
    ///
    /// ```
    /// let f = grundy_sweep::Family::subsets(3, 100)?;
    /// assert_eq!(f.count()?, 161_700);
    /// # Ok::<(), grundy_sweep::Error>(())
    /// ```
    pub fn subsets(k: usize, max: u64) -> Result<Family> {
        if k == 0 || k as u64 > max {
            return Err(Error::parse(format!(
                "there are no {k}-element subsets of 1..{max}; use 1 <= k <= {max}"
            )));
        }
        if max > MAX_ELEMENT {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "subsets of 1..{max} are too large; elements go up to {MAX_ELEMENT}"
                ),
            ));
        }
        Ok(Family { params: Vec::new(), shape: Shape::Subsets { k, max } })
    }

    /// Every octal game `d0.d1...dk` with `digits` = k digits after the
    /// point or fewer: d0 is 0 or 4 (a move may split a heap without
    /// removing tokens), d1..dk are 0 to 7, not all 0 unless d0 is 4
    /// (`4.0`: only splitting). Codes are written without trailing zeros
    /// (`0.130` is `0.13`), each once: 2 8^k - 1 of them, 1023 for k = 3
    /// (Flammenkamp's tables of octal games list the same codes). The
    /// family order is that of the digits (d0, d1, ..., dk), which are its
    /// parameters `d0` ... `dk`.
    ///
    /// ```
    /// let f = grundy_sweep::Family::octal(2)?;
    /// assert_eq!(f.param_names(), ["d0", "d1", "d2"]);
    /// assert_eq!(f.count()?, 127);
    /// let limit = grundy::Budget::positions(1 << 12);
    /// let rows: Vec<_> = f.points().take(9).map(|p| f.row(&p.unwrap(), &limit)).collect();
    /// assert_eq!(rows[0].set, "0.01");
    /// assert_eq!(rows[7].set, "0.1");
    /// assert_eq!(rows[8].set, "0.11");
    /// # Ok::<(), grundy_sweep::Error>(())
    /// ```
    pub fn octal(digits: usize) -> Result<Family> {
        if !(1..=MAX_OCTAL_DIGITS).contains(&digits) {
            return Err(Error::parse(format!(
                "--octal {digits}: sweep codes of 1 to {MAX_OCTAL_DIGITS} digits after the point (3: the 1023 codes of Flammenkamp's three-digit table)"
            )));
        }
        let params = (0..=digits)
            .map(|i| {
                let digit =
                    |text: &str| Expr::parse(text, "a digit", &[], false);
                Ok(Param {
                    name: format!("d{i}"),
                    lo: digit("0")?,
                    hi: digit(if i == 0 { "4" } else { "7" })?,
                })
            })
            .collect::<Result<Vec<Param>>>()?;
        Ok(Family { params, shape: Shape::Octal { digits } })
    }

    /// The parameter names, in order (none for subsets).
    pub fn param_names(&self) -> Vec<&str> {
        self.params.iter().map(|p| p.name.as_str()).collect()
    }

    /// The number of sets, enumerating them (so a bound that fails to
    /// evaluate is reported here, before any work).
    pub fn count(&self) -> Result<u64> {
        let count = self.count_unless(&|| false)?;
        Ok(count.expect("never asked to stop"))
    }

    /// [`Family::count`], giving up (`Ok(None)`) as soon as `stop` says so;
    /// it is asked every 4096 steps of the outer parameters (a
    /// server's deadline and hang-ups: walking 2^22 outer values takes a
    /// good part of a second).
    pub fn count_unless(
        &self,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<u64>> {
        if let Shape::Subsets { k, max } = self.shape {
            return combinations(max, k as u64)
                .filter(|&c| c <= MAX_FAMILY as u128)
                .map(|c| Some(c as u64))
                .ok_or_else(too_big);
        }
        if let Shape::Octal { digits } = self.shape {
            return Ok(Some((2u64 << (3 * digits)) - 1));
        }
        // The innermost parameter's range is counted, not walked: a family
        // of 10^6 x 10^6 sets is refused after a few thousand outer steps.
        // Templates have at least one parameter (`Family::template`
        // refuses one without), which the walk indexes from the outermost.
        debug_assert!(
            !self.params.is_empty(),
            "a template without parameters"
        );
        let mut vars = Vars::new(&self.param_names());
        let mut values = vec![0; self.params.len()];
        let mut walk = Walk { count: 0, steps: 0, stop, stopped: false };
        self.count_from(0, &mut vars, &mut values, &mut walk)?;
        Ok((!walk.stopped).then_some(walk.count))
    }

    /// Adds the sets below the current values of the outer parameters.
    fn count_from(
        &self,
        level: usize,
        vars: &mut Vars,
        values: &mut [i64],
        walk: &mut Walk<'_>,
    ) -> Result<()> {
        let p = &self.params[level];
        let bounds =
            p.lo.eval_int(vars)
                .and_then(|lo| p.hi.eval_int(vars).map(|hi| (lo, hi)));
        let (lo, hi) = bounds.map_err(|msg| {
            let at = describe_point(&self.params, values, level);
            Error::parse(format!(
                "the range of \"{}\" cannot be evaluated{at}: {msg}",
                p.name
            ))
        })?;
        if lo > hi {
            return Ok(());
        }
        if level + 1 == self.params.len() {
            walk.count =
                walk.count.saturating_add(hi.abs_diff(lo).saturating_add(1));
            return if walk.count > MAX_FAMILY {
                Err(too_big())
            } else {
                Ok(())
            };
        }
        for value in lo..=hi {
            walk.steps += 1;
            if walk.steps.is_multiple_of(STOP_EVERY) && (walk.stop)() {
                walk.stopped = true;
            }
            if walk.stopped {
                return Ok(());
            }
            if walk.steps > MAX_OUTER_STEPS {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "the family has more than {MAX_OUTER_STEPS} combinations of its outer parameters to go through; narrow the ranges"
                    ),
                ));
            }
            vars.set(level, value);
            values[level] = value;
            self.count_from(level + 1, vars, values, walk)?;
        }
        Ok(())
    }

    /// The sets in order, lazily.
    pub fn points(&self) -> Points<'_> {
        let state = match self.shape {
            Shape::Subsets { k, .. } => {
                State::Subsets { current: (1..=k as i64).collect() }
            }
            Shape::Template { .. } => State::Template {
                vars: Vars::new(&self.param_names()),
                values: vec![0; self.params.len()],
                upper: vec![0; self.params.len()],
            },
            Shape::Octal { digits } => {
                let mut first = vec![0; digits + 1];
                first[digits] = 1;
                State::Octal { current: first }
            }
        };
        Points { family: self, state, started: false, done: false, index: 0 }
    }

    /// Whether this is a family of octal codes ([`Family::octal`]).
    pub(crate) fn is_octal(&self) -> bool {
        matches!(self.shape, Shape::Octal { .. })
    }

    /// Evaluates one member of the family within `limit`: its row.
    ///
    /// A member that is not a valid set (an element 0 or negative, an
    /// expression that fails) is a row with an [`Evaluation::Error`] and,
    /// as its `set`, the elements as evaluated (or the failing
    /// expression). Every valid set goes through the one seam between
    /// sweeps and engines, [`evaluate`](crate::evaluate()).
    ///
    /// ```
    /// use grundy_sweep::{Family, Status};
    /// let f = Family::template("a,b-a", &["a=1..2", "b=2..2"])?;
    /// let limit = grundy::Budget::default();
    /// let rows: Vec<_> =
    ///     f.points().map(|p| Ok(f.row(&p?, &limit))).collect::<Result<_, grundy_sweep::Error>>()?;
    /// assert_eq!((rows[0].set.as_str(), rows[0].status()), ("1", Status::Found));
    /// assert_eq!((rows[1].set.as_str(), rows[1].status()), ("2,0", Status::Error));
    /// # Ok::<(), grundy_sweep::Error>(())
    /// ```
    pub fn row(&self, point: &Point, limit: &Limit) -> Row {
        let (params, set) = self.set_of(point);
        let (set, result) = match set {
            Ok(set) => (set.to_string(), evaluate(&set, limit)),
            Err((raw, msg)) => (raw, Evaluation::Error(msg)),
        };
        Row { index: point.index, params, set, result }
    }

    /// The row fields of a point: parameter values (empty for subsets) and
    /// its set, or why it is not a valid set (with the elements as
    /// evaluated, as the row's `set`).
    pub(crate) fn set_of(
        &self,
        point: &Point,
    ) -> (Vec<i64>, std::result::Result<Rules, (String, String)>) {
        match &self.shape {
            Shape::Subsets { .. } => {
                let elements = point.values.iter().map(|&v| v as u64);
                let set = FiniteSet::new(elements)
                    .map(Rules::from)
                    .map_err(|e| (join(&point.values, false), e.to_string()));
                (Vec::new(), set)
            }
            Shape::Template { all_but, elements } => {
                let mut vars = Vars::new(&self.param_names());
                for (i, &v) in point.values.iter().enumerate() {
                    vars.set(i, v);
                }
                (point.values.clone(), build(*all_but, elements, &vars))
            }
            Shape::Octal { .. } => {
                let code = octal_code(&point.values);
                let rules = code
                    .parse::<Rules>()
                    .map_err(|e| (code.clone(), e.message().to_string()));
                (point.values.clone(), rules)
            }
        }
    }
}

/// `d0.d1d2...` without trailing zeros (`4.0` when no digit after the
/// point is).
fn octal_code(digits: &[i64]) -> String {
    let last = digits.iter().rposition(|&d| d != 0).unwrap_or(0).max(1);
    let after: String =
        digits[1..=last].iter().map(|d| d.to_string()).collect();
    format!("{}.{after}", digits[0])
}

/// The next octal code in family order (see [`Family::octal`]): the
/// digits after the point counted up in base 8, then d0 from 0 (where
/// they start at 0.0...01) to 4 (where they start at 4.0).
fn next_code(c: &mut [i64]) -> bool {
    for i in (1..c.len()).rev() {
        if c[i] < 7 {
            c[i] += 1;
            return true;
        }
        c[i] = 0;
    }
    if c[0] == 0 {
        c[0] = 4;
        return true;
    }
    false
}

fn build(
    all_but: bool,
    elements: &[Expr],
    vars: &Vars,
) -> std::result::Result<Rules, (String, String)> {
    let mut values = Vec::with_capacity(elements.len());
    for e in elements {
        match e.eval_int(vars) {
            Ok(v) => values.push(v),
            Err(msg) => return Err((e.text().to_string(), msg)),
        }
    }
    let raw = join(&values, all_but);
    if let Some((e, v)) = elements.iter().zip(&values).find(|&(_, &v)| v < 1) {
        let msg = format!(
            "element \"{}\" is {v}; elements must be positive",
            e.text()
        );
        return Err((raw, msg));
    }
    let elements = values.iter().map(|&v| v as u64);
    let set = if all_but {
        AllButSet::new(elements).map(Rules::from)
    } else {
        FiniteSet::new(elements).map(Rules::from)
    };
    set.map_err(|e| (raw, e.to_string()))
}

fn join(values: &[i64], all_but: bool) -> String {
    let list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let prefix = if all_but { ALL_BUT_PREFIX } else { "" };
    format!("{prefix}{}", list.join(","))
}

fn too_big() -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the family has more than {MAX_FAMILY} sets; narrow the ranges"
        ),
    )
}

/// C(n, k), exactly (None on overflow).
pub(crate) fn combinations(n: u64, k: u64) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c.checked_mul((n - i) as u128)? / (i as u128 + 1);
    }
    Some(c)
}

/// A range of constants written as a parameter's range is (`1..60`,
/// `-4..4`, `1..=60`, with `name=` in front or not): the one spelling of
/// a range that `grundy laws` shares with the families of a sweep. The
/// bounds are expressions without names (`2*30`); the message of a bad
/// range quotes it.
pub(crate) fn constant_range(text: &str, name: &str) -> Result<(i64, i64)> {
    let trimmed = text.trim();
    let body = trimmed
        .strip_prefix(name)
        .and_then(|rest| rest.trim_start().strip_prefix('='))
        .filter(|rest| !rest.starts_with('='))
        .unwrap_or(trimmed);
    if !body.contains("..") {
        return Err(Error::parse(format!(
            "\"{trimmed}\" is not a range; write LO..HI, e.g. \"1..60\""
        )));
    }
    let p = parse_param(&format!("{name}={body}"), &[])?;
    let vars = Vars::new(&[] as &[&str]);
    let bound = |e: &Expr| {
        e.eval_int(&vars).map_err(|msg| {
            Error::parse(format!("the range \"{trimmed}\": {msg}"))
        })
    };
    Ok((bound(&p.lo)?, bound(&p.hi)?))
}

fn parse_param(spec: &str, known: &[&str]) -> Result<Param> {
    let bad = |why: String| Error::parse(why);
    let (name, range) = spec.split_once('=').ok_or_else(|| {
        bad(format!(
            "bad parameter \"{spec}\": write name=lo..hi, e.g. \"a=1..30\""
        ))
    })?;
    let name = name.trim();
    let valid = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(bad(format!(
            "bad parameter name \"{name}\" in \"{spec}\": use letters, digits and _, starting with a letter"
        )));
    }
    if RESULT_COLUMNS.contains(&name)
        || FUNCTIONS.contains(&name)
        || ["min", "max", "if", "true", "false"].contains(&name)
    {
        return Err(bad(format!(
            "parameter name \"{name}\" is taken by a column or function; choose another name"
        )));
    }
    if known.contains(&name) {
        return Err(bad(format!(
            "parameter \"{name}\" is given twice; give each parameter once"
        )));
    }
    let (lo, hi) = match range.split_once("..") {
        Some((lo, hi)) => (lo, hi.strip_prefix('=').unwrap_or(hi)),
        None => (range, range),
    };
    let lo = Expr::parse(
        lo,
        &format!("the lower bound of \"{name}\""),
        known,
        false,
    )?;
    let hi = Expr::parse(
        hi,
        &format!("the upper bound of \"{name}\""),
        known,
        false,
    )?;
    Ok(Param { name: name.to_string(), lo, hi })
}

/// The sets of a family in order; see [`Family::points`].
#[derive(Debug)]
pub struct Points<'a> {
    family: &'a Family,
    state: State,
    started: bool,
    done: bool,
    index: u64,
}

#[derive(Debug)]
enum State {
    /// `upper[k]`: the largest value parameter k takes, given those before it.
    Template {
        vars: Vars,
        values: Vec<i64>,
        upper: Vec<i64>,
    },
    Subsets {
        current: Vec<i64>,
    },
    Octal {
        current: Vec<i64>,
    },
}

impl Iterator for Points<'_> {
    type Item = Result<Point>;

    fn next(&mut self) -> Option<Result<Point>> {
        self.next_where(&|_| true)
    }
}

impl Points<'_> {
    /// The next member whose index `select` accepts; the others are
    /// passed over without being built (a shard of a large family skips
    /// most of it).
    pub fn next_where(
        &mut self,
        select: &dyn Fn(u64) -> bool,
    ) -> Option<Result<Point>> {
        loop {
            if let Err(e) = self.advance()? {
                return Some(Err(e));
            }
            let index = self.index;
            self.index += 1;
            if select(index) {
                let values = match &self.state {
                    State::Subsets { current } | State::Octal { current } => {
                        current.clone()
                    }
                    State::Template { values, .. } => values.clone(),
                };
                return Some(Ok(Point { index, values }));
            }
        }
    }

    /// Moves to the next member: `None` at the end.
    fn advance(&mut self) -> Option<Result<()>> {
        if self.done {
            return None;
        }
        let first = !self.started;
        self.started = true;
        match &mut self.state {
            State::Subsets { current } => {
                let Shape::Subsets { max, .. } = self.family.shape else {
                    unreachable!("state follows shape")
                };
                if !first && !next_combination(current, max as i64) {
                    self.done = true;
                    return None;
                }
            }
            State::Octal { current } => {
                if !first && !next_code(current) {
                    self.done = true;
                    return None;
                }
            }
            State::Template { vars, values, upper } => {
                let params = &self.family.params;
                let mut level = 0;
                if !first {
                    match bump(values, upper, vars, params.len()) {
                        Some(l) => level = l,
                        None => {
                            self.done = true;
                            return None;
                        }
                    }
                }
                while level < params.len() {
                    let p = &params[level];
                    let bounds = p
                        .lo
                        .eval_int(vars)
                        .and_then(|lo| p.hi.eval_int(vars).map(|hi| (lo, hi)));
                    let (lo, hi) = match bounds {
                        Ok(b) => b,
                        Err(msg) => {
                            self.done = true;
                            let at = describe_point(params, values, level);
                            return Some(Err(Error::parse(format!(
                                "the range of \"{}\" cannot be evaluated{at}: {msg}",
                                p.name
                            ))));
                        }
                    };
                    if lo > hi {
                        match bump(values, upper, vars, level) {
                            Some(l) => level = l,
                            None => {
                                self.done = true;
                                return None;
                            }
                        }
                        continue;
                    }
                    values[level] = lo;
                    upper[level] = hi;
                    vars.set(level, lo);
                    level += 1;
                }
            }
        }
        Some(Ok(()))
    }
}

/// Increments the deepest of the first `depth` levels that can still grow;
/// returns the level to fill from, or None when all are exhausted.
fn bump(
    values: &mut [i64],
    upper: &[i64],
    vars: &mut Vars,
    depth: usize,
) -> Option<usize> {
    let mut level = depth;
    while level > 0 {
        level -= 1;
        if values[level] < upper[level] {
            values[level] += 1;
            vars.set(level, values[level]);
            return Some(level + 1);
        }
    }
    None
}

fn describe_point(params: &[Param], values: &[i64], level: usize) -> String {
    if level == 0 {
        return String::new();
    }
    let at: Vec<String> = params[..level]
        .iter()
        .zip(values)
        .map(|(p, v)| format!("{}={v}", p.name))
        .collect();
    format!(" at {}", at.join(", "))
}

/// The next k-subset of 1..=max in lexicographic order.
fn next_combination(c: &mut [i64], max: i64) -> bool {
    let k = c.len();
    let mut i = k;
    while i > 0 {
        i -= 1;
        if c[i] < max - (k - 1 - i) as i64 {
            c[i] += 1;
            for j in i + 1..k {
                c[j] = c[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(f: &Family) -> Vec<String> {
        f.points()
            .map(|p| match f.set_of(&p.unwrap()).1 {
                Ok(s) => s.to_string(),
                Err((raw, _)) => format!("!{raw}"),
            })
            .collect()
    }

    #[test]
    fn nested_ranges_use_earlier_parameters() {
        let f = Family::template("a,b,c", &["c=3..5", "b=2..c-1", "a=1..b-1"])
            .unwrap();
        assert_eq!(f.param_names(), ["c", "b", "a"]);
        assert_eq!(f.count().unwrap(), 10);
        let got = sets(&f);
        assert_eq!(&got[..4], ["1,2,3", "1,2,4", "1,3,4", "2,3,4"]);
        let p: Vec<Vec<i64>> = f.points().map(|p| p.unwrap().values).collect();
        assert!(p.windows(2).all(|w| w[0] < w[1]), "lexicographic");
    }

    #[test]
    fn all_but_template() {
        let f = Family::template(
            "all-but:a,b,a+b,a+2*b",
            &["a=1..2", "b=a+1..a+2"],
        )
        .unwrap();
        assert_eq!(
            sets(&f),
            [
                "all-but:1,2,3,5",
                "all-but:1,3,4,7",
                "all-but:2,3,5,8",
                "all-but:2,4,6,10"
            ]
        );
    }

    #[test]
    fn empty_inner_ranges_are_skipped() {
        let f = Family::template("a,b", &["a=1..4", "b=a+2..4"]).unwrap();
        assert_eq!(sets(&f), ["1,3", "1,4", "2,4"]);
        let f = Family::template("a", &["a=5..1"]).unwrap();
        assert_eq!(f.count().unwrap(), 0);
    }

    /// Issue 37: `grundy sweep 1,2,3` panicked (index out of bounds) when
    /// counting a family without parameters. Building it refuses it in
    /// one line, for every front end and for a sweep and a fit alike, so
    /// counting and the points never meet one.
    #[test]
    fn issue_37_a_family_needs_a_parameter() {
        for template in ["1,2,3", "all-but:2,3", "{1, 2}"] {
            let e = Family::template(template, &[] as &[&str]).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Parse);
            assert!(e.message().contains("has no parameters"), "{e}");
            assert!(!e.message().contains('\n'), "{e}");
        }
        let e = Family::template("all-but:2,3", &[] as &[&str]).unwrap_err();
        assert!(e.message().starts_with("the family \"all-but:2,3\""), "{e}");
        // A name that is not a parameter keeps its own message.
        let e = Family::template("all-but:2, a", &[] as &[&str]).unwrap_err();
        assert!(e.message().contains("uses \"a\""), "{e}");
        let e = Family::template("1,2,3", &[] as &[&str]).unwrap_err();
        insta::assert_snapshot!(e, @r#"the family "1,2,3" has no parameters; give one with its range, e.g. "a=1..10", and use it in the template, e.g. "1,a,a+1""#);
        // A parameter the template does not use still makes a family, and
        // its points are what it counts.
        let f = Family::template("1,2,3", &["a=1..2"]).unwrap();
        assert_eq!(f.count().unwrap(), 2);
        assert_eq!(f.count_unless(&|| false).unwrap(), Some(2));
        assert_eq!(sets(&f), ["1,2,3", "1,2,3"]);
    }

    #[test]
    fn invalid_members_are_row_errors() {
        let f = Family::template("a,b-a", &["a=1..2", "b=2..2"]).unwrap();
        assert_eq!(sets(&f), ["1", "!2,0"]);
    }

    #[test]
    fn subsets_in_lexicographic_order() {
        let f = Family::subsets(2, 4).unwrap();
        assert_eq!(sets(&f), ["1,2", "1,3", "1,4", "2,3", "2,4", "3,4"]);
        assert_eq!(Family::subsets(3, 100).unwrap().count().unwrap(), 161_700);
        assert!(Family::subsets(5, 3).is_err());
    }

    #[test]
    fn bad_families_fail_before_work() {
        let e = Family::template("a,b", &["a=1..3", "b=c..4"]).unwrap_err();
        insta::assert_snapshot!(e, @r#"the lower bound of "b" "c" uses "c", which is not defined there; known names: a"#);
        let e = Family::template("a,(b", &["a=1..3", "b=1..4"]).unwrap_err();
        assert!(
            e.message().starts_with("cannot parse element 2 of \"a,(b\""),
            "{e}"
        );
        let e = Family::template("a", &["a1..3"]).unwrap_err();
        assert!(e.message().contains("write name=lo..hi"), "{e}");
        let e = Family::template("a", &["period=1..3"]).unwrap_err();
        assert!(e.message().contains("taken"), "{e}");
        let e = Family::template("a", &["a=1..3", "a=1..2"]).unwrap_err();
        assert!(e.message().contains("twice"), "{e}");
        let f = Family::template("a", &["a=1..3", "b=1..6/(a-2)"]).unwrap();
        let e = f.count().unwrap_err();
        assert!(e.message().contains("at a=2"), "{e}");
    }

    #[test]
    fn huge_families_are_refused_by_counting() {
        let f = Family::template("a,b", &["a=1..1000000", "b=1..1000000"])
            .unwrap();
        let e = f.count().unwrap_err();
        assert!(e.message().contains("more than"), "{e}");
    }

    #[test]
    fn octal_codes_once_each_in_digit_order() {
        for digits in 1..=3 {
            let f = Family::octal(digits).unwrap();
            let points: Vec<Point> = f.points().map(Result::unwrap).collect();
            assert_eq!(points.len() as u64, f.count().unwrap());
            assert_eq!(points.len(), (2 << (3 * digits)) - 1);
            // Strictly increasing digit tuples: family order, no repeats.
            assert!(points.windows(2).all(|w| w[0].values < w[1].values));
            let mut codes = std::collections::HashSet::new();
            for p in &points {
                let (params, rules) = f.set_of(p);
                assert_eq!(params, p.values);
                let code = rules.unwrap().to_string();
                assert!(
                    code == "4.0" || !code.ends_with('0'),
                    "{code} is not canonical"
                );
                assert!(code.starts_with("0.") || code.starts_with("4."));
                assert!(codes.insert(code));
            }
        }
        let one = sets(&Family::octal(1).unwrap());
        assert_eq!(one.len(), 15);
        assert_eq!((one[0].as_str(), one[7].as_str()), ("0.1", "4.0"));
        assert!(Family::octal(0).is_err());
        assert!(Family::octal(MAX_OCTAL_DIGITS + 1).is_err());
    }

    #[test]
    fn counting_asks_whether_to_stop() {
        // A billion empty outer values: refused after 2^22 steps, unless
        // the caller stops it first.
        let f =
            Family::template("a,b", &["a=1..1000000000", "b=1..0"]).unwrap();
        let asked = std::cell::Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() >= 3
        };
        assert_eq!(f.count_unless(&stop).unwrap(), None);
        assert_eq!(asked.get(), 3);
        assert!(f.count().is_err());
        // Not stopped: the same count as `count`.
        let f = Family::template("a,b", &["a=1..20000", "b=a..a+2"]).unwrap();
        assert_eq!(f.count_unless(&|| false).unwrap(), Some(60_000));
        assert_eq!(f.count().unwrap(), 60_000);
    }

    #[test]
    fn binomials() {
        assert_eq!(combinations(200, 3), Some(1_313_400));
        assert_eq!(combinations(3, 5), Some(0));
    }
}
