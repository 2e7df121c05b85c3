//! The problems met reading a player's saved games, in the command line's words: a folder that
//! cannot be read is named as a folder (it is no damaged save), and every damaged or unreadable file
//! with its path.

use std::path::Path;

use crate::profile::saves::Listing;

/// The problems of `listing`, read from `folder`, one line each; `Err` with the line to print when
/// the folder itself cannot be read (no game of it was seen).
pub(super) fn problems(listing: &Listing, folder: &Path) -> Result<Vec<String>, String> {
    match listing.unreadable.iter().find(|error| error.file == folder) {
        Some(error) => Err(format!("the saved games cannot be read: {error}")),
        None => Ok(listing.problems()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::saves::SaveError;

    #[test]
    fn a_folder_that_cannot_be_read_is_named_as_a_folder() {
        let folder = Path::new("/p/saves");
        let error =
            |file: &str| SaveError { file: file.into(), line: None, message: "Permission denied".into() };
        let listing = Listing { unreadable: vec![error("/p/saves")], ..Listing::default() };
        assert_eq!(
            problems(&listing, folder),
            Err("the saved games cannot be read: /p/saves: Permission denied".into())
        );
        let listing = Listing { unreadable: vec![error("/p/saves/a.toml")], ..Listing::default() };
        assert_eq!(
            problems(&listing, folder),
            Ok(vec!["unreadable save /p/saves/a.toml: Permission denied".into()])
        );
    }
}
