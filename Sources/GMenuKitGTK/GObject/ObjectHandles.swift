import CGtk
import GMenuKitCore
import GMenuKitBuilder

// GLib's interfaces (GActionGroup, GListModel, GtkTreeModel) and the classes GTK keeps private
// (GtkBuilder) have no C struct Swift can see, so Swift imports them all as `OpaquePointer`, a
// pointer to anything. GMenuKit's public API names them by these handles instead, so that a
// tree model cannot be passed where an action group is meant. Each keeps its C pointer behind
// an escape hatch named as one: `unsafePointer` for GTK's C calls, `init(unsafe:)` for a pointer
// the caller vouches for. A handle holds no reference: whoever gave it keeps the object alive.

/// A `GActionGroup`: the actions of a menu's items (``RenderedMenu/actionGroup``), or a group an
/// app inserts on a widget (``InsertedActionGroups/insert(_:prefix:on:)``).
///
/// ```swift
/// g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
/// ```
public struct GActionGroupHandle: Hashable {
    /// The `GActionGroup *`, for GLib's `g_action_group_*` calls.
    public let unsafePointer: OpaquePointer

    /// A handle to `pointer`, which must point to an object that implements `GActionGroup`
    /// (`G_ACTION_GROUP (object)` in C).
    public init(unsafe pointer: OpaquePointer) {
        unsafePointer = pointer
    }

    /// A `GSimpleActionGroup`, as the `GActionGroup` it implements.
    public init(_ group: UnsafeMutablePointer<GSimpleActionGroup>) {
        unsafePointer = gmk_action_group(group.gpointer)
    }
}

/// A `GListModel`: the items a list widget shows, such as the `GListStore` bound to a
/// `GtkListBox` or a view's `GtkSelectionModel`
/// (``ContextMenu/init(for:selection:title:unselectedItemClick:item:content:primaryAction:)``).
public struct GListModelHandle: Hashable {
    /// The `GListModel *`, for GIO's `g_list_model_*` calls.
    public let unsafePointer: OpaquePointer

    /// A handle to `pointer`, which must point to an object that implements `GListModel`
    /// (`G_LIST_MODEL (object)` in C; a `GListStore`, a `GtkStringList`, a selection model).
    public init(unsafe pointer: OpaquePointer) {
        unsafePointer = pointer
    }
}

/// A `GtkTreeModel`: the model of a `GtkTreeView`'s rows (``TreeRow/model``).
public struct GtkTreeModelHandle: Hashable {
    /// The `GtkTreeModel *`, for GTK's `gtk_tree_model_*` calls.
    public let unsafePointer: OpaquePointer

    /// A handle to `pointer`, which must point to an object that implements `GtkTreeModel`
    /// (`GTK_TREE_MODEL (object)` in C; a `GtkListStore`, a `GtkTreeStore`).
    public init(unsafe pointer: OpaquePointer) {
        unsafePointer = pointer
    }
}

/// A `GtkBuilder`: the builder of an ``InterfaceBuilder`` (``InterfaceBuilder/gtkBuilder``).
public struct GtkBuilderHandle: Hashable {
    /// The `GtkBuilder *`, for GTK's `gtk_builder_*` calls.
    public let unsafePointer: OpaquePointer

    /// A handle to `pointer`, which must point to a `GtkBuilder`.
    public init(unsafe pointer: OpaquePointer) {
        unsafePointer = pointer
    }
}
