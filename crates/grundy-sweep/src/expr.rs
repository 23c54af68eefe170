//! Integer expressions for families and checks, parsed by `evalexpr`.
//!
//! A family's element expressions (`a+2*b`), its parameter bounds
//! (`b=a+1..a+30`) and the `--check` formulas (`period == f(a,b)`) are all
//! `evalexpr` expressions (a well-kept crate; no parser of our own). This
//! module compiles them once, checks before any work that every variable
//! they read is known, and evaluates them against a small context of named
//! integers. Besides evalexpr's built-ins (`min`, `max`, `if`, ...) the
//! context offers integer `floor`, `ceil`, `round`, `abs`, `gcd`, `lcm`,
//! `mod` (the non-negative remainder) and `div` (floor division), which
//! the closed forms of K. Suetsugu, T. Abuku, "All-but Nim with FES sets
//! of size 4" (Conjectures 1 and 3) are written with. Integer `/` divides
//! and rounds toward zero, as in Rust.

use evalexpr::{
    Context, ContextWithMutableVariables, DefaultNumericTypes, EvalexprError,
    EvalexprResult, Node, Value,
};

use crate::error::{Error, Result};

type V = Value<DefaultNumericTypes>;
type EvalResult<T> = EvalexprResult<T, DefaultNumericTypes>;

/// The functions that expressions (elements, bounds, checks, table axes)
/// may call besides evalexpr's built-ins `min`, `max` and `if`.
///
/// ```
/// assert!(grundy_sweep::FUNCTIONS.contains(&"gcd"));
/// ```
pub const FUNCTIONS: [&str; 8] =
    ["floor", "ceil", "round", "abs", "gcd", "lcm", "mod", "div"];

/// The evalexpr built-ins an expression may call.
const BUILTINS: [&str; 3] = ["min", "max", "if"];

/// The longest expression accepted, in characters. evalexpr builds and
/// evaluates its trees recursively, so a long chain (`a+a+...`) or a deep
/// nesting would overflow a worker's stack; families and checks are short.
pub const MAX_EXPR_CHARS: usize = 2000;

/// The deepest nesting of parentheses (or run of signs such as `--a`)
/// accepted.
pub const MAX_EXPR_DEPTH: usize = 100;

/// A compiled expression and the text it came from.
#[derive(Clone, Debug)]
pub(crate) struct Expr {
    text: String,
    tree: Node<DefaultNumericTypes>,
}

impl Expr {
    /// Compiles `text`. `what` names it in messages ("parameter b's upper
    /// bound"); every variable it reads must be in `known`, or assigned in
    /// the expression itself when `allow_assign` is set.
    pub(crate) fn parse(
        text: &str,
        what: &str,
        known: &[&str],
        allow_assign: bool,
    ) -> Result<Expr> {
        let written = text.trim();
        let rewritten = implicit_products(written);
        let trimmed = rewritten.as_str();
        if trimmed.is_empty() {
            return Err(Error::parse(format!(
                "{what} is empty; write an expression such as \"a+1\""
            )));
        }
        check_size(trimmed, what)?;
        let tree = evalexpr::build_operator_tree::<DefaultNumericTypes>(
            trimmed,
        )
        .map_err(|e| {
            Error::parse(format!(
                    "cannot parse {what} \"{trimmed}\": {}; write e.g. \"2*a+1\" (multiplication needs \"*\")",
                    lower_first(&e.to_string())
                ),
            )
        })?;
        let assigned: Vec<&str> =
            tree.iter_write_variable_identifiers().collect();
        if !allow_assign && let Some(name) = assigned.first() {
            return Err(Error::parse(format!(
                "{what} \"{trimmed}\" assigns to \"{name}\"; only a value is allowed here (did you mean \"==\"?)"
            )));
        }
        for name in tree.iter_read_variable_identifiers() {
            if !known.contains(&name) && !assigned.contains(&name) {
                if name.starts_with(|c: char| c.is_ascii_digit()) {
                    let digits: String = name
                        .chars()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    let rest = &name[digits.len()..];
                    return Err(Error::parse(format!(
                        "cannot parse {what} \"{trimmed}\": \"{name}\" is not a number or a name; write \"{digits}*{rest}\" (multiplication needs \"*\")"
                    )));
                }
                let list = if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                };
                return Err(Error::parse(format!(
                    "{what} \"{trimmed}\" uses \"{name}\", which is not defined there; known names: {list}"
                )));
            }
        }
        for name in tree.iter_function_identifiers() {
            if !FUNCTIONS.contains(&name) && !BUILTINS.contains(&name) {
                return Err(Error::parse(format!(
                    "{what} \"{trimmed}\" calls unknown function \"{name}\"; available: {}, {}",
                    FUNCTIONS.join(", "),
                    BUILTINS.join(", ")
                )));
            }
        }
        Ok(Expr { text: trimmed.to_string(), tree })
    }

    /// The text the expression was compiled from (trimmed).
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Evaluates to an integer.
    pub(crate) fn eval_int(
        &self,
        vars: &Vars,
    ) -> std::result::Result<i64, String> {
        match self.tree.eval_with_context(vars) {
            Ok(Value::Int(v)) => Ok(v),
            Ok(other) => {
                Err(format!("\"{}\" is {other}, not an integer", self.text))
            }
            Err(e) => Err(describe(&self.text, &e)),
        }
    }

    /// Evaluates with assignments allowed (they land in `vars`).
    pub(crate) fn eval_mut(
        &self,
        vars: &mut Vars,
    ) -> std::result::Result<V, String> {
        self.tree
            .eval_with_context_mut(vars)
            .map_err(|e| describe(&self.text, &e))
    }

    /// For `... ; x == y` (or `!=`, `<`, ...): the two sides of the final
    /// comparison, to show both values of a failed check.
    pub(crate) fn final_comparison(
        &self,
    ) -> Option<(&Node<DefaultNumericTypes>, &Node<DefaultNumericTypes>)> {
        use evalexpr::Operator as Op;
        let mut node = &self.tree;
        loop {
            match node.operator() {
                Op::RootNode if node.children().len() == 1 => {
                    node = &node.children()[0];
                }
                Op::Chain => node = node.children().last()?,
                Op::Eq | Op::Neq | Op::Gt | Op::Lt | Op::Geq | Op::Leq
                    if node.children().len() == 2 =>
                {
                    return Some((&node.children()[0], &node.children()[1]));
                }
                _ => return None,
            }
        }
    }
}

/// Refuses, before evalexpr sees it, an expression longer than
/// [`MAX_EXPR_CHARS`] or nested deeper than [`MAX_EXPR_DEPTH`].
fn check_size(text: &str, what: &str) -> Result<()> {
    let chars = text.chars().count();
    if chars > MAX_EXPR_CHARS {
        return Err(Error::parse(format!(
            "{what} \"{text}\" is longer than {MAX_EXPR_CHARS} characters; write a shorter expression"
        )));
    }
    let (mut depth, mut deepest, mut signs) = (0usize, 0usize, 0usize);
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        signs = match c {
            '-' | '+' | '!' => signs + 1,
            c if c.is_whitespace() => signs,
            _ => 0,
        };
        deepest = deepest.max(depth + signs);
    }
    if deepest > MAX_EXPR_DEPTH {
        return Err(Error::parse(format!(
            "{what} \"{text}\" is nested more than {MAX_EXPR_DEPTH} deep (parentheses or signs); write it with less nesting"
        )));
    }
    Ok(())
}

fn describe(text: &str, e: &EvalexprError<DefaultNumericTypes>) -> String {
    format!("\"{text}\" failed: {}", lower_first(&e.to_string()))
}

fn lower_first(s: &str) -> String {
    let s = s.trim_end_matches('.');
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Named integers for evaluation: a few names, looked up linearly (faster
/// than hashing for the handful of parameters a family has).
#[derive(Clone, Debug, Default)]
pub(crate) struct Vars {
    names: Vec<String>,
    values: Vec<V>,
}

impl Vars {
    /// A context with these names, all 0.
    pub(crate) fn new(names: &[impl AsRef<str>]) -> Vars {
        Vars {
            names: names.iter().map(|n| n.as_ref().to_string()).collect(),
            values: vec![Value::Int(0); names.len()],
        }
    }

    /// Sets the `i`-th name's value.
    pub(crate) fn set(&mut self, i: usize, value: i64) {
        self.values[i] = Value::Int(value);
    }

    /// Sets a name, adding it if it is new.
    pub(crate) fn set_named(&mut self, name: &str, value: V) {
        match self.names.iter().position(|n| n == name) {
            Some(i) => self.values[i] = value,
            None => {
                self.names.push(name.to_string());
                self.values.push(value);
            }
        }
    }
}

impl Context for Vars {
    type NumericTypes = DefaultNumericTypes;

    fn get_value(&self, identifier: &str) -> Option<&V> {
        let i = self.names.iter().position(|n| n == identifier)?;
        Some(&self.values[i])
    }

    fn call_function(&self, identifier: &str, argument: &V) -> EvalResult<V> {
        call(identifier, argument)
    }

    fn are_builtin_functions_disabled(&self) -> bool {
        false
    }

    fn set_builtin_functions_disabled(
        &mut self,
        _disabled: bool,
    ) -> EvalResult<()> {
        Err(EvalexprError::CustomMessage(
            "builtin functions cannot be disabled here".into(),
        ))
    }
}

impl ContextWithMutableVariables for Vars {
    fn set_value(&mut self, identifier: String, value: V) -> EvalResult<()> {
        self.set_named(&identifier, value);
        Ok(())
    }
}

fn call(identifier: &str, argument: &V) -> EvalResult<V> {
    let one = |f: fn(f64) -> f64| -> EvalResult<V> {
        match argument {
            Value::Int(i) => Ok(Value::Int(*i)),
            Value::Float(x) => {
                let y = f(*x);
                if y.is_finite() && y.abs() < 9.0e18 {
                    Ok(Value::Int(y as i64))
                } else {
                    Err(EvalexprError::CustomMessage(format!(
                        "{identifier}({x}) is out of range"
                    )))
                }
            }
            other => Err(EvalexprError::expected_number(other.clone())),
        }
    };
    let two = || -> EvalResult<(i64, i64)> {
        let t = argument.as_fixed_len_tuple(2)?;
        Ok((t[0].as_int()?, t[1].as_int()?))
    };
    let by_zero =
        || EvalexprError::CustomMessage(format!("{identifier} by zero"));
    match identifier {
        "floor" => one(f64::floor),
        "ceil" => one(f64::ceil),
        "round" => one(f64::round),
        "abs" => match argument {
            Value::Int(i) => Ok(Value::Int(i.abs())),
            Value::Float(x) => Ok(Value::Float(x.abs())),
            other => Err(EvalexprError::expected_number(other.clone())),
        },
        "gcd" => {
            let (a, b) = two()?;
            Ok(Value::Int(num_integer::gcd(a, b)))
        }
        "lcm" => {
            let (a, b) = two()?;
            Ok(Value::Int(num_integer::lcm(a, b)))
        }
        "mod" => {
            let (a, b) = two()?;
            a.checked_rem_euclid(b).map(Value::Int).ok_or_else(by_zero)
        }
        "div" => {
            let (a, b) = two()?;
            if b == 0 {
                return Err(by_zero());
            }
            Ok(Value::Int(num_integer::Integer::div_floor(&a, &b)))
        }
        _ => Err(EvalexprError::FunctionIdentifierNotFound(
            identifier.to_string(),
        )),
    }
}

/// Reads a number directly followed by a name as a product, as Suetsugu
/// and Abuku write their families: `a+2b` is `a+2*b`. Digits inside a
/// name (`s1`) are left alone.
pub(crate) fn implicit_products(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut prev: Option<char> = None;
    let mut in_number = false;
    for c in text.chars() {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        if c.is_ascii_digit() {
            if !in_number && !prev.is_some_and(ident) {
                in_number = true;
            }
        } else if in_number
            && (c.is_ascii_alphabetic() || c == '_' || c == '(')
        {
            out.push('*');
            in_number = false;
        } else if c != '.' {
            in_number = false;
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// Splits `text` at the commas that are not inside parentheses:
/// `"a,gcd(a,b)"` is `["a", "gcd(a,b)"]`.
pub(crate) fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, names: &[&str], values: &[i64]) -> i64 {
        let e = Expr::parse(text, "test", names, false).unwrap();
        let mut vars = Vars::new(names);
        for (i, &v) in values.iter().enumerate() {
            vars.set(i, v);
        }
        e.eval_int(&vars).unwrap()
    }

    #[test]
    fn huge_or_deep_expressions_are_refused() {
        let deep = format!("{}a{}", "(".repeat(12_000), ")".repeat(12_000));
        let chain = vec!["a"; 20_000].join("+");
        let signs = format!("{}a", "-".repeat(12_000));
        let calls = format!("{}a{}", "max(".repeat(150), ",1)".repeat(150));
        for text in [&deep, &chain, &signs, &calls] {
            let e = Expr::parse(text, "family", &["a"], false).unwrap_err();
            let message = e.to_string();
            assert!(
                message.contains("longer than")
                    || message.contains("nested more than"),
                "{message}"
            );
        }
    }

    /// The largest accepted shapes build and evaluate on a thread with
    /// the 2 MiB stack of a worker thread, in a debug build.
    #[test]
    fn accepted_extremes_fit_a_worker_stack() {
        let half = MAX_EXPR_CHARS / 2;
        let chain = vec!["a"; half].join("+");
        let deep = format!(
            "{}a{}",
            "(".repeat(MAX_EXPR_DEPTH),
            ")".repeat(MAX_EXPR_DEPTH)
        );
        let signs = format!("{}a", "-".repeat(MAX_EXPR_DEPTH));
        let calls = format!(
            "{}a{}",
            "max(".repeat(MAX_EXPR_DEPTH),
            ",1)".repeat(MAX_EXPR_DEPTH)
        );
        let expected = [half as i64, 1, 1, 1];
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                for (text, want) in
                    [chain, deep, signs, calls].into_iter().zip(expected)
                {
                    assert_eq!(eval(&text, &["a"], &[1]), want, "{text}");
                }
            })
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn integer_functions() {
        assert_eq!(eval("a+2*b", &["a", "b"], &[3, 5]), 13);
        assert_eq!(eval("gcd(a,b)", &["a", "b"], &[12, 18]), 6);
        assert_eq!(eval("lcm(a,b)", &["a", "b"], &[4, 6]), 12);
        assert_eq!(eval("mod(a,b)", &["a", "b"], &[-7, 3]), 2);
        assert_eq!(eval("div(a,b)", &["a", "b"], &[-7, 2]), -4);
        assert_eq!(eval("a/b", &["a", "b"], &[-7, 2]), -3);
        assert_eq!(eval("floor(a/2)", &["a"], &[7]), 3);
        assert_eq!(eval("floor(7.5)", &[], &[]), 7);
        assert_eq!(eval("ceil(7.5)", &[], &[]), 8);
        assert_eq!(eval("min(a,b,4)", &["a", "b"], &[9, 5]), 4);
        assert_eq!(eval("max(a,b)", &["a", "b"], &[9, 5]), 9);
        assert_eq!(eval("if(a>1,10,20)", &["a"], &[2]), 10);
        assert_eq!(eval("a % b", &["a", "b"], &[7, 4]), 3);
    }

    #[test]
    fn errors_name_the_token() {
        let e =
            Expr::parse("a+c", "element 2", &["a", "b"], false).unwrap_err();
        insta::assert_snapshot!(e, @r#"element 2 "a+c" uses "c", which is not defined there; known names: a, b"#);
        let e = Expr::parse("2x", "element 1", &["a"], false).unwrap_err();
        assert!(e.message().contains("uses \"x\""), "{e}");
        let e = Expr::parse("(a", "element 1", &["a"], false).unwrap_err();
        assert!(e.message().starts_with("cannot parse element 1 \"(a\""));
        let e = Expr::parse("foo(a)", "check", &["a"], false).unwrap_err();
        assert!(e.message().contains("unknown function \"foo\""), "{e}");
        let e = Expr::parse("a = 3", "check", &["a"], false).unwrap_err();
        assert!(e.message().contains("did you mean \"==\""), "{e}");
        let e = Expr::parse(" ", "bound", &[], false).unwrap_err();
        assert!(e.message().contains("is empty"));
    }

    #[test]
    fn assignments_and_comparison_sides() {
        let e = Expr::parse(
            "i = a*2; j = i+1; period == j",
            "check",
            &["a", "period"],
            true,
        )
        .unwrap();
        let mut vars = Vars::new(&["a", "period"]);
        vars.set(0, 3);
        vars.set(1, 7);
        assert_eq!(e.eval_mut(&mut vars).unwrap(), Value::Boolean(true));
        let (l, r) = e.final_comparison().unwrap();
        assert_eq!(l.eval_with_context(&vars).unwrap(), Value::Int(7));
        assert_eq!(r.eval_with_context(&vars).unwrap(), Value::Int(7));
    }

    #[test]
    fn runtime_errors_are_messages() {
        let e = Expr::parse("a/b", "element 1", &["a", "b"], false).unwrap();
        let vars = Vars::new(&["a", "b"]);
        let msg = e.eval_int(&vars).unwrap_err();
        assert!(msg.starts_with("\"a/b\" failed"), "{msg}");
    }

    #[test]
    fn implicit_products_like_the_issue() {
        assert_eq!(implicit_products("a+2b"), "a+2*b");
        assert_eq!(implicit_products("2a+b"), "2*a+b");
        assert_eq!(implicit_products("s1+10"), "s1+10");
        assert_eq!(implicit_products("3(a+1)"), "3*(a+1)");
        assert_eq!(implicit_products("1.5x"), "1.5*x");
        assert_eq!(eval("a+2b", &["a", "b"], &[1, 3]), 7);
    }

    #[test]
    fn split_respects_parentheses() {
        assert_eq!(split_top_level("a,gcd(a,b)"), ["a", "gcd(a,b)"]);
        assert_eq!(split_top_level("a"), ["a"]);
        assert_eq!(split_top_level("a,,b"), ["a", "", "b"]);
    }
}
