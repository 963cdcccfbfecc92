//! `dense_cell!`: the dense-index plumbing every variant's `Cell` newtype shares (`ALL`,
//! `from_index`, `index`), written once. What a cell is called and where it lies stay in the
//! variant's crate.

/// Writes `ALL`, `from_index` and `index` for a board's `Cell`, a newtype over its dense index
/// (`struct Cell(u8)` or `(u16)`), given the number of cells. Call it in the module that defines
/// the type (the field is private to it).
///
/// ```
/// const CELL_COUNT: usize = 7;
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Cell(u8);
///
/// hexvar_geometry::dense_cell!(Cell(u8), CELL_COUNT);
///
/// assert_eq!(Cell::ALL.len(), 7);
/// assert_eq!(Cell::from_index(6).map(Cell::index), Some(6));
/// assert_eq!(Cell::from_index(7), None);
/// ```
#[macro_export]
macro_rules! dense_cell {
    ($cell:ident($repr:ty), $count:ident) => {
        impl $cell {
            /// Every cell, in dense index order.
            pub const ALL: [$cell; $count] = {
                let mut all = [$cell(0); $count];
                let mut i = 0;
                while i < $count {
                    all[i] = $cell(i as $repr);
                    i += 1;
                }
                all
            };

            /// The cell of a dense index, if the index is on the board (below the cell count).
            #[inline]
            pub const fn from_index(index: usize) -> ::core::option::Option<$cell> {
                if index < $count {
                    ::core::option::Option::Some($cell(index as $repr))
                } else {
                    ::core::option::Option::None
                }
            }

            /// The dense index, below the cell count: the bit a cell set holds the cell at.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}
