//! The mobility figures behind the piece values of the rules pages ("Piece values"): each
//! role's mean number of legal moves on an otherwise empty board, with the two kings on the
//! first and the last cell, over the cells where the piece gives no check (a position with the
//! side not to move in check is invalid), its ratio to the chess counterpart's, and the value the
//! pages' rule gives: chess value × ratio ÷ the geometric mean ratio of N, B, R and Q, rounded
//! to 25. (Kirby's page uses the empty-board totals its rules assert instead.)
//!
//! ```text
//! cargo run -p xtask --release --example mobility
//! ```

/// Chess's mean empty-board mobility over the 64 squares and value, by role letter.
const CHESS: [(char, f64, f64); 4] = [
    ('N', 5.25, 300.0),
    ('B', 8.75, 300.0),
    ('R', 14.0, 500.0),
    ('Q', 22.75, 900.0),
];

/// The chess counterpart a role is compared with: its own letter, Chessagon's Duke a rook.
fn counterpart(letter: char) -> Option<(f64, f64)> {
    let letter = if letter == 'D' { 'R' } else { letter };
    CHESS
        .iter()
        .find(|(c, _, _)| *c == letter)
        .map(|&(_, moves, value)| (moves, value))
}

/// Prints each role's mean mobility, ratio and value from the rule.
fn report(variant: &str, means: &[(char, f64)]) {
    let ratios: Vec<(char, f64, f64)> = means
        .iter()
        .filter_map(|&(letter, mean)| {
            let (chess, value) = counterpart(letter)?;
            Some((letter, mean / chess, value))
        })
        .collect();
    let core: Vec<f64> = ratios
        .iter()
        .filter(|(letter, _, _)| "NBRQ".contains(*letter))
        .map(|&(_, ratio, _)| ratio)
        .collect();
    let scale = (core.iter().map(|r| r.ln()).sum::<f64>() / core.len() as f64).exp();
    println!("{variant}: board scale {scale:.2}");
    for (&(letter, mean), &(_, ratio, value)) in means.iter().zip(&ratios) {
        let scaled = (value * ratio / scale / 25.0).round() * 25.0;
        println!("  {letter}: {mean:.2} moves, x{ratio:.2}, value {scaled}");
    }
}

macro_rules! mobility {
    ($krate:ident) => {{
        use $krate::{Cell, Color, Piece, Position, Role, Setup};
        let kings = (Cell::ALL[0], Cell::ALL[Cell::ALL.len() - 1]);
        let mut means = Vec::new();
        for role in Role::ALL {
            if counterpart(role.char()).is_none() {
                continue;
            }
            let (mut moves, mut cells) = (0, 0);
            for cell in Cell::ALL {
                if cell == kings.0 || cell == kings.1 {
                    continue;
                }
                let mut setup = Setup::empty();
                for (at, color, role) in [
                    (kings.0, Color::White, Role::King),
                    (kings.1, Color::Black, Role::King),
                    (cell, Color::White, role),
                ] {
                    setup.board[at.index()] = Some(Piece { color, role });
                }
                let Ok(pos) = Position::from_setup(setup) else {
                    continue;
                };
                let legal = pos.legal_moves();
                moves += legal.iter().filter(|m| m.from() == Some(cell)).count();
                cells += 1;
            }
            means.push((role.char(), moves as f64 / cells as f64));
        }
        report(stringify!($krate), &means);
    }};
}

fn main() {
    mobility!(hexvar_brusky);
    mobility!(hexvar_chessagon);
    mobility!(hexvar_dagger);
}
