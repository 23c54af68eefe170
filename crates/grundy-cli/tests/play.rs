//! `grundy play` driven through stdin, as a person (or a script) would.
// See: issue 5 (play against a perfect computer).

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};

use grundy::{Budget, Play, Rules, Strategy};

use crate::util::{grundy, run};

/// Runs `grundy play ARGS` with `input` on stdin; exit code 0.
fn play_game(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let out = grundy(&all).write_stdin(input).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn forced_game_transcript() {
    // With S = {1} every move is forced, so the whole game is fixed.
    let out =
        play_game(&["--set", "1", "--heap", "3", "--seed", "1"], "1\n1\n");
    insta::assert_snapshot!(out, @r#"
    One heap of 3 stones; take 1.
    Normal play: whoever takes the last stone wins (a player who cannot move loses)
    Solved exactly: every position searched, with who wins and in how many moves (the winner hurries, the loser stalls).
    You move first; type how many stones to take (e.g. "3"), or "help". (seed 1: replay with --seed 1)
    > 1
    you take 1, leaving 2 stones
    computer takes 1, leaving 1 stone
    > 1
    you take 1, leaving 0 stones
    the computer cannot move: under normal play the player who cannot move loses
    winner: you
    "#);
}

#[test]
fn misere_last_stone_loses() {
    let out = play_game(&["--set", "1", "--heap", "3", "--misere"], "1\n1\n");
    assert_eq!(last_line(&out), "winner: computer");
}

#[test]
fn bad_input_gets_a_message_and_the_prompt_again() {
    let out = play_game(
        &["--seed", "2"],
        "foo\n4\n0\n2 3\n\n   \nhint\nshow\nhelp\nquit\n",
    );
    insta::assert_snapshot!(out, @r#"
    The 31 game: 31 stones, take 1, 2 or 3.
    Normal play: whoever takes the last stone wins (a player who cannot move loses)
    Solved exactly: every position searched, with who wins and in how many moves (the winner hurries, the loser stalls).
    You move first; type how many stones to take (e.g. "3"), or "help". (seed 2: replay with --seed 2)
    > foo
    did not understand "foo"; type a move (e.g. "3"), hint, undo, show, help or quit
    > 4
    you cannot take 4 from the heap: take 1, 2 or 3
    > 0
    you must take at least one stone
    > 2 3
    there is only one heap: type just how many to take (e.g. "3")
    > 
    > 
    > hint
    Grundy value 3: not 0, so the player to move can win by moving to a position of value 0
    winning moves:
      take 3: leaves 28 stones, Grundy value 0; you win within 15 moves (both sides counted)
    > show
    31 stones (set 1,2,3), Grundy value 3
    > help
    commands:
      N        take N stones (e.g. "3")
      hint     the winning moves and why (Grundy values, nim-sum)
      undo     take back your last move and the computer's reply
      show     the position with each heap's Grundy value
      help     this list
      quit     stop (end of input stops too)
    > quit
    bye: game left unfinished
    "#);
}

#[test]
fn end_of_input_ends_cleanly() {
    let out = play_game(&[], "");
    assert_eq!(last_line(&out), "end of input: game left unfinished");
    let out = play_game(&[], "1\n");
    assert!(!out.contains("winner:"));
}

#[test]
fn undo_any_number_of_times() {
    let out = play_game(
        &["--set", "1", "--heap", "6"],
        "1\n1\nundo\nundo\nundo\nshow\n",
    );
    // 6 -> 5 -> 4 -> 3 -> 2, then back to 4 and to 6, then nothing left.
    assert!(
        out.ends_with(
            "> undo\nundone: back to 4 stones before your last move\n\
         > undo\nundone: back to 6 stones before your last move\n\
         > undo\nnothing to undo\n\
         > show\n6 stones (set 1), Grundy value 0\n\
         > \nend of input: game left unfinished\n"
        ),
        "{out}"
    );
}

#[test]
fn computer_first_wins_the_31_game() {
    // 31 = 3 mod 4: the computer, moving first, takes 3 and wins whatever
    // the person does; piped input may run out before or after the end.
    let out =
        play_game(&["--first", "computer", "--seed", "9"], &"1\n".repeat(20));
    assert!(out.contains("computer takes 3, leaving 28 stones"));
    assert_eq!(last_line(&out), "winner: computer");
}

#[test]
fn sums_name_the_heap() {
    let out = play_game(
        &["--heap", "1,2,3:5", "2,3:4", "--seed", "3"],
        "1\n3 1\nshow\n",
    );
    assert!(out.contains(
        "there are 2 heaps: type the heap first, then how many to take (e.g. \"1 1\")"
    ));
    assert!(out.contains("there is no heap 3; the heaps are numbered 1 to 2"));
    assert!(out.contains("nim-sum: 1 xor 2 = 3"));
}

#[test]
fn bad_arguments_exit_2() {
    let (_, err) = run(&["play", "--set", "1,0"], 2);
    assert!(
        err.starts_with("grundy: subtraction set contains \"0\""),
        "{err}"
    );
    let (_, err) = run(&["play", "--heap", "x"], 2);
    assert_eq!(err.lines().count(), 1);
    // Too large to solve exactly, and a misère sum of two games: no
    // theory answers either (one heap alone is played from its values).
    let (_, err) = run(
        &[
            "play",
            "--heap",
            "1,2,3:1000000",
            "nim:5",
            "--misere",
            "--max-states",
            "1000",
        ],
        1,
    );
    assert!(err.contains("more than 1000 positions"), "{err}");
    let (out, _) =
        run(&["play", "--heap", "1000000", "--max-states", "1000"], 0);
    assert!(out.contains("solved by the heaps' Grundy values"), "{out}");
}

/// A small deterministic generator for random games (SplitMix64).
struct Dice(u64);

impl Dice {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % below
    }

    /// A random game: 1 to 3 heaps, each `SET:SIZE` with a small set.
    fn game(&mut self) -> (Vec<String>, Vec<Rules>, Vec<u64>) {
        let heaps = 1 + self.next(3);
        let (mut specs, mut sets, mut sizes) = (vec![], vec![], vec![]);
        for _ in 0..heaps {
            let kind = self.next(6);
            let set = if kind == 0 {
                "nim".to_string()
            } else if kind == 1 {
                let x: Vec<String> = (0..1 + self.next(3))
                    .map(|_| (1 + self.next(5)).to_string())
                    .collect();
                format!("all-but:{}", x.join(","))
            } else {
                let k = 1 + self.next(3);
                let elems: Vec<String> =
                    (0..k).map(|_| (1 + self.next(6)).to_string()).collect();
                elems.join(",")
            };
            let size = self.next(if heaps == 1 { 40 } else { 12 });
            specs.push(format!("{set}:{size}"));
            sets.push(set.parse().unwrap());
            sizes.push(size);
        }
        (specs, sets, sizes)
    }
}

/// The exact strategy of a game (its positions solved on first need).
fn strategy(play: Play) -> Strategy {
    let budget = Budget { max_states: 1_000_000, ..Budget::default() };
    Strategy::new(&[], play, budget).unwrap()
}

fn position(sets: &[Rules], sizes: &[u64]) -> Vec<(Rules, u64)> {
    sets.iter().cloned().zip(sizes.iter().copied()).collect()
}

#[test]
fn computer_against_itself_the_right_side_always_wins() {
    let mut dice = Dice(2026);
    for game in 0..120 {
        let (specs, sets, sizes) = dice.game();
        let misere = dice.next(2) == 1;
        let computer_first = dice.next(2) == 1;
        let play = if misere { Play::Misere } else { Play::Normal };
        let first_wins =
            strategy(play).value(&position(&sets, &sizes)).unwrap().wins();
        let seed = game.to_string();
        let mut args = vec!["--demo", "--seed", &seed, "--heap"];
        args.extend(specs.iter().map(String::as_str));
        if misere {
            args.push("--misere");
        }
        args.extend([
            "--first",
            if computer_first { "computer" } else { "me" },
        ]);
        let out = play_game(&args, "");
        let want = if first_wins == computer_first {
            "winner: computer"
        } else {
            "winner: you"
        };
        assert_eq!(last_line(&out), want, "{args:?}\n{out}");
    }
}

/// The binary as a running process, talked to line by line.
struct Live {
    child: Child,
    out: BufReader<ChildStdout>,
    seen: String,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        Live { child, out, seen: String::new() }
    }

    /// Reads until the prompt (true) or the end of output (false).
    fn until_prompt(&mut self) -> bool {
        let mut byte = [0u8];
        loop {
            if self.out.read(&mut byte).unwrap() == 0 {
                return false;
            }
            self.seen.push(byte[0] as char);
            if self.seen.ends_with("\n> ") {
                return true;
            }
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn finish(mut self) -> String {
        drop(self.child.stdin.take());
        let mut rest = String::new();
        self.out.read_to_string(&mut rest).unwrap();
        self.child.wait().unwrap();
        self.seen + &rest
    }
}

/// Parses "computer takes T[ from heap H], leaving ...".
fn computer_move(line: &str) -> Option<(usize, u64)> {
    let rest = line.strip_prefix("computer takes ")?;
    let (head, _) = rest.split_once(", leaving")?;
    Some(match head.split_once(" from heap ") {
        Some((t, h)) => (h.parse::<usize>().ok()? - 1, t.parse().ok()?),
        None => (0, head.parse().ok()?),
    })
}

#[test]
fn a_perfect_person_at_the_keyboard_wins_exactly_when_they_should() {
    let mut dice = Dice(31);
    for game in 0..25 {
        let (specs, sets, sizes) = dice.game();
        let misere = dice.next(2) == 1;
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut solution = strategy(play);
        let person_should_win =
            solution.value(&position(&sets, &sizes)).unwrap().wins();
        let seed = game.to_string();
        let mut args = vec!["--seed", &seed, "--heap"];
        args.extend(specs.iter().map(String::as_str));
        if misere {
            args.push("--misere");
        }
        let mut live = Live::start(&args);
        let mut me = Dice(1000 + game);
        let mut pos = sizes.clone();
        while live.until_prompt() {
            // Apply the computer's reply to my own copy of the position.
            let reply = live.seen.lines().rev().find_map(computer_move);
            if let Some((heap, take)) = reply {
                pos[heap] -= take;
            }
            let best = solution.best_moves(&position(&sets, &pos)).unwrap();
            if best.is_empty() {
                break;
            }
            let mv = &best[me.next(best.len() as u64) as usize];
            let take = u64::try_from(&mv.take).unwrap();
            pos[mv.heap - 1] -= take;
            live.seen.clear();
            if specs.len() == 1 {
                live.send(&take.to_string());
            } else {
                live.send(&format!("{} {take}", mv.heap));
            }
        }
        let out = live.finish();
        let want =
            if person_should_win { "winner: you" } else { "winner: computer" };
        assert_eq!(last_line(&out), want, "{args:?}\n{out}");
    }
}

/// Issue 37: a set with millions of elements but a small heap is a small
/// game (101 positions here); it was refused as "more than 2000000
/// positions" because every element counted as an option.
#[test]
fn issue_37_a_small_heap_of_a_huge_set_is_played() {
    let args = ["play", "--set", "1-3000000", "--heap", "100", "--demo"];
    let (out, _) = run(&[&args[..], &["--seed", "1"]].concat(), 0);
    assert!(out.contains("winner: you"), "{out}");
}

/// Issue 36 §2: six heaps of misère Kayles (0.77) are too many to solve
/// exactly within 20,000 positions, so the computer plays from the misère
/// quotient (T. E. Plambeck and A. N. Siegel, Misère quotients for
/// impartial games: Kayles' quotient has order 40) and says so once at
/// the start. Heaps 40 to 45 are an N-position by the quotient (`grundy
/// sum --misere` says N): moving first, the computer wins whatever the
/// person at the keyboard plays (here: always one stone from the first
/// heap that has any), and the last line is the contract.
#[test]
fn issue_36_large_misere_kayles_is_played_from_the_quotient() {
    let mut args = vec![
        "--set",
        "0.77",
        "--misere",
        "--first",
        "computer",
        "--seed",
        "1",
        "--max-states",
        "20000",
        "--heap",
    ];
    args.extend(["40", "41", "42", "43", "44", "45"]);
    let mut live = Live::start(&args);
    let mut transcript = String::new();
    let mut turns = 0;
    while live.until_prompt() {
        let seen = std::mem::take(&mut live.seen);
        let sizes: Vec<u64> = seen
            .lines()
            .rev()
            .find_map(|l| l.split_once(", leaving heaps "))
            .map(|(_, rest)| {
                rest.split(' ').map(|n| n.parse().unwrap()).collect()
            })
            .unwrap_or_else(|| panic!("no position in {seen}"));
        transcript.push_str(&seen);
        let heap = 1 + sizes.iter().position(|&n| n > 0).expect("a stone");
        let n = sizes[heap - 1];
        // One stone off the end: the heap shrinks, it does not split.
        if n == 1 {
            live.send(&format!("{heap} 1"));
        } else {
            live.send(&format!("{heap} 1 {}+0", n - 1));
        }
        turns += 1;
        assert!(turns < 300, "{transcript}");
    }
    let out = transcript + &live.finish();
    assert!(
        // (The live reader reads bytes as Latin-1: "misère" is not
        // matched.)
        out.contains("quotient of \"0.77\" (order 40, proven for the sums"),
        "{out}"
    );
    for refused in ["cannot leave", "say which", "you cannot take", "did not"]
    {
        assert!(!out.contains(refused), "{refused}: {out}");
    }
    assert_eq!(last_line(&out), "winner: computer", "{out}");
    // The same game, piped whole: the same moves, the same end.
    let again = play_game(&args, "");
    assert!(again.contains("computer takes"), "{again}");
}

/// Issue 36 §2: normal play past the exact budget is played from the
/// Grundy values; a hint then names the winning moves without counting
/// moves, and a game too large for any method keeps its one-line error.
#[test]
fn issue_36_normal_play_past_the_budget_uses_grundy_values() {
    let out = play_game(
        &[
            "--set",
            "0.77",
            "--heap",
            "40",
            "41",
            "42",
            "43",
            "44",
            "45",
            "--max-states",
            "20000",
            "--seed",
            "1",
        ],
        "hint\nquit\n",
    );
    assert!(
        out.contains("Normal play solved by the heaps' Grundy values"),
        "{out}"
    );
    // 1 xor 4 xor 7 xor 2 xor 1 xor 8 = 9: heap 6 (g = 8) goes to 1.
    assert!(out.contains("winning moves:\n  take 1 from heap 6: leaves heaps 40 41 42 43 44 44, heap value 8 -> 1, nim-sum 0\n"), "{out}");
    assert!(!out.contains("you win within"), "{out}");
    let (_, err) = run(
        &[
            "play",
            "--heap",
            "1,2:2000",
            "2,3:2000",
            "--misere",
            "--max-states",
            "20000",
        ],
        1,
    );
    assert_eq!(
        err,
        "grundy: this game has more than 20000 positions to solve exactly; use smaller heaps or raise --max-states\n"
    );
}
