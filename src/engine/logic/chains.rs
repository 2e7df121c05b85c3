//! PLACEHOLDER: replaced by the technique family implementation.

use std::ops::ControlFlow;

use super::{Candidates, Sink, Technique};

/// Reports every instance of `technique` in `grid` to `sink`.
pub(super) fn find(technique: Technique, grid: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let _ = (technique, grid, sink);
    ControlFlow::Continue(())
}
