import Observation

/// Makes bindings to the properties of an `@Observable` model, as SwiftUI's `@Bindable`:
/// `$model.isFavorite` is a ``Binding`` to `model.isFavorite`.
///
/// ```swift
/// struct FormatMenu: MenuContent {
///     @Bindable var document: Document
///
///     var body: some MenuContent {
///         Toggle("Bold", isOn: $document.isBold)
///         Picker("Sort By", selection: $document.sortKey) { … }
///     }
/// }
/// ```
///
/// A binding made so knows the object and property it reads, as `Binding(document, \.isBold)`
/// does: a toggle bound to it follows the model by changing its action's state alone, and a
/// refresh that binds it again adds no observation. Write `@Bindable var document = document`
/// to make bindings inside a closure.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    /// The model.
    public var wrappedValue: Value

    /// Bindings to `wrappedValue`'s properties.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Bindings to `model`'s properties.
    public init(_ model: Value) {
        wrappedValue = model
    }

    /// Itself: `$model` makes bindings with its member names.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to the model's property: `$model.isFavorite`.
    @inlinable
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding(wrappedValue, keyPath)
    }

    /// Bindings to the properties of an `@Observable` object the model holds in a constant
    /// (`let settings = Settings()`): `$model.settings.isOn`.
    public subscript<Member: AnyObject & Observable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Bindable<Member> {
        Bindable<Member>(wrappedValue[keyPath: keyPath])
    }
}
