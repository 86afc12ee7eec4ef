/// How a control group shows its items.
public enum ControlGroupStyle: Sendable, Equatable {
    /// A compact row of icons under the group's title (GTK's `horizontal-buttons`).
    case automatic
    /// The title and the items' icons on one line, as a labelled row of buttons
    /// ("Zoom  − 100% +"; GTK's `inline-buttons`, drawn by GTK 4.8's menu section box).
    case inline
}

extension MenuContent {
    /// How a control group shows its items: a row of icons, or its title and the icons on one line.
    public func controlGroupStyle(_ style: ControlGroupStyle) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.controlGroupStyle = style }
    }
}
