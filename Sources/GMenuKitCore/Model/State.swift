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
    /// The one stored property: a `State` is the reference to its location, which is how
    /// `MenuStateLinking` finds it in its content's bytes.
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

    /// A binding to the value (`$showsDetails`), for toggles, pickers and value controls.
    public var projectedValue: Binding<Value> {
        Binding(location.storage, \.value)
    }

    package func link(to context: any MenuResolutionContext, key: StateKey) {
        location.link(context.storage(for: key, initialValue: location.initialValue))
    }

    package var locationObject: AnyObject { location }

    package static func link(at field: UnsafeRawPointer, to context: any MenuResolutionContext, key: StateKey) {
        field.assumingMemoryBound(to: State<Value>.self).pointee.link(to: context, key: key)
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
package final class StateStorage<Value>: Observable {
    private var current: Value
    private let registrar = ObservationRegistrar()

    package init(_ value: Value) { current = value }

    /// The value, read without being observed: for what a render keeps that no content shows
    /// (a scrolling list's source, ``ScrollingMenuList``).
    package var untrackedValue: Value { current }

    package var value: Value {
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
package protocol DynamicMenuProperty {
    func link(to context: any MenuResolutionContext, key: StateKey)
    /// The object that only this property holds, to find where the property lies in its content.
    var locationObject: AnyObject { get }
    /// Links the property that lies at `field`, inside a content value's bytes.
    static func link(at field: UnsafeRawPointer, to context: any MenuResolutionContext, key: StateKey)
}

/// Connects custom content's state properties to the render in progress before its body is read.
///
/// The first value of a type is reflected with a `Mirror`, which costs tens of microseconds; for a
/// struct, where each state property lies in the value's bytes is noted then, so later values
/// (a list's rows, every refresh) link their state without reflecting.
@MainActor
@usableFromInline
package enum MenuStateLinking {
    /// Where a state property lies in a struct of content: its byte offset, its position among
    /// the stored properties (its key), and its type.
    private struct Field {
        let offset: Int
        let position: Int
        let type: any DynamicMenuProperty.Type
    }

    /// The state properties of each content type reflected so far: none for most custom
    /// content; nil for types reflected every time (a class or an enum, whose layout varies).
    private static var layouts: [ObjectIdentifier: [Field]?] = [:]
    /// The last two types found without state, compared before the table is hashed: a list's
    /// elements are the same few types over and over.
    private static var recentTypesWithoutState: (ObjectIdentifier?, ObjectIdentifier?) = (nil, nil)

    @usableFromInline
    package static func link<Content: MenuContent>(_ content: Content, at identity: MenuIdentity) {
        guard let context = MenuResolution.context else { return }
        let type = ObjectIdentifier(Content.self)
        if recentTypesWithoutState.0 == type || recentTypesWithoutState.1 == type { return }
        switch layouts[type] {
        case .some(.some(let fields)):
            if fields.isEmpty {
                recentTypesWithoutState = (type, recentTypesWithoutState.0)
                return
            }
            withUnsafeBytes(of: content) { bytes in
                for field in fields {
                    field.type.link(at: bytes.baseAddress! + field.offset, to: context,
                                    key: StateKey(identity: identity, contentType: type, property: field.position))
                }
            }
        case .some(.none):
            reflect(content, at: identity, type: type, context: context)
        case .none:
            layouts[type] = layout(of: reflect(content, at: identity, type: type, context: context), in: content)
        }
    }

    /// Links every state property found by reflection; returns them with their positions.
    @discardableResult
    private static func reflect<Content>(
        _ content: Content, at identity: MenuIdentity, type: ObjectIdentifier, context: any MenuResolutionContext
    ) -> (properties: [(position: Int, property: any DynamicMenuProperty)], isStruct: Bool) {
        let mirror = Mirror(reflecting: content)
        var found: [(position: Int, property: any DynamicMenuProperty)] = []
        for (position, child) in mirror.children.enumerated() {
            guard let property = child.value as? any DynamicMenuProperty else { continue }
            found.append((position, property))
            property.link(to: context, key: StateKey(identity: identity, contentType: type, property: position))
        }
        return (found, mirror.displayStyle == .struct)
    }

    /// Where the state properties lie in a struct's bytes: each holds an object no other
    /// property holds, found at an aligned offset. Nil when that cannot be told (not a struct).
    private static func layout<Content>(
        of reflected: (properties: [(position: Int, property: any DynamicMenuProperty)], isStruct: Bool), in content: Content
    ) -> [Field]? {
        if reflected.properties.isEmpty { return [] }
        guard reflected.isStruct else { return nil }
        return withUnsafeBytes(of: content) { bytes -> [Field]? in
            var fields: [Field] = []
            let step = MemoryLayout<UnsafeRawPointer>.alignment
            for (position, property) in reflected.properties {
                let object = UInt(bitPattern: Unmanaged.passUnretained(property.locationObject).toOpaque())
                let offsets = stride(from: 0, through: bytes.count - MemoryLayout<UInt>.size, by: step).filter {
                    bytes.loadUnaligned(fromByteOffset: $0, as: UInt.self) == object
                }
                guard offsets.count == 1 else { return nil }
                fields.append(Field(offset: offsets[0], position: position, type: type(of: property)))
            }
            return fields
        }
    }
}
