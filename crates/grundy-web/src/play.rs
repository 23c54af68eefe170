//! `GET /api/play`: one position of a game against the perfect computer.
//!
//! The page keeps the game (position, history for undo) and asks this
//! route about each position: who wins and in how many moves
//! (remoteness), every legal move with what it leaves, the winning moves
//! (the hint), and the move the perfect computer plays there. The
//! computer is the library's [`grundy::Strategy`], as in `grundy play`:
//! it wins as fast as possible and, when losing, stalls as long as
//! possible; ties are broken by the library's [`grundy::TieBreaker`]
//! seeded with `seed` (its first choice, as `grundy play --seed`'s).
//! When the exact solution is out of the route's budget the strategy
//! answers from the theory (Grundy values, Bouton's rule, the misère
//! quotient): remoteness is then null, and `method` and `method_note`
//! (the library's sentence) say which answered.

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use grundy::{
    Heap, HeapValue, Move, Outcome, Play, PlayMethod, Rules, StopReason,
    Strategy, TieBreaker,
};
use serde::Serialize;

use crate::api::{AppState, heaps_param, params, parse_heaps, play_param};
use crate::error::ApiError;
use crate::lanes::Answer;

const EXAMPLE: &str = "/api/play?heaps=1,2,3:31";

/// The most move checks (options examined) one request may spend solving
/// a game: the solver's work budget on this route.
const MAX_WORK: u64 = 10_000_000;

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
    /// Moves left after it with perfect play on both sides; `null` when
    /// the theory answered (`method` is not `"exact"`).
    pub remoteness: Option<u32>,
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
    /// Moves left with perfect play (winner hurries, loser stalls);
    /// `null` when the theory answered.
    pub remoteness: Option<u32>,
    /// How the position was answered: `exact`, `grundy`, `bouton` or
    /// `quotient`.
    pub method: PlayMethod,
    /// The same in one sentence, the library's.
    pub method_note: String,
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
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["heaps", "misere", "seed"], EXAMPLE)?;
    let heaps = heaps_param(&p, &shared, EXAMPLE)?;
    let play = play_param(&p)?;
    let seed = p.number("seed", 0, u64::MAX)?;
    let report = shared
        .run(move |budget| {
            let heaps = parse_heaps(&heaps)?;
            let position = position(&heaps)?;
            let budget = grundy::Budget {
                max_positions: budget.max_positions.min(MAX_WORK),
                ..budget.clone()
            };
            analyse(&heaps, &position, play, seed, budget)
        })
        .await?;
    Ok(report)
}

/// The heaps as (rules, size) with sizes that fit in 64 bits.
fn position(heaps: &[Heap]) -> Result<Vec<(Rules, u64)>, ApiError> {
    heaps
        .iter()
        .map(|h| {
            let n = u64::try_from(&h.size).map_err(|_| ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message: format!(
                    "heap \"{}:{}\" is too large to play; use at most {} stones",
                    h.rules,
                    h.size,
                    u64::MAX
                ),
                field: Some("heaps"),
                heap: None,
                survey: None,
            })?;
            Ok((h.rules.clone(), n))
        })
        .collect()
}

/// A solver error: a game too big to solve is 422 (the user's input);
/// the clock or a hang-up stopping it is 503, as on every route.
fn unsolved(e: grundy::Error) -> ApiError {
    let interrupted = e.stopped().is_some_and(|s| {
        matches!(s.reason, StopReason::Time | StopReason::Cancelled)
    });
    let error = ApiError::from_library("heaps", e);
    if interrupted {
        error
    } else {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            field: Some("heaps"),
            ..error
        }
    }
}

fn analyse(
    heaps: &[Heap],
    position: &[(Rules, u64)],
    play: Play,
    seed: u64,
    budget: grundy::Budget,
) -> Result<PlayReport, ApiError> {
    let mut strategy =
        Strategy::new(position, play, budget).map_err(unsolved)?;
    let value = strategy.value(position).map_err(unsolved)?;
    let moves: Vec<RatedMove> = strategy
        .moves(position)
        .map_err(unsolved)?
        .into_iter()
        .map(|m| RatedMove {
            heap: m.mv.heap,
            take: u64::try_from(&m.mv.take).expect("a take from a u64 heap"),
            leaves: m.mv.leaves_text(),
            wins: !m.after.wins(),
            remoteness: m.after.remoteness,
        })
        .collect();
    let winning_moves = strategy.winning_moves(position).map_err(unsolved)?;
    let best = strategy.best_moves(position).map_err(unsolved)?;
    let computer = TieBreaker::new(seed).choose(&best).cloned();
    let grundy = strategy
        .grundy_values(position)
        .map_err(|e| ApiError::from_library("heaps", e))?;
    Ok(PlayReport {
        play,
        heaps: heaps
            .iter()
            .zip(&grundy)
            .map(|(h, &g)| HeapValue {
                set: h.rules.to_string(),
                size: h.size.to_string(),
                grundy: g,
            })
            .collect(),
        nim_sum: grundy.iter().fold(0, |a, &g| a ^ g),
        outcome: value.outcome,
        remoteness: value.remoteness,
        method: strategy.method(),
        method_note: strategy.method_note().to_string(),
        over: moves.is_empty(),
        moves,
        winning_moves,
        computer,
    })
}
