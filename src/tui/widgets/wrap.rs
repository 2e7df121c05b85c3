//! [`wrap_text`]: text cut into lines of a given width at spaces, and inside a long chain written
//! without spaces (`7r1c2=7r1c8-(8=3)r4c8`) only between links, after a `=` or `-` outside
//! parentheses, so a cell name such as `r3c4` or a cell's pair `(8=3)r4c8` is never split. Only a
//! single piece with no such place is cut hard.

/// The characters a long word may be broken after: the link signs of chain notation and list
/// punctuation.
const BREAK_AFTER: [char; 4] = ['=', '-', ',', ';'];

/// `text` cut into lines of at most `width` characters (counted as chars; the game's text is
/// single-width). A text that fits is returned as it is; in a longer one, runs of spaces become
/// one and spaces at a cut are dropped. An empty text gives one empty line.
pub fn wrap_text(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    if text.chars().count() <= width {
        // A line that fits keeps its spacing (tables line up).
        return vec![text.to_string()];
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut line_len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let room = if line_len == 0 { width } else { width.saturating_sub(line_len + 1) };
            if word.len() <= room {
                if line_len > 0 {
                    line.push(' ');
                    line_len += 1;
                }
                line.extend(word.iter());
                line_len += word.len();
                break;
            }
            // The word does not fit here: a whole word that fits a line of its own goes there;
            // a longer one is broken at the last link sign that fits (or hard, when none does).
            let cut = if word.len() <= width {
                None
            } else {
                last_break(&word[..room]).or((line_len == 0).then_some(room))
            };
            match cut {
                Some(cut) if cut > 0 => {
                    if line_len > 0 {
                        line.push(' ');
                    }
                    line.extend(word[..cut].iter());
                    lines.push(std::mem::take(&mut line));
                    line_len = 0;
                    word.drain(..cut);
                }
                _ => {
                    if line_len == 0 {
                        // Only reachable with room == 0, which `width.max(1)` rules out.
                        line.extend(word.iter());
                        line_len = word.len();
                        break;
                    }
                    lines.push(std::mem::take(&mut line));
                    line_len = 0;
                }
            }
        }
    }
    if line_len > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Where a piece of a word may end: just after the last link sign outside parentheses (a cell
/// written with both its digits, `(4=7)r5c5`, is one link).
fn last_break(word: &[char]) -> Option<usize> {
    let mut depth = 0usize;
    let mut last = None;
    for (i, &c) in word.iter().enumerate() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 && BREAK_AFTER.contains(&c) => last = Some(i + 1),
            _ => {}
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap_text("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap_text("", 5), [""]);
        assert_eq!(wrap_text("fits", 4), ["fits"]);
        assert_eq!(wrap_text("easy      1  2", 14), ["easy      1  2"], "a fitting line keeps its spacing");
    }

    #[test]
    fn chains_break_between_links_never_inside_a_cell() {
        let chain = "7r1c2=7r1c8-7r4c8=7r4c2-(4=7)r5c5";
        for width in 9..40 {
            let lines = wrap_text(&format!("XY-Chain: {chain}: so"), width);
            assert!(lines.iter().all(|l| l.chars().count() <= width), "{width}: {lines:?}");
            let joined: String = lines.concat();
            assert!(joined.contains(chain), "nothing lost or added at {width}: {lines:?}");
            for link in ["7r1c2", "7r1c8", "7r4c8", "7r4c2", "(4=7)r5c5"] {
                assert!(lines.iter().any(|l| l.contains(link)), "{link} cut at {width}: {lines:?}");
            }
        }
    }

    #[test]
    fn a_piece_with_no_break_is_cut_hard_rather_than_lost() {
        assert_eq!(wrap_text("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap_text("abc", 0), ["a", "b", "c"]);
    }
}
