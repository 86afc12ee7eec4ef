import GMenuKitCore

/// A value published by the active window or around the keyboard focus, read where commands
/// are declared, as SwiftUI's `@FocusedValue`: nil while nothing active publishes one. Commands
/// that read it follow every window switch and focus move.
///
/// ```swift
/// struct FileCommands: Commands {
///     @FocusedValue(\.document) var document
///
///     var body: any Commands {
///         CommandGroup(replacing: .saveItem) {
///             Button("Save") { document?.save() }.disabled(document == nil)
///         }
///     }
/// }
/// ```
///
/// It reads the focused values of ``Application/current``.
@MainActor
@propertyWrapper
public struct FocusedValue<Value> {
    private let keyPath: KeyPath<FocusedValues, Value?>

    /// Reads the value `keyPath` names (an extension property of ``FocusedValues``).
    public init(_ keyPath: KeyPath<FocusedValues, Value?>) {
        self.keyPath = keyPath
    }

    /// The value, or nil when nothing active publishes one.
    public var wrappedValue: Value? {
        Application.current?.focusedValues[keyPath: keyPath]
    }
}

/// A binding published by the active window or around the keyboard focus, read and written
/// where commands are declared, as SwiftUI's `@FocusedBinding`: the value it binds, nil while
/// nothing active publishes one. Setting it writes through the binding (setting nil does
/// nothing).
///
/// ```swift
/// struct FormatCommands: Commands {
///     @FocusedBinding(\.isBold) var isBold
///
///     var body: any Commands {
///         CommandMenu("Format") {
///             Toggle("Bold", isOn: Binding($isBold) ?? .constant(false))
///                 .keyboardShortcut("<Control>b")
///                 .disabled(isBold == nil)
///         }
///     }
/// }
/// ```
@MainActor
@propertyWrapper
public struct FocusedBinding<Value> {
    private let keyPath: KeyPath<FocusedValues, Binding<Value>?>

    /// Reads and writes through the binding `keyPath` names (an extension property of
    /// ``FocusedValues`` whose value is a `Binding`).
    public init(_ keyPath: KeyPath<FocusedValues, Binding<Value>?>) {
        self.keyPath = keyPath
    }

    /// The bound value, or nil when nothing active publishes the binding.
    public var wrappedValue: Value? {
        get { binding?.wrappedValue }
        nonmutating set {
            guard let newValue else { return }
            binding?.wrappedValue = newValue
        }
    }

    /// A binding to the optional value, for controls: `Binding($isBold) ?? .constant(false)`.
    public var projectedValue: Binding<Value?> {
        let keyPath = keyPath
        return Binding(get: { Application.current?.focusedValues[keyPath: keyPath]?.wrappedValue },
                       set: { newValue in
                           guard let newValue else { return }
                           Application.current?.focusedValues[keyPath: keyPath]?.wrappedValue = newValue
                       })
    }

    private var binding: Binding<Value>? {
        Application.current?.focusedValues[keyPath: keyPath]
    }
}
