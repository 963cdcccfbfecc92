//! `Variant::attackers` on random games of all five variants, against what the rest of the
//! contract says an attack is: the side to move is in check exactly when a live hostile side
//! attacks its king, and every legal capture onto a man's cell comes from an attacker of that
//! cell (so the set is never too small for the moves the generator makes), a pawn's special
//! capture of a pawn aside.

use hexvar_geometry::zobrist::KeyStream;
use hexvar_geometry::{
    cells_of, CellBits, DenseCell, Variant, VariantColor, VariantPiece, VariantRole,
};

/// A number below `n` from a seeded stream, so that every run plays the same games.
fn below(stream: &mut KeyStream, n: usize) -> usize {
    (stream.next_key() % n as u64) as usize
}

/// The hostile sides still in play that attack the king of the side to move.
fn king_attacked<V: Variant>(pos: &V) -> bool {
    let us = pos.turn();
    let king_role = V::Role::ALL.iter().copied().find(|r| r.char() == 'K');
    let kings = pos.by_color(us) & pos.by_role(king_role.expect("every variant has a King"));
    let Some(king) = cells_of::<V>(kings).next() else {
        return false;
    };
    V::Color::ALL
        .iter()
        .filter(|&&side| side != us && pos.in_play(side) && !pos.same_team(side, us))
        .any(|&side| !pos.attackers(king, side).is_empty())
}

/// Checks one position; returns the number of captures checked.
fn check_position<V: Variant>(pos: &V) -> usize {
    assert_eq!(king_attacked(pos), pos.is_check(), "check in {pos}");
    let mut captures = 0;
    for &mv in pos.legal_moves().as_ref() {
        let (from, to) = V::move_cells(mv);
        let (Some(from), Some(_)) = (from, pos.piece_at(to)) else {
            continue;
        };
        if pos.captured(mv) != pos.piece_at(to) {
            continue;
        }
        let attackers = pos.attackers(to, pos.turn());
        let is_pawn = |cell| pos.piece_at(cell).is_some_and(|p| p.role().char() == 'P');
        // A pawn's special captures of a pawn (C'escacs's scornful capture: the one move after
        // a pawn stepped away from it) are moves, not attacks on the cell.
        if is_pawn(from) && is_pawn(to) && !attackers.contains_index(from.dense_index()) {
            continue;
        }
        assert!(
            attackers.contains_index(from.dense_index()),
            "{} takes on {to:?} from {from:?}, not an attacker ({:?}) in {pos}",
            V::long(mv),
            cells_of::<V>(attackers).collect::<Vec<_>>()
        );
        captures += 1;
    }
    captures
}

fn random_games<V: Variant>(games: usize, plies: usize) {
    let mut stream = KeyStream::new(0x5eed_a77a);
    let mut starts: Vec<V> = vec![V::start()];
    for (_, text) in V::start_positions() {
        starts.push(text.parse().unwrap_or_else(|_| panic!("start {text}")));
    }
    let mut captures = 0;
    for game in 0..games {
        let mut pos = starts[game % starts.len()].clone();
        for _ in 0..plies {
            captures += check_position(&pos);
            let moves = pos.legal_moves();
            let moves = moves.as_ref();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.play_unchecked(moves[below(&mut stream, moves.len())]);
        }
    }
    assert!(
        captures > 100,
        "{}: only {captures} captures checked",
        V::NAME
    );
}

#[test]
fn attackers_agree_with_check_and_captures() {
    random_games::<hexvar_brusky::Position>(20, 150);
    random_games::<hexvar_chessagon::Position>(20, 150);
    random_games::<hexvar_dagger::Position>(20, 150);
    random_games::<hexvar_cescacs::Position>(20, 150);
    random_games::<hexvar_kirby::Position>(30, 200);
}
