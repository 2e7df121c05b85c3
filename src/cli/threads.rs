//! `--threads N` of the batch commands: at most one worker per core. A larger number (a typo, or a
//! script written for a bigger machine) is clamped to the core count with a note on standard error,
//! so that it never starts thousands of threads.

use std::num::NonZeroUsize;

/// The cores this process may use (1 when unknown).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// How many workers to start for `--threads requested` (`None` or 0: all cores), and the note to
/// print when the request was clamped.
pub fn workers(requested: Option<usize>) -> (usize, Option<String>) {
    let cores = cores();
    match requested {
        None | Some(0) => (cores, None),
        Some(n) if n > cores => {
            let note = format!(
                "note: --threads {n} is more than the {cores} core(s) of this machine: using {cores}"
            );
            (cores, Some(note))
        }
        Some(n) => (n, None),
    }
}

/// [`workers`], printing the note when there is one.
pub fn workers_noted(requested: Option<usize>) -> usize {
    let (count, note) = workers(requested);
    if let Some(note) = note {
        eprintln!("{note}");
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_counts_are_clamped_with_a_note() {
        let cores = cores();
        assert_eq!(workers(None), (cores, None));
        assert_eq!(workers(Some(1)), (1, None));
        let (count, note) = workers(Some(usize::MAX));
        assert_eq!(count, cores);
        assert!(note.is_some_and(|n| n.contains("more than the")));
    }
}
