//! The printed `when` and `formula` mean what the fitter evaluated: every
//! piece of every fixture law is parsed by evalexpr (the parser of `grundy
//! sweep --check`) and evaluated on every row, and `Piece::check` holds on
//! every row, as `grundy sweep ... --check` would report.

use evalexpr::{Value, eval_with_context};
use grundy_fit::{Fit, Key};

use crate::util::{context, law, table};

fn agree(name: &str, f: &Fit) {
    let t = table(name, f.key());
    for r in t.rows() {
        let ctx = context(t.params(), &r.params);
        for p in f.pieces() {
            let when = eval_with_context(p.when(), &ctx).unwrap();
            assert_eq!(
                when,
                Value::Boolean(p.applies(&r.params)),
                "{name} {}",
                p.when()
            );
            let formula = eval_with_context(p.formula(), &ctx).unwrap();
            assert_eq!(
                formula,
                Value::Int(p.value(&r.params).unwrap()),
                "{}",
                p.formula()
            );
            let mut ctx = ctx.clone();
            use evalexpr::ContextWithMutableVariables;
            ctx.set_value(f.key().name().into(), Value::Int(r.value.unwrap()))
                .unwrap();
            let check = eval_with_context(&p.check(f.key()), &ctx).unwrap();
            assert_eq!(check, Value::Boolean(true), "{}", p.check(f.key()));
        }
    }
}

#[test]
fn fixture_laws_evaluate_the_same_in_evalexpr() {
    for name in [
        "bachet.csv",
        "consecutive.csv",
        "pairs.csv",
        "conj1.csv",
        "lemma7.csv",
        "plus_one.csv",
    ] {
        agree(name, &law(name, Key::Period));
    }
}

#[test]
fn check_text_for_one_and_several_pieces() {
    let f = law("consecutive.csv", Key::Period);
    assert_eq!(f.pieces()[0].check(Key::Period), "period == 2*a + 1");
    let f = law("pairs.csv", Key::Period);
    assert_eq!(
        f.pieces()[1].check(Key::Period),
        "period == if(b % (2*a) == a, 2*a, period)"
    );
}

#[test]
fn json_report_round_trips() {
    let f = law("pairs.csv", Key::Period);
    let r = f.report("a,b");
    let text = serde_json::to_string(&r).unwrap();
    assert!(text.starts_with(
        r#"{"family":"a,b","key":"period","params":["a","b"],"rows":1200,"pieces":[{"when":"b % (2*a) != a","formula":"a + b","rows":1134,"confirming":1130}"#
    ), "{text}");
    assert!(text.ends_with(r#""exceptions":[],"validated":null}"#), "{text}");
    let back: grundy_fit::Report = serde_json::from_str(&text).unwrap();
    assert_eq!(back, r);
}

/// The `validated` object and the row shape of `wrong` (the JSON contract
/// of issue 17).
#[test]
fn json_validated_rows_carry_the_prediction() {
    let f = law("consecutive.csv", Key::Period);
    let rows = vec![
        grundy_fit::FitRow::new(vec![41], 83),
        grundy_fit::FitRow::new(vec![42], 84),
        grundy_fit::FitRow { params: vec![43], value: None },
    ];
    let v = f.validate(&rows);
    assert_eq!((v.rows, v.correct, v.skipped), (2, 1, 1));
    assert_eq!(
        v.per_piece[0],
        grundy_fit::PieceCheck { correct: 1, wrong: 1 }
    );
    let mut r = f.report("a,a+1");
    r.validated = Some(v.report("a=41..43"));
    let text = serde_json::to_string(&r).unwrap();
    assert!(
        text.ends_with(
            r#""validated":{"range":"a=41..43","rows":2,"correct":1,"wrong":[{"a":42,"period":84,"predicted":85}]}}"#
        ),
        "{text}"
    );
    let back: grundy_fit::Report = serde_json::from_str(&text).unwrap();
    assert_eq!(back, r);
}

/// The LaTeX users paste into a paper.
#[test]
fn latex_cases_for_the_paper() {
    let f = law("lemma7.csv", Key::Period);
    assert_eq!(
        f.latex(),
        r"\[
  \mathrm{period}(a, b) = \begin{cases}
    3a + 2b - \left(b \bmod 2a\right) & \text{if } b \bmod 2a \le a, \\
    \frac{a^{2} + 2ab + a\left(b \bmod 2a\right)}{\gcd(a, b)} & \text{if } b \bmod 2a > a.
  \end{cases}
\]
% piece 1: 640 rows, 636 confirming beyond the 4 that determine it
% piece 2: 260 rows, 250 confirming beyond the 10 that determine it
"
    );
    let f = law("bachet.csv", Key::Period);
    assert!(
        f.latex().starts_with("\\[\n  \\mathrm{period}(k) = k + 1\n\\]\n")
    );
}
