import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// The names of a group's actions, read through `g_action_group_list_actions`.
package func actionNames(of group: OpaquePointer) -> [String] {
    g_action_group_list_actions(group).map(strings(taking:)) ?? []
}
