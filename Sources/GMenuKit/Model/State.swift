import Observation

/// A value that menu content keeps itself, as SwiftUI's `@State`.
///
/// ```swift
/// struct ViewMenu: MenuContent {
///     @State private var showsDetails = false
///
///     var body: some MenuContent {
///         Toggle("Show Details", isOn: $showsDetails)
///         if showsDetails { Button("Reset Details") { showsDetails = false } }
///     }
/// }
/// ```
///
/// The value is kept by where the content stands in its menu (its identity) for as long as the
/// content stays there, across every refresh that makes the content anew; when the content
/// goes (an `if` turns false, a `ForEach` element goes), its state goes too, and content that
/// comes back starts from the initial value. A change schedules the same update as a change to
/// an `@Observable` model: what read the value is resolved again, and a toggle or picker bound
/// to `$value` changes only its action's state. Outside a rendered menu the value starts from
/// its initial value each time the content resolves.
@MainActor
@propertyWrapper
public struct State<Value>: DynamicMenuProperty {
    private let location: StateLocation<Value>

    /// State that starts as `wrappedValue`.
    public init(wrappedValue: Value) {
        location = StateLocation(initialValue: wrappedValue)
    }

    /// State that starts as `value`.
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The value now; setting it updates what read it.
    public var wrappedValue: Value {
        get { location.storage.value }
        nonmutating set { location.storage.value = newValue }
    }

    /// A binding to the value (`$showsDetails`), for toggles, pickers, steppers and sliders.
    public var projectedValue: Binding<Value> {
        Binding(location.storage, \.value)
    }

    func link(to context: any MenuResolutionContext, key: StateKey) {
        location.link(context.storage(for: key, initialValue: location.initialValue))
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State that starts as nil.
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// Connects a `State` made with its content to the storage the render keeps for it. Shared by
/// the copies of the content, so the content's body sees the kept storage.
@MainActor
private final class StateLocation<Value> {
    let initialValue: Value
    private var linked: StateStorage<Value>?

    init(initialValue: Value) {
        self.initialValue = initialValue
    }

    /// The kept storage once linked; else storage of its own, from the initial value.
    var storage: StateStorage<Value> {
        if let linked { return linked }
        let own = StateStorage(initialValue)
        linked = own
        return own
    }

    func link(_ storage: StateStorage<Value>) { linked = storage }
}

/// One kept state value, observable as an `@Observable` model's property is: reading it in
/// content or through a binding is tracked, and a change schedules the refresh.
@MainActor
final class StateStorage<Value>: Observable {
    private var current: Value
    private let registrar = ObservationRegistrar()

    init(_ value: Value) { current = value }

    var value: Value {
        get {
            registrar.access(self, keyPath: \.value)
            return current
        }
        set {
            registrar.withMutation(of: self, keyPath: \.value) { current = newValue }
        }
    }
}

/// A property of menu content that the render connects to what it keeps: ``State``.
@MainActor
protocol DynamicMenuProperty {
    func link(to context: any MenuResolutionContext, key: StateKey)
}

/// Connects custom content's state properties to the render in progress before its body is read.
@MainActor
@usableFromInline
enum MenuStateLinking {
    /// Content types without state properties, found once per type: most custom content has
    /// none, and reflecting on every instance would cost a `Mirror` per refresh.
    private static var typesWithoutState: Set<ObjectIdentifier> = []
    /// The last two types found so, compared before the set is hashed: a list's elements are
    /// the same few types over and over.
    private static var recentTypesWithoutState: (ObjectIdentifier?, ObjectIdentifier?) = (nil, nil)

    @usableFromInline
    static func link<Content: MenuContent>(_ content: Content, at identity: MenuIdentity) {
        guard let context = MenuResolution.context else { return }
        let type = ObjectIdentifier(Content.self)
        if recentTypesWithoutState.0 == type || recentTypesWithoutState.1 == type { return }
        guard !typesWithoutState.contains(type) else {
            recentTypesWithoutState = (type, recentTypesWithoutState.0)
            return
        }
        var found = false
        for (index, child) in Mirror(reflecting: content).children.enumerated() {
            guard let property = child.value as? any DynamicMenuProperty else { continue }
            found = true
            property.link(to: context, key: StateKey(identity: identity, contentType: type, property: index))
        }
        if !found { typesWithoutState.insert(type) }
    }
}
