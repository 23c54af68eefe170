//! The transition graph of one heap, each position labelled with its
//! Grundy value, as in muzudho, "31game とは何か" (notes on the 31 game),
//! which draws it for S = {1, 2, 3} and 8 stones and fills in the values
//! one position at a time: 0 stones first, then each position as the mex
//! of the values of the positions it can move to.
//!
//! [`GameGraph`] is the plain data (positions, moves, values); it is
//! written as Graphviz DOT ([`GameGraph::dot`]) or laid out in-process with
//! the `layout-rs` crate and drawn as SVG ([`GameGraph::svg`]). A
//! [`Step`] says how far the filling-in has got: the positions below
//! `filled` show their values, the position being filled is marked ★ and
//! the options it looks at ◆, as in those notes.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use grundy::{Error, ErrorKind, Nimber, Rules, Subtraction};
use layout::backends::svg::SVGWriter;
use layout::core::base::Orientation;
use layout::core::color::Color;
use layout::core::style::{LineStyleKind, StyleAttr};
use layout::std_shapes::render::get_shape_size;
use layout::std_shapes::shapes::{Arrow, Element, LineEndKind, ShapeKind};
use layout::topo::layout::VisualGraph;

/// The largest heap drawn: beyond it the picture is a hairball.
pub const MAX_GRAPH_HEAP: u64 = 60;

/// The most nodes a picture is laid out with, counting the nodes that the
/// layout crate adds for move labels and for each column a long move
/// crosses. Its placement grows about as the cube of this count (on a
/// 2-core machine 0.F's graph took 3.4 s with 3,200 nodes, 8.6 s with
/// 4,300 and 12.8 s with 4,900; Nim's 25 s with 9,500: BENCHMARKS.md), so
/// larger graphs are refused instead of left running.
pub const MAX_LAYOUT_NODES: usize = 4_000;

/// The most crossing-reduction work (the sum over neighbouring columns of
/// the product of their sizes) the layout crate is asked to do; about
/// 60,000 takes 2 s. Larger graphs are laid out without reordering.
const MAX_ORDERING_WORK: usize = 60_000;

/// See [`GameGraph::layout_size`].
struct LayoutSize {
    nodes: usize,
    ordering_work: usize,
}

const P_FILL: &str = "#f6c8c8";
const CURRENT_FILL: &str = "#ffd54f";
const OPTION_FILL: &str = "#b3d9ff";
const OPTION_EDGE: &str = "#1565c0";

/// A position drawn: one heap (`[n]`; `[0]` is the empty heap) or the
/// non-empty heaps a splitting move leaves (`[a, b]` or `[a, b, c]`,
/// ascending), as in take-and-break games.
pub type Position = Vec<u64>;

/// The game graph of one heap: positions `heap, heap - 1, ..., 0`, and
/// for take-and-break games the sums of heaps that splitting moves leave
/// (drawn as boxes; their value is the xor of their heaps' values, which
/// appear as nodes of their own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph {
    set: Rules,
    heap: u64,
    /// g(0..=heap).
    values: Vec<u64>,
    /// The positions of two or more heaps some move reaches, largest
    /// total first.
    splits: Vec<Position>,
}

/// How far the step-by-step filling-in has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Positions 0..filled show their values (a sum of heaps when all
    /// its heaps do).
    pub filled: u64,
    /// The position whose value was just found (★), if any.
    pub current: Option<u64>,
}

impl GameGraph {
    /// The graph of a heap of `heap` stones under `set`.
    ///
    /// Fails for heaps above [`MAX_GRAPH_HEAP`] and for sets the engine
    /// cannot evaluate.
    pub fn new(set: &Rules, heap: u64) -> Result<GameGraph, Error> {
        if heap > MAX_GRAPH_HEAP {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "heap \"{heap}\" is too large to draw; use at most \
                     {MAX_GRAPH_HEAP} stones (try `grundy plot` for long \
                     sequences)"
                ),
            ));
        }
        let values = grundy::values(set)
            .take(heap as usize + 1)
            .map(Nimber::value)
            .collect();
        let mut graph =
            GameGraph { set: set.clone(), heap, values, splits: Vec::new() };
        let mut splits: Vec<Position> = (0..=heap)
            .flat_map(|n| graph.moves(n))
            .map(|(_, to)| to)
            .filter(|to| to.len() > 1)
            .collect();
        splits.sort_by(|a, b| {
            b.iter().sum::<u64>().cmp(&a.iter().sum()).then(a.cmp(b))
        });
        splits.dedup();
        graph.splits = splits;
        Ok(graph)
    }

    /// The heap size drawn.
    pub fn heap(&self) -> u64 {
        self.heap
    }

    /// g(n) for n at most the heap.
    pub fn value(&self, n: u64) -> u64 {
        self.values[n as usize]
    }

    /// The value of a position: the xor of its heaps' values.
    pub fn position_value(&self, position: &[u64]) -> u64 {
        position.iter().fold(0, |acc, &n| acc ^ self.value(n))
    }

    /// The moves from `n`: (amount taken, position reached), in the order
    /// of the rule set's options (by amount, then by the heaps left).
    pub fn moves(&self, n: u64) -> Vec<(u64, Position)> {
        let mut out = Vec::new();
        self.set.options(n, &mut |o| {
            let to = if o.leaves().is_empty() {
                vec![0]
            } else {
                o.leaves().to_vec()
            };
            out.push((o.take(), to));
        });
        out
    }

    /// Every position drawn: the heaps from the largest down to 0, then
    /// the sums of heaps that splitting moves reach.
    pub fn positions(&self) -> Vec<Position> {
        let heaps = (0..=self.heap).rev().map(|n| vec![n]);
        heaps.chain(self.splits.iter().cloned()).collect()
    }

    /// The whole graph, every value shown.
    pub fn complete(&self) -> Step {
        Step { filled: self.heap + 1, current: None }
    }

    /// The pictures of the 31 game notes: nothing filled in, then one
    /// position more per step, from 0 stones up to the heap (heap + 2 steps).
    pub fn steps(&self) -> Vec<Step> {
        let mut steps = vec![Step { filled: 0, current: None }];
        steps.extend(
            (0..=self.heap).map(|n| Step { filled: n + 1, current: Some(n) }),
        );
        steps
    }

    fn is_current(step: Step, p: &[u64]) -> bool {
        p.len() == 1 && step.current == Some(p[0])
    }

    /// The positions the position being filled in moves to (◆), listed
    /// once per picture.
    fn options_of_current(&self, step: Step) -> HashSet<Position> {
        step.current
            .map(|c| self.moves(c).into_iter().map(|(_, to)| to).collect())
            .unwrap_or_default()
    }

    fn is_filled(step: Step, p: &[u64]) -> bool {
        p.iter().all(|&n| n < step.filled)
    }

    fn label(
        &self,
        step: Step,
        options: &HashSet<Position>,
        p: &[u64],
    ) -> String {
        let value = if Self::is_filled(step, p) {
            self.position_value(p).to_string()
        } else {
            "?".to_string()
        };
        let mark = if Self::is_current(step, p) {
            " ★"
        } else if options.contains(p) {
            " ◆"
        } else {
            ""
        };
        let heaps: Vec<String> = p.iter().map(u64::to_string).collect();
        format!("{}\ng={value}{mark}", heaps.join("+"))
    }

    fn is_p(&self, step: Step, p: &[u64]) -> bool {
        Self::is_filled(step, p) && self.position_value(p) == 0
    }

    fn fill(
        &self,
        step: Step,
        options: &HashSet<Position>,
        p: &[u64],
    ) -> &'static str {
        if Self::is_current(step, p) {
            CURRENT_FILL
        } else if options.contains(p) {
            OPTION_FILL
        } else if self.is_p(step, p) {
            P_FILL
        } else {
            "white"
        }
    }

    /// A one-line caption: the set, the heap and what the marks mean.
    pub fn caption(&self, step: Step) -> String {
        let mut text = format!(
            "{}, {} stones: g(n) = mex of the values n can move to; \
             double circle = P-position (g = 0)",
            describe(&self.set),
            self.heap
        );
        if !self.splits.is_empty() {
            text.push_str(
                "; a box = the heaps a move splits into, g = xor of theirs",
            );
        }
        if let Some(c) = step.current {
            let seen: Vec<String> = self
                .moves(c)
                .iter()
                .map(|(_, to)| self.position_value(to).to_string())
                .collect();
            write!(
                text,
                "; ★ g({c}) = mex{{{}}} = {}, ◆ its options",
                seen.join(", "),
                self.value(c)
            )
            .unwrap();
        }
        text
    }

    /// Graphviz DOT: each node shows its stone count and value (`?` not
    /// yet filled in); P-positions are double circles (double boxes for
    /// sums of heaps) filled pink; the position being filled is gold and
    /// its options blue.
    pub fn dot(&self, step: Step) -> String {
        let mut out = String::new();
        writeln!(out, "digraph game {{").unwrap();
        writeln!(out, "  rankdir=LR;").unwrap();
        writeln!(out, "  label=\"{}\";", escape(&self.caption(step))).unwrap();
        writeln!(out, "  labelloc=t;").unwrap();
        writeln!(out, "  node [shape=circle, style=filled, fillcolor=white];")
            .unwrap();
        let options = self.options_of_current(step);
        for p in self.positions() {
            let p_pos = self.is_p(step, &p);
            let shape = match (p.len() > 1, p_pos) {
                (false, false) => "circle",
                (false, true) => "doublecircle",
                (true, false) => "box",
                (true, true) => "box, peripheries=2",
            };
            writeln!(
                out,
                "  {} [label=\"{}\", shape={shape}, fillcolor=\"{}\"];",
                id(&p),
                escape(&self.label(step, &options, &p)),
                self.fill(step, &options, &p)
            )
            .unwrap();
        }
        for n in (0..=self.heap).rev() {
            for (take, to) in self.moves(n) {
                let style = if step.current == Some(n) {
                    format!(", color=\"{OPTION_EDGE}\", penwidth=2")
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "  n{n} -> {} [label=\"-{take}\"{style}];",
                    id(&to)
                )
                .unwrap();
            }
        }
        writeln!(out, "}}").unwrap();
        out
    }

    /// Fails (kind `TooLarge`) when the graph is too big for the layout
    /// crate to lay out in reasonable time ([`MAX_LAYOUT_NODES`]); checks
    /// nothing else, so callers can refuse before drawing anything.
    pub fn check_layout(&self) -> Result<(), Error> {
        self.layout_size().map(|_| ())
    }

    /// The graph laid out left to right by `layout-rs` and drawn as SVG,
    /// with the caption above it. Text uses the generic `sans-serif`
    /// family ([`crate::png`] renders it with the bundled DejaVu Sans).
    ///
    /// Fails as [`GameGraph::check_layout`] does. The crate's reordering of
    /// each column to reduce crossings is skipped on large graphs, where
    /// it would take most of the time (above a work of 60,000, about 2 s).
    pub fn svg(&self, step: Step) -> Result<String, Error> {
        let size = self.layout_size()?;
        let mut graph = self.visual(step);
        let mut writer = SVGWriter::new();
        graph.do_it(
            false,
            size.ordering_work > MAX_ORDERING_WORK,
            false,
            &mut writer,
        );
        Ok(with_caption(&writer.finalize(), &self.caption(step)))
    }

    /// The size of the layout problem: the graph the layout crate lowers
    /// ours to before placing it (before its optional rank optimisation,
    /// which only shortens moves), computed as the crate does (checked
    /// against it in the tests) but in time linear in the moves. The crate puts each node in the column of
    /// its longest path from a source, a move's label being a node of its
    /// own (so a move spans at least two columns), and adds a bend node in
    /// each column a move crosses.
    fn layout_size(&self) -> Result<LayoutSize, Error> {
        let columns = self.layout_columns();
        let size = LayoutSize {
            nodes: columns.iter().sum(),
            ordering_work: columns.windows(2).map(|w| w[0] * w[1]).sum(),
        };
        if size.nodes > MAX_LAYOUT_NODES {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the graph of heap {} is too large to lay out ({} layout \
                     nodes, counting the bends of its moves; at most \
                     {MAX_LAYOUT_NODES}); use a smaller heap, or DOT output \
                     (then Graphviz: dot -Tsvg)",
                    self.heap, size.nodes
                ),
            ));
        }
        Ok(size)
    }

    /// The number of nodes in each column of the crate's layout (see
    /// [`GameGraph::layout_size`]).
    fn layout_columns(&self) -> Vec<usize> {
        let mut column: HashMap<Position, usize> =
            self.positions().into_iter().map(|p| (p, 0)).collect();
        // Heaps from the largest down: a heap's column is final once the
        // larger heaps have moved to it (boxes have no moves).
        let mut moves = Vec::new();
        for n in (0..=self.heap).rev() {
            let from = column[&vec![n]];
            for (_, to) in self.moves(n) {
                let at = column
                    .get_mut(&to)
                    .expect("every move's end is a position");
                *at = (*at).max(from + 2);
                moves.push((from, to));
            }
        }
        let last = column.values().copied().max().unwrap_or(0);
        let mut count = vec![0usize; last + 1];
        for &c in column.values() {
            count[c] += 1;
        }
        // The label and the bends of each move: one node in every column
        // strictly between its ends (a difference array over the columns).
        let mut starts = vec![0isize; last + 2];
        for (from, to) in moves {
            starts[from + 1] += 1;
            starts[column[&to]] -= 1;
        }
        let mut open = 0;
        for (c, n) in count.iter_mut().enumerate() {
            open += starts[c];
            *n += open as usize;
        }
        count
    }

    /// The graph as the layout crate's input: one node per position, one
    /// edge per move, added from the largest heap down so that the crate's
    /// cycle check (a depth-first search from each edge's end) finds no
    /// successors to search.
    fn visual(&self, step: Step) -> VisualGraph {
        let dir = Orientation::LeftToRight;
        let mut graph = VisualGraph::new(dir);
        // The crate re-checks the whole graph for cycles after every edge
        // with a search whose cost grows exponentially with the heap (25 s
        // for S = {1, 2, 3} and 30 stones); the graph is acyclic by
        // construction (every move removes stones or splits a heap into
        // boxes that have no moves drawn).
        graph.dag.set_validate(false);
        let mut handles = std::collections::HashMap::new();
        let options = self.options_of_current(step);
        for p in self.positions() {
            let label = self.label(step, &options, &p);
            let shape = if p.len() > 1 {
                ShapeKind::new_box(&label)
            } else if self.is_p(step, &p) {
                ShapeKind::new_double_circle(&label)
            } else {
                ShapeKind::new_circle(&label)
            };
            let font = 14;
            let size = get_shape_size(dir.flip(), &shape, font, true);
            let look = StyleAttr::new(
                Color::fast("black"),
                if Self::is_current(step, &p) { 3 } else { 1 },
                Some(Color::fast(self.fill(step, &options, &p))),
                0,
                font,
            );
            let handle =
                graph.add_node(Element::create(shape, look, dir.flip(), size));
            handles.insert(p, handle);
        }
        for n in (0..=self.heap).rev() {
            for (take, to) in self.moves(n) {
                let current = step.current == Some(n);
                let look = StyleAttr::new(
                    Color::fast(if current { OPTION_EDGE } else { "black" }),
                    if current { 3 } else { 1 },
                    None,
                    0,
                    12,
                );
                let arrow = Arrow::new(
                    LineEndKind::None,
                    LineEndKind::Arrow,
                    LineStyleKind::Normal,
                    &format!("-{take}"),
                    &look,
                    &None,
                    &None,
                );
                graph.add_edge(arrow, handles[&vec![n]], handles[&to]);
            }
        }
        graph
    }
}

/// The DOT node name of a position: `n7` for a heap, `s2_5` for heaps of
/// 2 and 5.
fn id(p: &[u64]) -> String {
    match p {
        [n] => format!("n{n}"),
        _ => {
            let parts: Vec<String> = p.iter().map(u64::to_string).collect();
            format!("s{}", parts.join("_"))
        }
    }
}

/// The rule set for a caption: `S = {1, 2, 3}` (or `S = {1, 2, 3, ...
/// except 2, 3}`) for subtraction sets, `rules X` for others.
fn describe(rules: &Rules) -> String {
    let list = |items: &[u64]| {
        items.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    };
    match rules.subtraction() {
        Some(Subtraction::Finite(s)) => {
            format!("S = {{{}}}", list(s.elements()))
        }
        Some(Subtraction::AllBut(s)) if s.is_nim() => {
            "S = {1, 2, 3, ...}".to_string()
        }
        Some(Subtraction::AllBut(s)) => {
            format!("S = {{1, 2, 3, ... except {}}}", list(s.excluded()))
        }
        None => format!("rules {rules}"),
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Puts `caption` above the drawing: widens and heightens the canvas and
/// moves the drawing down; swaps the serif font of `layout-rs` for
/// sans-serif.
fn with_caption(svg: &str, caption: &str) -> String {
    const TOP: f64 = 40.0;
    let start = svg.find("<svg ").expect("an svg element");
    let end = start + svg[start..].find('>').expect("a closed tag") + 1;
    let attr = |name: &str| -> f64 {
        let tag = &svg[start..end];
        let at =
            tag.find(&format!("{name}=\"")).expect("a size") + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().expect("a number")
    };
    let (w, h) = (attr("width"), attr("height"));
    // DejaVu Sans averages about 0.55 em per character.
    let width =
        w.max(caption.chars().count() as f64 * 14.0 * 0.56 + 20.0).ceil();
    let height = (h + TOP).ceil();
    let body =
        svg[end..].rsplit_once("</svg>").map_or(&svg[end..], |(b, _)| b);
    let body =
        body.replace("font-family: Times, serif;", "font-family: sans-serif;");
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n\
         <rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"10\" y=\"24\" font-family=\"sans-serif\" font-size=\"14\">{}</text>\n\
         <g transform=\"translate({}, {TOP})\">{body}</g>\n</svg>\n",
        xml_escape(caption),
        ((width - w) / 2.0).floor()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(set: &str, heap: u64) -> GameGraph {
        GameGraph::new(&set.parse().unwrap(), heap).unwrap()
    }

    #[test]
    fn values_of_the_31_game_notes() {
        // Source: muzudho, "31game とは何か" (notes on the 31 game), the
        // table for S = {1,2,3}: 0 1 2 3 0 1 2 3 0.
        let g = graph("1,2,3", 8);
        let values: Vec<u64> = (0..=8).map(|n| g.value(n)).collect();
        assert_eq!(values, [0, 1, 2, 3, 0, 1, 2, 3, 0]);
        assert_eq!(g.moves(2), [(1, vec![1]), (2, vec![0])]);
        assert_eq!(g.steps().len(), 10);
    }

    #[test]
    fn dot_marks_p_positions_and_the_current_step() {
        let g = graph("1,2,3", 4);
        let dot = g.dot(g.complete());
        assert!(dot.contains("n4 [label=\"4\\ng=0\", shape=doublecircle"));
        assert!(dot.contains("n3 [label=\"3\\ng=3\", shape=circle"));
        assert_eq!(dot.matches(" -> ").count(), 3 + 3 + 2 + 1);
        let step = g.steps()[3]; // filling in position 2
        let dot = g.dot(step);
        assert!(dot.contains("n2 [label=\"2\\ng=2 ★\""));
        assert!(dot.contains("n1 [label=\"1\\ng=1 ◆\""));
        assert!(dot.contains("n3 [label=\"3\\ng=?\""));
        assert!(dot.contains("g(2) = mex{1, 0} = 2"));
    }

    #[test]
    fn svg_has_every_node() {
        let g = graph("1,2,3", 8);
        let svg = g.svg(g.complete()).unwrap();
        assert!(svg.starts_with("<?xml"));
        for n in 0..=8 {
            assert!(svg.contains(&format!(">{n}</tspan>")), "node {n}");
        }
        assert!(!svg.contains("Times"));
    }

    #[test]
    fn graphs_too_large_to_lay_out_are_refused() {
        // Nim's graph of 30 stones: 465 moves, most of them long, about
        // 9,500 nodes once laid out.
        let g = graph("all-but:", 30);
        let err = g.svg(g.complete()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
        assert!(err.to_string().contains("too large to lay out"), "{err}");
        assert_eq!(g.check_layout().unwrap_err().kind(), ErrorKind::TooLarge);
        // The largest heap of S = {1, 2, 3} lays out (about 600 nodes).
        let g = graph("1,2,3", MAX_GRAPH_HEAP);
        g.check_layout().unwrap();
        assert!(g.svg(g.complete()).unwrap().contains(">60</tspan>"));
    }

    /// The columns of the crate's own lowering of the graph.
    fn columns_of_the_crate(g: &GameGraph) -> Vec<usize> {
        let mut graph = g.visual(g.complete());
        graph.to_valid_dag();
        graph.split_text_edges();
        graph.split_long_edges(true);
        (0..graph.dag.num_levels()).map(|c| graph.dag.row(c).len()).collect()
    }

    #[test]
    fn layout_size_is_the_crates_lowering() {
        let sets = [
            "1,2,3",
            "2,5,7",
            "7,99999",
            "all-but:",
            "all-but:2,3,6,8",
            "1-10",
            "0.07",
            "0.77",
            "4.7",
            "0.137",
            "grundy",
            "0.F",
            "C.F",
            "4.FF",
        ];
        for set in sets {
            for heap in [0, 1, 2, 5, 9, 14, 30] {
                let g = graph(set, heap);
                let want = columns_of_the_crate(&g);
                assert_eq!(g.layout_columns(), want, "{set} at {heap}");
            }
        }
    }

    #[test]
    fn splitting_moves_reach_sums_of_heaps() {
        // Dawson's Kayles, 0.07 (Winning Ways ch. 4): g = 0, 0, 1, 1, 2,
        // 0, 3; heap 6 moves to 4, to 1 + 3 and to 2 + 2, so g(6) =
        // mex{2, 1, 0} = 3.
        let g = graph("0.07", 6);
        assert_eq!(
            g.moves(6),
            [(2, vec![4]), (2, vec![1, 3]), (2, vec![2, 2])]
        );
        assert_eq!(g.value(6), 3);
        let dot = g.dot(g.complete());
        assert!(dot.contains("n6 -> s1_3 [label=\"-2\"]"), "{dot}");
        assert!(dot.contains("s1_3 [label=\"1+3\\ng=1\", shape=box,"));
        assert!(
            dot.contains(
                "s2_2 [label=\"2+2\\ng=0\", shape=box, peripheries=2"
            )
        );
        let step = g.steps()[7]; // filling in position 6
        assert!(g.caption(step).contains("g(6) = mex{2, 1, 0} = 3"));
        let svg = g.svg(g.complete()).unwrap();
        assert!(svg.contains(">1+3</tspan>"), "{svg}");
        // Every node an edge names is drawn.
        let nodes: Vec<&str> = dot
            .lines()
            .filter(|l| l.contains("[label=") && !l.contains(" -> "))
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        for line in dot.lines().filter(|l| l.contains(" -> ")) {
            let to = line.split(" -> ").nth(1).unwrap();
            let to = to.split_whitespace().next().unwrap();
            assert!(nodes.contains(&to), "{to}");
        }
    }

    #[test]
    fn too_large() {
        let err = GameGraph::new(&"1,2".parse().unwrap(), 1000).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
    }
}
