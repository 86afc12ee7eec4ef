import CGtk
import Observation
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// A key for a value that commands read from wherever people are working: the active window's
/// document, the focused editor (SwiftUI's `FocusedValueKey`).
///
/// ```swift
/// struct FocusedDocument: FocusedValueKey { typealias Value = Document }
/// extension FocusedValues {
///     var document: Document? {
///         get { self[FocusedDocument.self] }
///         set { self[FocusedDocument.self] = newValue }
///     }
/// }
/// ```
public protocol FocusedValueKey {
    /// The type of the value; reading the key gives it as an optional, nil when nothing
    /// active publishes one.
    associatedtype Value
}

/// The values published by the active window and by the widgets around its keyboard focus.
/// Read them through ``Application/focusedValues``: commands that read them are enabled, and
/// act, by what is active now, and follow every window switch and focus move.
public struct FocusedValues {
    private var storage: [ObjectIdentifier: Any] = [:]
    /// The key the last write went to, so that a key path can say which key it names.
    package private(set) var lastWrittenKey: ObjectIdentifier?

    /// No values, as when no window is active or nothing is published.
    public init() {}

    /// The value published for `key`, or nil when there is none; setting nil removes it.
    /// An extension's property reads and writes its key through this (see ``FocusedValueKey``).
    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { storage[ObjectIdentifier(key)] as? Key.Value }
        set {
            storage[ObjectIdentifier(key)] = newValue
            lastWrittenKey = ObjectIdentifier(key)
        }
    }

    /// Sets what a key path of an extension names, or removes it for nil.
    package mutating func set<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?) {
        var scratch = FocusedValues()
        scratch[keyPath: keyPath] = value
        guard let key = scratch.lastWrittenKey else { return }
        storage[key] = scratch.storage[key]
    }

    /// Takes the values of `other` that this does not have: nearer publishers win.
    package mutating func fill(from other: FocusedValues) {
        storage.merge(other.storage) { mine, _ in mine }
    }

    /// Whether both hold the same keys with the same objects (values that are not objects
    /// count as changed).
    package func isSame(as other: FocusedValues) -> Bool {
        guard storage.count == other.storage.count else { return false }
        for (key, value) in storage {
            guard let theirs = other.storage[key], type(of: value) is AnyClass,
                  (value as AnyObject) === (theirs as AnyObject) else { return false }
        }
        return true
    }
}

/// What the application's commands follow: the focused values and the active window.
@Observable
@MainActor
package final class FocusState {
    package var values = FocusedValues()
    /// Changes whenever the active window does.
    package var activeWindowChanges = 0
}

/// Values a widget publishes while the keyboard focus is inside it.
@MainActor
package final class WidgetFocusedValues {
    package var values = FocusedValues()
    package static let key = "gmenukit-focused-values"

    package static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> WidgetFocusedValues? {
        guard let data = g_object_get_data(gmk_object(widget), key) else { return nil }
        return SwiftClosureData.object(data, as: WidgetFocusedValues.self)
    }
}

/// Publishes `value` under `keyPath` while the keyboard focus is in `widget` or inside it, for
/// commands to read through ``Application/focusedValues`` (SwiftUI's `.focusedValue`).
/// Nil takes it back. A widget nearer the focus wins over one around it, and both over the
/// window's ``ApplicationWindow/focusedSceneValue(_:_:)``.
@MainActor
public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?,
                                on widget: UnsafeMutablePointer<GtkWidget>) {
    let published = WidgetFocusedValues.of(widget) ?? {
        let made = WidgetFocusedValues()
        WidgetOwnership.give(made, to: widget, key: WidgetFocusedValues.key)
        return made
    }()
    published.values.set(keyPath, value)
    Application.focusMayHaveChanged()
}
