//! `GET /api/play`: one position of a game against the perfect computer.
//!
//! The page keeps the game (position, history for undo) and asks this
//! route about each position: who wins and in how many moves
//! (remoteness), every legal move with what it leaves, the winning moves
//! (the hint), and the move the perfect computer plays there. The
//! computer is `grundy::strategy` from `grundy play` (issue 5): it wins as
//! fast as possible and, when losing, stalls as long as possible.

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use grundy::strategy::{Computer, Solution};
use grundy::sum::{Heap, HeapValue, Move};
use grundy::{Outcome, Play, SubtractionSet};
use serde::Serialize;

use crate::api::{AppState, params, parse_heaps, play_param};
use crate::error::ApiError;

const EXAMPLE: &str = "/api/play?heaps=1,2,3:31";

/// The most move checks one request may spend solving a game.
const MAX_WORK: u64 = 50_000_000;

/// One legal move and what it leaves for the opponent.
#[derive(Debug, Serialize)]
pub struct RatedMove {
    /// The heap, from 1.
    pub heap: usize,
    /// Stones taken.
    pub take: u64,
    /// The heap's size afterwards.
    pub leaves: String,
    /// Whether this move wins against any reply (leaves a P-position).
    pub wins: bool,
    /// Moves left after it with perfect play on both sides.
    pub remoteness: u32,
}

/// The answer of `/api/play`.
#[derive(Debug, Serialize)]
pub struct PlayReport {
    /// Normal or misère play.
    pub play: Play,
    /// Each heap with its Grundy value.
    pub heaps: Vec<HeapValue>,
    /// XOR of the heaps' values.
    pub nim_sum: u64,
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// Moves left with perfect play (winner hurries, loser stalls).
    pub remoteness: u32,
    /// No legal move is left: the game is over.
    pub over: bool,
    /// Every legal move, by heap then take.
    pub moves: Vec<RatedMove>,
    /// The moves that win (the hint); empty in a lost position.
    pub winning_moves: Vec<Move>,
    /// The move the perfect computer plays here (`null` when over).
    pub computer: Option<Move>,
}

/// `GET /api/play?heaps=H;H&misere=B&seed=N`.
pub async fn play(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Json<PlayReport>, ApiError> {
    let p = params(&shared, q, &["heaps", "misere", "seed"], EXAMPLE)?;
    let heaps = parse_heaps(&p, &shared, EXAMPLE)?;
    let play = play_param(&p)?;
    let seed = p.number("seed", 0, u64::MAX)?;
    let max_states = shared.budget.max_states;
    let sizes = sizes(&heaps, max_states)?;
    let report = shared
        .run(move |_| analyse(&heaps, &sizes, play, seed, max_states))
        .await?;
    Ok(Json(report))
}

/// The sizes as u64, and a check that solving stays within the budget.
fn sizes(heaps: &[Heap], max_states: usize) -> Result<Vec<u64>, ApiError> {
    let too_big = |why: String| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: why,
        field: Some("heaps"),
        heap: None,
    };
    let mut sizes = Vec::with_capacity(heaps.len());
    let mut states: u64 = 1;
    for h in heaps {
        let n = u64::try_from(&h.size)
            .ok()
            .filter(|&n| n < max_states as u64)
            .ok_or_else(|| {
                too_big(format!(
                    "heap \"{}:{}\" is too large to play; the computer solves every position exactly, so use at most {} stones",
                    h.set,
                    h.size,
                    max_states - 1
                ))
            })?;
        states = states.saturating_mul(n + 1);
        sizes.push(n);
    }
    if states > max_states as u64 {
        return Err(too_big(format!(
            "this game has {states} positions; the computer solves at most {max_states} (`grundy serve --max-states` raises it); use smaller heaps"
        )));
    }
    // Each position checks every legal take of every heap.
    let takes: u64 =
        heaps.iter().zip(&sizes).map(|(h, &n)| takes_up_to(&h.set, n)).sum();
    let work = states.saturating_mul(takes.max(1));
    if work > MAX_WORK {
        return Err(too_big(format!(
            "this game needs about {work} move checks to solve; the web explorer does at most {MAX_WORK}; use smaller heaps"
        )));
    }
    Ok(sizes)
}

fn takes_up_to(set: &SubtractionSet, n: u64) -> u64 {
    match set {
        SubtractionSet::Finite(s) => {
            s.elements().iter().take_while(|&&a| a <= n).count() as u64
        }
        SubtractionSet::AllBut(_) => n,
    }
}

fn analyse(
    heaps: &[Heap],
    sizes: &[u64],
    play: Play,
    seed: u64,
    max_states: usize,
) -> Result<PlayReport, ApiError> {
    let sets: Vec<SubtractionSet> =
        heaps.iter().map(|h| h.set.clone()).collect();
    let solution =
        Solution::new(&sets, sizes, play, max_states).map_err(|e| {
            ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                ..ApiError::from_library("heaps", e)
            }
        })?;
    let value = solution.value(sizes);
    let leaves = |heap: usize, take: u64| (sizes[heap] - take).to_string();
    let to_move = |m: grundy::strategy::Move| Move {
        heap: m.heap + 1,
        take: m.take,
        leaves: leaves(m.heap, m.take),
    };
    let moves: Vec<RatedMove> = solution
        .moves(sizes)
        .into_iter()
        .map(|m| RatedMove {
            heap: m.mv.heap + 1,
            take: m.mv.take,
            leaves: leaves(m.mv.heap, m.mv.take),
            wins: !m.after.wins(),
            remoteness: m.after.remoteness,
        })
        .collect();
    let winning_moves = solution
        .winning_moves(sizes)
        .into_iter()
        .map(|m| to_move(m.mv))
        .collect();
    let computer = Computer::new(seed).choose(&solution, sizes).map(to_move);
    Ok(PlayReport {
        play,
        heaps: heaps
            .iter()
            .enumerate()
            .map(|(i, h)| HeapValue {
                set: h.set.to_string(),
                size: h.size.to_string(),
                grundy: solution.grundy(i, sizes[i]),
            })
            .collect(),
        nim_sum: solution.nim_sum(sizes),
        outcome: value.outcome,
        remoteness: value.remoteness,
        over: moves.is_empty(),
        moves,
        winning_moves,
        computer,
    })
}
