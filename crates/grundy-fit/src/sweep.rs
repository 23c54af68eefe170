//! The rows of a sweep as a fit's table, and the rows and ranges of a
//! validation: the one pipeline of `grundy fit`, `/api/fit` and
//! `grundy.fit`, which only run the sweeps (`grundy-sweep`) and add their
//! own hints to the errors.
//!
//! This crate does not depend on `grundy-sweep` (it does no I/O, and the
//! benchmark crate builds it alone), so a front end hands each sweep row
//! over as a [`SweepRow`]: `SweepRow { params: row.params.clone(), found:
//! row.result.found().map(|f| f.get(key.name())) }`.

use std::collections::HashSet;

use crate::data::{FitRow, FitTable, Key};
use crate::error::{Error, Result};

/// One row of a sweep (`grundy_sweep::Row`) as a fit reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepRow {
    /// The parameter values, in the family's order.
    pub params: Vec<i64>,
    /// What the sweep found: `None` for a row without a result (`not
    /// found` within its budget, or an `error`); for a `found` row, the
    /// value in the key's column, `None` when the set has none (an
    /// all-but set's `max_value`: its values are unbounded).
    pub found: Option<Option<u64>>,
}

impl FitTable {
    /// The table of a sweep's rows for `key`, in the sweep's order: a row
    /// without the key's value (no result, no such value, or one beyond
    /// `i64`) has none. When some rows have results but none has the
    /// key's value, the key is undefined for the family's sets
    /// ([`Error::Undefined`]: `max_value` of all-but sets), which a fit of
    /// rows without values would only call "too few values".
    ///
    /// ```
    /// use grundy_fit::{Error, FitTable, Key, SweepRow};
    /// let row = |a, found| SweepRow { params: vec![a], found };
    /// let names = vec!["a".to_string()];
    /// let t = FitTable::from_sweep(names.clone(), Key::Period,
    ///     [row(1, Some(Some(3))), row(2, None)])?;
    /// assert_eq!(t.rows()[0].value, Some(3));
    /// assert_eq!(t.rows()[1].value, None);
    /// // All-but sets have no max_value.
    /// let e = FitTable::from_sweep(names, Key::MaxValue,
    ///     [row(1, Some(None)), row(2, None)]).unwrap_err();
    /// assert_eq!(e, Error::Undefined { key: Key::MaxValue });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_sweep(
        params: Vec<String>,
        key: Key,
        rows: impl IntoIterator<Item = SweepRow>,
    ) -> Result<FitTable> {
        let mut found = 0;
        let rows: Vec<FitRow> = rows
            .into_iter()
            .map(|r| {
                found += usize::from(r.found.is_some());
                let value = r.found.flatten().and_then(|v| v.try_into().ok());
                FitRow { params: r.params, value }
            })
            .collect();
        if found > 0 && rows.iter().all(|r| r.value.is_none()) {
            return Err(Error::Undefined { key });
        }
        FitTable::new(params, key, rows)
    }

    /// The rows of `further` whose parameter values are not among this
    /// table's, in `further`'s order: the new rows a validation predicts
    /// ([`Fit::validate`](crate::Fit::validate)). Empty when `further`
    /// adds nothing, which front ends report as a range to move past the
    /// fitted one.
    ///
    /// ```
    /// use grundy_fit::{FitRow, FitTable, Key};
    /// let table = |range: std::ops::RangeInclusive<i64>| {
    ///     let rows = range.map(|a| FitRow::new(vec![a], a + 1)).collect();
    ///     FitTable::new(vec!["a".into()], Key::Period, rows)
    /// };
    /// let new = table(1..=10)?.rows_beyond(&table(8..=12)?);
    /// assert_eq!(new, [FitRow::new(vec![11], 12), FitRow::new(vec![12], 13)]);
    /// assert!(table(1..=10)?.rows_beyond(&table(1..=5)?).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rows_beyond(&self, further: &FitTable) -> Vec<FitRow> {
        let seen: HashSet<&[i64]> =
            self.rows().iter().map(|r| r.params.as_slice()).collect();
        further
            .rows()
            .iter()
            .filter(|r| !seen.contains(r.params.as_slice()))
            .cloned()
            .collect()
    }
}

/// The parameter ranges of a validation: `ranges` (one `NAME=LO..HI` per
/// parameter of the family, in the order of `params`, as the fit was
/// given them) with each range of `validate` in place of the range of
/// the parameter it names. A range that names no parameter is an
/// [`Error::ValidationRange`].
///
/// ```
/// use grundy_fit::validation_ranges;
/// let ranges = ["a=1..30".to_string(), "b=a+1..a+40".to_string()];
/// let params = ["a".to_string(), "b".to_string()];
/// let v = validation_ranges(&ranges, &params, &["a=31..60".to_string()])?;
/// assert_eq!(v, ["a=31..60", "b=a+1..a+40"]);
/// let e = validation_ranges(&ranges, &params, &["c=1..3".to_string()]);
/// assert_eq!(e.unwrap_err().to_string(),
///     "\"c=1..3\" names no parameter of the family; its parameters are a, b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn validation_ranges(
    ranges: &[String],
    params: &[String],
    validate: &[String],
) -> Result<Vec<String>> {
    let mut out = ranges.to_vec();
    for range in validate {
        let name = range.split_once('=').map_or("", |(n, _)| n.trim());
        let Some(i) = params.iter().position(|p| p == name) else {
            return Err(Error::ValidationRange {
                range: range.clone(),
                name: name.to_string(),
                params: params.to_vec(),
            });
        };
        out[i] = range.trim().to_string();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(params: Vec<i64>, found: Option<Option<u64>>) -> SweepRow {
        SweepRow { params, found }
    }

    fn names() -> Vec<String> {
        vec!["a".into(), "b".into()]
    }

    #[test]
    fn rows_without_the_value_have_none() {
        let t = FitTable::from_sweep(
            names(),
            Key::Period,
            [
                row(vec![1, 2], Some(Some(3))),
                row(vec![1, 3], None),
                row(vec![1, 4], Some(Some(u64::MAX))),
                row(vec![1, 5], Some(None)),
            ],
        )
        .unwrap();
        let values: Vec<Option<i64>> =
            t.rows().iter().map(|r| r.value).collect();
        assert_eq!(values, [Some(3), None, None, None]);
        assert_eq!((t.params(), t.key()), (names().as_slice(), Key::Period));
    }

    #[test]
    fn an_undefined_key_is_its_own_error() {
        // Found rows, none with the value: the all-but rule.
        let rows = [row(vec![1, 2], Some(None)), row(vec![1, 3], None)];
        let e =
            FitTable::from_sweep(names(), Key::MaxValue, rows).unwrap_err();
        assert_eq!(e, Error::Undefined { key: Key::MaxValue });
        assert_eq!(
            e.to_string(),
            "the family's sets have no max_value (all-but sets have unbounded values); fit another key"
        );
        // No row found at all: the budget, not the key (the fit then
        // says there are too few values).
        let rows = [row(vec![1, 2], None), row(vec![1, 3], None)];
        let t = FitTable::from_sweep(names(), Key::MaxValue, rows).unwrap();
        assert!(t.rows().iter().all(|r| r.value.is_none()));
        // The table's own checks still hold.
        let e = FitTable::from_sweep(
            names(),
            Key::Period,
            [row(vec![1], Some(Some(2)))],
        )
        .unwrap_err();
        assert!(matches!(e, Error::RowWidth { row: 1, values: 1, .. }));
    }

    #[test]
    fn validation_ranges_replace_by_name() {
        let ranges = vec!["a=1..30".to_string(), "b=a+1..a+40".to_string()];
        let v = validation_ranges(
            &ranges,
            &names(),
            &[" b=a+41..a+50 ".into(), "a=31..40".into()],
        )
        .unwrap();
        assert_eq!(v, ["a=31..40", "b=a+41..a+50"]);
        assert_eq!(validation_ranges(&ranges, &names(), &[]).unwrap(), ranges);
        let e =
            validation_ranges(&ranges, &names(), &["=3".into()]).unwrap_err();
        assert_eq!(
            e,
            Error::ValidationRange {
                range: "=3".into(),
                name: String::new(),
                params: names(),
            }
        );
        let e = validation_ranges(&ranges, &names(), &[" c = 1..2".into()])
            .unwrap_err();
        assert!(
            matches!(e, Error::ValidationRange { ref name, .. } if name == "c")
        );
    }
}
