//! Game records of every variant through files: many random trees written and read back.

use hexvar_geometry::record::{write_records, RecordReader};
use hexvar_geometry::{GameTree, Variant};
use xtask::for_variant;
use xtask::records::{random_tree, roundtrip, Rng};

/// Random trees of `V` (comments, variations) written one after another and read back by the
/// streaming reader: the same trees; and each read alone equal too.
fn trees_survive_a_file<V: Variant>() -> Result<(), String> {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let trees: Vec<GameTree<V>> = (0..12).map(|_| random_tree(&mut rng)).collect();
    let mut file = Vec::new();
    write_records(&mut file, &trees).map_err(|e| e.to_string())?;
    let read: Result<Vec<GameTree<V>>, _> = RecordReader::<V, _>::new(file.as_slice()).collect();
    let read = read.map_err(|e| format!("{}: {e}", V::NAME))?;
    assert!(read == trees, "{}", V::NAME);
    for tree in &trees {
        let alone = GameTree::<V>::from_record(&tree.to_record()).map_err(|e| e.to_string())?;
        assert!(&alone == tree, "{}", tree.to_record());
        assert_eq!(
            alone.to_game().map_err(|e| e.to_string())?.moves(),
            tree.mainline_moves()
        );
    }
    Ok(())
}

/// Issue 27's check: a file of 10,000 games (2,000 per variant, comments and variations
/// among them) read and written again is the same to the byte.
#[test]
fn ten_thousand_games_are_written_again_byte_for_byte() {
    for name in ["brusky", "chessagon", "dagger", "cescacs", "kirby"] {
        for_variant!(name, roundtrip(2_000)).unwrap();
    }
}

#[test]
fn random_trees_of_every_variant_survive_a_file() {
    for name in ["brusky", "chessagon", "dagger", "cescacs", "kirby"] {
        for_variant!(name, trees_survive_a_file()).unwrap();
    }
}
