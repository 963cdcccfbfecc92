//! A small alpha-beta player written once over the shared trait, using only the trait: material
//! by `Role::index`, captures first (by `captured`), repetition through the generic `Game`. It
//! plays a short game of each variant against itself and prints the game record.
//!
//! ```text
//! cargo run -p xtask --release --example alpha_beta -- [PLIES] [DEPTH]
//! ```

use hexvar_geometry::{
    CellBits, Game, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

/// A score beyond any material sum: a won game.
const WIN: i32 = 1_000_000;

/// Material values indexed by `Role::index`, from the role letters (chess values; the variants'
/// other men count as a minor piece and a half; kings count nothing, since they never leave).
fn values<V: Variant>() -> Vec<i32> {
    V::Role::ALL
        .iter()
        .map(|role| match role.char() {
            'K' => 0,
            'P' => 100,
            'N' | 'B' => 300,
            'R' => 500,
            'Q' => 900,
            _ => 450,
        })
        .collect()
}

/// Material of the side to move's team minus everyone else's.
fn evaluate<V: Variant>(pos: &V, values: &[i32]) -> i32 {
    let me = pos.turn();
    let mut score = 0;
    for &color in V::Color::ALL {
        let men = pos.by_color(color);
        let sign = if pos.same_team(me, color) { 1 } else { -1 };
        for &role in V::Role::ALL {
            let both = pos.by_role(role);
            let count = men.indices().filter(|&i| both.contains_index(i)).count() as i32;
            score += sign * count * values[role.index()];
        }
    }
    score
}

/// The legal moves, captures first (the most valuable victim first).
fn ordered<V: Variant>(pos: &V, values: &[i32]) -> Vec<V::Move> {
    let mut moves: Vec<V::Move> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|&mv| {
        let victim = pos.captured(mv).map_or(0, |p| 1 + values[p.role().index()]);
        -victim
    });
    moves
}

/// Negamax with alpha-beta over the game, so that a repeated position scores as a draw.
fn negamax<V: Variant>(
    game: &mut Game<V>,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    values: &[i32],
) -> i32 {
    if let Some(outcome) = game.outcome() {
        let me = game.position().turn();
        return if outcome.is_draw() {
            0
        } else if outcome.is_win_for(me) {
            WIN
        } else {
            -WIN - depth as i32
        };
    }
    if game.repetitions() >= 2 {
        return 0;
    }
    if depth == 0 {
        return evaluate(game.position(), values);
    }
    for mv in ordered(game.position(), values) {
        game.play(mv)
            .expect("a legal move of an unfinished game plays");
        let score = -negamax(game, depth - 1, -beta, -alpha, values);
        game.undo();
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The best move by a search of `depth` plies.
fn best_move<V: Variant>(game: &mut Game<V>, depth: u32, values: &[i32]) -> Option<V::Move> {
    let mut best = None;
    let mut alpha = -2 * WIN;
    for mv in ordered(game.position(), values) {
        game.play(mv).expect("a legal move plays");
        let score = -negamax(game, depth.saturating_sub(1), -2 * WIN, -alpha, values);
        game.undo();
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some(mv);
        }
    }
    best
}

/// Plays `plies` plies of the variant against itself and prints the record.
fn play<V: Variant>(plies: usize, depth: u32) {
    let values = values::<V>();
    let mut game = Game::<V>::new();
    game.set_tag("Event", "alpha-beta self-play").unwrap();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let Some(mv) = best_move(&mut game, depth, &values) else {
            break;
        };
        game.play(mv).expect("the chosen move plays");
    }
    let record = game.to_record();
    let again = Game::<V>::from_record(&record).expect("the record reads back");
    assert_eq!(again.moves(), game.moves());
    println!("{record}");
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let plies = args.first().copied().unwrap_or(16) as usize;
    let depth = args.get(1).copied().unwrap_or(3) as u32;
    play::<hexvar_brusky::Position>(plies, depth);
    play::<hexvar_chessagon::Position>(plies, depth);
    play::<hexvar_dagger::Position>(plies, depth);
    play::<hexvar_cescacs::Position>(plies, depth);
    play::<hexvar_kirby::Position>(plies, depth);
}
