import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// One row of a `GtkTreeView`'s model, as a tree view's context menu hands it to the menu's
/// content and primary action: a `GtkTreeRowReference`, which follows the row through the
/// model's insertions, removals and reorderings, so the menu keeps acting on the rows it opened
/// for.
public final class TreeRow: Hashable {
    private let reference: OpaquePointer

    /// A reference to the row at `path` of `model`; nil if there is no such row.
    package init?(model: OpaquePointer, path: OpaquePointer) {
        guard let reference = gmk_tree_row_reference_new(model, path) else { return nil }
        self.reference = reference
    }

    deinit { gmk_tree_row_reference_free(reference) }

    /// The row's indices from the top level down, where it stands now; nil once it left the model.
    public var indices: [Int]? {
        guard let path = gmk_tree_row_reference_path(reference) else { return nil }
        defer { gmk_tree_path_free(path) }
        var depth: Int32 = 0
        guard let indices = gmk_tree_path_indices(path, &depth) else { return [] }
        return (0..<Int(depth)).map { Int(indices[$0]) }
    }

    /// Whether the row is still in the model.
    public var isValid: Bool { gmk_tree_row_reference_valid(reference) != 0 }

    /// The row's value in the model's string column `column`, or nil (no such row, no such
    /// column, or not a string column).
    public func string(column: Int) -> String? {
        guard let text = gmk_tree_row_reference_string(reference, Int32(column)) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The `GtkTreeModel` the row belongs to (the reference holds it).
    public var model: GtkTreeModelHandle { GtkTreeModelHandle(unsafe: gmk_tree_row_reference_model(reference)) }

    /// The same row of the same model, where both stand now (rows that left the model are
    /// equal only to themselves).
    public static func == (lhs: TreeRow, rhs: TreeRow) -> Bool {
        if lhs === rhs { return true }
        guard lhs.model == rhs.model, let left = lhs.indices, let right = rhs.indices else { return false }
        return left == right
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }
}
