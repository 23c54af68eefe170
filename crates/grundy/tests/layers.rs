//! The library's modules import each other in one direction only.
//!
//! Every file of `src/` is parsed with `syn`, and every path its code
//! names is an edge from that file to the file of the module the path
//! resolves to: each leaf of every `use` tree (groups, renames, globs,
//! `self` in a group), every path in an expression, a type, a pattern or
//! an attribute (`crate::engine::x::f()`), and every `a::b` sequence in a
//! macro's tokens (`matches!(x, crate::play::Play::Normal)`,
//! `$crate::engine::...` in `macro_rules!`). Comments and literals are
//! tokens of their own, never paths. Paths are resolved as the compiler
//! does for the forms the crate uses: `crate::`, `$crate::`, `super::`
//! (from the module the path is written in, inline modules included),
//! `self::`, a child module's name (`mod window; use window::find;`), a
//! name a `use` brought in (`use crate::engine as e; e::octal::f()`) and
//! a name a glob brought in (`use super::*;` in a test module). Other
//! first segments are extern crates, items or local names, which are not
//! modules of this crate. Re-exports are followed to the file that
//! defines the item (`crate::values` is an edge to `query::values`,
//! `super::Work` in `engine/octal/` to `engine::octal::work`), so a path
//! through a `mod.rs` or the crate root hides no edge; the last segment
//! of a path that is not a `use` is a value or a type, never a module
//! (`crate::period(..)` is the function).
//!
//! The nodes are the files and the `#[cfg(test)]` modules (a test module
//! is a node of its own: only tests import it, so it cannot close a
//! cycle with the code it tests). Two rules hold on that graph:
//!
//! * no cycle, counting every file (`mod.rs` included) as a node: this
//!   orders the files inside one folder, and a parent and its children,
//!   as it orders the folders (the check `cargo modules dependencies --lib
//!   --acyclic` makes, without installing `cargo-modules`);
//! * layers: a node imports only from its own top-level module's layer
//!   and the layers below it (test modules included). The layers are read
//!   from the one place they are written, the diagram under "## Layers"
//!   in `docs/DESIGN.md` (highest first); every top-level module must be
//!   in exactly one layer, and every name there must be a module. The
//!   crate root (`lib.rs`) declares and re-exports everything and is
//!   exempt; an item defined in it may not be imported.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::buffer::{Cursor, TokenBuffer};
use syn::visit::{self, Visit};

/// A module path from the crate root: `["period", "window"]`.
type Module = Vec<String>;

fn name(module: &[String]) -> String {
    if module.is_empty() { "crate".into() } else { module.join("::") }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn design() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/DESIGN.md")
}

/// The module path of a file: `src/period/window.rs` -> `period::window`,
/// `src/period/mod.rs` -> `period`, `src/lib.rs` -> ``.
fn module_of(file: &Path) -> Module {
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

/// The crate's files, parsed, by module.
fn sources() -> BTreeMap<Module, syn::File> {
    let mut all = Vec::new();
    files(&src(), &mut all);
    all.iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            let parsed = syn::parse_file(&text).unwrap_or_else(|e| {
                panic!("{}: {e}", file.display());
            });
            (module_of(file), parsed)
        })
        .collect()
}

/// One import: the file that writes a path, the file of the module the
/// path resolves to, and the path as written.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    from: Module,
    to: Module,
    written: String,
}

/// What a module's `use` items bring into scope.
#[derive(Default, Debug)]
struct Scope {
    /// A name and the full path it stands for.
    names: BTreeMap<String, Module>,
    /// Modules whose names a glob brings in.
    globs: BTreeSet<Module>,
    /// The names of the items it defines (functions, types, ...).
    items: BTreeSet<String>,
}

/// The crate as the resolver sees it.
struct Crate {
    /// The nodes of the graph: modules that are files, and test modules
    /// (`#[cfg(test)] mod tests { ... }`), each a node of its own.
    nodes: BTreeSet<Module>,
    /// Every module: files and inline `mod x { ... }`.
    modules: BTreeSet<Module>,
    /// What `use` brings into each module's scope.
    scopes: BTreeMap<Module, Scope>,
}

impl Crate {
    /// The full path `segments` stands for when written in `scope`, when
    /// it names something of this crate.
    fn resolve(
        &self,
        scope: &[String],
        segments: &[String],
    ) -> Option<Module> {
        let first = segments.first()?.as_str();
        let join = |mut base: Module, rest: &[String]| {
            base.extend_from_slice(rest);
            base
        };
        match first {
            "crate" | "$crate" => Some(segments[1..].to_vec()),
            "super" => {
                let mut base = scope.to_vec();
                let mut i = 0;
                while segments.get(i).is_some_and(|s| s == "super") {
                    base.pop()?;
                    i += 1;
                }
                Some(join(base, &segments[i..]))
            }
            "self" => self.resolve_in(scope, &segments[1..]).or_else(|| {
                // `self::item` of the module itself.
                Some(join(scope.to_vec(), &segments[1..]))
            }),
            _ => self.resolve_in(scope, segments).or_else(|| {
                // A name a glob brought in, unless an item here hides it.
                let scope = self.scopes.get(scope)?;
                if scope.items.contains(first) {
                    return None;
                }
                scope
                    .globs
                    .iter()
                    .find_map(|glob| self.resolve_in(glob, segments))
            }),
        }
    }

    /// `segments` whose first is a name of `scope`: a child module or a
    /// name a `use` brought in.
    fn resolve_in(
        &self,
        scope: &[String],
        segments: &[String],
    ) -> Option<Module> {
        let first = segments.first()?;
        let mut child = scope.to_vec();
        child.push(first.clone());
        let base = if self.modules.contains(&child) {
            child
        } else {
            self.scopes.get(scope)?.names.get(first)?.clone()
        };
        let mut path = base;
        path.extend_from_slice(&segments[1..]);
        Some(path)
    }

    /// What `name`, not a child module, stands for in `module`: a name a
    /// `use` brought in (a re-export), or a name of a module a glob
    /// brought in; `None` for an item defined there (or unknown).
    fn alias(&self, module: &[String], name: &str) -> Option<Module> {
        let scope = self.scopes.get(module)?;
        if let Some(full) = scope.names.get(name) {
            return Some(full.clone());
        }
        if scope.items.contains(name) {
            return None;
        }
        scope.globs.iter().find_map(|glob| {
            let mut path = glob.clone();
            path.push(name.to_string());
            let known = self.modules.contains(&path)
                || self.scopes.get(glob).is_some_and(|s| {
                    s.names.contains_key(name) || s.items.contains(name)
                });
            known.then_some(path)
        })
    }

    /// A full path with every re-export on the way followed to where the
    /// item is defined: `crate::values` -> `query::values::values`,
    /// `engine::octal::SparseEngine` -> `engine::octal::sparse::...`. The
    /// last segment of a path that is not a `use` names a value or a
    /// type, never a module (`crate::period(..)` is the function).
    fn canonical(&self, mut path: Module, item: bool) -> Module {
        // Re-exports chain a few times at most; the bound stops a loop.
        'follow: for _ in 0..16 {
            for i in 0..path.len() {
                let mut child = path[..i].to_vec();
                child.push(path[i].clone());
                let module = self.modules.contains(&child);
                let last = i + 1 == path.len();
                if module && !(last && item) {
                    continue;
                }
                if let Some(mut full) = self.alias(&path[..i], &path[i]) {
                    full.extend_from_slice(&path[i + 1..]);
                    if full != path {
                        path = full;
                        continue 'follow;
                    }
                }
                break 'follow;
            }
            break;
        }
        path
    }

    /// The node a full path lies in: its longest prefix that is a file
    /// or a test module.
    fn node_of(&self, path: &[String]) -> Module {
        (0..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|p| self.nodes.contains(p))
            .unwrap_or_default()
    }
}

/// Walks the module tree of one file, keeping the module the code is in.
trait InModule {
    fn scope(&mut self) -> &mut Module;
}

/// Every inline module of a file, and which of them are test modules.
struct Inline {
    scope: Module,
    found: Vec<Module>,
    tests: Vec<Module>,
}

/// `#[cfg(test)]`, or `#[cfg(all(test, ...))]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let Ok(list) = a.meta.require_list() else { return false };
        let cfg = list.tokens.to_string();
        let words = || cfg.split(|c: char| !c.is_alphanumeric() && c != '_');
        a.path().is_ident("cfg")
            && (cfg == "test"
                || cfg.starts_with("all")
                    && words().any(|w| w == "test")
                    && !words().any(|w| w == "not" || w == "any"))
    })
}

impl InModule for Inline {
    fn scope(&mut self) -> &mut Module {
        &mut self.scope
    }
}

impl<'ast> Visit<'ast> for Inline {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            let mut module = self.scope.clone();
            module.push(item.ident.to_string());
            // The outermost test module is the node (`tests` in
            // `mod tests { mod deeper { .. } }`).
            let inside = self.tests.iter().any(|t| module.starts_with(t));
            if is_test(&item.attrs) && !inside {
                self.tests.push(module.clone());
            }
            self.found.push(module);
        }
        enter(self, item, |v, i| visit::visit_item_mod(v, i));
    }
}

/// Runs `f` on an item module with the scope one level down.
fn enter<V: InModule>(
    v: &mut V,
    item: &syn::ItemMod,
    f: impl FnOnce(&mut V, &syn::ItemMod),
) {
    v.scope().push(item.ident.to_string());
    f(v, item);
    v.scope().pop();
}

/// The leaves of a `use` tree: the path written to each (with `self` in a
/// group dropped), and the name it brings in (`None` for a glob or `_`).
fn leaves(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            leaves(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident == "self" => {
            let name = prefix.last().cloned();
            out.push((prefix.clone(), name));
        }
        syn::UseTree::Name(n) => {
            let mut path = prefix.clone();
            path.push(n.ident.to_string());
            out.push((path, Some(n.ident.to_string())));
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            let name = (r.rename != "_").then(|| r.rename.to_string());
            out.push((path, name));
        }
        syn::UseTree::Glob(_) => {
            let mut path = prefix.clone();
            path.push("*".into());
            out.push((path, None));
        }
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                leaves(tree, prefix, out);
            }
        }
    }
}

/// Fills every module's [`Scope`] from its `use` items (those in function
/// bodies count for the module: a harmless over-approximation).
struct Uses<'c> {
    krate: &'c Crate,
    scope: Module,
    found: BTreeMap<Module, Scope>,
}

impl InModule for Uses<'_> {
    fn scope(&mut self) -> &mut Module {
        &mut self.scope
    }
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        enter(self, item, |v, i| visit::visit_item_mod(v, i));
    }

    fn visit_item(&mut self, item: &'ast syn::Item) {
        let ident = match item {
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Enum(i) => Some(&i.ident),
            syn::Item::Fn(i) => Some(&i.sig.ident),
            syn::Item::Macro(i) => i.ident.as_ref(),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Struct(i) => Some(&i.ident),
            syn::Item::Trait(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            syn::Item::Union(i) => Some(&i.ident),
            _ => None,
        };
        if let Some(ident) = ident {
            let scope = self.found.entry(self.scope.clone()).or_default();
            scope.items.insert(ident.to_string());
        }
        visit::visit_item(self, item);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if item.leading_colon.is_some() {
            return;
        }
        let mut out = Vec::new();
        leaves(&item.tree, &mut Vec::new(), &mut out);
        for (path, local) in out {
            let glob = path.last().is_some_and(|s| s == "*");
            let written =
                if glob { &path[..path.len() - 1] } else { &path[..] };
            let Some(full) = self.krate.resolve(&self.scope, written) else {
                continue;
            };
            let scope = self.found.entry(self.scope.clone()).or_default();
            match local {
                _ if glob => {
                    scope.globs.insert(full);
                }
                Some(local) => {
                    scope.names.insert(local, full);
                }
                None => {}
            }
        }
    }
}

/// Every path a file writes, resolved: the edges out of the file and out
/// of its test modules.
struct Paths<'c> {
    krate: &'c Crate,
    /// The node the code is in: the file, or a test module of it.
    node: Module,
    scope: Module,
    edges: Vec<Edge>,
}

impl InModule for Paths<'_> {
    fn scope(&mut self) -> &mut Module {
        &mut self.scope
    }
}

impl Paths<'_> {
    /// An edge for a path written here; `item` when the path names a
    /// value or a type (not a `use`, which may name a module).
    fn add(&mut self, written: &[String], item: bool) {
        let Some(full) = self.krate.resolve(&self.scope, written) else {
            return;
        };
        let to = self.krate.node_of(&self.krate.canonical(full, item));
        if to != self.node {
            self.edges.push(Edge {
                from: self.node.clone(),
                to,
                written: written.join("::"),
            });
        }
    }

    /// Every `a::b::c` in a macro's tokens, groups included.
    fn tokens(&mut self, mut cursor: Cursor) {
        while !cursor.eof() {
            if let Some((ident, mut next)) = cursor.ident() {
                let mut path = vec![ident.to_string()];
                // `::` is two `:` puncts.
                while let Some((a, after_a)) = next.punct() {
                    let Some((b, after_b)) = after_a.punct() else { break };
                    if a.as_char() != ':' || b.as_char() != ':' {
                        break;
                    }
                    let Some((ident, after)) = after_b.ident() else { break };
                    path.push(ident.to_string());
                    next = after;
                }
                if path.len() > 1 {
                    self.add(&path, true);
                }
                cursor = next;
            } else if let Some((inside, _, _, after)) = cursor.any_group() {
                self.tokens(inside);
                cursor = after;
            } else if let Some((_, after)) = cursor.token_tree() {
                cursor = after;
            } else {
                break;
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let mut module = self.scope.clone();
        module.push(item.ident.to_string());
        let test =
            item.content.is_some() && self.krate.nodes.contains(&module);
        let node = if test {
            std::mem::replace(&mut self.node, module)
        } else {
            self.node.clone()
        };
        enter(self, item, |v, i| visit::visit_item_mod(v, i));
        self.node = node;
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if item.leading_colon.is_some() {
            return;
        }
        let mut out = Vec::new();
        leaves(&item.tree, &mut Vec::new(), &mut out);
        for (mut path, _) in out {
            if path.last().is_some_and(|s| s == "*") {
                path.pop();
            }
            self.add(&path, false);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        // A lone name (`x`, `window`) is a value, a type or an item here,
        // never a module: a module is only ever named on the way to
        // something in it, or by `use`.
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            let written: Vec<String> =
                path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.add(&written, true);
        }
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let buffer = TokenBuffer::new2(mac.tokens.clone());
        self.tokens(buffer.begin());
        visit::visit_macro(self, mac);
    }
}

/// The edges out of every file of a crate made of `sources`.
fn edges_of(sources: &BTreeMap<Module, syn::File>) -> Vec<Edge> {
    let mut nodes: BTreeSet<Module> = sources.keys().cloned().collect();
    let mut modules = nodes.clone();
    for (module, file) in sources {
        let mut inline = Inline {
            scope: module.clone(),
            found: Vec::new(),
            tests: Vec::new(),
        };
        inline.visit_file(file);
        modules.extend(inline.found);
        nodes.extend(inline.tests);
    }
    let mut krate = Crate { nodes, modules, scopes: BTreeMap::new() };
    // Twice, so that a `use` may go through a name another `use` brought.
    for _ in 0..2 {
        let mut scopes = BTreeMap::new();
        for (module, file) in sources {
            let mut uses =
                Uses { krate: &krate, scope: module.clone(), found: scopes };
            uses.visit_file(file);
            scopes = uses.found;
        }
        krate.scopes = scopes;
    }
    let mut edges = Vec::new();
    for (module, file) in sources {
        let mut paths = Paths {
            krate: &krate,
            node: module.clone(),
            scope: module.clone(),
            edges: Vec::new(),
        };
        paths.visit_file(file);
        edges.extend(paths.edges);
    }
    edges.sort();
    edges.dedup();
    edges
}

/// The layers, highest first, from the diagram under "## Layers" in
/// `docs/DESIGN.md`: each line of its code block that starts at column 0
/// is one layer, its modules listed before the first run of two spaces
/// (`set, notation, code/   validated sets ...`).
fn layers_in(design: &str) -> Vec<Vec<String>> {
    let section = design
        .split("\n## ")
        .find(|s| s.starts_with("Layers\n"))
        .expect("docs/DESIGN.md has a section \"## Layers\"");
    let block = section
        .split("```")
        .nth(1)
        .expect("the Layers section has a code block");
    block
        .lines()
        .filter(|line| line.chars().next().is_some_and(|c| c.is_alphabetic()))
        .map(|line| {
            let names = line.split("  ").next().unwrap();
            names
                .split(',')
                .map(|n| n.trim().trim_end_matches('/').to_string())
                .collect()
        })
        .collect()
}

fn layers() -> Vec<Vec<String>> {
    let design = std::fs::read_to_string(design()).unwrap();
    let mut layers = layers_in(&design);
    layers.reverse(); // lowest first
    layers
}

/// An edge that breaks the layers (a message), if it does.
fn wrong_layer(layers: &[Vec<String>], edge: &Edge) -> Option<String> {
    if edge.from.is_empty() {
        return None; // lib.rs declares and re-exports everything
    }
    let layer = |module: &Module| {
        let top = module.first()?;
        layers.iter().position(|l| l.contains(top))
    };
    let what = format!(
        "{} -> {} (`{}`)",
        name(&edge.from),
        name(&edge.to),
        edge.written
    );
    if edge.to.is_empty() {
        return Some(format!("{what}: an item of the crate root"));
    }
    let here = layer(&edge.from)?;
    let there = layer(&edge.to)?;
    (there > here).then(|| format!("{what}: from a higher layer"))
}

/// A cycle in the graph of files, if there is one.
fn cycle(edges: &[Edge], nodes: &BTreeSet<Module>) -> Option<Vec<String>> {
    let mut graph: BTreeMap<&Module, BTreeSet<&Module>> =
        nodes.iter().map(|n| (n, BTreeSet::new())).collect();
    for edge in edges {
        graph.entry(&edge.from).or_default().insert(&edge.to);
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit<'a>(
        node: &'a Module,
        graph: &BTreeMap<&'a Module, BTreeSet<&'a Module>>,
        mark: &mut BTreeMap<&'a Module, Mark>,
        path: &mut Vec<&'a Module>,
    ) -> Option<Vec<String>> {
        mark.insert(node, Mark::Open);
        path.push(node);
        for &next in graph.get(node).into_iter().flatten() {
            match mark.get(next) {
                Some(Mark::Open) => {
                    let from = path.iter().position(|p| *p == next).unwrap();
                    let mut cycle: Vec<String> =
                        path[from..].iter().map(|m| name(m)).collect();
                    cycle.push(name(next));
                    return Some(cycle);
                }
                None => {
                    if let Some(cycle) = visit(next, graph, mark, path) {
                        return Some(cycle);
                    }
                }
                Some(Mark::Done) => {}
            }
        }
        path.pop();
        mark.insert(node, Mark::Done);
        None
    }
    let mut mark = BTreeMap::new();
    for node in graph.keys() {
        if !mark.contains_key(node)
            && let Some(cycle) =
                visit(node, &graph, &mut mark, &mut Vec::new())
        {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let sources = sources();
    let edges = edges_of(&sources);
    let nodes = sources.keys().cloned().collect();
    if let Some(cycle) = cycle(&edges, &nodes) {
        let through: Vec<String> = cycle
            .windows(2)
            .map(|w| {
                let e = edges
                    .iter()
                    .find(|e| name(&e.from) == w[0] && name(&e.to) == w[1])
                    .unwrap();
                format!("{} -> {} (`{}`)", w[0], w[1], e.written)
            })
            .collect();
        panic!("import cycle:\n  {}", through.join("\n  "));
    }
}

/// Imports against the layers that are known and still to be moved
/// (`from` node, `to` node, why): the test fails when one is no longer
/// needed, so this list only shrinks.
const EXCEPTIONS: &[(&str, &str, &str)] = &[];

#[test]
fn layers_import_downwards() {
    let layers = layers();
    let edges = edges_of(&sources());
    let excepted = |e: &Edge| {
        EXCEPTIONS
            .iter()
            .any(|&(from, to, _)| name(&e.from) == from && name(&e.to) == to)
    };
    let wrong: Vec<String> = edges
        .iter()
        .filter(|e| !excepted(e))
        .filter_map(|e| wrong_layer(&layers, e))
        .collect();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n  {}",
        wrong.join("\n  ")
    );
    for &(from, to, why) in EXCEPTIONS {
        let still = edges.iter().any(|e| {
            name(&e.from) == from
                && name(&e.to) == to
                && wrong_layer(&layers, e).is_some()
        });
        assert!(
            still,
            "{from} -> {to} ({why}) is gone: remove it from EXCEPTIONS"
        );
    }
}

#[test]
fn every_top_level_module_has_one_layer() {
    let layers = layers();
    let tops: BTreeSet<String> =
        sources().keys().filter_map(|m| m.first().cloned()).collect();
    let listed: Vec<&String> = layers.iter().flatten().collect();
    for top in &tops {
        let n = listed.iter().filter(|l| **l == top).count();
        assert_eq!(n, 1, "`{top}` is in {n} layers of docs/DESIGN.md");
    }
    for l in listed {
        assert!(tops.contains(l), "docs/DESIGN.md's layer `{l}` is no module");
    }
}

#[test]
fn lib_rs_points_to_the_one_list() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    assert!(
        lib.contains("docs/DESIGN.md") && lib.contains("tests/layers.rs"),
        "lib.rs's `# Layers` names where the layers are written and checked"
    );
}

// The checker itself, on small crates with every form it must see.

/// The edges of a crate made of the real modules' names (empty files)
/// and the given files.
fn edges_with(files: &[(&str, &str)]) -> Vec<Edge> {
    let mut sources: BTreeMap<Module, syn::File> = sources()
        .into_keys()
        .map(|m| (m, syn::parse_file("").unwrap()))
        .collect();
    for (module, text) in files {
        let module: Module = if module.is_empty() {
            Vec::new()
        } else {
            module.split("::").map(String::from).collect()
        };
        sources.insert(module, syn::parse_file(text).unwrap());
    }
    edges_of(&sources)
}

/// The `from -> to` pairs of the edges out of `from`.
fn targets(edges: &[Edge], from: &str) -> BTreeSet<String> {
    edges
        .iter()
        .filter(|e| name(&e.from) == from)
        .map(|e| name(&e.to))
        .collect()
}

fn flagged(files: &[(&str, &str)]) -> Vec<String> {
    let layers = layers();
    edges_with(files).iter().filter_map(|e| wrong_layer(&layers, e)).collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_check_sees_groups_renames_and_globs() {
    let edges = edges_with(&[(
        "engine::naive",
        "use crate::{period::found as f, query::*, rules::{self}};\n\
         use super::{super::play::Play, block::BlockEngine};",
    )]);
    assert_eq!(
        targets(&edges, "engine::naive"),
        set(&["period::found", "query", "rules", "play", "engine::block"])
    );
    assert_eq!(
        flagged(&[(
            "engine::naive",
            "use crate::{set::FiniteSet, period::found as f};"
        )])
        .len(),
        1
    );
    assert_eq!(
        flagged(&[("engine::naive", "use crate::{query::*};")]).len(),
        1
    );
}

#[test]
fn the_check_sees_through_literals_on_the_same_line() {
    // A char literal holding a quote, a URL (`//`) and a quoted path
    // before the import on the same line.
    let got = flagged(&[(
        "engine::naive",
        "fn f() { let q = '\"'; use crate::query::X; }\n\
         fn g() { let u = \"https://example.org\"; use crate::rules::Y; }\n\
         fn h() { let s = \"crate::period::nothing\"; }",
    )]);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got.iter().all(|m| !m.contains("period")), "{got:?}");
}

#[test]
fn the_check_sees_test_modules_and_nested_modules() {
    let got = flagged(&[(
        "engine::naive",
        "fn f() {}\n\
         #[cfg(test)]\n\
         mod tests {\n\
             use super::*;\n\
             mod deeper { use crate::query::X; }\n\
             #[test] fn t() { crate::rules::Rules::nim(); }\n\
         }",
    )]);
    assert_eq!(got.len(), 2, "{got:?}");
    // `super` in a nested module is the module around it.
    let edges = edges_with(&[(
        "engine::naive",
        "mod a { mod b { use super::super::super::block::X; } }",
    )]);
    assert_eq!(targets(&edges, "engine::naive"), set(&["engine::block"]));
}

#[test]
fn the_check_sees_paths_in_code_and_macros() {
    let edges = edges_with(&[(
        "engine::naive",
        "fn f(x: Vec<crate::set::FiniteSet>) -> crate::play::Play {\n\
             let _ = crate::error::Error::new();\n\
             assert!(matches!(y, crate::period::found::Certificate::Window));\n\
             match z { crate::nimber::Nimber { .. } => {} }\n\
         }\n\
         macro_rules! m { () => { $crate::query::heap::f() } }",
    )]);
    assert_eq!(
        targets(&edges, "engine::naive"),
        set(&[
            "set",
            "play",
            "error",
            "period::found",
            "nimber",
            "query::heap"
        ])
    );
}

#[test]
fn the_check_sees_parent_to_child_and_aliases() {
    let edges = edges_with(&[(
        "period",
        "mod window;\n\
         pub use window::find;\n\
         pub use self::found::Period;\n\
         use crate::engine as e;\n\
         fn f() { e::octal::pipeline::run(); }\n\
         #[cfg(test)] mod tests { use super::*; fn g() { small::h(); } }",
    )]);
    assert_eq!(
        targets(&edges, "period"),
        set(&[
            "period::window",
            "period::found",
            "engine",
            "engine::octal::pipeline",
        ])
    );
    // A test module is a node of its own, its names from the glob.
    assert_eq!(
        targets(&edges, "period::tests"),
        set(&["period", "period::small"])
    );
    // A child that imports its parent back is a cycle.
    let edges = edges_with(&[
        ("period", "pub use window::find;"),
        ("period::window", "use super::Options;"),
    ]);
    let nodes = sources().into_keys().collect();
    assert!(cycle(&edges, &nodes).is_some());
}

#[test]
fn the_check_follows_re_exports_and_flags_the_crate_root() {
    // The crate root re-exports `Rules` (from a higher layer) and
    // defines `helper`; `rules` re-exports its child's `Goal`.
    let root = "pub use rules::Rules;\n\
                pub use query::values::values;\n\
                pub fn helper() {}";
    let rules = "mod octal; pub use octal::Goal;";
    let edges = edges_with(&[
        ("", root),
        ("rules", rules),
        (
            "engine::naive",
            "use crate::Rules; use super::super::helper;\n\
             fn f() { crate::values(); crate::rules::Goal::new(); }",
        ),
    ]);
    assert_eq!(
        targets(&edges, "engine::naive"),
        set(&["rules", "query::values", "crate", "rules::octal"])
    );
    let layers = layers();
    let got: Vec<String> =
        edges.iter().filter_map(|e| wrong_layer(&layers, e)).collect();
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got.iter().any(|m| m.contains("item of the crate root")));
}

#[test]
fn the_check_sees_no_extern_paths() {
    let edges = edges_with(&[(
        "engine::naive",
        "use std::collections::BTreeMap; use ::core::mem; use hashbrown::HashMap;\n\
         fn f() { Self::g(); Vec::<u8>::new(); period::x(); }",
    )]);
    assert!(targets(&edges, "engine::naive").is_empty(), "{edges:?}");
}

#[test]
fn the_layers_diagram_is_read() {
    let design = "# D\n\n## Layers\n\ntext\n\n```\nhigh/     a\n  │  b\nmid, other/   c\nlow\n```\n\n## Next\n";
    assert_eq!(
        layers_in(design),
        vec![
            vec!["high".to_string()],
            vec!["mid".into(), "other".into()],
            vec!["low".into()]
        ]
    );
}
