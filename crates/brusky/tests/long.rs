//! The long notation (`Move::long`, `Move::from_long`, `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, each kind's spelling, bad
//! texts and texts drawn at random, as `data/long.txt` states them.

hexvar_geometry::long_notation_test!(hexvar_brusky);
