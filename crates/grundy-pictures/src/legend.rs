//! A legend drawn outside the plotting area, so that it covers no data.
//!
//! plotters draws its series labels inside the chart, in a corner, where
//! they hide whatever values fall there (the Kayles plot lost the values
//! of n = 1..17 under its key). Here the entries are laid out in rows
//! below the chart instead, each row centred and wrapped to the picture's
//! width, and the chart is made shorter by the rows' height.

use plotters::coord::Shift;
use plotters::prelude::*;

/// The font size of the entries.
const FONT: u32 = 13;
/// The height of one row of entries.
const ROW: u32 = 18;
/// The space above and below the rows.
const PAD: u32 = 4;
/// The width of a swatch and the space after it.
const SWATCH: i32 = 14;
const GAP: i32 = 6;
/// The space between two entries of a row.
const SPACING: i32 = 20;

/// How an entry looks.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Swatch {
    /// A filled box (shaded bands).
    Band(RGBAColor),
    /// A dot (markers).
    Dot(RGBColor),
    /// A short thick dash (decimated values).
    Dash(RGBColor),
    /// A vertical tick (P-positions along the axis).
    Tick(RGBColor),
    /// A line (a trend).
    Line(RGBColor),
}

/// The entries of a legend, in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Legend {
    entries: Vec<(Swatch, String)>,
}

impl Legend {
    /// Adds an entry.
    pub(crate) fn push(&mut self, swatch: Swatch, label: impl Into<String>) {
        self.entries.push((swatch, label.into()));
    }

    /// The entries of each row when laid out `width` pixels wide.
    fn rows(&self, width: u32) -> Vec<Vec<usize>> {
        let usable = width.saturating_sub(24) as i32;
        let mut rows: Vec<Vec<usize>> = Vec::new();
        let mut used = 0;
        for (i, (_, label)) in self.entries.iter().enumerate() {
            let w = entry_width(label);
            match rows.last_mut() {
                Some(row) if used + SPACING + w <= usable => {
                    row.push(i);
                    used += SPACING + w;
                }
                _ => {
                    rows.push(vec![i]);
                    used = w;
                }
            }
        }
        rows
    }

    /// The height the legend takes in a picture `width` pixels wide (0
    /// without entries).
    pub(crate) fn height(&self, width: u32) -> u32 {
        match self.rows(width).len() as u32 {
            0 => 0,
            n => n * ROW + 2 * PAD,
        }
    }

    /// Draws the legend in `area` (as tall as [`Legend::height`] says).
    pub(crate) fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let width = area.dim_in_pixel().0;
        let font = ("sans-serif", FONT).into_font().color(&BLACK.mix(0.85));
        for (r, row) in self.rows(width).iter().enumerate() {
            let total: i32 = row
                .iter()
                .map(|&i| entry_width(&self.entries[i].1))
                .sum::<i32>()
                + SPACING * (row.len() as i32 - 1);
            let mut x = ((width as i32 - total) / 2).max(4);
            let y = (PAD + r as u32 * ROW + ROW / 2) as i32;
            for &i in row {
                let (swatch, label) = &self.entries[i];
                draw_swatch(area, *swatch, x, y)?;
                area.draw(&Text::new(
                    label.clone(),
                    (x + SWATCH + GAP, y - FONT as i32 / 2 - 1),
                    font.clone(),
                ))?;
                x += entry_width(label) + SPACING;
            }
        }
        Ok(())
    }
}

/// The width of an entry: its swatch and its label. plotters writes a
/// font of size s as `font-size` s / 1.24 in SVG, and DejaVu Sans
/// averages a little under 0.6 em a character.
fn entry_width(label: &str) -> i32 {
    let em = FONT as f64 / 1.24;
    SWATCH + GAP + (label.chars().count() as f64 * em * 0.6).ceil() as i32
}

fn draw_swatch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    swatch: Swatch,
    x: i32,
    y: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    match swatch {
        Swatch::Band(colour) => area.draw(&Rectangle::new(
            [(x, y - 6), (x + SWATCH, y + 6)],
            colour.filled(),
        )),
        Swatch::Dot(colour) => {
            area.draw(&Circle::new((x + SWATCH / 2, y), 4, colour.filled()))
        }
        Swatch::Dash(colour) => area.draw(&Rectangle::new(
            [(x, y - 2), (x + SWATCH, y + 2)],
            colour.filled(),
        )),
        Swatch::Tick(colour) => area.draw(&PathElement::new(
            vec![(x + SWATCH / 2, y - 6), (x + SWATCH / 2, y + 6)],
            colour.stroke_width(2),
        )),
        Swatch::Line(colour) => area.draw(&PathElement::new(
            vec![(x, y), (x + SWATCH, y)],
            colour.stroke_width(2),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legend(labels: &[&str]) -> Legend {
        let mut l = Legend::default();
        for label in labels {
            l.push(Swatch::Dot(BLACK), *label);
        }
        l
    }

    #[test]
    fn rows_wrap_to_the_width() {
        let l = legend(&["pre-period (71)", "periods (12 each)", "g(n)"]);
        assert_eq!(l.rows(1000), [vec![0, 1, 2]]);
        assert_eq!(l.height(1000), ROW + 2 * PAD);
        // Too narrow for two entries side by side: one a row.
        assert_eq!(l.rows(150), [vec![0], vec![1], vec![2]]);
        assert_eq!(Legend::default().height(1000), 0);
    }
}
