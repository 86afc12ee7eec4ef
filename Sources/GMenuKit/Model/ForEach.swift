/// Content made once for each element of a collection, as SwiftUI's `ForEach`; works for menu
/// items and for picker options.
///
/// Each element's id becomes part of its items' identities, so items keep their actions
/// when elements are inserted, removed or reordered around them.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content
}

extension ForEach: MenuContent where Content == any MenuContent {
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @MenuContentBuilder content: @escaping (Data.Element) -> any MenuContent
    ) {
        self.data = data
        self.id = id
        self.content = content
    }

    public func resolve(at identity: MenuIdentity, into nodes: inout [MenuNode]) {
        nodes.reserveCapacity(nodes.count + data.count)
        for element in data {
            content(element).resolve(at: identity.appending(element: element[keyPath: id]), into: &nodes)
        }
    }
}

extension ForEach where Content == any MenuContent, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @MenuContentBuilder content: @escaping (Data.Element) -> any MenuContent) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach {
    /// Picker options, one for each element.
    public init<Value>(
        _ data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> PickerOption<Value>
    ) where Content == PickerOption<Value> {
        self.data = data
        self.id = id
        self.content = content
    }

    public init<Value>(
        _ data: Data, content: @escaping (Data.Element) -> PickerOption<Value>
    ) where Content == PickerOption<Value>, Data.Element: Identifiable, ID == Data.Element.ID {
        self.init(data, id: \.id, content: content)
    }
}
