//! `grundy play`: play a subtraction game (or a sum of them) against a
//! perfect computer, the terminal game of seed 000 (the 31 game).
//!
//! The library solves the game once (`grundy::strategy`); this file only
//! reads the person's commands line by line, checks them, and writes what
//! happens. It works the same on a terminal and with moves piped on stdin:
//! when stdin is not a terminal, each command read is echoed after the
//! prompt so that the output reads as a transcript. When a game ends the
//! last line is exactly `winner: you` or `winner: computer`.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use grundy::strategy::{Computer, Move, RatedMove, Solution};
use grundy::sum::{DEFAULT_MAX_STATES, Heap};
use grundy::{Play, SubtractionSet};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The subtraction set of every heap given without its own set.
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
    /// The most positions the exact solution may store (exit code 1
    /// beyond): the product of (size + 1) over the heaps.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The computer moves first.
    Computer,
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let default_set: SubtractionSet = args.set.parse()?;
    let mut sets = Vec::new();
    let mut sizes = Vec::new();
    for text in &args.heap {
        let heap = if text.contains(':') {
            text.parse::<Heap>()?
        } else {
            Heap {
                set: default_set.clone(),
                size: grundy::heap::parse_heap_size(text)?,
            }
        };
        let size = u64::try_from(&heap.size).ok().with_context(|| {
            format!(
                "heap \"{text}\" is too large to play; use at most {} stones",
                u64::MAX
            )
        })?;
        sets.push(heap.set);
        sizes.push(size);
    }
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let solution = Solution::new(&sets, &sizes, play, args.max_states)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut session = Session {
        solution: &solution,
        pos: sizes,
        history: Vec::new(),
        computer: Computer::new(seed),
        stand_in: args.demo.then(|| Computer::new(seed ^ 0x9e37_79b9)),
        echo,
        out: io::stdout().lock(),
    };
    session.intro(seed, args.first)?;
    session.run(&mut stdin.lock(), args.first)?;
    Ok(ExitCode::SUCCESS)
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

struct Session<'a, W: Write> {
    solution: &'a Solution,
    pos: Vec<u64>,
    /// Positions at the person's earlier turns, for `undo`.
    history: Vec<Vec<u64>>,
    computer: Computer,
    /// In `--demo`, the computer that plays the person's side.
    stand_in: Option<Computer>,
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

impl<W: Write> Session<'_, W> {
    fn heaps(&self) -> usize {
        self.pos.len()
    }

    fn intro(&mut self, seed: u64, first: First) -> io::Result<()> {
        let s = self.solution;
        let rule = match s.play() {
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
            && s.sets()[0] == "1,2,3".parse().expect("valid set")
            && s.play() == Play::Normal;
        if is_31 {
            writeln!(self.out, "The 31 game: 31 stones, take 1, 2 or 3.")?;
        } else if self.heaps() == 1 {
            writeln!(
                self.out,
                "One heap of {} stones; {}.",
                self.pos[0],
                describe_set(&s.sets()[0])
            )?;
        } else {
            writeln!(self.out, "{} heaps:", self.heaps())?;
            for (i, set) in s.sets().iter().enumerate() {
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
            if self.solution.best_moves(&self.pos).is_empty() {
                return Ok(self.game_over(turn)?);
            }
            match turn {
                Side::Computer => {
                    let mv = self
                        .computer
                        .choose(self.solution, &self.pos)
                        .expect("a move exists");
                    self.apply(Side::Computer, mv)?;
                    turn = Side::You;
                }
                Side::You => {
                    if let Some(stand_in) = &mut self.stand_in {
                        let mv = stand_in
                            .choose(self.solution, &self.pos)
                            .expect("a move exists");
                        self.history.push(self.pos.clone());
                        self.apply(Side::You, mv)?;
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
                            self.history.push(self.pos.clone());
                            self.apply(Side::You, mv)?;
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
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(self.out)?;
                return Ok(None);
            }
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
        let mv = match words.as_slice() {
            [take] if number(take).is_some() => {
                if self.heaps() > 1 {
                    return Err(format!(
                        "there are {} heaps: type the heap first, then how many to take (e.g. \"1 {take}\")",
                        self.heaps()
                    ));
                }
                Move { heap: 0, take: number(take).unwrap() }
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
                Move { heap: heap as usize - 1, take: number(take).unwrap() }
            }
            _ => {
                return Err(format!(
                    "did not understand \"{line}\"; type a move (e.g. \"{}\"), hint, undo, show, help or quit",
                    if self.heaps() == 1 { "3" } else { "2 3" }
                ));
            }
        };
        self.check(mv)?;
        Ok(Command::Take(mv))
    }

    fn check(&self, mv: Move) -> Result<(), String> {
        let set = &self.solution.sets()[mv.heap];
        let size = self.pos[mv.heap];
        let heap = self.heap_name(mv.heap);
        if mv.take == 0 {
            return Err("you must take at least one stone".to_string());
        }
        if !set.contains(mv.take) {
            return Err(format!(
                "you cannot take {} from {heap}: {}",
                mv.take,
                describe_set(set)
            ));
        }
        if mv.take > size {
            return Err(format!(
                "{} has only {size} stone{}",
                capitalise(&heap),
                plural(size)
            ));
        }
        debug_assert!(self.solution.is_legal(&self.pos, mv));
        Ok(())
    }

    fn heap_name(&self, heap: usize) -> String {
        if self.heaps() == 1 {
            "the heap".to_string()
        } else {
            format!("heap {}", heap + 1)
        }
    }

    fn apply(&mut self, side: Side, mv: Move) -> io::Result<()> {
        self.pos[mv.heap] -= mv.take;
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
        let winner = match (self.solution.play(), turn) {
            (Play::Normal, Side::You) | (Play::Misere, Side::Computer) => {
                "computer"
            }
            _ => "you",
        };
        let rule = match self.solution.play() {
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
            Some(pos) => {
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
        let s = self.solution;
        for (i, &size) in self.pos.clone().iter().enumerate() {
            let name = if self.heaps() == 1 {
                String::new()
            } else {
                format!("heap {}: ", i + 1)
            };
            writeln!(
                self.out,
                "{name}{size} stone{} (set {}), Grundy value {}",
                plural(size),
                s.sets()[i],
                s.grundy(i, size)
            )?;
        }
        if self.heaps() > 1 {
            writeln!(self.out, "nim-sum: {}", self.nim_sum_text())?;
        }
        Ok(())
    }

    fn nim_sum_text(&self) -> String {
        let parts: Vec<String> = (0..self.heaps())
            .map(|i| self.solution.grundy(i, self.pos[i]).to_string())
            .collect();
        let total = self.solution.nim_sum(&self.pos);
        if parts.len() == 1 {
            total.to_string()
        } else {
            format!("{} = {total}", parts.join(" xor "))
        }
    }

    fn hint(&mut self) -> io::Result<()> {
        let s = self.solution;
        let value = s.value(&self.pos);
        let total = s.nim_sum(&self.pos);
        let what = if self.heaps() == 1 { "Grundy value" } else { "nim-sum" };
        match s.play() {
            Play::Normal => writeln!(
                self.out,
                "{what} {}: {}",
                self.nim_sum_text(),
                if total == 0 {
                    "0 means the player to move loses against perfect play"
                } else {
                    "not 0, so the player to move can win by moving to a position of value 0"
                }
            )?,
            Play::Misere => writeln!(
                self.out,
                "{what} {} (under misère play it does not decide the winner; an exact search of every position does): you are {}",
                self.nim_sum_text(),
                if value.wins() { "winning" } else { "losing" }
            )?,
        }
        let winning = s.winning_moves(&self.pos);
        if winning.is_empty() {
            let best = s.best_moves(&self.pos);
            let rated: Vec<RatedMove> = s
                .moves(&self.pos)
                .into_iter()
                .filter(|m| best.contains(&m.mv))
                .collect();
            writeln!(
                self.out,
                "no winning move: every move leaves the computer a winning position. Hold on and hope for a mistake; the moves that last longest:"
            )?;
            for m in rated {
                self.describe_move(m, false)?;
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
        let s = self.solution;
        let mut after = self.pos.clone();
        after[m.mv.heap] -= m.mv.take;
        let from = if self.heaps() == 1 {
            String::new()
        } else {
            format!(" from heap {}", m.mv.heap + 1)
        };
        let value = if self.heaps() == 1 {
            format!("Grundy value {}", s.grundy(0, after[0]))
        } else {
            format!(
                "heap value {} -> {}, nim-sum {}",
                s.grundy(m.mv.heap, self.pos[m.mv.heap]),
                s.grundy(m.mv.heap, after[m.mv.heap]),
                s.nim_sum(&after)
            )
        };
        let moves = m.after.remoteness + 1;
        let end = if win {
            format!(
                "you win within {moves} move{} (both sides counted)",
                plural(u64::from(moves))
            )
        } else {
            format!(
                "the game lasts {moves} more move{} if the computer hurries",
                plural(u64::from(moves))
            )
        };
        writeln!(
            self.out,
            "  take {}{from}: leaves {}, {value}; {end}",
            m.mv.take,
            {
                let before = std::mem::replace(&mut self.pos, after);
                let text = self.position_text();
                self.pos = before;
                text
            }
        )
    }

    fn help(&mut self) -> io::Result<()> {
        let example = if self.heaps() == 1 { "3" } else { "2 3" };
        let move_help = if self.heaps() == 1 {
            "N        take N stones".to_string()
        } else {
            "H N      take N stones from heap H".to_string()
        };
        writeln!(
            self.out,
            "commands:\n  {move_help} (e.g. \"{example}\")\n  hint     the winning moves and why (Grundy values, nim-sum)\n  undo     take back your last move and the computer's reply\n  show     the position with each heap's Grundy value\n  help     this list\n  quit     stop (end of input stops too)"
        )
    }
}

/// "take 1, 2 or 3", "take any number", "take any number except 2 or 3".
fn describe_set(set: &SubtractionSet) -> String {
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
    match set {
        SubtractionSet::Finite(s) => format!("take {}", list(s.elements())),
        SubtractionSet::AllBut(s) if s.is_nim() => {
            "take any number".to_string()
        }
        SubtractionSet::AllBut(s) => {
            format!("take any number except {}", list(s.excluded()))
        }
    }
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
