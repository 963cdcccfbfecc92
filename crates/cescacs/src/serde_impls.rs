//! `serde` support (feature `serde`): cells, pieces, moves, setups and positions serialize as
//! their text forms (cell name, PDTL letter, CTL-AN, PDTL).

use core::fmt::Display;
use core::str::FromStr;

use serde::de::{Deserializer, Error};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::{Cell, Move, Piece, Position, Setup};

fn ser<T: Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

fn de<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let s = String::deserialize(d)?;
    s.parse().map_err(D::Error::custom)
}

macro_rules! text_serde {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                ser(self, s)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                de(d)
            }
        }
    )*};
}

text_serde!(Cell, Move, Setup, Position);

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.char())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let c = char::deserialize(d)?;
        Piece::from_char(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| D::Error::custom(format!("unknown piece letter {c:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_as_text() {
        let cell: Cell = "F14".parse().unwrap();
        assert_eq!(serde_json::to_string(&cell).unwrap(), "\"F14\"");
        let m: Move = "EF12×NF14".parse().unwrap();
        let j = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&j).unwrap(), m);
        let pos = Position::new();
        let j = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&j).unwrap(), pos);
        let setup = Setup::start();
        let j = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<Setup>(&j).unwrap(), setup);
        let p = Piece::from_char('g').unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), "\"g\"");
        assert_eq!(serde_json::from_str::<Piece>("\"g\"").unwrap(), p);
        assert!(serde_json::from_str::<Cell>("\"J3\"").is_err());
    }
}
