//! Heat maps of period tables: a matrix of numbers drawn as coloured
//! squares, like the period tables of K. Suetsugu, T. Abuku, "All-but Nim
//! with FES sets of size 4" (Tables 1-2) at a glance.
//!
//! Each cell is a square coloured from blue (the smallest value) to red
//! (the largest); grey marks a cell without a value (a set not found
//! within the budget, or an error), white no set. Drawn with plotters as
//! SVG; [`HeatMap::png`] rasterises that drawing with resvg
//! ([`crate::png::svg_to_png`]), so no system font library is needed.

use plotters::coord::Shift;
use plotters::prelude::*;

/// One cell of a heat map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// A value: coloured from blue (smallest) to red (largest).
    Value(i64),
    /// A set without a value (not found, error): grey.
    Missing,
    /// No set: white.
    Empty,
}

/// A matrix to draw: `cells[i][j]` for row key `rows[i]` (up) and column
/// key `cols[j]` (across), keys ascending.
///
/// ```
/// use grundy_pictures::heatmap::{HeatMap, Shade};
/// let map = HeatMap {
///     row_label: "a".into(),
///     col_label: "b".into(),
///     value_label: "period".into(),
///     rows: vec![1, 2],
///     cols: vec![2, 3],
///     cells: vec![
///         vec![Shade::Value(3), Shade::Value(2)],
///         vec![Shade::Empty, Shade::Missing],
///     ],
/// };
/// let svg = map.svg()?;
/// assert!(svg.starts_with("<svg") && svg.contains("period by a"));
/// assert!(map.png()?.starts_with(b"\x89PNG"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatMap {
    /// What goes down the side.
    pub row_label: String,
    /// What goes across.
    pub col_label: String,
    /// What the colours mean.
    pub value_label: String,
    /// Row keys, ascending.
    pub rows: Vec<i64>,
    /// Column keys, ascending.
    pub cols: Vec<i64>,
    /// `cells[i][j]` for `rows[i]`, `cols[j]`.
    pub cells: Vec<Vec<Shade>>,
}

impl HeatMap {
    /// The drawing as SVG text. Fails on an empty matrix.
    pub fn svg(&self) -> Result<String, String> {
        if self.rows.is_empty() || self.cols.is_empty() {
            return Err("the table is empty, nothing to draw".into());
        }
        let t = self;
        let cell = (900 / t.cols.len().max(t.rows.len())).clamp(4, 24) as u32;
        let size = (
            (t.cols.len() as u32 * cell + 140).max(420),
            (t.rows.len() as u32 * cell + 120).max(320),
        );
        let mut svg = String::new();
        {
            let root =
                SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw(&root, t)
                .and_then(|()| root.present().map_err(|e| e.to_string()))?;
        }
        Ok(svg)
    }

    /// The drawing as PNG bytes (the SVG rasterised, scale 1).
    pub fn png(&self) -> Result<Vec<u8>, String> {
        crate::png::svg_to_png(&self.svg()?, 1.0)
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &HeatMap,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let values: Vec<i64> = t
        .cells
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Shade::Value(v) => Some(*v),
            _ => None,
        })
        .collect();
    let lo = values.iter().copied().min().unwrap_or(0);
    let hi = values.iter().copied().max().unwrap_or(0);
    let x = (t.cols[0] as f64 - 0.5)..(*t.cols.last().unwrap() as f64 + 0.5);
    let y = (t.rows[0] as f64 - 0.5)..(*t.rows.last().unwrap() as f64 + 0.5);
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!(
                "{} by {} (up) and {} (across): {lo} (blue) .. {hi} (red)",
                t.value_label, t.row_label, t.col_label
            ),
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d(x, y)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(&t.col_label)
        .y_desc(&t.row_label)
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .draw()
        .map_err(err)?;
    let colour = |c: Shade| -> RGBColor {
        match c {
            Shade::Value(v) => {
                let f = if hi > lo {
                    (v - lo) as f64 / (hi - lo) as f64
                } else {
                    0.5
                };
                let HSLColor(h, s, l) = HSLColor((1.0 - f) * 0.66, 0.85, 0.5);
                hsl_to_rgb(h, s, l)
            }
            Shade::Missing => RGBColor(150, 150, 150),
            Shade::Empty => WHITE,
        }
    };
    let squares = t.rows.iter().zip(&t.cells).flat_map(|(&r, cells)| {
        t.cols.iter().zip(cells).map(move |(&c, &cell)| {
            let (r, c) = (r as f64, c as f64);
            Rectangle::new(
                [(c - 0.5, r - 0.5), (c + 0.5, r + 0.5)],
                colour(cell).filled(),
            )
        })
    });
    chart.draw_series(squares).map_err(err)?;
    Ok(())
}

/// Parameters are integers: a tick at an integer is labelled `5`, not
/// `5.0`, and ticks between integers are left unlabelled.
fn integer_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

fn hsl_to_rgb(h: f64, s: f64, l: f64) -> RGBColor {
    let (r, g, b) = HSLColor(h, s, l).rgb();
    RGBColor(r, g, b)
}
