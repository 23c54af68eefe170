//! Heat maps of period tables: a matrix of numbers drawn as coloured
//! squares, like the period tables of K. Suetsugu, T. Abuku, "All-but Nim
//! with FES sets of size 4" (Tables 1-2) at a glance.
//!
//! Each cell is a square coloured from blue (the smallest value) to red
//! (the largest); grey marks a cell without a value (a set not found
//! within the budget, or an error), white no set. A colour bar beside the
//! map, with labelled ticks, is the key. Drawn with plotters as
//! SVG; [`HeatMap::png`] rasterises that drawing with resvg
//! ([`crate::png::svg_to_png`]), so no system font library is needed.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::error::{Error, ErrorKind, Result};

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
/// # Ok::<(), grundy_pictures::Error>(())
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
    /// The drawing as SVG text: the map, and beside it a colour bar with
    /// labelled ticks (the key of the colours), and a swatch for the
    /// cells without a value when there are any. Fails on an empty matrix
    /// ([`ErrorKind::Empty`]), or if plotters fails ([`ErrorKind::Draw`]).
    pub fn svg(&self) -> Result<String> {
        if self.rows.is_empty() || self.cols.is_empty() {
            return Err(Error::new(
                ErrorKind::Empty,
                "the table is empty, nothing to draw",
            ));
        }
        let t = self;
        let cell = (900 / t.cols.len().max(t.rows.len())).clamp(4, 24) as u32;
        let size = (
            (t.cols.len() as u32 * cell + 140).max(420) + BAR_WIDTH,
            (t.rows.len() as u32 * cell + 120).max(320),
        );
        let mut svg = String::new();
        {
            let root =
                SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw(&root, t)
                .and_then(|()| root.present().map_err(|e| e.to_string()))
                .map_err(|e| Error::new(ErrorKind::Draw, e))?;
        }
        Ok(svg)
    }

    /// The drawing as PNG bytes (the SVG rasterised, scale 1).
    pub fn png(&self) -> Result<Vec<u8>> {
        crate::png::svg_to_png(&self.svg()?, 1.0)
    }

    /// The least and the largest value of the cells, if any has one.
    fn range(&self) -> Option<(i64, i64)> {
        let mut values = self.cells.iter().flatten().filter_map(|c| match c {
            Shade::Value(v) => Some(*v),
            _ => None,
        });
        let first = values.next()?;
        Some(values.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v))))
    }
}

/// The width of the colour bar's column, right of the map: the bar, its
/// tick labels and the value label.
const BAR_WIDTH: u32 = 120;
/// Margins of the map's chart, which the colour bar lines up with.
const MARGIN: u32 = 12;
const X_LABELS: u32 = 36;
/// The most bands the colour bar is drawn with (one per value while
/// there are fewer values).
const BAR_BANDS: i64 = 256;

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &HeatMap,
) -> std::result::Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let range = t.range();
    let (lo, hi) = range.unwrap_or((0, 0));
    let root = root
        .titled(
            &format!(
                "{} by {} (up) and {} (across)",
                t.value_label, t.row_label, t.col_label
            ),
            ("sans-serif", 16),
        )
        .map_err(err)?;
    let width = root.dim_in_pixel().0;
    let (map, bar) = root.split_horizontally(width.saturating_sub(BAR_WIDTH));
    let x = (t.cols[0] as f64 - 0.5)..(*t.cols.last().unwrap() as f64 + 0.5);
    let y = (t.rows[0] as f64 - 0.5)..(*t.rows.last().unwrap() as f64 + 0.5);
    let mut chart = ChartBuilder::on(&map)
        .margin(MARGIN)
        .x_label_area_size(X_LABELS)
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
    let squares = t.rows.iter().zip(&t.cells).flat_map(|(&r, cells)| {
        t.cols.iter().zip(cells).map(move |(&c, &cell)| {
            let (r, c) = (r as f64, c as f64);
            Rectangle::new(
                [(c - 0.5, r - 0.5), (c + 0.5, r + 0.5)],
                colour(cell, lo, hi).filled(),
            )
        })
    });
    chart.draw_series(squares).map_err(err)?;
    let missing = t.cells.iter().flatten().any(|c| *c == Shade::Missing);
    colour_bar(&bar, t, range, missing).map_err(err)
}

/// The key: a vertical bar from the least value (bottom, blue) to the
/// largest (top, red) with labelled ticks, as tall as the map; below it
/// the range (`8 .. 675`) and a grey swatch for the cells without a
/// value, when there are any.
fn colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &HeatMap,
    range: Option<(i64, i64)>,
    missing: bool,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let font = ("sans-serif", 12).into_font().color(&BLACK.mix(0.8));
    let (bar, below) = area.split_vertically(
        area.dim_in_pixel().1.saturating_sub(X_LABELS + MARGIN),
    );
    if let Some((lo, hi)) = range {
        // Values are integers: each gets a band from v - 0.5 to v + 0.5.
        let span = (lo as f64 - 0.5)..(hi as f64 + 0.5);
        let mut chart = ChartBuilder::on(&bar)
            .margin_top(MARGIN)
            .margin_left(10)
            .margin_right(4)
            .y_label_area_size(0)
            .right_y_label_area_size(70)
            .build_cartesian_2d(0f64..1f64, span.clone())?
            .set_secondary_coord(0f64..1f64, span);
        let step = ((hi - lo + 1) as f64 / BAR_BANDS as f64).max(1.0);
        let bands = (0..BAR_BANDS)
            .map(|k| lo as f64 - 0.5 + k as f64 * step)
            .take_while(|&a| a < hi as f64 + 0.5)
            .map(|a| {
                let b = (a + step).min(hi as f64 + 0.5);
                let mid = ((a + b) / 2.0).round() as i64;
                Rectangle::new(
                    [(0.0, a), (1.0, b)],
                    colour(Shade::Value(mid.clamp(lo, hi)), lo, hi).filled(),
                )
            });
        chart.draw_series(bands)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .disable_y_axis()
            .draw()?;
        chart
            .configure_secondary_axes()
            .x_labels(0)
            .y_labels(8)
            .y_label_formatter(&integer_label)
            .y_desc(&t.value_label)
            .axis_desc_style(("sans-serif", 12))
            .label_style(("sans-serif", 12))
            .draw()?;
        // The bar's outline.
        chart.draw_series(std::iter::once(Rectangle::new(
            [(0.0, lo as f64 - 0.5), (1.0, hi as f64 + 0.5)],
            BLACK.mix(0.5),
        )))?;
    }
    // The ends of the range, which the ticks need not be.
    if let Some((lo, hi)) = range {
        let ends = if lo == hi {
            format!("all {lo}")
        } else {
            format!("{lo} .. {hi}")
        };
        below.draw(&Text::new(ends, (10, 6), font.clone()))?;
    }
    if missing {
        below.draw(&Rectangle::new(
            [(10, 26), (24, 38)],
            colour(Shade::Missing, 0, 0).filled(),
        ))?;
        below.draw(&Text::new("no value", (30, 26), font))?;
    }
    Ok(())
}

/// The colour of a cell: blue (`lo`) to red (`hi`) through green, grey
/// for a cell without a value, white for no set.
fn colour(c: Shade, lo: i64, hi: i64) -> RGBColor {
    match c {
        Shade::Value(v) => {
            let f =
                if hi > lo { (v - lo) as f64 / (hi - lo) as f64 } else { 0.5 };
            hsl_to_rgb((1.0 - f) * 0.66, 0.85, 0.5)
        }
        Shade::Missing => RGBColor(150, 150, 150),
        Shade::Empty => WHITE,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the SVG has a text element saying exactly `text`.
    fn says(svg: &str, text: &str) -> bool {
        svg.contains(&format!(">\n{text}\n</text>"))
    }

    fn map(cells: Vec<Vec<Shade>>) -> HeatMap {
        HeatMap {
            row_label: "a".into(),
            col_label: "b - a".into(),
            value_label: "period".into(),
            rows: (1..=cells.len() as i64).collect(),
            cols: (1..=cells[0].len() as i64).collect(),
            cells,
        }
    }

    /// The colour bar is a key: the least and the largest value are
    /// ticks of it, and the title no longer carries the range.
    #[test]
    fn the_colour_bar_labels_its_ends() {
        use Shade::*;
        let svg = map(vec![
            vec![Value(8), Value(12), Empty],
            vec![Value(300), Missing, Value(675)],
        ])
        .svg()
        .unwrap();
        assert!(says(&svg, "period by a (up) and b - a (across)"), "{svg}");
        assert!(!svg.contains("(blue)"));
        // Ticks of the bar, right of it.
        for tick in ["100", "600"] {
            assert!(says(&svg, tick), "{tick}");
        }
        assert!(says(&svg, "no value"));
        assert!(says(&svg, "8 .. 675"));
        // 256 bands at most, whatever the range.
        assert!(svg.matches("<rect").count() < 6 + 256 + 10);
    }

    #[test]
    fn one_value_and_no_value_draw() {
        use Shade::*;
        let one = map(vec![vec![Value(5), Value(5)]]).svg().unwrap();
        assert!(says(&one, "5") && says(&one, "all 5"));
        assert!(!says(&one, "no value"));
        let none = map(vec![vec![Missing, Empty]]).svg().unwrap();
        assert!(says(&none, "no value"));
        let empty = HeatMap { rows: vec![], ..map(vec![vec![Empty]]) };
        assert_eq!(empty.svg().unwrap_err().kind(), ErrorKind::Empty);
    }
}
