/// Modifiers that tell the guideline checks what they cannot see in the content itself.
extension MenuContent {
    /// Marks content that people or the application made: history, bookmarks, recent files.
    /// Such content may make a menu long (rule O4), and its labels stay as people wrote them,
    /// so the label, icon and grouping checks leave it alone. Applied to a menu, it marks
    /// everything in it.
    public func generatedContent(_ isGenerated: Bool = true) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.isGeneratedContent = isGenerated }
    }

    /// Marks a destructive button that acts without asking first, for instance because the
    /// action can be undone. Destructive buttons ask for confirmation by default (rule P6), and
    /// the guideline check warns about each one that does not.
    public func confirmationDisabled(_ isDisabled: Bool = true) -> some MenuContent {
        ModifiedMenuContent(content: self) { $0.confirmsBeforeActing = !isDisabled }
    }
}
