//! A small alpha-beta player written once over the shared trait, using only the trait: material
//! by `VariantRole::value` over the armies still `in_play`, teams by `same_team` (a node maximises
//! where the root's team moves and minimises elsewhere, so three or more armies score right),
//! captures first (by `captured`), repetition through the generic `Game`. It plays a short game of
//! each variant against itself and prints the game record.
//!
//! ```text
//! cargo run -p xtask --release --example alpha_beta -- [PLIES] [DEPTH]
//! ```

use hexvar_geometry::{
    CellBits, Game, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

/// A score beyond any material sum: a won game.
const WIN: i32 = 1_000_000;

/// Material of `root`'s team minus every other army's still in play, by `VariantRole::value`.
fn evaluate<V: Variant>(pos: &V, root: V::Color) -> i32 {
    let mut score = 0;
    for &color in V::Color::ALL.iter().filter(|&&c| pos.in_play(c)) {
        let men = pos.by_color(color);
        let sign = if pos.same_team(root, color) { 1 } else { -1 };
        for &role in V::Role::ALL {
            let both = pos.by_role(role);
            let count = men.indices().filter(|&i| both.contains_index(i)).count() as i32;
            score += sign * count * role.value();
        }
    }
    score
}

/// The legal moves, captures first (the most valuable victim first).
fn ordered<V: Variant>(pos: &V) -> Vec<V::Move> {
    let mut moves: Vec<V::Move> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|&mv| {
        let victim = pos.captured(mv).map_or(0, |p| 1 + p.role().value());
        -victim
    });
    moves
}

/// Alpha-beta over the game, scored for `root`'s team: a node where a team-mate of `root` moves
/// maximises, any other army's node minimises (every other army is taken to play against
/// `root`). Negamax's sign flip at every ply would be right only for two sides taking turns; with
/// three or more armies, or team-mates moving one after the other (Kirby), the side to move next
/// is not always the opponent. A repeated position scores as a draw.
fn search<V: Variant>(
    game: &mut Game<V>,
    root: V::Color,
    depth: u32,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    if let Some(outcome) = game.outcome() {
        // A sooner win (more depth left) scores higher, a sooner loss lower.
        return if outcome.is_draw() {
            0
        } else if outcome.is_win_for(root) {
            WIN + depth as i32
        } else {
            -WIN - depth as i32
        };
    }
    if game.repetitions() >= 2 {
        return 0;
    }
    if depth == 0 {
        return evaluate(game.position(), root);
    }
    let maximising = game.position().same_team(root, game.position().turn());
    for mv in ordered(game.position()) {
        game.play(mv)
            .expect("a legal move of an unfinished game plays");
        let score = search(game, root, depth - 1, alpha, beta);
        game.undo();
        if maximising {
            alpha = alpha.max(score);
        } else {
            beta = beta.min(score);
        }
        if alpha >= beta {
            break;
        }
    }
    if maximising {
        alpha
    } else {
        beta
    }
}

/// The best move for the side to move by a search of `depth` plies.
fn best_move<V: Variant>(game: &mut Game<V>, depth: u32) -> Option<V::Move> {
    let root = game.position().turn();
    let mut best = None;
    let mut alpha = -2 * WIN;
    for mv in ordered(game.position()) {
        game.play(mv).expect("a legal move plays");
        let score = search(game, root, depth.saturating_sub(1), alpha, 2 * WIN);
        game.undo();
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some(mv);
        }
    }
    best
}

/// Plays `plies` plies of the variant from `start` against itself and prints the record.
fn play<V: Variant>(start: V, plies: usize, depth: u32) {
    let mut game = Game::from_position(start);
    game.set_tag("Event", "alpha-beta self-play")
        .expect("a valid tag");
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let Some(mv) = best_move(&mut game, depth) else {
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
    play(hexvar_brusky::Position::start(), plies, depth);
    play(hexvar_chessagon::Position::start(), plies, depth);
    play(hexvar_dagger::Position::start(), plies, depth);
    play(hexvar_cescacs::Position::start(), plies, depth);
    play(hexvar_kirby::Position::start(), plies, depth);
    // Three armies, and three teams of two (team-mates move one after the other's opponent).
    use hexvar_kirby::Mode;
    play(
        hexvar_kirby::Position::start_mode(Mode::ThreePlayer),
        plies,
        depth,
    );
    play(
        hexvar_kirby::Position::start_mode(Mode::SixPlayerThreeTeams),
        plies,
        depth,
    );
}
