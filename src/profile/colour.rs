//! Colours as a configuration writes them: a name (`light_cyan`, `dark-gray`, `White`), a hex triple
//! (`#1e3a28`) or a palette index (`"208"`). The game turns them into terminal colours.

use std::fmt;

use serde::{Deserialize, Deserializer, de};

/// The sixteen terminal colours, and the terminal's own default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NamedColour {
    /// The terminal's default colour.
    Reset,
    /// Black.
    Black,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
    /// Magenta.
    Magenta,
    /// Cyan.
    Cyan,
    /// Gray (ANSI white).
    Gray,
    /// Dark gray (ANSI bright black).
    DarkGray,
    /// Light red.
    LightRed,
    /// Light green.
    LightGreen,
    /// Light yellow.
    LightYellow,
    /// Light blue.
    LightBlue,
    /// Light magenta.
    LightMagenta,
    /// Light cyan.
    LightCyan,
    /// White (ANSI bright white).
    White,
}

const NAMES: &[(&str, NamedColour)] = &[
    ("reset", NamedColour::Reset),
    ("black", NamedColour::Black),
    ("red", NamedColour::Red),
    ("green", NamedColour::Green),
    ("yellow", NamedColour::Yellow),
    ("blue", NamedColour::Blue),
    ("magenta", NamedColour::Magenta),
    ("cyan", NamedColour::Cyan),
    ("gray", NamedColour::Gray),
    ("dark_gray", NamedColour::DarkGray),
    ("light_red", NamedColour::LightRed),
    ("light_green", NamedColour::LightGreen),
    ("light_yellow", NamedColour::LightYellow),
    ("light_blue", NamedColour::LightBlue),
    ("light_magenta", NamedColour::LightMagenta),
    ("light_cyan", NamedColour::LightCyan),
    ("white", NamedColour::White),
];

/// A colour of the theme.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// One of the sixteen terminal colours.
    Named(NamedColour),
    /// A 24-bit colour.
    Rgb(u8, u8, u8),
    /// An entry of the 256-colour palette.
    Indexed(u8),
}

impl Colour {
    /// Parses a colour name, `#rrggbb` or a palette index 0-255.
    ///
    /// ```
    /// use termdoku::profile::colour::{Colour, NamedColour};
    /// assert_eq!(Colour::parse("Light-Cyan"), Ok(Colour::Named(NamedColour::LightCyan)));
    /// assert_eq!(Colour::parse("#1e3a28"), Ok(Colour::Rgb(0x1e, 0x3a, 0x28)));
    /// assert!(Colour::parse("mauve").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Colour, String> {
        let normal = text.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        let normal = normal.replace("grey", "gray").replace("darkgray", "dark_gray");
        if let Some(hex) = normal.strip_prefix('#') {
            return parse_hex(hex).ok_or_else(|| {
                format!("bad colour `{}`: write hex colours as #rrggbb", super::plain::shortened(text))
            });
        }
        if let Ok(index) = normal.parse::<u8>() {
            return Ok(Colour::Indexed(index));
        }
        let unspaced = normal.replace('_', "");
        NAMES
            .iter()
            .find(|(name, _)| name.replace('_', "") == unspaced)
            .map(|(_, colour)| Colour::Named(*colour))
            .ok_or_else(|| {
                let names: Vec<&str> = NAMES.iter().map(|(name, _)| *name).collect();
                format!(
                    "unknown colour `{}`: use #rrggbb, 0-255, or one of {}",
                    super::plain::shortened(text),
                    names.join(", ")
                )
            })
    }
}

fn parse_hex(hex: &str) -> Option<Colour> {
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Colour::Rgb(channel(0)?, channel(2)?, channel(4)?))
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Colour::Named(named) => {
                let name = NAMES.iter().find(|(_, c)| c == named).map_or("reset", |(n, _)| *n);
                f.write_str(name)
            }
            Colour::Rgb(r, g, b) => write!(f, "#{r:02x}{g:02x}{b:02x}"),
            Colour::Indexed(index) => write!(f, "{index}"),
        }
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Colour, D::Error> {
        let text = String::deserialize(deserializer)?;
        Colour::parse(&text).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_prints_as_it_reads() {
        for text in ["white", "dark_gray", "light_magenta", "reset", "#000000", "#ff8000", "208"] {
            let colour = Colour::parse(text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(colour.to_string(), text);
        }
        assert_eq!(Colour::parse("DarkGrey"), Colour::parse("dark_gray"));
    }

    #[test]
    fn bad_colours_are_errors() {
        for bad in ["", "#12345", "#gggggg", "256", "ultraviolet"] {
            assert!(Colour::parse(bad).is_err(), "{bad}");
        }
    }
}
