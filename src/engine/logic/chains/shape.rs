//! The three shapes of nice loops and AICs ([`Shape`]), and which technique each is, plain or
//! grouped: shared by our own search for them and HoDoKu's. Knows no search.

use crate::engine::logic::Technique;

/// What one of the six techniques looks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    /// A loop whose inferences alternate all the way round.
    ContinuousLoop,
    /// A loop with one break at its start cell.
    DiscontinuousLoop,
    /// A chain between two different cells.
    Aic,
}

/// The shape a technique looks for and whether it uses group nodes, or `None` for other
/// techniques.
pub(super) fn shape_of(technique: Technique) -> Option<(Shape, bool)> {
    Some(match technique {
        Technique::ContinuousNiceLoop => (Shape::ContinuousLoop, false),
        Technique::DiscontinuousNiceLoop => (Shape::DiscontinuousLoop, false),
        Technique::Aic => (Shape::Aic, false),
        Technique::GroupedContinuousNiceLoop => (Shape::ContinuousLoop, true),
        Technique::GroupedDiscontinuousNiceLoop => (Shape::DiscontinuousLoop, true),
        Technique::GroupedAic => (Shape::Aic, true),
        _ => return None,
    })
}

/// The technique of `shape`, through group nodes or not: the inverse of [`shape_of`].
pub(super) fn technique_of(shape: Shape, grouped: bool) -> Technique {
    match (shape, grouped) {
        (Shape::ContinuousLoop, false) => Technique::ContinuousNiceLoop,
        (Shape::DiscontinuousLoop, false) => Technique::DiscontinuousNiceLoop,
        (Shape::Aic, false) => Technique::Aic,
        (Shape::ContinuousLoop, true) => Technique::GroupedContinuousNiceLoop,
        (Shape::DiscontinuousLoop, true) => Technique::GroupedDiscontinuousNiceLoop,
        (Shape::Aic, true) => Technique::GroupedAic,
    }
}
