//! Shared helpers: fixtures, fitting, and an evalexpr context with the
//! functions of `grundy sweep --check`.

use evalexpr::{
    ContextWithMutableFunctions, ContextWithMutableVariables,
    DefaultNumericTypes, Function, HashMapContext, Value,
};
use grundy_fit::{Fit, FitTable, FitVerdict, Key, Options, fit, parse_sweep};

/// A fixture of `tests/data` (see its README for the command behind it).
pub fn table(name: &str, key: Key) -> FitTable {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect(&path);
    parse_sweep(&text, key).unwrap()
}

/// Fits a fixture with the default options; asserts a law was found.
pub fn law(name: &str, key: Key) -> Fit {
    let f = fit(&table(name, key), &Options::default()).unwrap();
    assert_eq!(f.verdict(), &FitVerdict::Law, "{name}: {:?}", f.verdict());
    f
}

/// The pieces as `(when, formula)` text.
pub fn pieces(f: &Fit) -> Vec<(String, String)> {
    f.pieces()
        .iter()
        .map(|p| (p.when().to_string(), p.formula().to_string()))
        .collect()
}

/// An evalexpr context with the parameters set and the integer functions
/// `grundy sweep --check` adds (only `gcd` appears in our output, `mod`
/// and `div` for completeness).
pub fn context(
    names: &[String],
    values: &[i64],
) -> HashMapContext<DefaultNumericTypes> {
    let mut ctx = HashMapContext::<DefaultNumericTypes>::new();
    for (n, v) in names.iter().zip(values) {
        ctx.set_value(n.clone(), Value::Int(*v)).unwrap();
    }
    let two = |v: &Value| -> evalexpr::EvalexprResult<(i64, i64)> {
        let t = v.as_fixed_len_tuple(2)?;
        Ok((t[0].as_int()?, t[1].as_int()?))
    };
    ctx.set_function(
        "gcd".into(),
        Function::new(move |v| {
            let (a, b) = two(v)?;
            Ok(Value::Int(num_integer::gcd(a, b)))
        }),
    )
    .unwrap();
    ctx.set_function(
        "mod".into(),
        Function::new(move |v| {
            let (a, b) = two(v)?;
            Ok(Value::Int(a.rem_euclid(b)))
        }),
    )
    .unwrap();
    ctx.set_function(
        "div".into(),
        Function::new(move |v| {
            let (a, b) = two(v)?;
            Ok(Value::Int(a.div_euclid(b)))
        }),
    )
    .unwrap();
    ctx
}
