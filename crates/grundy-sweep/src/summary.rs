//! `--summary`: the sets with the longest periods and pre-periods, and how
//! many are purely periodic (pre-period 0), the first questions asked of
//! a family by the MATH POWER 2022 "31 game" group (muzudho, notes on the
//! 31 game) and by K. Suetsugu, T. Abuku, "All-but Nim with FES sets of
//! size 4".

use crate::evaluate::Evaluation;

use crate::row::Row;

/// Counts and leaders of a sweep.
///
/// ```
/// use grundy_sweep::{Family, Summary};
/// let f = Family::subsets(2, 6)?;
/// let limit = grundy::Budget::default();
/// let rows = f
///     .points()
///     .map(|p| Ok(f.row(&p?, &limit)))
///     .collect::<Result<Vec<_>, grundy_sweep::Error>>()?;
/// let s = Summary::build(&rows, 1);
/// assert_eq!((s.rows, s.found), (15, 15));
/// // {5,6} has the longest period of the 2-subsets of 1..6: 11.
/// assert_eq!(rows[s.top_period[0]].set, "5,6");
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rows in the sweep.
    pub rows: u64,
    /// Rows with a result.
    pub found: u64,
    /// Rows whose budget ran out.
    pub not_found: u64,
    /// Rows that failed.
    pub errors: u64,
    /// Found rows with pre-period 0.
    pub purely_periodic: u64,
    /// Indices (into the rows given) of the longest periods, longest first
    /// (ties: family order).
    pub top_period: Vec<usize>,
    /// Likewise for pre-periods.
    pub top_preperiod: Vec<usize>,
}

impl Summary {
    /// Summarises `rows`, keeping the `top` leaders of each kind.
    pub fn build(rows: &[Row], top: usize) -> Summary {
        let mut s = Summary { rows: rows.len() as u64, ..Summary::default() };
        let mut found = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            match &row.result {
                Evaluation::Found(f) => {
                    s.found += 1;
                    s.purely_periodic += u64::from(f.preperiod == 0);
                    found.push((i, f.period, f.preperiod, row.index));
                }
                Evaluation::NotFound(_) => s.not_found += 1,
                Evaluation::Error(_) => s.errors += 1,
            }
        }
        let mut by_period = found.clone();
        by_period.sort_by_key(|&(_, p, _, idx)| (std::cmp::Reverse(p), idx));
        s.top_period = by_period.iter().take(top).map(|x| x.0).collect();
        // A pre-period of 0 is no pre-period: such sets are not listed.
        let mut by_pre: Vec<_> =
            found.into_iter().filter(|&(_, _, l, _)| l > 0).collect();
        by_pre.sort_by_key(|&(_, _, l, idx)| (std::cmp::Reverse(l), idx));
        s.top_preperiod = by_pre.iter().take(top).map(|x| x.0).collect();
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::Found;

    #[test]
    fn leaders_and_counts() {
        let mk = |index, period, preperiod| Row {
            index,
            params: vec![],
            set: String::new(),
            result: Evaluation::Found(Found {
                preperiod,
                period,
                saltus: 0,
                outcome_preperiod: 0,
                outcome_period: 1,
                max_value: Some(1),
                positions: 1,
            }),
        };
        let rows = vec![
            mk(0, 5, 0),
            mk(1, 9, 2),
            mk(2, 9, 0),
            Row { result: Evaluation::Error("x".into()), ..mk(3, 0, 0) },
        ];
        let s = Summary::build(&rows, 2);
        assert_eq!((s.found, s.errors, s.purely_periodic), (3, 1, 2));
        assert_eq!(s.top_period, [1, 2]);
        assert_eq!(s.top_preperiod, [1]);
    }
}
