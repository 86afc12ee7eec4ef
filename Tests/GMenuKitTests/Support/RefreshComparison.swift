import XCTest

@testable import GMenuKit

/// A menu rendered and refreshed once: lists are noted for keeping from a menu's second
/// render on, so the next refresh is the first that can keep them.
@MainActor
func renderedForKeeping(_ menu: Menu) -> RenderedMenu {
    let rendered = RenderedMenu(menu)
    rendered.refresh()
    return rendered
}

/// Fails when what `rendered` shows now (model and actions, normalized) differs from a fresh
/// render of `menu`.
@MainActor
func assertSameAsFreshRender(_ rendered: RenderedMenu, _ menu: Menu, line: UInt = #line) {
    let fresh = RenderedMenu(menu)
    let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(fresh))
    XCTAssertEqual(updated, expected, updated.firstDifference(from: expected), line: line)
}
