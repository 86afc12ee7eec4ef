/// A two-way connection to a value that lives elsewhere, as SwiftUI's `Binding`.
///
/// Bind to a property of an `@Observable` model with `$model.isBold` (the model marked
/// ``Bindable``) or `Binding(model, \.isBold)`, and to state content keeps itself with
/// `$isExpanded` (``State``): menus rendered from them follow by themselves, a toggle or picker by
/// changing its action's state alone. `$model.settings.isOn` binds to a property of a property.
/// Bindings made from closures (``init(get:set:)``) are read again when the rendered menu
/// refreshes, and follow the `@Observable` state their getter reads; ``constant(_:)`` never
/// changes.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: @MainActor () -> Value
    private let setValue: @MainActor (Value) -> Void
    /// What the binding reads, when that is known: an object's property, and what it reads of
    /// that. Two bindings with the same source read the same thing, so a state observation over
    /// one also covers the other (see `ActionStateObservation.update(to:)`). Typed, not an
    /// `AnyHashable`: every refresh compares the source of every toggle's binding, and boxing
    /// and comparing an `AnyHashable` cost about 4,000 instructions a toggle.
    package let source: BindingSource?

    /// A binding passed on as it is: the memberwise initializer of content with a
    /// `@Binding var isOn: Bool` property takes `isOn: $flag`.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.init(get: get, set: set, source: nil)
    }

    @usableFromInline
    package init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void, source: BindingSource?) {
        getValue = get
        setValue = set
        self.source = source
    }

    /// Binds to a property of an object, typically an `@Observable` model.
    @inlinable
    public init<Root: AnyObject>(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        // The binding holds `root`, so its identifier names no other object while it lives.
        // Both closures hold the one object, which is then their context as it is: each
        // capturing the root and the key path was an allocation of its own (two a toggle,
        // made at every render). Inlined where the binding is written, the object's type is
        // known there: made in the library, its generic metadata was looked up at every binding.
        let property = BoundProperty(root, keyPath)
        self.init(get: { property.value }, set: { property.value = $0 },
                  source: BindingSource(object: ObjectIdentifier(root), keyPath: keyPath))
    }

    /// A binding that never changes; setting it does nothing.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The bound value; setting it writes through to where the value lives.
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// Itself, so that a `Binding` parameter can be passed on as `$binding`.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the bound value.
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { member in
                var value = self.wrappedValue
                value[keyPath: keyPath] = member
                self.wrappedValue = value
            },
            source: source?.reading(keyPath))
    }

    /// The binding's value, non-optional: nil when the bound value is nil now (SwiftUI's
    /// `Binding(_:)` over an optional).
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 },
                  source: base.source?.reading("unwrapped"))
    }

    /// The same binding seen as another type (a value control's value as a `Double`): same source.
    package func converted<Other>(get: @escaping @MainActor (Value) -> Other, set: @escaping @MainActor (Other) -> Value) -> Binding<Other> {
        Binding<Other>(get: { get(self.wrappedValue) }, set: { self.wrappedValue = set($0) }, source: source)
    }
}

/// An object's property, which a binding reads.
@usableFromInline
package struct BindingSource: Hashable {
    package let object: ObjectIdentifier
    package let keyPath: AnyKeyPath
    /// What the binding reads of the property, when not the property itself: a property of
    /// it (a key path), or its value unwrapped.
    package private(set) var beyond: [AnyHashable] = []

    @usableFromInline
    package init(object: ObjectIdentifier, keyPath: AnyKeyPath) {
        self.object = object
        self.keyPath = keyPath
    }

    /// Whether the binding reads the property itself, and nothing beyond it.
    package var isProperty: Bool { beyond.isEmpty }

    /// The source of a binding that reads `step` of what this one reads.
    package func reading(_ step: AnyHashable) -> BindingSource {
        var source = self
        source.beyond.append(step)
        return source
    }

    /// A key path written the same way at the same place is one object, so the same key path is
    /// told by identity first: comparing two key paths component by component costs about
    /// 2,000 instructions, and every refresh compares the source of every toggle's binding.
    @usableFromInline
    package static func == (lhs: BindingSource, rhs: BindingSource) -> Bool {
        lhs.object == rhs.object && (lhs.keyPath === rhs.keyPath || lhs.keyPath == rhs.keyPath) && lhs.beyond == rhs.beyond
    }
}

extension Binding {
    /// A binding to an optional seen as an optional of the same value (SwiftUI's `Binding(_:)`).
    public init<Wrapped>(_ base: Binding<Wrapped>) where Value == Wrapped? {
        self.init(get: { base.wrappedValue }, set: { if let value = $0 { base.wrappedValue = value } }, source: base.source)
    }
}

extension Binding where Value: AnyObject {
    /// A binding to a property of the bound object (`$model.settings.isOn` where `settings` is
    /// an `@Observable` object): the property is written in the object, which is not assigned
    /// back, so what read only the object is not told it changed.
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { self.wrappedValue[keyPath: keyPath] = $0 },
            source: source?.reading(keyPath))
    }
}

/// An object's property as a binding reads and writes it: the one context its two closures share.
@usableFromInline
final class BoundProperty<Root: AnyObject, Value> {
    @usableFromInline let root: Root
    @usableFromInline let keyPath: ReferenceWritableKeyPath<Root, Value>

    @inlinable
    init(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
    }

    @inlinable @MainActor var value: Value {
        get { root[keyPath: keyPath] }
        set { root[keyPath: keyPath] = newValue }
    }
}
