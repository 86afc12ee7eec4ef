/// A two-way connection to a value that lives elsewhere, as SwiftUI's `Binding`.
///
/// Bind to a property of an `@Observable` model with `Binding(model, \.isBold)`: menus rendered
/// from it follow the model by themselves. Bindings made from closures are read again when the
/// rendered menu is refreshed.
@MainActor
@dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: @MainActor () -> Value
    private let setValue: @MainActor (Value) -> Void
    /// What the binding reads, when that is known: an object and a key path. Two bindings with
    /// the same source read the same property, so a state observation over one also covers the
    /// other (see `ActionStateObservation.update(to:)`).
    let source: AnyHashable?

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.init(get: get, set: set, source: nil)
    }

    init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void, source: AnyHashable?) {
        getValue = get
        setValue = set
        self.source = source
    }

    /// Binds to a property of an object, typically an `@Observable` model.
    public init<Root: AnyObject>(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        // The binding holds `root`, so its identifier names no other object while it lives.
        self.init(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 },
                  source: BindingSource(object: ObjectIdentifier(root), keyPath: keyPath))
    }

    /// A binding that never changes; setting it does nothing.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// A binding to a property of the bound value.
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { member in
                var value = self.wrappedValue
                value[keyPath: keyPath] = member
                self.wrappedValue = value
            },
            source: source.map { [$0, AnyHashable(keyPath)] })
    }

    /// The same binding seen as another type (a slider's value as a `Double`): same source.
    func converted<Other>(get: @escaping @MainActor (Value) -> Other, set: @escaping @MainActor (Other) -> Value) -> Binding<Other> {
        Binding<Other>(get: { get(self.wrappedValue) }, set: { self.wrappedValue = set($0) }, source: source)
    }
}

/// An object's property, which a binding reads.
struct BindingSource: Hashable {
    let object: ObjectIdentifier
    let keyPath: AnyKeyPath
}
