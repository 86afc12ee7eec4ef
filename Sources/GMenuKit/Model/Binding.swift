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

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        getValue = get
        setValue = set
    }

    /// Binds to a property of an object, typically an `@Observable` model.
    public init<Root: AnyObject>(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.init(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
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
            })
    }
}
