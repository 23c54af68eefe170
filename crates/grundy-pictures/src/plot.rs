//! Plots of a Grundy sequence: g(n) against the heap size n, with the
//! pre-period shaded, each period marked and the P-positions (g = 0) in
//! red, after the sequence tables of the note "ニム和とGrundy数に関するメモ"
//! (2024). For all-but sets (K. Suetsugu, T. Abuku, "All-but Nim with
//! FES sets of size 4") the values grow by the saltus s every period p;
//! the dashed trend line of slope s / p shows it.
//!
//! Long sequences stay readable: up to [`MARKER_LIMIT`] positions each
//! value is a dot; beyond, each pixel column shows the values falling in
//! it as short dashes, or as one bar from the least to the largest when
//! there are more than a few dozen (min-max decimation), and P-positions
//! become ticks along the axis. The picture has at most a few thousand
//! shapes whatever `--to` is. Periods are drawn as alternating bands while there are at
//! most [`BAND_LIMIT`] of them; beyond, only the first period is banded.
//! The legend is drawn in rows below the chart, outside the plotting
//! area, so that it hides no value whatever the sequence (`legend.rs`).
//! Drawn with `plotters` as SVG; [`crate::png`] rasterises it.
//!
//! [`values`] lists what a plot shows, within a budget, for every front
//! end (`grundy plot`, Python's `PeriodReport.plot`): up to [`MAX_TO`],
//! and all of g(0..=N) or an error, never a shorter sequence drawn as if
//! it were the whole.

use grundy::{Budget, Error, ErrorKind, Nimber, Rules, Subtraction};
use plotters::prelude::*;

use crate::legend::{Legend, Swatch};

/// The plot's title for a rule set: `S = {2, 3, 7}`, `all-but S = N \
/// {2, 3}`, `Nim`, or the notation of other rule sets.
pub fn title(rules: &Rules) -> String {
    let list = |items: &[u64]| {
        items.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    };
    match rules.subtraction() {
        Some(Subtraction::Finite(s)) => {
            format!("S = {{{}}}", list(s.elements()))
        }
        Some(Subtraction::AllBut(s)) if s.is_nim() => "Nim".to_string(),
        Some(Subtraction::AllBut(s)) => {
            format!("all-but S = N \\ {{{}}}", list(s.excluded()))
        }
        None => rules.to_string(),
    }
}

/// The last heap a plot may show: a picture has only so many pixels
/// (ten million values take 80 MB and seconds to draw).
pub const MAX_TO: u64 = 10_000_000;

/// Refuses a plot past [`MAX_TO`] (an [`ErrorKind::TooLarge`]), before
/// anything is computed.
///
/// ```
/// use grundy_pictures::plot::{MAX_TO, check_to};
/// assert!(check_to(MAX_TO).is_ok());
/// assert_eq!(
///     check_to(MAX_TO + 1).unwrap_err().to_string(),
///     "heap \"10000001\" is too large to plot; a plot ends at heap 10000000 at most"
/// );
/// ```
pub fn check_to(to: u64) -> grundy::Result<()> {
    if to > MAX_TO {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "heap \"{to}\" is too large to plot; a plot ends at heap {MAX_TO} at most"
            ),
        ));
    }
    Ok(())
}

/// g(0..=to) of `rules`, the values a plot of heaps 0..=`to` shows,
/// listed within `budget` ([`grundy::values_within`]: the values count
/// against `max_positions`, and the deadline and cancel flag are polled).
/// A listing that ends before `to` is its error (the budget's stop, or an
/// engine that cannot go further), never fewer values; `to` past
/// [`MAX_TO`] is refused first ([`check_to`]).
///
/// ```
/// use grundy::{Budget, StopReason};
/// let rules = "1,2,3".parse()?;
/// let g = grundy_pictures::plot::values(&rules, 5, &Budget::default())?;
/// assert_eq!(g, [0, 1, 2, 3, 0, 1]);
/// let cut = grundy_pictures::plot::values(&rules, 5, &Budget::positions(3));
/// assert_eq!(cut.unwrap_err().stopped().unwrap().reason, StopReason::Positions);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values(
    rules: &Rules,
    to: u64,
    budget: &Budget,
) -> grundy::Result<Vec<u64>> {
    check_to(to)?;
    // At most MAX_TO + 1, so it fits a usize.
    let count = to as usize + 1;
    let mut listing = grundy::values_within(rules, budget);
    let values: Vec<u64> =
        listing.by_ref().take(count).map(Nimber::value).collect();
    if values.len() < count {
        return Err(listing.error().expect("a listing that ended says why"));
    }
    Ok(values)
}

/// The most positions drawn one marker each.
pub const MARKER_LIMIT: usize = 400;
/// The most periods drawn as separate bands.
pub const BAND_LIMIT: u64 = 80;
/// The most separate value dashes in one pixel column; more are drawn as
/// one bar from the least to the largest.
const DASHES_PER_COLUMN: usize = 32;

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequencePlot {
    /// The title, e.g. "S = {2, 3, 7}".
    pub title: String,
    /// g(0..=N).
    pub values: Vec<u64>,
    /// The least pre-period and period, when known.
    pub period: Option<(u64, u64)>,
    /// The saltus (0 for finite sets).
    pub saltus: u64,
}

const P_RED: RGBColor = RGBColor(211, 47, 47);
const VALUE_BLUE: RGBColor = RGBColor(21, 101, 192);
const BAND: RGBColor = RGBColor(255, 193, 7);
const TREND: RGBColor = RGBColor(230, 81, 0);

impl SequencePlot {
    /// The plot as an SVG document of `width` x `height` pixels.
    ///
    /// The legend is drawn below the chart, outside the plotting area, so
    /// that it covers no value; it is left out of a picture too short to
    /// keep half its height for the chart. Fails ([`crate::ErrorKind::Draw`])
    /// only if plotters does.
    pub fn svg(&self, width: u32, height: u32) -> crate::Result<String> {
        let failed = |e: &dyn std::fmt::Display| {
            crate::Error::new(
                crate::ErrorKind::Draw,
                format!("cannot draw the plot: {e}"),
            )
        };
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (width, height))
                .into_drawing_area();
            self.draw(&root, width).map_err(|e| failed(&e))?;
            root.present().map_err(|e| failed(&e))?;
        }
        Ok(out)
    }

    /// The pre-period, the period, how many periods are in view and how
    /// many of them are banded, for `n` positions.
    fn bands(&self, n: u64) -> Option<(u64, u64, u64, u64)> {
        let (l, p) = self.period?;
        let periods = n.saturating_sub(l).div_ceil(p);
        let shown = if periods > BAND_LIMIT { 1 } else { periods };
        Some((l, p, periods, shown))
    }

    /// Positions a pixel column stands for, when there are too many to
    /// draw one marker each.
    fn per_column(&self, width: u32) -> usize {
        let columns = (width as usize).saturating_sub(80).max(1);
        self.values.len().div_ceil(columns)
    }

    /// The entries of the legend, in the order the chart draws them.
    fn legend(&self, width: u32) -> Legend {
        let n = self.values.len().max(1) as u64;
        let mut legend = Legend::default();
        if let Some((l, p, periods, shown)) = self.bands(n) {
            if l > 0 {
                legend.push(
                    Swatch::Band(RGBColor(200, 200, 200).to_rgba()),
                    format!("pre-period ({l})"),
                );
            }
            let label = if shown < periods {
                format!("first period ({p}; {periods} in view)")
            } else {
                format!("periods ({p} each)")
            };
            legend.push(Swatch::Band(BAND.mix(0.5)), label);
        }
        if self.values.len() <= MARKER_LIMIT {
            legend.push(Swatch::Dot(VALUE_BLUE), "g(n)");
            legend.push(Swatch::Dot(P_RED), "P-position (g = 0)");
        } else {
            let per = self.per_column(width);
            legend.push(
                Swatch::Dash(VALUE_BLUE),
                format!("values occurring in each {per} positions"),
            );
            legend.push(Swatch::Tick(P_RED), "P-positions (g = 0), ticks");
        }
        if let Some((_, p)) = self.trend(n) {
            legend.push(
                Swatch::Line(TREND),
                format!("trend: slope s/p = {}/{p}", self.saltus),
            );
        }
        legend
    }

    /// The pre-period and period of the trend line of an all-but set
    /// (saltus > 0, pre-period in view).
    fn trend(&self, n: u64) -> Option<(u64, u64)> {
        self.period.filter(|&(l, _)| self.saltus > 0 && l < n)
    }

    fn draw(
        &self,
        root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
        width: u32,
    ) -> Result<(), Box<dyn std::error::Error + '_>> {
        root.fill(&WHITE)?;
        let n = self.values.len().max(1) as u64;
        let top = self.values.iter().copied().max().unwrap_or(0) + 1;
        let mut subtitle = match self.period {
            Some((l, p)) if self.saltus > 0 => format!(
                "pre-period {l}, period {p}, saltus {}: g(n + {p}) = g(n) + {} for n >= {l}",
                self.saltus, self.saltus
            ),
            Some((l, p)) => {
                format!(
                    "pre-period {l}, period {p}: g(n + {p}) = g(n) for n >= {l}"
                )
            }
            None => "no period found within the budget".to_string(),
        };
        subtitle.push_str("; red: P-positions (g = 0)");
        // The chart, then the legend's rows, then the subtitle: the
        // legend covers no data. A picture too short to keep half its
        // height for the chart goes without it.
        let height = height_of(root);
        let legend = self.legend(width);
        let mut legend_height = legend.height(width);
        if height.saturating_sub(SUBTITLE + legend_height) < height / 2 {
            legend_height = 0;
        }
        let (upper, lower) = root
            .split_vertically(height.saturating_sub(SUBTITLE + legend_height));
        let (key, lower) = lower.split_vertically(legend_height);
        let mut chart = ChartBuilder::on(&upper)
            .caption(
                format!("{}, n = 0..{}", self.title, n - 1),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(32 + 8 * top.to_string().len() as u32)
            .build_cartesian_2d(0f64..n as f64, -0.5f64..top as f64 + 0.5)?;
        chart
            .configure_mesh()
            .x_desc("heap size n")
            .y_desc("Grundy value g(n)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| {
                if y.fract().abs() < 1e-9 {
                    format!("{y:.0}")
                } else {
                    String::new()
                }
            })
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        let y0 = -0.5;
        let y1 = top as f64 + 0.5;
        // Pre-period and period bands.
        if let Some((l, p, periods, shown)) = self.bands(n) {
            if l > 0 {
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(0.0, y0), (l.min(n) as f64, y1)],
                    RGBColor(200, 200, 200).mix(0.45).filled(),
                )))?;
            }
            let bands = (0..shown).filter(|k| k % 2 == 0).map(|k| {
                let a = (l + k * p) as f64;
                let b = ((l + (k + 1) * p).min(n)) as f64;
                Rectangle::new([(a, y0), (b, y1)], BAND.mix(0.22).filled())
            });
            chart.draw_series(bands)?;
            if shown == periods && periods <= BAND_LIMIT {
                let lines = (0..=periods)
                    .map(|k| l + k * p)
                    .filter(|&x| x <= n)
                    .map(|x| {
                        PathElement::new(
                            vec![(x as f64, y0), (x as f64, y1)],
                            RGBColor(255, 160, 0).mix(0.6),
                        )
                    });
                chart.draw_series(lines)?;
            }
        }
        // The values.
        let at = |i: usize| (i as f64 + 0.5, self.values[i] as f64);
        if self.values.len() <= MARKER_LIMIT {
            chart.draw_series(LineSeries::new(
                (0..self.values.len()).map(at),
                VALUE_BLUE.mix(0.35),
            ))?;
            let size = if self.values.len() <= 100 { 4 } else { 2 };
            chart.draw_series(
                (0..self.values.len())
                    .filter(|&i| self.values[i] != 0)
                    .map(|i| Circle::new(at(i), size, VALUE_BLUE.filled())),
            )?;
            chart.draw_series(
                (0..self.values.len())
                    .filter(|&i| self.values[i] == 0)
                    .map(|i| Circle::new(at(i), size + 1, P_RED.filled())),
            )?;
        } else {
            // One pixel column per group of positions: a short dash at
            // each value that occurs in the group, so the levels the
            // sequence visits stay apart instead of merging into a block.
            let per = self.per_column(width);
            let mut dashes = Vec::new();
            let mut ticks = Vec::new();
            let mut seen = Vec::new();
            for (c, chunk) in self.values.chunks(per).enumerate() {
                let x0 = (c * per) as f64;
                let x1 = x0 + per as f64;
                seen.clear();
                seen.extend_from_slice(chunk);
                seen.sort_unstable();
                seen.dedup();
                if seen.len() > DASHES_PER_COLUMN {
                    // Too many levels to tell apart (Nim, all-but sets):
                    // the column's range as one bar, so the picture stays
                    // a few thousand shapes whatever the length.
                    let (lo, hi) =
                        (seen[0] as f64, seen[seen.len() - 1] as f64);
                    dashes.push(Rectangle::new(
                        [(x0, lo - 0.12), (x1, hi + 0.12)],
                        VALUE_BLUE.filled(),
                    ));
                } else {
                    for &v in &seen {
                        let y = v as f64;
                        dashes.push(Rectangle::new(
                            [(x0, y - 0.12), (x1, y + 0.12)],
                            VALUE_BLUE.filled(),
                        ));
                    }
                }
                if seen.first() == Some(&0) {
                    ticks.push(PathElement::new(
                        vec![
                            (x0 + per as f64 / 2.0, -0.45),
                            (x0 + per as f64 / 2.0, -0.2),
                        ],
                        P_RED.stroke_width(1),
                    ));
                }
            }
            chart.draw_series(dashes)?;
            chart.draw_series(ticks)?;
        }
        if let Some((l, p)) = self.trend(n) {
            let slope = self.saltus as f64 / p as f64;
            let g_l = self.values[l as usize] as f64;
            let end = (n - 1) as f64;
            chart.draw_series(DashedLineSeries::new(
                vec![(l as f64, g_l), (end, g_l + slope * (end - l as f64))],
                6,
                4,
                TREND.stroke_width(2),
            ))?;
        }
        if legend_height > 0 {
            legend.draw(&key)?;
        }
        lower.draw(&Text::new(
            subtitle,
            (60, 4),
            ("sans-serif", 13).into_font().color(&BLACK.mix(0.8)),
        ))?;
        Ok(())
    }
}

/// The height of the subtitle line at the bottom.
const SUBTITLE: u32 = 26;

fn height_of(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
) -> u32 {
    root.dim_in_pixel().1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plot(
        values: Vec<u64>,
        period: Option<(u64, u64)>,
        saltus: u64,
    ) -> String {
        SequencePlot { title: "S = test".into(), values, period, saltus }
            .svg(900, 420)
            .unwrap()
    }

    /// A listing its budget stops is an error, never fewer values.
    #[test]
    fn a_listing_cut_short_is_an_error() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let rules: Rules = "0.07".parse().unwrap();
        let cancelled = Budget {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Budget::default()
        };
        let e = values(&rules, 100, &cancelled).unwrap_err();
        let stop = e.stopped().unwrap();
        assert_eq!(
            (stop.reason, stop.done),
            (grundy::StopReason::Cancelled, 0)
        );
        let e = values(&rules, 100, &Budget::positions(100)).unwrap_err();
        assert_eq!(e.stopped().unwrap().done, 100);
        assert_eq!(
            values(&rules, 99, &Budget::positions(100)).unwrap().len(),
            100
        );
        // Past the limit, refused before anything is listed.
        let e = values(&rules, MAX_TO + 1, &cancelled).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
    }

    #[test]
    fn small_plots_have_one_marker_per_value() {
        // {1,2,3}: 0 1 2 3 repeating, period 4 from 0.
        let values: Vec<u64> = (0..40).map(|n| n % 4).collect();
        let svg = plot(values, Some((0, 4)), 0);
        assert_eq!(svg.matches("<circle").count(), 40 + 2);
        assert!(svg.contains("period 4"));
    }

    #[test]
    fn large_plots_are_decimated() {
        let values: Vec<u64> = (0..100_000).map(|n| n % 7).collect();
        let svg = plot(values, Some((0, 7)), 0);
        assert!(svg.matches("<circle").count() < 10);
        assert!(svg.len() < 1_000_000, "{} bytes", svg.len());
        assert!(svg.contains("first period"));
    }

    /// The y coordinate of the text element saying exactly `text`.
    fn y_of(svg: &str, text: &str) -> f64 {
        let at = svg.find(&format!(">\n{text}\n</text>")).expect(text);
        let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
        let y = tag.split(" y=\"").nth(1).unwrap().split('"').next();
        y.unwrap().parse().unwrap()
    }

    /// The legend is drawn below the chart (below the x axis's name),
    /// where it covers no value, whatever the kind of plot.
    #[test]
    fn the_legend_is_outside_the_chart() {
        // Kayles, whose key used to hide the values of n = 1..17.
        let kayles: Vec<u64> =
            (0..=100).map(|n| (n * 7 % 10) as u64).collect();
        let svg = plot(kayles, Some((71, 12)), 0);
        let axis = y_of(&svg, "heap size n");
        for entry in ["pre-period (71)", "periods (12 each)", "g(n)"] {
            assert!(y_of(&svg, entry) > axis, "{entry}");
        }
        let long: Vec<u64> = (0..100_000).map(|n| n % 7).collect();
        let svg = plot(long, Some((0, 7)), 0);
        let entry = "P-positions (g = 0), ticks";
        assert!(y_of(&svg, entry) > y_of(&svg, "heap size n"));
        let trend: Vec<u64> = (0..60).map(|n| n / 2).collect();
        let svg = plot(trend, Some((0, 2)), 1);
        let entry = "trend: slope s/p = 1/2";
        assert!(y_of(&svg, entry) > y_of(&svg, "heap size n"));
    }

    #[test]
    fn all_but_trend() {
        // X = {1}: g(n) = floor(n / 2), saltus 1 per period 2.
        let values: Vec<u64> = (0..60).map(|n| n / 2).collect();
        let svg = plot(values, Some((0, 2)), 1);
        assert!(svg.contains("trend: slope s/p = 1/2"));
    }
}
