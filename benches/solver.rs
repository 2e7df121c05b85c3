//! Solver benchmark (filled in by the solver work).
fn main() {}
