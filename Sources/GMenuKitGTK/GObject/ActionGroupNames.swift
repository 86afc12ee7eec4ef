import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The names of a group's actions, read through `g_action_group_list_actions`.
package func actionNames(of group: OpaquePointer) -> [String] {
    guard let names = g_action_group_list_actions(group) else { return [] }
    defer { g_strfreev(names) }
    var result: [String] = []
    var index = 0
    while let name = names[index] {
        result.append(String(cString: name))
        index += 1
    }
    return result
}
