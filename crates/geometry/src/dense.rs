//! The plumbing every variant's `Cell` newtype shares, written once: `dense_cell!` (`ALL`,
//! `from_index`, `index`) and `cell_text!` (the cell-name error and `FromStr`). What a cell is
//! called and where it lies stay in the variant's crate.

/// Declares a board's `Cell`, a newtype over its dense index (`u8` or `u16`) with the derives
/// every variant's cell has (`Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord`; attributes given
/// before it, its doc and any more derives, go on it too), and writes `ALL`, `from_index` and
/// `index` for it, given the number of cells. The field is private to the calling module.
///
/// ```
/// const CELL_COUNT: usize = 7;
///
/// hexvar_geometry::dense_cell! {
///     /// A cell of a seven-cell board.
///     #[derive(Debug)]
///     pub struct Cell(u8), CELL_COUNT
/// }
///
/// assert_eq!(Cell::ALL.len(), 7);
/// assert_eq!(Cell::from_index(6).map(Cell::index), Some(6));
/// assert_eq!(Cell::from_index(7), None);
/// assert!(Cell::ALL[1] > Cell::ALL[0]);
/// ```
#[macro_export]
macro_rules! dense_cell {
    ($(#[$meta:meta])* pub struct $cell:ident($repr:ty), $count:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $cell($repr);

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

/// Writes a board's cell-name error, a tuple struct holding the text that names no cell (cut to
/// 100 characters), and `FromStr` for its `Cell` over the crate's own reader, a
/// `fn(&str) -> Option<Cell>` that knows the names: `Error for Cell by reader: "message"`. The
/// message is a format string whose `{0:?}` is the text; attributes before the error's name (its
/// doc) go on the error.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Cell(u8);
///
/// /// `c0` to `c6`.
/// fn read_cell(text: &str) -> Option<Cell> {
///     let index: u8 = text.strip_prefix('c')?.parse().ok()?;
///     (index < 7).then_some(Cell(index))
/// }
///
/// hexvar_geometry::cell_text! {
///     /// A text that names no cell.
///     ParseCellError for Cell by read_cell: "not a cell: {0:?} (expected c0 to c6)"
/// }
///
/// assert_eq!("c6".parse::<Cell>(), Ok(Cell(6)));
/// let error = "c7".parse::<Cell>().unwrap_err();
/// assert_eq!(error, ParseCellError("c7".to_string()));
/// assert_eq!(error.to_string(), r#"not a cell: "c7" (expected c0 to c6)"#);
/// assert_eq!("x".repeat(500).parse::<Cell>().unwrap_err().0.chars().count(), 101);
/// ```
#[macro_export]
macro_rules! cell_text {
    ($(#[$meta:meta])* $error:ident for $cell:ident by $read:path: $message:literal) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $error(pub ::std::string::String);

        impl ::core::fmt::Display for $error {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, $message, self.0)
            }
        }

        impl ::std::error::Error for $error {}

        impl ::core::str::FromStr for $cell {
            type Err = $error;
            fn from_str(text: &str) -> ::core::result::Result<$cell, $error> {
                $read(text).ok_or_else(|| $error($crate::san::cut(text, 100)))
            }
        }
    };
}
