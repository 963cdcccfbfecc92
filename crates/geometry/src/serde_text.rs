//! The other faces of types whose text is what they are (`Display` + `FromStr`: cells, moves,
//! position texts): serde as that text, `Debug` as that text, and the check that the two
//! directions of the text agree. The serde macro names the caller's `serde`, so this crate
//! depends on none.

use core::fmt::Display;
use core::str::FromStr;

/// Checks that each of `texts` reads as a `T` ([`FromStr`]) that prints ([`Display`]) as that
/// same text: the spellings a notation writes are the ones it reads. For the variant crates' tests
/// of their own notations, each with its own spellings. Returns every failure found.
///
/// ```
/// use hexvar_geometry::check_text_round_trips;
///
/// assert!(check_text_round_trips::<u8>(&["0", "255"]).is_ok());
/// let failures = check_text_round_trips::<u8>(&["07", "256"]).unwrap_err();
/// assert!(failures.contains("\"07\" prints back as \"7\""), "{failures}");
/// assert!(failures.contains("\"256\" does not read"), "{failures}");
/// ```
pub fn check_text_round_trips<T>(texts: &[&str]) -> Result<(), String>
where
    T: FromStr + Display,
    T::Err: Display,
{
    let failures: Vec<String> = texts
        .iter()
        .filter_map(|&text| match text.parse::<T>() {
            Ok(value) if value.to_string() == text => None,
            Ok(value) => Some(format!("{text:?} prints back as {:?}", value.to_string())),
            Err(e) => Some(format!("{text:?} does not read: {e}")),
        })
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

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
