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

/// How what `rendered` shows now differs from a fresh render of `menu`, nil where it does not:
/// a random test stops at its first difference.
@MainActor
func differenceFromFreshRender(_ rendered: RenderedMenu, _ menu: Menu) -> String? {
    let (updated, expected) = (NormalizedRendering(rendered), NormalizedRendering(RenderedMenu(menu)))
    return updated == expected ? nil : updated.firstDifference(from: expected)
}

/// Chooses the item at `index` of the section at `section` of `rendered`'s top level, as GTK does.
@MainActor
func activate(item index: Int, ofSection section: Int, in rendered: RenderedMenu) {
    activate(MenuModelReader.read(MenuModelReader.linkedModel(rendered.menuModel, at: [section]))[index],
             in: rendered.actionGroup.unsafePointer)
}
