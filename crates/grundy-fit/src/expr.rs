//! Integer expressions and conditions, printed in the `--check` language.
//!
//! Every `when` and `formula` the fitter offers is built as one of these
//! trees, then printed as text for `grundy sweep --check` (which parses
//! with the `evalexpr` crate, version 13) and evaluated here with the same
//! semantics: `i64` arithmetic that fails on overflow, `/` and `%` that
//! round toward zero (Rust's `checked_div`, `checked_rem`), `gcd` that is
//! never negative, comparisons, `&&` and `||`. Because the printed
//! text and this evaluator agree (a test parses the text with evalexpr and
//! compares on many rows), a piece that checks here re-checks with the CLI.
//!
//! Two facts about evalexpr shape the printer: `^` always gives a float
//! (so `a^2 == 4` is false for `a = 2`), hence powers are printed as
//! products `a*a`; and `&&`, `||` and `if` evaluate every operand (no short
//! circuit), so a formula must not fail anywhere in the family, not only
//! where its condition holds (ours divide only by constants and gcds).

use std::fmt::Write;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    fn text(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    fn latex(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "\\ne",
            CmpOp::Lt => "<",
            CmpOp::Le => "\\le",
            CmpOp::Gt => ">",
            CmpOp::Ge => "\\ge",
        }
    }

    /// The operator of the negated comparison.
    pub(crate) fn negated(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }

    fn holds(self, l: i64, r: i64) -> bool {
        match self {
            CmpOp::Eq => l == r,
            CmpOp::Ne => l != r,
            CmpOp::Lt => l < r,
            CmpOp::Le => l <= r,
            CmpOp::Gt => l > r,
            CmpOp::Ge => l >= r,
        }
    }
}

/// An integer expression over the parameters (by index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Expr {
    Int(i64),
    Var(usize),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    /// Integer division rounding toward zero.
    Div(Box<Expr>, Box<Expr>),
    /// Remainder with the sign of the dividend (evalexpr's `%`).
    Rem(Box<Expr>, Box<Expr>),
    Gcd(Box<Expr>, Box<Expr>),
}

/// A condition over the parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cond {
    True,
    Cmp(Expr, CmpOp, Expr),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

impl Expr {
    pub(crate) fn mul(a: Expr, b: Expr) -> Expr {
        Expr::Mul(Box::new(a), Box::new(b))
    }

    pub(crate) fn add(a: Expr, b: Expr) -> Expr {
        Expr::Add(Box::new(a), Box::new(b))
    }

    pub(crate) fn sub(a: Expr, b: Expr) -> Expr {
        Expr::Sub(Box::new(a), Box::new(b))
    }

    pub(crate) fn div(a: Expr, b: Expr) -> Expr {
        Expr::Div(Box::new(a), Box::new(b))
    }

    pub(crate) fn rem(a: Expr, b: Expr) -> Expr {
        Expr::Rem(Box::new(a), Box::new(b))
    }

    pub(crate) fn gcd(a: Expr, b: Expr) -> Expr {
        Expr::Gcd(Box::new(a), Box::new(b))
    }

    /// `c*e`, written without the factor when `c` is 1 and as `0` when it
    /// is 0; a product `e` stays left-nested (`2*a*b`, not `2*(a*b)`).
    pub(crate) fn scaled(c: i64, e: Expr) -> Expr {
        match (c, e) {
            (0, _) => Expr::Int(0),
            (1, e) => e,
            (_, Expr::Int(v)) => Expr::Int(c * v),
            (_, Expr::Mul(a, b)) => {
                Expr::Mul(Box::new(Expr::scaled(c, *a)), b)
            }
            (_, e) => Expr::mul(Expr::Int(c), e),
        }
    }

    /// The value, or `None` where evalexpr reports an error (overflow,
    /// division by zero).
    pub(crate) fn eval(&self, vars: &[i64]) -> Option<i64> {
        Some(match self {
            Expr::Int(v) => *v,
            Expr::Var(i) => vars[*i],
            Expr::Add(a, b) => a.eval(vars)?.checked_add(b.eval(vars)?)?,
            Expr::Sub(a, b) => a.eval(vars)?.checked_sub(b.eval(vars)?)?,
            Expr::Mul(a, b) => a.eval(vars)?.checked_mul(b.eval(vars)?)?,
            Expr::Div(a, b) => a.eval(vars)?.checked_div(b.eval(vars)?)?,
            Expr::Rem(a, b) => a.eval(vars)?.checked_rem(b.eval(vars)?)?,
            Expr::Gcd(a, b) => {
                num_integer::Integer::gcd(&a.eval(vars)?, &b.eval(vars)?)
            }
        })
    }

    fn precedence(&self) -> u8 {
        match self {
            Expr::Int(v) if *v < 0 => 1,
            Expr::Add(..) | Expr::Sub(..) => 1,
            Expr::Mul(..) | Expr::Div(..) | Expr::Rem(..) => 2,
            Expr::Int(_) | Expr::Var(_) | Expr::Gcd(..) => 3,
        }
    }

    /// The text in the `--check` language.
    pub(crate) fn text(&self, names: &[String]) -> String {
        let mut out = String::new();
        self.write(names, &mut out);
        out
    }

    fn write(&self, names: &[String], out: &mut String) {
        let binary = |a: &Expr, op: &str, b: &Expr, out: &mut String| {
            let p = self.precedence();
            // evalexpr reads equal precedences left to right: the left
            // child needs brackets only when it binds more loosely, the
            // right one also when it binds equally, even for a*(b*c):
            // with `/` truncating and checked overflow, regrouping can
            // change the value (2*(a/2*c) is not 2*a/2*c). Trees are built
            // left-nested, so this costs no brackets in our output.
            // A negative number leads its operand: evalexpr's unary minus
            // binds tightest, so `-3*a` needs no brackets.
            let neg = matches!(a, Expr::Int(v) if *v < 0);
            wrap(a, a.precedence() < p && !neg, names, out);
            out.push_str(op);
            let rp = b.precedence();
            wrap(b, rp <= p, names, out);
        };
        match self {
            Expr::Int(v) => write!(out, "{v}").unwrap(),
            Expr::Var(i) => out.push_str(&names[*i]),
            Expr::Add(a, b) => binary(a, " + ", b, out),
            Expr::Sub(a, b) => binary(a, " - ", b, out),
            Expr::Mul(a, b) => binary(a, "*", b, out),
            Expr::Div(a, b) => binary(a, "/", b, out),
            Expr::Rem(a, b) => binary(a, " % ", b, out),
            Expr::Gcd(a, b) => {
                out.push_str("gcd(");
                a.write(names, out);
                out.push_str(", ");
                b.write(names, out);
                out.push(')');
            }
        }
    }

    /// LaTeX (math mode).
    pub(crate) fn latex(&self, names: &[String]) -> String {
        let mut out = String::new();
        self.write_latex(names, &mut out);
        out
    }

    fn write_latex(&self, names: &[String], out: &mut String) {
        let p = self.precedence();
        match self {
            Expr::Int(v) => write!(out, "{v}").unwrap(),
            Expr::Var(i) => out.push_str(&latex_name(&names[*i])),
            Expr::Add(a, b) | Expr::Sub(a, b) => {
                a.write_latex(names, out);
                out.push_str(if matches!(self, Expr::Add(..)) {
                    " + "
                } else {
                    " - "
                });
                let brackets = b.precedence() <= p
                    && !matches!((self, &**b), (Expr::Add(..), Expr::Add(..)));
                wrap_latex(b, brackets, names, out);
            }
            Expr::Mul(a, b) => {
                wrap_latex(a, a.precedence() < p, names, out);
                // 2a, a b; but 2 \cdot 3 between two numbers.
                match (&**a, &**b) {
                    (_, Expr::Int(_)) => out.push_str(" \\cdot "),
                    (Expr::Int(_), Expr::Var(_)) => {}
                    _ => out.push(' '),
                }
                wrap_latex(b, b.precedence() <= p, names, out);
            }
            Expr::Div(a, b) => {
                out.push_str("\\frac{");
                a.write_latex(names, out);
                out.push_str("}{");
                b.write_latex(names, out);
                out.push('}');
            }
            Expr::Rem(a, b) => {
                wrap_latex(a, a.precedence() < 3, names, out);
                out.push_str(" \\bmod ");
                wrap_latex(
                    b,
                    b.precedence() < 3 && !is_product(b),
                    names,
                    out,
                );
            }
            Expr::Gcd(a, b) => {
                out.push_str("\\gcd(");
                a.write_latex(names, out);
                out.push_str(", ");
                b.write_latex(names, out);
                out.push(')');
            }
        }
    }
}

fn is_product(e: &Expr) -> bool {
    matches!(e, Expr::Mul(a, b) if matches!(**a, Expr::Int(_))
        && matches!(**b, Expr::Var(_)))
}

fn wrap(e: &Expr, brackets: bool, names: &[String], out: &mut String) {
    if brackets {
        out.push('(');
    }
    e.write(names, out);
    if brackets {
        out.push(')');
    }
}

fn wrap_latex(e: &Expr, brackets: bool, names: &[String], out: &mut String) {
    if brackets {
        out.push_str("\\left(");
    }
    e.write_latex(names, out);
    if brackets {
        out.push_str("\\right)");
    }
}

/// A parameter name in LaTeX: one letter as is, longer names upright.
pub(crate) fn latex_name(name: &str) -> String {
    if name.chars().count() == 1 {
        name.to_string()
    } else {
        format!("\\mathit{{{}}}", name.replace('_', "\\_"))
    }
}

impl Cond {
    /// Whether the condition holds; `None` where evaluation fails.
    pub(crate) fn eval(&self, vars: &[i64]) -> Option<bool> {
        Some(match self {
            Cond::True => true,
            Cond::Cmp(l, op, r) => op.holds(l.eval(vars)?, r.eval(vars)?),
            // evalexpr evaluates every operand (no short circuit), so an
            // error anywhere is an error.
            Cond::And(cs) => {
                let mut all = true;
                for c in cs {
                    all &= c.eval(vars)?;
                }
                all
            }
            Cond::Or(cs) => {
                let mut any = false;
                for c in cs {
                    any |= c.eval(vars)?;
                }
                any
            }
        })
    }

    /// A conjunction, flattened; `True` when empty.
    pub(crate) fn and(parts: Vec<Cond>) -> Cond {
        let mut flat = Vec::new();
        for p in parts {
            match p {
                Cond::True => {}
                Cond::And(cs) => flat.extend(cs),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Cond::True,
            1 => flat.pop().unwrap(),
            _ => Cond::And(flat),
        }
    }

    /// A disjunction, flattened.
    pub(crate) fn or(parts: Vec<Cond>) -> Cond {
        let mut flat = Vec::new();
        for p in parts {
            match p {
                Cond::True => return Cond::True,
                Cond::Or(cs) => flat.extend(cs),
                other => flat.push(other),
            }
        }
        match flat.len() {
            1 => flat.pop().unwrap(),
            _ => Cond::Or(flat),
        }
    }

    /// The number of comparisons (a measure of how long it reads).
    pub(crate) fn size(&self) -> usize {
        match self {
            Cond::True => 0,
            Cond::Cmp(..) => 1,
            Cond::And(cs) | Cond::Or(cs) => cs.iter().map(Cond::size).sum(),
        }
    }

    /// The text in the `--check` language.
    pub(crate) fn text(&self, names: &[String]) -> String {
        match self {
            Cond::True => "true".to_string(),
            Cond::Cmp(l, op, r) => {
                format!("{} {} {}", l.text(names), op.text(), r.text(names))
            }
            Cond::And(cs) => join(cs, " && ", names, true),
            Cond::Or(cs) => join(cs, " || ", names, false),
        }
    }

    /// LaTeX (math mode).
    pub(crate) fn latex(&self, names: &[String]) -> String {
        match self {
            Cond::True => "\\text{otherwise}".to_string(),
            Cond::Cmp(l, op, r) => {
                format!("{} {} {}", l.latex(names), op.latex(), r.latex(names))
            }
            Cond::And(cs) => cs
                .iter()
                .map(|c| match c {
                    Cond::Or(_) => {
                        format!("\\left({}\\right)", c.latex(names))
                    }
                    _ => c.latex(names),
                })
                .collect::<Vec<_>>()
                .join(",\\ "),
            Cond::Or(cs) => cs
                .iter()
                .map(|c| match c {
                    Cond::And(_) => {
                        format!("\\left({}\\right)", c.latex(names))
                    }
                    _ => c.latex(names),
                })
                .collect::<Vec<_>>()
                .join(" \\text{ or } "),
        }
    }
}

fn join(cs: &[Cond], sep: &str, names: &[String], in_and: bool) -> String {
    cs.iter()
        .map(|c| match c {
            // && binds tighter than ||: only an Or inside an And needs
            // brackets, but bracket an And inside an Or too, for readers.
            Cond::Or(_) if in_and => format!("({})", c.text(names)),
            Cond::And(_) if !in_and => format!("({})", c.text(names)),
            _ => c.text(names),
        })
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["a".into(), "b".into()]
    }

    #[test]
    fn brackets_follow_evalexpr_precedence() {
        let a = || Expr::Var(0);
        let b = || Expr::Var(1);
        let u = Expr::rem(b(), Expr::mul(Expr::Int(2), a()));
        assert_eq!(u.text(&names()), "b % (2*a)");
        let e = Expr::mul(a(), u.clone());
        assert_eq!(e.text(&names()), "a*(b % (2*a))");
        let e = Expr::sub(a(), Expr::add(a(), b()));
        assert_eq!(e.text(&names()), "a - (a + b)");
        let e = Expr::add(Expr::add(a(), b()), a());
        assert_eq!(e.text(&names()), "a + b + a");
        let e = Expr::mul(a(), Expr::mul(b(), a()));
        assert_eq!(e.text(&names()), "a*(b*a)");
        let e = Expr::scaled(3, Expr::mul(a(), b()));
        assert_eq!(e.text(&names()), "3*a*b");
        let e = Expr::div(Expr::add(a(), b()), Expr::gcd(a(), b()));
        assert_eq!(e.text(&names()), "(a + b)/gcd(a, b)");
        assert_eq!(e.eval(&[4, 8]), Some(3));
        let c = Cond::Or(vec![
            Cond::Cmp(u.clone(), CmpOp::Lt, a()),
            Cond::And(vec![
                Cond::Cmp(u, CmpOp::Gt, a()),
                Cond::Cmp(b(), CmpOp::Ge, Expr::Int(3)),
            ]),
        ]);
        assert_eq!(
            c.text(&names()),
            "b % (2*a) < a || (b % (2*a) > a && b >= 3)"
        );
        assert_eq!(c.eval(&[2, 5]), Some(true));
        assert_eq!(c.eval(&[2, 2]), Some(false));
    }

    #[test]
    fn evaluation_fails_like_evalexpr() {
        let e = Expr::div(Expr::Var(0), Expr::Var(1));
        assert_eq!(e.eval(&[7, 0]), None);
        assert_eq!(e.eval(&[-7, 2]), Some(-3));
        let e = Expr::rem(Expr::Var(0), Expr::Var(1));
        assert_eq!(e.eval(&[-7, 2]), Some(-1));
        let e = Expr::mul(Expr::Var(0), Expr::Var(0));
        assert_eq!(e.eval(&[i64::MAX, 0]), None);
    }

    fn arb_expr() -> impl Strategy<Value = Expr> {
        let leaf = prop_oneof![
            (-6i64..=6).prop_map(Expr::Int),
            (0usize..3).prop_map(Expr::Var),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            (inner.clone(), inner, 0u8..7).prop_map(|(a, b, op)| match op {
                0 => Expr::add(a, b),
                1 => Expr::sub(a, b),
                2 => Expr::mul(a, b),
                3 => Expr::div(a, b),
                4 => Expr::rem(a, b),
                5 => Expr::gcd(a, b),
                _ => Expr::scaled(-2, a),
            })
        })
    }

    fn evalexpr_value(text: &str, vars: &[i64]) -> Option<i64> {
        use evalexpr::{
            ContextWithMutableFunctions, ContextWithMutableVariables,
            DefaultNumericTypes, Function, HashMapContext, Value,
        };
        let mut ctx = HashMapContext::<DefaultNumericTypes>::new();
        for (n, v) in ["a", "b", "c"].iter().zip(vars) {
            ctx.set_value(n.to_string(), Value::Int(*v)).unwrap();
        }
        ctx.set_function(
            "gcd".into(),
            Function::new(|v| {
                let t = v.as_fixed_len_tuple(2)?;
                let (a, b) = (t[0].as_int()?, t[1].as_int()?);
                Ok(Value::Int(num_integer::Integer::gcd(&a, &b)))
            }),
        )
        .unwrap();
        match evalexpr::eval_with_context(text, &ctx) {
            Ok(Value::Int(v)) => Some(v),
            Ok(other) => panic!("{text} gave {other:?}"),
            Err(_) => None,
        }
    }

    use proptest::prelude::*;

    proptest! {
        // The printer against evalexpr itself (the parser of `grundy sweep
        // --check`): same value, or an error on both sides.
        #[test]
        fn printed_text_evaluates_the_same(
            e in arb_expr(),
            vars in prop::collection::vec(-9i64..=9, 3),
        ) {
            let names: Vec<String> =
                ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
            let text = e.text(&names);
            prop_assert_eq!(evalexpr_value(&text, &vars), e.eval(&vars), "{}", text);
        }
    }
}
