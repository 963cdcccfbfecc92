//! The position as planes for a learning loop: one byte per cell per plane, so that two positions
//! with different men, side to move or rights never share an encoding.
//!
//! ```text
//! planes = men (sides × roles) + side to move (one per side) + the variant's state planes
//! ```
//!
//! A state plane is either a cell plane (1 on the cells a right names: an en passant pawn, a Rook
//! that may castle, a waiting pawn) or a constant plane (every cell 1 or every cell 0: a castling
//! bit, a knight in hand, a Kirby seat's team). [`StatePlanes::names`] names them in order.

use hexvar_geometry::{CellBits, DenseCell, Variant, VariantColor, VariantPiece, VariantRole};

/// A variant's state beyond the men and the side to move, as planes.
pub trait StatePlanes: Variant {
    /// Each state plane's name, in order.
    fn names() -> Vec<String>;

    /// Writes the state planes into `planes` (`names().len() × CELL_COUNT` bytes, zeroed).
    fn state_planes(&self, planes: &mut Planes<'_>);
}

/// Planes being written: `CELL_COUNT` bytes each.
pub struct Planes<'a> {
    bytes: &'a mut [u8],
    cells: usize,
}

impl Planes<'_> {
    /// Sets every cell of plane `plane` (a constant plane that holds).
    pub fn fill(&mut self, plane: usize) {
        self.bytes[plane * self.cells..(plane + 1) * self.cells].fill(1);
    }

    /// Sets plane `plane` on the cell with dense index `cell`.
    pub fn mark(&mut self, plane: usize, cell: usize) {
        self.bytes[plane * self.cells + cell] = 1;
    }
}

/// The number of planes of `V`: men, side to move, state.
pub fn count<V: StatePlanes>() -> usize {
    let sides = V::Color::ALL.len();
    sides * V::Role::ALL.len() + sides + <V as StatePlanes>::names().len()
}

/// Every plane's name, in order: `w P` (men), `w to move`, then the state planes.
pub fn names<V: StatePlanes>() -> Vec<String> {
    let mut names = Vec::with_capacity(count::<V>());
    // Sides as `SIDES` spells them (`w`, `b`, Kirby's army letters).
    for color in V::Color::ALL {
        for role in V::Role::ALL {
            names.push(format!("{color} {}", role.char()));
        }
    }
    names.extend(V::Color::ALL.iter().map(|c| format!("{c} to move")));
    names.extend(<V as StatePlanes>::names());
    names
}

/// Appends the planes of `pos` to `out` (`count::<V>() × CELL_COUNT` bytes).
pub fn encode_into<V: StatePlanes>(pos: &V, out: &mut Vec<u8>) {
    let cells = V::CELL_COUNT;
    let roles = V::Role::ALL.len();
    let sides = V::Color::ALL.len();
    let start = out.len();
    out.resize(start + count::<V>() * cells, 0);
    let bytes = &mut out[start..];
    for &color in V::Color::ALL {
        for i in pos.by_color(color).indices() {
            if let Some(piece) = pos.piece_at(V::Cell::from_dense(i)) {
                bytes[(color.index() * roles + piece.role().index()) * cells + i] = 1;
            }
        }
    }
    let mut planes = Planes { bytes, cells };
    planes.fill(sides * roles + pos.turn().index());
    let mut state = Planes {
        bytes: &mut planes.bytes[(sides * roles + sides) * cells..],
        cells,
    };
    pos.state_planes(&mut state);
}

/// Owned copies of plane names.
fn to_strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// The constant planes of a rights bit field: plane `first + i` set for each set bit `i`.
fn fill_bits(planes: &mut Planes<'_>, first: usize, bits: u8, width: usize) {
    for i in 0..width {
        if bits & (1 << i) != 0 {
            planes.fill(first + i);
        }
    }
}

/// The planes of chess's rights, Brusky's and Chessagon's first planes: castling `KQkq` as a
/// bit field, then the en passant cell.
const CHESS_RIGHTS: [&str; 5] = [
    "castling K",
    "castling Q",
    "castling k",
    "castling q",
    "en passant",
];

/// Writes [`CHESS_RIGHTS`]' planes: the castling bits and the en passant cell's dense index.
fn chess_rights(planes: &mut Planes<'_>, castling: u8, en_passant: Option<usize>) {
    fill_bits(planes, 0, castling, 4);
    if let Some(cell) = en_passant {
        planes.mark(4, cell);
    }
}

impl StatePlanes for hexvar_brusky::Position {
    fn names() -> Vec<String> {
        to_strings(&CHESS_RIGHTS)
    }

    fn state_planes(&self, planes: &mut Planes<'_>) {
        let en_passant = self.en_passant().map(|ep| ep.passed.dense_index());
        chess_rights(planes, self.castling_rights().bits(), en_passant);
    }
}

impl StatePlanes for hexvar_chessagon::Position {
    fn names() -> Vec<String> {
        let mut names = to_strings(&CHESS_RIGHTS);
        names.push("unmoved pawns".to_string());
        names
    }

    fn state_planes(&self, planes: &mut Planes<'_>) {
        let en_passant = self.ep().map(|ep| ep.middle.dense_index());
        chess_rights(planes, self.castling_rights(), en_passant);
        for cell in self.unmoved_pawns().iter() {
            planes.mark(5, cell);
        }
    }
}

impl StatePlanes for hexvar_dagger::Position {
    fn names() -> Vec<String> {
        to_strings(&["w hand L", "w hand R", "b hand L", "b hand R", "en passant"])
    }

    fn state_planes(&self, planes: &mut Planes<'_>) {
        use hexvar_dagger::{Color, HandKnight};
        for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for (slot, knight) in HandKnight::ALL.into_iter().enumerate() {
                if self.hand(color).contains(knight) {
                    planes.fill(side * 2 + slot);
                }
            }
        }
        if let Some(cell) = self.en_passant() {
            planes.mark(4, cell.dense_index());
        }
    }
}

impl StatePlanes for hexvar_cescacs::Position {
    /// Per side, its castling rights (the King's, each Rook's); then the special move's cells.
    fn names() -> Vec<String> {
        let rights = [
            "castling king",
            "castling queen's rook",
            "castling king's rook",
        ];
        let mut names: Vec<String> = (["w", "b"].iter())
            .flat_map(|side| rights.iter().map(move |right| format!("{side} {right}")))
            .collect();
        names.extend(to_strings(&[
            "en passant pawn",
            "en passant triple step",
            "scornful pawn",
            "scornful capturer",
        ]));
        names
    }

    fn state_planes(&self, planes: &mut Planes<'_>) {
        use hexvar_cescacs::{Color, Special};
        fill_bits(planes, 0, self.castling(Color::White).bits(), 3);
        fill_bits(planes, 3, self.castling(Color::Black).bits(), 3);
        match self.special() {
            Special::None => {}
            Special::EnPassant { pawn, steps } => {
                planes.mark(6, pawn.dense_index());
                if steps == 3 {
                    planes.fill(7);
                }
            }
            Special::Scornful { pawn, capturer } => {
                planes.mark(8, pawn.dense_index());
                planes.mark(9, capturer.dense_index());
            }
        }
    }
}

impl StatePlanes for hexvar_kirby::Position {
    /// Per seat (in `SIDES` order, `B P S W R G`): seated, dead, on the mover's team; then the
    /// Rooks that may castle and the waiting pawns; then the layout.
    fn names() -> Vec<String> {
        let seats = hexvar_kirby::Color::ALL;
        let mut names: Vec<String> = (["seated", "dead", "on the mover's team"].iter())
            .flat_map(|what| {
                seats
                    .iter()
                    .map(move |seat| format!("{} {what}", seat.char()))
            })
            .collect();
        names.extend(to_strings(&[
            "castling rooks",
            "waiting pawns",
            "queen right layout",
        ]));
        names
    }

    fn state_planes(&self, planes: &mut Planes<'_>) {
        let setup = self.to_setup();
        let mover = setup.teams[self.turn().index()];
        for seat in 0..6 {
            if let Some(team) = setup.teams[seat] {
                planes.fill(seat);
                if Some(team) == mover {
                    planes.fill(12 + seat);
                }
            }
            if setup.dead[seat] {
                planes.fill(6 + seat);
            }
        }
        for rook in &setup.castling {
            planes.mark(18, rook.dense_index());
        }
        for pawn in &setup.waiting {
            planes.mark(19, pawn.dense_index());
        }
        if setup.layout != hexvar_kirby::Layout::default() {
            planes.fill(20);
        }
    }
}
