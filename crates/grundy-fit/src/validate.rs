//! `--validate`: a law found on some rows, tested on rows it has not seen.
//! Each new row is predicted by the first piece whose condition holds; the
//! count of correct predictions per piece is the evidence a conjecture
//! needs.

use crate::data::{FitRow, Key};
use crate::law::Fit;

/// Predictions of one piece on the new rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCheck {
    /// Rows it predicted correctly.
    pub correct: usize,
    /// Rows it predicted wrongly.
    pub wrong: usize,
}

/// A row the law got wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    /// The row (with its true value).
    pub row: FitRow,
    /// The piece that applied (index into [`Fit::pieces`]), if any.
    pub piece: Option<usize>,
    /// The law's value, if a piece applied and could be evaluated.
    pub predicted: Option<i64>,
}

/// The outcome of testing a fit on new rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    pub(crate) params: Vec<String>,
    pub(crate) key: Key,
    /// New rows with a value (rows without one cannot be checked).
    pub rows: usize,
    /// New rows without a value, skipped.
    pub skipped: usize,
    /// Rows predicted correctly.
    pub correct: usize,
    /// Per piece, in the order of [`Fit::pieces`].
    pub per_piece: Vec<PieceCheck>,
    /// Rows predicted wrongly or not at all, in the given order.
    pub wrong: Vec<Wrong>,
}

impl Fit {
    /// Tests the law on `rows` (parameters in the fit's order).
    ///
    /// ```
    /// use grundy_fit::{FitRow, FitTable, Key, Options, fit};
    /// let rows = (1..=10).map(|a| FitRow::new(vec![a], 2 * a + 1)).collect();
    /// let t = FitTable::new(vec!["a".into()], Key::Period, rows)?;
    /// let f = fit(&t, &Options::default())?;
    /// let new = vec![FitRow::new(vec![11], 23), FitRow::new(vec![12], 24)];
    /// let v = f.validate(&new);
    /// assert_eq!((v.rows, v.correct), (2, 1));
    /// assert_eq!(v.wrong[0].predicted, Some(25));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, rows: &[FitRow]) -> Validation {
        let mut v = Validation {
            params: self.params.clone(),
            key: self.key,
            rows: 0,
            skipped: 0,
            correct: 0,
            per_piece: vec![PieceCheck::default(); self.pieces.len()],
            wrong: Vec::new(),
        };
        for row in rows {
            let Some(value) = row.value else {
                v.skipped += 1;
                continue;
            };
            v.rows += 1;
            let hit = if row.params.len() == self.params.len() {
                self.predict(&row.params)
            } else {
                None
            };
            match hit {
                Some((i, Some(p))) if p == value => {
                    v.correct += 1;
                    v.per_piece[i].correct += 1;
                }
                Some((i, p)) => {
                    v.per_piece[i].wrong += 1;
                    v.wrong.push(Wrong {
                        row: row.clone(),
                        piece: Some(i),
                        predicted: p,
                    });
                }
                None => v.wrong.push(Wrong {
                    row: row.clone(),
                    piece: None,
                    predicted: None,
                }),
            }
        }
        v
    }
}
