//! `grundy play`: play a subtraction game (or a sum of them) against a
//! perfect computer, the terminal game of the 31 game (muzudho,
//! "31game とは何か").
//!
//! The library solves the game (`grundy::Strategy`: exactly, with
//! remoteness, or from the theory when that is out of its budget, and
//! says which in its sentence, printed once at the start); this file only
//! reads the person's commands line by line, checks them, and writes what
//! happens, and breaks ties between equally good moves with the library's
//! `grundy::TieBreaker` seeded with `--seed`. It works the same on a terminal and with moves piped on stdin:
//! when stdin is not a terminal, each command read is echoed after the
//! prompt so that the output reads as a transcript. When a game ends the
//! last line is exactly `winner: you` or `winner: computer`.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use grundy::{
    DEFAULT_MAX_STATES, Heap, Play, RatedMove, Rules, Strategy, Subtraction,
    TieBreaker,
};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The subtraction set (or octal code, or `grundy`) of every heap given
    /// without its own set.
    #[arg(long, value_name = "SET", default_value = "1,2,3")]
    pub set: String,
    /// The heaps: each a number of stones (`31`) or SET:SIZE with its own
    /// set (`1,2,3:10 2,3:7`), as in `grundy sum`.
    #[arg(
        long,
        value_name = "HEAP",
        num_args = 1..,
        default_value = "31"
    )]
    pub heap: Vec<String>,
    /// Misère play: whoever takes the last stone loses.
    #[arg(long)]
    pub misere: bool,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// Seed for choosing between equally good computer moves (default:
    /// from the clock); the same seed replays the same game.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The computer plays your side too (perfectly): a demonstration.
    #[arg(long)]
    pub demo: bool,
    /// The most positions the exact solution may store: the product of
    /// (size + 1) over the heaps. Beyond it the computer plays from the
    /// theory (Grundy values; misère: the misère quotient or Bouton's
    /// rule), which tells who wins but not in how many moves; exit code 1
    /// when no theory answers either.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: u64,
    /// The most moves the exact solution may examine (then as for
    /// --max-states): a heap of n stones with many allowed moves has many.
    #[arg(long, value_name = "N", default_value_t = PLAY_MAX_MOVES)]
    pub max_positions: u64,
}

/// The default work budget of the exact solution: moves examined (about
/// ten seconds of solving).
const PLAY_MAX_MOVES: u64 = 200_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The computer moves first.
    Computer,
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let default_set: Rules = args.set.parse()?;
    let mut sets = Vec::new();
    let mut sizes = Vec::new();
    for text in &args.heap {
        let heap = if text.contains(':') {
            text.parse::<Heap>()?
        } else {
            Heap {
                rules: default_set.clone(),
                size: grundy::parse_heap_size(text)?,
            }
        };
        let size = u64::try_from(&heap.size).ok().with_context(|| {
            format!(
                "heap \"{text}\" is too large to play; use at most {} stones",
                u64::MAX
            )
        })?;
        sets.push(heap.rules);
        sizes.push(size);
    }
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let budget = grundy::Budget {
        max_states: args.max_states,
        max_positions: args.max_positions,
        ..Default::default()
    };
    // Solve the start (and so every position below it) before the game,
    // exactly or from the theory.
    let start: Vec<(Rules, u64)> =
        sets.iter().cloned().zip(sizes.iter().copied()).collect();
    let strategy = Strategy::new(&start, play, budget)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut session = Session {
        strategy,
        sets,
        pos: sizes,
        history: Vec::new(),
        computer: TieBreaker::new(seed),
        stand_in: args.demo.then(|| TieBreaker::new(seed ^ 0x9e37_79b9)),
        echo,
        out: io::stdout().lock(),
    };
    session.intro(seed, args.first)?;
    session.run(&mut stdin.lock(), args.first)?;
    Ok(ExitCode::SUCCESS)
}

/// A move as the session applies it: 0-based heap, take, heaps left.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Move {
    heap: usize,
    take: u64,
    leaves: Vec<u64>,
}

impl Move {
    fn from_library(m: &grundy::Move) -> Move {
        let small = |n: &grundy::BigUint| u64::try_from(n).expect("u64 heaps");
        Move {
            heap: m.heap - 1,
            take: small(&m.take),
            leaves: m.leaves.iter().map(small).collect(),
        }
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// Who is to move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    You,
    Computer,
}

struct Session<W: Write> {
    strategy: Strategy,
    /// Each heap's rule set (a heap split by a move passes its rule set
    /// on to the parts).
    sets: Vec<Rules>,
    pos: Vec<u64>,
    /// Positions at the person's earlier turns, for `undo`.
    history: Vec<(Vec<Rules>, Vec<u64>)>,
    /// The computer's tie-breaker.
    computer: TieBreaker,
    /// In `--demo`, the tie-breaker of the computer that plays the
    /// person's side.
    stand_in: Option<TieBreaker>,
    echo: bool,
    out: W,
}

/// What the person typed.
enum Command {
    Take(Move),
    Hint,
    Undo,
    Show,
    Help,
    Quit,
    Nothing,
}

impl<W: Write> Session<W> {
    fn heaps(&self) -> usize {
        self.pos.len()
    }

    fn position(&self) -> Vec<(Rules, u64)> {
        self.sets.iter().cloned().zip(self.pos.iter().copied()).collect()
    }

    fn play(&self) -> Play {
        self.strategy.play()
    }

    fn best_moves(&mut self) -> Vec<grundy::Move> {
        let position = self.position();
        self.strategy.best_moves(&position).expect("solved at the start")
    }

    /// The Grundy value of `size` stones under the rules of heap `heap`.
    fn grundy(&mut self, heap: usize, size: u64) -> io::Result<u64> {
        let rules = self.sets[heap].clone();
        self.values(&[(rules, size)]).map(|v| v[0])
    }

    /// The Grundy values of heaps, from the library.
    fn values(&mut self, heaps: &[(Rules, u64)]) -> io::Result<Vec<u64>> {
        self.strategy.grundy_values(heaps).map_err(io::Error::other)
    }

    fn nim_sum(&mut self, pos: &[u64]) -> io::Result<u64> {
        let heaps: Vec<(Rules, u64)> =
            self.sets.iter().cloned().zip(pos.iter().copied()).collect();
        Ok(self.values(&heaps)?.iter().fold(0, |acc, g| acc ^ g))
    }

    fn intro(&mut self, seed: u64, first: First) -> io::Result<()> {
        let rule = match self.play() {
            Play::Normal => {
                "normal play: whoever takes the last stone wins (a player \
                 who cannot move loses)"
            }
            Play::Misere => {
                "misère play: whoever takes the last stone loses (a player \
                 who cannot move wins)"
            }
        };
        let is_31 = self.heaps() == 1
            && self.pos[0] == 31
            && self.sets[0] == "1,2,3".parse().expect("valid set")
            && self.play() == Play::Normal;
        if is_31 {
            writeln!(self.out, "The 31 game: 31 stones, take 1, 2 or 3.")?;
        } else if self.heaps() == 1 {
            writeln!(
                self.out,
                "One heap of {} stones; {}.",
                self.pos[0],
                describe_set(&self.sets[0])
            )?;
        } else {
            writeln!(self.out, "{} heaps:", self.heaps())?;
            for (i, set) in self.sets.iter().enumerate() {
                writeln!(
                    self.out,
                    "  heap {}: {} stones; {}",
                    i + 1,
                    self.pos[i],
                    describe_set(set)
                )?;
            }
        }
        writeln!(self.out, "{}", capitalise(rule))?;
        let method = capitalise(self.strategy.method_note());
        writeln!(self.out, "{method}.")?;
        let who = match first {
            First::Me => "You move first",
            First::Computer => "The computer moves first",
        };
        let how = if self.heaps() == 1 {
            "type how many stones to take (e.g. \"3\")"
        } else {
            "type a heap and how many to take (e.g. \"2 3\")"
        };
        writeln!(
            self.out,
            "{who}; {how}, or \"help\". (seed {seed}: replay with --seed {seed})"
        )
    }

    fn run(
        &mut self,
        input: &mut dyn BufRead,
        first: First,
    ) -> anyhow::Result<()> {
        let mut turn = match first {
            First::Me => Side::You,
            First::Computer => Side::Computer,
        };
        loop {
            let best = self.best_moves();
            if best.is_empty() {
                return Ok(self.game_over(turn)?);
            }
            match turn {
                Side::Computer => {
                    let mv = self.computer.choose(&best).expect("a move");
                    self.apply(Side::Computer, &Move::from_library(mv))?;
                    turn = Side::You;
                }
                Side::You => {
                    if let Some(stand_in) = &mut self.stand_in {
                        let mv = stand_in.choose(&best).expect("a move");
                        self.history
                            .push((self.sets.clone(), self.pos.clone()));
                        self.apply(Side::You, &Move::from_library(mv))?;
                        turn = Side::Computer;
                        continue;
                    }
                    match self.read_command(input)? {
                        None => {
                            writeln!(
                                self.out,
                                "end of input: game left unfinished"
                            )?;
                            return Ok(());
                        }
                        Some(Command::Quit) => {
                            writeln!(self.out, "bye: game left unfinished")?;
                            return Ok(());
                        }
                        Some(Command::Take(mv)) => {
                            self.history
                                .push((self.sets.clone(), self.pos.clone()));
                            self.apply(Side::You, &mv)?;
                            turn = Side::Computer;
                        }
                        Some(Command::Undo) => self.undo()?,
                        Some(Command::Hint) => self.hint()?,
                        Some(Command::Show) => self.show()?,
                        Some(Command::Help) => self.help()?,
                        Some(Command::Nothing) => {}
                    }
                }
            }
        }
    }

    /// Prompts and reads one valid command; `None` at end of input. Bad
    /// input gets a message and the prompt again.
    fn read_command(
        &mut self,
        input: &mut dyn BufRead,
    ) -> anyhow::Result<Option<Command>> {
        loop {
            write!(self.out, "> ")?;
            self.out.flush()?;
            let Some(raw) = read_line(input)? else {
                writeln!(self.out)?;
                return Ok(None);
            };
            let line = match raw {
                Line::Text(text) => text,
                Line::TooLong => {
                    if self.echo {
                        writeln!(
                            self.out,
                            "(a line of more than {MAX_LINE} bytes)"
                        )?;
                    }
                    writeln!(
                        self.out,
                        "that line is longer than {MAX_LINE} bytes; type a move (e.g. \"{}\"), hint, undo, show, help or quit",
                        if self.heaps() == 1 { "3" } else { "2 3" }
                    )?;
                    continue;
                }
            };
            let line = line.trim();
            if self.echo {
                writeln!(self.out, "{line}")?;
            }
            match self.parse(line) {
                Ok(command) => return Ok(Some(command)),
                Err(message) => writeln!(self.out, "{message}")?,
            }
        }
    }

    fn parse(&self, line: &str) -> Result<Command, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let lower = line.to_ascii_lowercase();
        match lower.as_str() {
            "" => return Ok(Command::Nothing),
            "hint" | "?" => return Ok(Command::Hint),
            "undo" | "u" => return Ok(Command::Undo),
            "show" | "s" => return Ok(Command::Show),
            "help" | "h" => return Ok(Command::Help),
            "quit" | "q" | "exit" => return Ok(Command::Quit),
            _ => {}
        }
        let number = |w: &str| w.parse::<u64>().ok();
        // An optional last word `A+B` says which heaps a splitting move
        // leaves (octal and take-and-break games).
        let (words, leaves) = match words.split_last() {
            Some((last, rest)) if last.contains('+') => {
                let parts: Option<Vec<u64>> =
                    last.split('+').map(number).collect();
                match parts {
                    Some(parts) => (rest, Some(parts)),
                    None => {
                        return Err(format!(
                            "did not understand \"{last}\"; write the heaps a move leaves as A+B, e.g. \"1+4\""
                        ));
                    }
                }
            }
            _ => (words.as_slice(), None),
        };
        let (heap, take) = match words {
            [take] if number(take).is_some() => {
                if self.heaps() > 1 {
                    return Err(format!(
                        "there are {} heaps: type the heap first, then how many to take (e.g. \"1 {take}\")",
                        self.heaps()
                    ));
                }
                (0, number(take).unwrap())
            }
            [heap, take]
                if number(heap).is_some() && number(take).is_some() =>
            {
                let heap = number(heap).unwrap();
                if heap == 0 || heap > self.heaps() as u64 {
                    return Err(if self.heaps() == 1 {
                        format!(
                            "there is only one heap: type just how many to take (e.g. \"{take}\")"
                        )
                    } else {
                        format!(
                            "there is no heap {heap}; the heaps are numbered 1 to {}",
                            self.heaps()
                        )
                    });
                }
                (heap as usize - 1, number(take).unwrap())
            }
            _ => {
                return Err(format!(
                    "did not understand \"{line}\"; type a move (e.g. \"{}\"), hint, undo, show, help or quit",
                    if self.heaps() == 1 { "3" } else { "2 3" }
                ));
            }
        };
        self.check(heap, take, leaves.as_deref()).map(Command::Take)
    }

    /// The legal move that takes `take` from `heap` (leaving `leaves`,
    /// when given), or why there is none.
    fn check(
        &self,
        heap: usize,
        take: u64,
        leaves: Option<&[u64]>,
    ) -> Result<Move, String> {
        let set = &self.sets[heap];
        let size = self.pos[heap];
        let name = self.heap_name(heap);
        let takes = |n: u64| {
            let mut out = Vec::new();
            set.options(n, &mut |o| {
                if o.take() == take {
                    out.push(o.leaves().to_vec());
                }
            });
            out
        };
        let here = takes(size);
        // Taking nothing is a move only where the rules split a heap
        // without removing (Grundy's game, codes 4.xyz).
        if take == 0 && here.is_empty() {
            return Err("you must take at least one stone".to_string());
        }
        if here.is_empty() {
            // Legal from a heap of exactly `take` (or more): only too few.
            if take > size && !takes(take).is_empty() {
                return Err(format!(
                    "{} has only {size} stone{}",
                    capitalise(&name),
                    plural(size)
                ));
            }
            return Err(format!(
                "you cannot take {take} from {name}: {}",
                describe_set(set)
            ));
        }
        let chosen = match leaves {
            Some(want) => {
                let mut want = want.to_vec();
                want.retain(|&h| h > 0);
                here.into_iter().find(|l| {
                    let (mut a, mut b) = (l.clone(), want.clone());
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                })
            }
            None if here.len() == 1 => here.into_iter().next(),
            None => {
                let ways: Vec<String> =
                    here.iter().map(|l| join_heaps(l, "+")).collect();
                return Err(format!(
                    "taking {take} from {name} can leave {}; say which, e.g. \"{take} {}\"",
                    ways.join(" or "),
                    ways[0]
                ));
            }
        };
        let leaves = chosen.ok_or_else(|| {
            format!("taking {take} from {name} cannot leave those heaps")
        })?;
        Ok(Move { heap, take, leaves })
    }

    fn heap_name(&self, heap: usize) -> String {
        if self.heaps() == 1 {
            "the heap".to_string()
        } else {
            format!("heap {}", heap + 1)
        }
    }

    /// The position after `mv`: the heap keeps its place (with 0 stones
    /// when the move takes it all), and extra heaps of a split go after
    /// it with the same rule set.
    fn after(&self, mv: &Move) -> (Vec<Rules>, Vec<u64>) {
        let (mut sets, mut pos) = (self.sets.clone(), self.pos.clone());
        pos[mv.heap] = mv.leaves.first().copied().unwrap_or(0);
        for (k, &h) in mv.leaves.iter().enumerate().skip(1) {
            sets.insert(mv.heap + k, sets[mv.heap].clone());
            pos.insert(mv.heap + k, h);
        }
        (sets, pos)
    }

    fn apply(&mut self, side: Side, mv: &Move) -> io::Result<()> {
        (self.sets, self.pos) = self.after(mv);
        let who = match (side, self.stand_in.is_some()) {
            (Side::You, false) => "you take",
            (Side::You, true) => "you (played by the computer) take",
            (Side::Computer, _) => "computer takes",
        };
        let from = if self.heaps() == 1 {
            String::new()
        } else {
            format!(" from heap {}", mv.heap + 1)
        };
        writeln!(
            self.out,
            "{who} {}{from}, leaving {}",
            mv.take,
            self.position_text()
        )
    }

    fn position_text(&self) -> String {
        if self.heaps() == 1 {
            format!("{} stone{}", self.pos[0], plural(self.pos[0]))
        } else {
            let sizes: Vec<String> =
                self.pos.iter().map(u64::to_string).collect();
            format!("heaps {}", sizes.join(" "))
        }
    }

    fn game_over(&mut self, turn: Side) -> io::Result<()> {
        let stuck = match turn {
            Side::You => "you cannot move",
            Side::Computer => "the computer cannot move",
        };
        let winner = match (self.play(), turn) {
            (Play::Normal, Side::You) | (Play::Misere, Side::Computer) => {
                "computer"
            }
            _ => "you",
        };
        let rule = match self.play() {
            Play::Normal => {
                "under normal play the player who cannot move loses"
            }
            Play::Misere => {
                "under misère play the player who cannot move wins"
            }
        };
        writeln!(self.out, "{stuck}: {rule}")?;
        writeln!(self.out, "winner: {winner}")
    }

    fn undo(&mut self) -> io::Result<()> {
        match self.history.pop() {
            Some((sets, pos)) => {
                self.sets = sets;
                self.pos = pos;
                writeln!(
                    self.out,
                    "undone: back to {} before your last move",
                    self.position_text()
                )
            }
            None => writeln!(self.out, "nothing to undo"),
        }
    }

    fn show(&mut self) -> io::Result<()> {
        for (i, &size) in self.pos.clone().iter().enumerate() {
            let name = if self.heaps() == 1 {
                String::new()
            } else {
                format!("heap {}: ", i + 1)
            };
            let g = self.grundy(i, size)?;
            writeln!(
                self.out,
                "{name}{size} stone{} (set {}), Grundy value {g}",
                plural(size),
                self.sets[i],
            )?;
        }
        if self.heaps() > 1 {
            let text = self.nim_sum_text()?;
            writeln!(self.out, "nim-sum: {text}")?;
        }
        Ok(())
    }

    fn nim_sum_text(&mut self) -> io::Result<String> {
        let pos = self.pos.clone();
        let heaps = self.position();
        let parts: Vec<String> =
            self.values(&heaps)?.iter().map(u64::to_string).collect();
        let total = self.nim_sum(&pos)?;
        Ok(if parts.len() == 1 {
            total.to_string()
        } else {
            format!("{} = {total}", parts.join(" xor "))
        })
    }

    fn hint(&mut self) -> io::Result<()> {
        let position = self.position();
        let value = self.strategy.value(&position).expect("solved");
        let pos = self.pos.clone();
        let total = self.nim_sum(&pos)?;
        let what = if self.heaps() == 1 { "Grundy value" } else { "nim-sum" };
        let sum_text = self.nim_sum_text()?;
        match self.play() {
            Play::Normal => writeln!(
                self.out,
                "{what} {}: {}",
                sum_text,
                if total == 0 {
                    "0 means the player to move loses against perfect play"
                } else {
                    "not 0, so the player to move can win by moving to a position of value 0"
                }
            )?,
            Play::Misere => writeln!(
                self.out,
                "{what} {} (under misère play it does not decide the winner; {}): you are {}",
                sum_text,
                if self.strategy.method().has_remoteness() {
                    "an exact search of every position does"
                } else {
                    "the method named at the start does"
                },
                if value.wins() { "winning" } else { "losing" }
            )?,
        }
        let rated = self.strategy.moves(&position).expect("solved");
        let winning: Vec<RatedMove> =
            rated.iter().filter(|m| !m.after.wins()).cloned().collect();
        if winning.is_empty() {
            let best = self.best_moves();
            let rated: Vec<RatedMove> =
                rated.into_iter().filter(|m| best.contains(&m.mv)).collect();
            let which = if self.strategy.method().has_remoteness() {
                "the moves that last longest"
            } else {
                "any move"
            };
            writeln!(
                self.out,
                "no winning move: every move leaves the computer a winning position. Hold on and hope for a mistake; {which}:"
            )?;
            // Without remoteness every move is as good: the first few.
            let shown = if self.strategy.method().has_remoteness() {
                rated.len()
            } else {
                HINT_MOVES
            };
            let more = rated.len().saturating_sub(shown);
            for m in rated.into_iter().take(shown) {
                self.describe_move(m, false)?;
            }
            if more > 0 {
                writeln!(self.out, "  ... and {more} more")?;
            }
        } else {
            writeln!(self.out, "winning moves:")?;
            for m in winning {
                self.describe_move(m, true)?;
            }
        }
        Ok(())
    }

    fn describe_move(&mut self, m: RatedMove, win: bool) -> io::Result<()> {
        let mv = Move::from_library(&m.mv);
        let (sets, after) = self.after(&mv);
        let from = if self.heaps() == 1 {
            String::new()
        } else {
            format!(" from heap {}", mv.heap + 1)
        };
        let rules = self.sets[mv.heap].clone();
        let after_heaps: Vec<(Rules, u64)> =
            sets.iter().cloned().zip(after.iter().copied()).collect();
        let after_values = self.values(&after_heaps)?;
        let after_sum = after_values.iter().fold(0, |acc, g| acc ^ g);
        let value = if self.heaps() == 1 && after.len() == 1 {
            format!("Grundy value {}", after_values[0])
        } else {
            let leaves: Vec<(Rules, u64)> =
                mv.leaves.iter().map(|&h| (rules.clone(), h)).collect();
            let parts = self.values(&leaves)?;
            let after_heap = if parts.is_empty() {
                "0".to_string()
            } else {
                join_heaps(&parts, " xor ")
            };
            format!(
                "heap value {} -> {after_heap}, nim-sum {after_sum}",
                self.grundy(mv.heap, self.pos[mv.heap])?,
            )
        };
        // Without remoteness (the theory answered): which moves win, not
        // in how many moves.
        let end = match (m.after.remoteness, win) {
            (Some(r), true) => format!(
                "; you win within {} move{} (both sides counted)",
                r + 1,
                plural(u64::from(r + 1))
            ),
            (Some(r), false) => format!(
                "; the game lasts {} more move{} if the computer hurries",
                r + 1,
                plural(u64::from(r + 1))
            ),
            (None, _) => String::new(),
        };
        let text = {
            let before_sets = std::mem::replace(&mut self.sets, sets);
            let before = std::mem::replace(&mut self.pos, after);
            let text = self.position_text();
            (self.sets, self.pos) = (before_sets, before);
            text
        };
        writeln!(
            self.out,
            "  take {}{from}: leaves {text}, {value}{end}",
            mv.take
        )
    }

    fn help(&mut self) -> io::Result<()> {
        let one = self.heaps() == 1;
        let mut moves = if one {
            "N        take N stones (e.g. \"3\")".to_string()
        } else {
            "H N      take N stones from heap H (e.g. \"2 3\")".to_string()
        };
        // Take-and-break games: a move may split the heap it takes from.
        let splits = self.sets.iter().any(|r| r.splits_heaps());
        if splits {
            moves.push_str(if one {
                "\n  N A+B    take N stones and leave heaps A and B (e.g. \"2 10+19\"; \"0 3+5\" splits without taking where the rules allow)"
            } else {
                "\n  H N A+B  the same from heap H, leaving heaps A and B (e.g. \"1 2 10+19\")"
            });
        }
        writeln!(
            self.out,
            "commands:\n  {moves}\n  hint     the winning moves and why (Grundy values, nim-sum)\n  undo     take back your last move and the computer's reply\n  show     the position with each heap's Grundy value\n  help     this list\n  quit     stop (end of input stops too)"
        )
    }
}

/// The losing moves a hint lists when the theory answered (all equally
/// good: no remoteness tells them apart).
const HINT_MOVES: usize = 10;

/// The longest command line read whole; longer ones are skipped.
const MAX_LINE: usize = 1024;

/// One line of input.
enum Line {
    /// The line, with bytes that are not UTF-8 replaced (so that a stray
    /// byte gets an explanation, not an exit).
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (read to its end, not kept).
    TooLong,
}

/// Reads one line, keeping at most [`MAX_LINE`] bytes of it; `None` at the
/// end of input.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if bytes.len() + take <= MAX_LINE + 1 {
            bytes.extend_from_slice(&chunk[..take]);
        } else {
            too_long = true;
        }
        input.consume(take);
        if end {
            break;
        }
    }
    if bytes.is_empty() && !too_long {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(Line::Text(String::from_utf8_lossy(&bytes).into_owned())))
}

/// "take 1, 2 or 3", "take any number", "take any number except 2 or 3";
/// other rule sets by their notation.
fn describe_set(set: &Rules) -> String {
    fn list(items: &[u64]) -> String {
        match items {
            [] => String::new(),
            [one] => one.to_string(),
            [init @ .., last] => {
                let init: Vec<String> =
                    init.iter().map(u64::to_string).collect();
                format!("{} or {last}", init.join(", "))
            }
        }
    }
    match set.subtraction() {
        Some(Subtraction::Finite(s)) => format!("take {}", list(s.elements())),
        Some(Subtraction::AllBut(s)) if s.is_nim() => {
            "take any number".to_string()
        }
        Some(Subtraction::AllBut(s)) => {
            format!("take any number except {}", list(s.excluded()))
        }
        None => format!("rules {set}"),
    }
}

/// Heaps joined by `sep`: `1+4`, `2 xor 3`.
fn join_heaps(heaps: &[u64], sep: &str) -> String {
    heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(sep)
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
