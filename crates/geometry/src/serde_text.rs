//! The other faces of types whose text is what they are (`Display` + `FromStr`: cells, moves,
//! position texts): serde as that text, and `Debug` as that text. The serde macro names the
//! caller's `serde`, so this crate depends on none.

/// Implements `serde::Serialize` (as `Display`) and `serde::Deserialize` (through `FromStr`)
/// for a type. The first argument is the name under which the calling crate sees serde (usually
/// `serde`), the second the type, the third what the deserializer expects, for error messages.
///
/// ```
/// use core::{fmt, str::FromStr};
///
/// #[derive(Debug, PartialEq)]
/// struct Level(u8);
/// impl fmt::Display for Level {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "L{}", self.0)
///     }
/// }
/// impl FromStr for Level {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Level, String> {
///         s.strip_prefix('L').and_then(|n| n.parse().ok()).map(Level).ok_or(format!("bad level {s:?}"))
///     }
/// }
/// hexvar_geometry::serde_as_text!(serde, Level, "a level like L3");
///
/// assert_eq!(serde_json::to_string(&Level(3)).unwrap(), r#""L3""#);
/// assert_eq!(serde_json::from_str::<Level>(r#""L4""#).unwrap(), Level(4));
/// assert!(serde_json::from_str::<Level>(r#""X""#).is_err());
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($serde:ident, $ty:ty, $expecting:expr) => {
        impl $serde::Serialize for $ty {
            fn serialize<S: $serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> $serde::Deserialize<'de> for $ty {
            fn deserialize<D: $serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                struct TextVisitor;
                impl $serde::de::Visitor<'_> for TextVisitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: $serde::de::Error>(
                        self,
                        text: &str,
                    ) -> ::core::result::Result<$ty, E> {
                        text.parse::<$ty>().map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(TextVisitor)
            }
        }
    };
}

/// Implements `Debug` as `Display` for each type given: a cell or move debugs as its notation
/// (`e4`, not `Cell(37)`), in test failures and `{:?}` alike.
///
/// ```
/// use core::fmt;
///
/// struct Cell(u8);
/// impl fmt::Display for Cell {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "c{}", self.0)
///     }
/// }
/// hexvar_geometry::debug_as_display!(Cell);
///
/// assert_eq!(format!("{:?}", Cell(7)), "c7");
/// ```
#[macro_export]
macro_rules! debug_as_display {
    ($($ty:ty),+ $(,)?) => {
        $(
            impl ::core::fmt::Debug for $ty {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    ::core::fmt::Display::fmt(self, f)
                }
            }
        )+
    };
}
