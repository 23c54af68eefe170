//! The library's modules import each other in one direction only.
//!
//! The same check as `cargo modules dependencies --lib --acyclic`
//! (crate `cargo-modules`), without installing it: every `crate::` and
//! `super::` path in `src/` (code, not comments) is an edge from the file
//! that names it to the module it names, and the graph of files must have
//! no cycle. Paths through the crate root's re-exports (`crate::Rules`)
//! would hide edges, so inside the crate only full module paths are
//! allowed. A second test keeps the layers in the order `docs/DESIGN.md`
//! gives.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may import from its own layer and
/// the layers below it only (and siblings within its own folder).
const LAYERS: &[&[&str]] = &[
    &["budget", "game", "nimber", "survey"],
    &["error"],
    &["play"],
    &["set", "notation", "code"],
    &["engine"],
    &["period"],
    &["rules"],
    &["query"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a file: `src/period/window.rs` -> `period::window`,
/// `src/period/mod.rs` -> `period`, `src/lib.rs` -> ``.
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments, string literals and its test
/// module (`#[cfg(test)] mod tests` at the bottom).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    let mut out = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        // Drop string literals: messages may quote paths.
        let mut in_string = false;
        let mut prev = ' ';
        for c in line.chars() {
            if c == '"' && prev != '\\' {
                in_string = !in_string;
            } else if !in_string {
                out.push(c);
            }
            prev = c;
        }
        out.push('\n');
    }
    out
}

/// The modules a file's code names, as paths from the crate root. `use`
/// groups (`use crate::a::{b, c::d}`) name each member.
fn imports(module: &[String], code: &str) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    let bytes: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < bytes.len() {
        let starts = |word: &str| {
            code_at(&bytes, i).starts_with(word)
                && (i == 0 || !is_ident(bytes[i - 1]))
        };
        let base: Option<(Vec<String>, usize)> = if starts("crate::") {
            Some((Vec::new(), "crate::".len()))
        } else if starts("$crate::") {
            Some((Vec::new(), "$crate::".len()))
        } else if starts("super::") {
            // A file's parent module: `period::window` -> `period`; in a
            // `mod.rs` (module `period`) super is the crate root.
            let mut parent = module.to_vec();
            parent.pop();
            Some((parent, "super::".len()))
        } else {
            None
        };
        let Some((mut path, skip)) = base else {
            i += 1;
            continue;
        };
        i += skip;
        // More `super::`s.
        while code_at(&bytes, i).starts_with("super::") {
            path.pop();
            i += "super::".len();
        }
        collect(&bytes, &mut i, path, &mut out);
    }
    out
}

fn code_at(bytes: &[char], i: usize) -> String {
    bytes[i..bytes.len().min(i + 10)].iter().collect()
}

/// Reads a path (or a `{...}` group of paths) at `i` below `path`.
fn collect(
    bytes: &[char],
    i: &mut usize,
    mut path: Vec<String>,
    out: &mut BTreeSet<Vec<String>>,
) {
    loop {
        while *i < bytes.len() && bytes[*i].is_whitespace() {
            *i += 1;
        }
        if *i < bytes.len() && bytes[*i] == '{' {
            *i += 1;
            loop {
                collect(bytes, i, path.clone(), out);
                while *i < bytes.len() && bytes[*i].is_whitespace() {
                    *i += 1;
                }
                match bytes.get(*i) {
                    Some(',') => *i += 1,
                    Some('}') => {
                        *i += 1;
                        return;
                    }
                    _ => return,
                }
                while *i < bytes.len() && bytes[*i].is_whitespace() {
                    *i += 1;
                }
                if bytes.get(*i) == Some(&'}') {
                    *i += 1;
                    return;
                }
            }
        }
        let start = *i;
        while *i < bytes.len()
            && (bytes[*i].is_alphanumeric() || bytes[*i] == '_')
        {
            *i += 1;
        }
        let word: String = bytes[start..*i].iter().collect();
        if word.is_empty() {
            out.insert(path);
            return;
        }
        path.push(word);
        if bytes.get(*i) == Some(&':') && bytes.get(*i + 1) == Some(&':') {
            *i += 2;
        } else {
            out.insert(path);
            return;
        }
    }
}

/// Every file as a module and the modules (files) it imports from.
fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut all = Vec::new();
    files(&src(), &mut all);
    let modules: BTreeSet<Vec<String>> =
        all.iter().map(|f| module_of(f)).collect();
    let mut graph = BTreeMap::new();
    for file in &all {
        let module = module_of(file);
        let text = std::fs::read_to_string(file).unwrap();
        let targets = imports(&module, &code(&text))
            .into_iter()
            .filter_map(|path| {
                // The longest prefix that is a module file.
                (0..=path.len())
                    .rev()
                    .map(|n| path[..n].to_vec())
                    .find(|p| modules.contains(p))
            })
            .filter(|target| *target != module)
            .collect();
        graph.insert(module, targets);
    }
    graph
}

fn name(module: &[String]) -> String {
    if module.is_empty() { "crate".into() } else { module.join("::") }
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let graph = graph();
    // Depth-first search for a cycle, reporting it.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark: BTreeMap<&Vec<String>, Mark> =
        graph.keys().map(|k| (k, Mark::New)).collect();
    fn visit<'a>(
        node: &'a Vec<String>,
        graph: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        mark: &mut BTreeMap<&'a Vec<String>, Mark>,
        path: &mut Vec<&'a Vec<String>>,
    ) {
        mark.insert(node, Mark::Open);
        path.push(node);
        for next in &graph[node] {
            match mark[next] {
                Mark::Open => {
                    let from = path.iter().position(|p| *p == next).unwrap();
                    let cycle: Vec<String> =
                        path[from..].iter().map(|m| name(m)).collect();
                    panic!(
                        "import cycle: {} -> {}",
                        cycle.join(" -> "),
                        name(next)
                    );
                }
                Mark::New => visit(next, graph, mark, path),
                Mark::Done => {}
            }
        }
        path.pop();
        mark.insert(node, Mark::Done);
    }
    for node in graph.keys() {
        if mark[node] == Mark::New {
            visit(node, &graph, &mut mark, &mut Vec::new());
        }
    }
}

#[test]
fn layers_import_downwards() {
    let layer = |module: &[String]| {
        let top = module.first().map(String::as_str).unwrap_or("");
        LAYERS.iter().position(|l| l.contains(&top))
    };
    let mut wrong = Vec::new();
    for (module, targets) in graph() {
        if module.is_empty() {
            continue; // lib.rs re-exports everything
        }
        let here = layer(&module)
            .unwrap_or_else(|| panic!("{} has no layer", name(&module)));
        for target in targets {
            assert!(
                !target.is_empty(),
                "{} imports the crate root",
                name(&module)
            );
            let there = layer(&target).unwrap();
            if there > here {
                wrong.push(format!("{} -> {}", name(&module), name(&target)));
            }
        }
    }
    assert!(wrong.is_empty(), "imports from a higher layer: {wrong:?}");
}

#[test]
fn the_check_sees_paths() {
    let module = vec!["period".to_string(), "choice".to_string()];
    let code = "use crate::engine::{Engine, with_source};\n\
                use super::found::{Certificate, Period};\n\
                let x = crate::play::Play::Normal;";
    let got = imports(&module, code);
    let has = |p: &[&str]| {
        got.contains(&p.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    };
    assert!(has(&["engine", "Engine"]) && has(&["engine", "with_source"]));
    assert!(has(&["period", "found", "Certificate"]));
    assert!(has(&["play", "Play", "Normal"]));
}
