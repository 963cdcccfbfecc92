//! The men: sides (geometry's two-sided [`Color`]), piece kinds ([`Role`], with the CTL-AN
//! letters and the author's values) and pieces ([`Piece`]), and what C'escacs adds to them: the
//! roles a pawn promotes to, each role's count at the start, the letters' aliases of the rules,
//! and the direction a side's pawns go.

pub use hexvar_geometry::{Color, ParseLetterError};

hexvar_geometry::roles! {
    /// A piece kind. Letters follow CTL-AN (language independent); values are the author's
    /// relative values (the rules page, "Piece values") times 100. (The author adds a point for
    /// holding all three Bishops, which no single role carries.) The third number, where given,
    /// is the role's playing value: what an engine counts it as, chosen by engine matches (the
    /// same section explains them); the others play at their value.
    pub enum Role {
        /// King (`K`).
        King('K', 0),
        /// Queen (`D`, "Dama"): orthogonal and diagonal slider.
        Queen('D', 1600, 900),
        /// Wyvern (`V`): orthogonal slider plus knight leap.
        Wyvern('V', 1500, 700),
        /// Rook (`R`): orthogonal slider.
        Rook('R', 1000, 500),
        /// Pegasus (`G`): diagonal slider plus knight leap.
        Pegasus('G', 800, 700),
        /// Knight (`N`): knight leap plus the non-capturing ride.
        Knight('N', 400, 300),
        /// Bishop (`J`): diagonal slider.
        Bishop('J', 300),
        /// Elephant (`E`): diagonal steps forward and back, one or two steps straight forward.
        Elephant('E', 200),
        /// Pawn (`P`, omitted in move notation).
        Pawn('P', 100),
    }
}

impl Role {
    /// The roles a pawn may promote to ("regainable" pieces).
    pub const PROMOTIONS: [Role; 6] = [
        Role::Queen,
        Role::Wyvern,
        Role::Rook,
        Role::Pegasus,
        Role::Knight,
        Role::Bishop,
    ];

    /// The number of pieces of this role each side starts with.
    pub const fn initial_count(self) -> u32 {
        match self {
            Role::King | Role::Queen | Role::Wyvern => 1,
            Role::Rook | Role::Pegasus | Role::Knight => 2,
            Role::Bishop => 3,
            Role::Elephant => 4,
            Role::Pawn => 11,
        }
    }
}

hexvar_geometry::two_sided_piece! {
    /// A piece: a colour and a role. Its letter is the role's, upper case for White, lower case
    /// for Black.
    pub struct Piece(Role);
}

/// The CTL-AN letter that an alias of the rules stands for, in the same case (`Q`=D, `W`=V,
/// `T`=R, `C`/`S`=N, `A`/`B`/`F`/`L`=J, `H`=E); any other character unchanged. The position
/// text and the move notation read aliases; [`Role::from_char`] and [`Piece::from_char`] read
/// the CTL-AN letters only.
pub(crate) const fn unalias(ch: char) -> char {
    let main = match ch.to_ascii_uppercase() {
        'Q' => 'D',
        'W' => 'V',
        'T' => 'R',
        'C' | 'S' => 'N',
        'A' | 'B' | 'F' | 'L' => 'J',
        'H' => 'E',
        _ => return ch,
    };
    if ch.is_ascii_lowercase() {
        main.to_ascii_lowercase()
    } else {
        main
    }
}

/// The role of a letter or an alias of the rules, either case.
pub(crate) const fn role_of_letter(ch: char) -> Option<Role> {
    Role::from_char(unalias(ch))
}

/// The line direction of `color`'s pawns: `+1` for White (towards line 28), `-1` for Black.
#[inline]
pub(crate) const fn pawn_line_step(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_name_the_ctl_roles() {
        for (alias, role) in [
            ('Q', Role::Queen),
            ('w', Role::Wyvern),
            ('T', Role::Rook),
            ('c', Role::Knight),
            ('S', Role::Knight),
            ('a', Role::Bishop),
            ('B', Role::Bishop),
            ('F', Role::Bishop),
            ('l', Role::Bishop),
            ('H', Role::Elephant),
        ] {
            assert_eq!(role_of_letter(alias), Some(role), "{alias}");
            assert_eq!(Role::from_char(alias), None, "{alias} is no CTL-AN letter");
            let piece = Piece::from_char(unalias(alias)).unwrap();
            assert_eq!(piece.role, role);
            assert_eq!(piece.color.index(), usize::from(alias.is_ascii_lowercase()));
        }
        for role in Role::ALL {
            assert_eq!(role_of_letter(role.char()), Some(role));
        }
        assert_eq!(unalias('7'), '7');
        assert_eq!(role_of_letter('X'), None);
    }

    /// The rules page's "Piece values" table gives every role's value and playing value.
    #[test]
    fn the_rules_page_gives_every_playing_value() {
        let page = include_str!("../docs/rules.md");
        let (_, section) = page.split_once("### Piece values\n").expect("the section");
        let rows: Vec<(String, i32, i32)> = section
            .lines()
            .skip_while(|line| !line.starts_with('|'))
            .take_while(|line| line.starts_with('|'))
            .filter_map(|line| {
                let cells: Vec<&str> = line.split('|').map(str::trim).collect();
                Some((
                    cells[1].to_string(),
                    cells[2].parse().ok()?,
                    cells[3].parse().ok()?,
                ))
            })
            .collect();
        assert_eq!(rows.len(), Role::COUNT);
        for role in Role::ALL {
            let name = format!("{role:?}");
            let row = rows.iter().find(|r| r.0 == name).expect("a row per role");
            assert_eq!(
                (row.1, row.2),
                (role.value(), role.playing_value()),
                "{name}"
            );
        }
        // The engine's scale: a pawn 100, no officer above a chess queen.
        assert_eq!(Role::Pawn.playing_value(), 100);
        assert!(Role::ALL.iter().all(|r| r.playing_value() <= 1000));
    }
}
