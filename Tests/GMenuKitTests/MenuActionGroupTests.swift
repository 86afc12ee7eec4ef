import CGtk
import CMenuObjects
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// GMenuKit's own `GMKMenuAction` and `GMKMenuActionGroup` keep the contracts of GIO's
/// `GAction`, `GActionGroup` and `GActionMap` that GTK and applications rely on: the group's
/// signals, lookup, foreign actions, activation rules, and lifetimes.
final class MenuActionGroupTests: GtkTestCase {
    /// What a group told its watchers, in order: "added copy", "enabled copy false", …
    private final class GroupSignals {
        var heard: [String] = []
        private var handlers: [gulong] = []
        private let group: gpointer

        init(_ group: OpaquePointer, detailedAdded detail: String? = nil) {
            // Holds the group, so that it disconnects from a live group whatever goes first.
            self.group = g_object_ref(UnsafeMutableRawPointer(group))
            let data = Unmanaged.passUnretained(self).toOpaque()
            let named: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, name, data in
                Unmanaged<GroupSignals>.fromOpaque(data!).takeUnretainedValue().record(name, nil)
            }
            let enabled: @convention(c) (gpointer?, UnsafePointer<CChar>?, gboolean, gpointer?) -> Void = { _, name, value, data in
                Unmanaged<GroupSignals>.fromOpaque(data!).takeUnretainedValue().record(name, value != 0 ? "true" : "false")
            }
            let state: @convention(c) (gpointer?, UnsafePointer<CChar>?, OpaquePointer?, gpointer?) -> Void = { _, name, value, data in
                Unmanaged<GroupSignals>.fromOpaque(data!).takeUnretainedValue().record(name, value.map { MenuModelReader.text(of: $0) })
            }
            connect("action-added", unsafeBitCast(named, to: GCallback.self), data)
            connect("action-removed", unsafeBitCast(named, to: GCallback.self), data)
            connect("action-enabled-changed", unsafeBitCast(enabled, to: GCallback.self), data)
            connect("action-state-changed", unsafeBitCast(state, to: GCallback.self), data)
            if let detail {
                connect("action-added::" + detail, unsafeBitCast(named, to: GCallback.self), data)
            }
        }

        deinit {
            for handler in handlers { g_signal_handler_disconnect(group, handler) }
            g_object_unref(group)
        }

        private func connect(_ signal: String, _ callback: GCallback, _ data: gpointer) {
            handlers.append(g_signal_connect_data(group, signal, callback, data, nil, GConnectFlags(rawValue: 0)))
        }

        fileprivate func record(_ name: UnsafePointer<CChar>?, _ value: String?) {
            // The signal being emitted, from GLib's invocation hint.
            let signal = g_signal_get_invocation_hint(group).map { String(cString: g_signal_name($0.pointee.signal_id)) } ?? "?"
            heard.append([signal, name.map { String(cString: $0) }, value].compactMap { $0 }.joined(separator: " "))
        }
    }

    func testTheGroupTellsItsWatchersWhatChangesAndListsItsActions() {
        onMain {
            var showsCut = true
            var showsPaste = false
            var canCopy = true
            var isBold = false
            let rendered = RenderedMenu(Menu("Edit") {
                if showsCut { Button("Cut") {} }
                Button("Copy") {}.disabled(!canCopy)
                if showsPaste { Button("Paste") {} }
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
            })
            XCTAssertEqual(Set(actionNames(of: rendered.actionGroup.unsafePointer)), ["cut", "copy", "bold"])
            var enabled: gboolean = 0
            var parameterType: OpaquePointer?
            var stateType: OpaquePointer?
            var stateHint: OpaquePointer?
            var state: OpaquePointer?
            XCTAssertEqual(g_action_group_query_action(rendered.actionGroup.unsafePointer, "bold", &enabled, &parameterType, &stateType, &stateHint, &state), 1)
            XCTAssertEqual(enabled, 1)
            XCTAssertNil(parameterType, "a toggle takes no parameter")
            XCTAssertEqual(stateType.map { String(cString: g_variant_type_peek_string($0)).prefix(1) }, "b")
            XCTAssertNil(stateHint)
            XCTAssertEqual(state.map { MenuModelReader.text(of: $0) }, "false")
            if let state { g_variant_unref(state) }
            XCTAssertEqual(g_action_group_query_action(rendered.actionGroup.unsafePointer, "paste", nil, nil, nil, nil, nil), 0)

            let signals = GroupSignals(rendered.actionGroup.unsafePointer, detailedAdded: "paste")
            showsPaste = true
            rendered.refresh()
            XCTAssertEqual(signals.heard, ["action-added paste", "action-added paste"], "the plain and the detailed watcher both hear it")
            signals.heard = []
            showsCut = false
            rendered.refresh()
            XCTAssertEqual(signals.heard, ["action-removed cut"])
            signals.heard = []
            canCopy = false
            rendered.refresh()
            XCTAssertEqual(signals.heard, ["action-enabled-changed copy false"])
            signals.heard = []
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", nil)
            XCTAssertTrue(isBold)
            XCTAssertEqual(signals.heard, ["action-state-changed bold true"])
            signals.heard = []
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "copy", nil)
            XCTAssertEqual(signals.heard, [], "a disabled action does nothing")
            XCTAssertEqual(Set(actionNames(of: rendered.actionGroup.unsafePointer)), ["copy", "paste", "bold"])
            // A binding of closures is read again at a refresh: its state changes once, when it differs.
            isBold = false
            rendered.refresh()
            XCTAssertEqual(signals.heard, ["action-state-changed bold false"])
            signals.heard = []
            rendered.refresh()
            XCTAssertEqual(signals.heard, [], "a state that did not change is not set again")
        }
    }

    /// An activation that comes after its action went (a stale menu item, a late shortcut)
    /// consumes its floating parameter, as GActionGroup promises, and runs nothing.
    func testActivatingAnActionThatWentConsumesItsParameter() {
        onMain {
            let group = gmk_action_group(UnsafeMutableRawPointer(gmk_menu_action_group_new()!))!
            defer { g_object_unref(UnsafeMutableRawPointer(group)) }
            let parameter = g_variant_ref(g_variant_new_string("/0/[3]"))!
            g_action_group_activate_action(group, "gone", parameter)
            XCTAssertEqual(g_variant_is_floating(parameter), 0, "the group took the floating reference")
            let state = g_variant_ref(g_variant_new_boolean(1))!
            g_action_group_change_action_state(group, "gone", state)
            XCTAssertEqual(g_variant_is_floating(state), 0, "the group took the floating reference")
            g_variant_unref(parameter)
            g_variant_unref(state)
        }
    }

    /// An activation or state change of the wrong type from outside is refused with a warning
    /// that names the action, not with GIO's critical (fatal in these tests), and runs nothing.
    func testActivationsOfTheWrongTypeAreRefusedWithAWarning() {
        onMain {
            GLibLog.install()
            var copies = 0
            var isBold = false
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Copy") { copies += 1 }
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
            })
            let before = GLibLog.severeMessages.count
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "copy", g_variant_new_string("extra"))
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "bold", g_variant_new_int32(1))
            g_action_group_change_action_state(rendered.actionGroup.unsafePointer, "bold", g_variant_new_string("on"))
            g_action_group_change_action_state(rendered.actionGroup.unsafePointer, "copy", g_variant_new_boolean(1))
            let copy = g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(rendered.actionGroup.unsafePointer)), "copy")!
            g_action_activate(copy, g_variant_new_string("direct"))
            let warnings = Array(GLibLog.severeMessages.dropFirst(before))
            XCTAssertEqual(warnings.count, 5, "\(warnings)")
            XCTAssertTrue(warnings.allSatisfy { $0.contains("GMenuKit: action '") && $0.contains("is ignored") }, "\(warnings)")
            XCTAssertTrue(warnings[0].contains("'copy' takes no parameter, not 's'"), warnings[0])
            XCTAssertTrue(warnings[2].contains("'bold' takes a state of type 'b', not 's'"), warnings[2])
            XCTAssertEqual(copies, 0, "nothing ran")
            XCTAssertFalse(isBold)
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "false")
            // The right types still work.
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "copy", nil)
            g_action_group_change_action_state(rendered.actionGroup.unsafePointer, "bold", g_variant_new_boolean(1))
            XCTAssertEqual(copies, 1)
            XCTAssertTrue(isBold)
        }
    }

    /// Counts a raw action's handler calls and what it was asked for.
    private final class HandlerCalls {
        var parameters: [String?] = []
        /// Sets the state asked for, as GMenuKit's toggles and pickers do.
        var setsState = true

        static let handler: GMKMenuActionHandler = { action, parameter, data in
            let calls = Unmanaged<HandlerCalls>.fromOpaque(data!).takeUnretainedValue()
            calls.parameters.append(parameter.map { MenuModelReader.text(of: $0) })
            if calls.setsState, let parameter, g_action_get_state_type(gmk_action(UnsafeMutableRawPointer(action))) != nil {
                gmk_menu_action_set_state(action, parameter)
            }
        }

        func attach(to action: OpaquePointer) {
            gmk_menu_action_set_handler(action, Self.handler, Unmanaged.passRetained(self).toOpaque(), { data in
                Unmanaged<HandlerCalls>.fromOpaque(data!).release()
            })
        }
    }

    private static func state(of action: OpaquePointer) -> String? {
        guard let state = g_action_get_state(gmk_action(UnsafeMutableRawPointer(action))) else { return nil }
        defer { g_variant_unref(state) }
        return MenuModelReader.text(of: state)
    }

    func testActivationFollowsTheRulesOfGSimpleAction() {
        onMain {
            let toggle = gmk_menu_action_new("bold", nil, g_variant_new_boolean(0))!
            let picker = gmk_menu_action_new("sort", gmk_variant_type_string(), g_variant_new_string("name"))!
            let command = gmk_menu_action_new("copy", nil, nil)!
            defer { for action in [toggle, picker, command] { g_object_unref(UnsafeMutableRawPointer(action)) } }
            let toggleCalls = HandlerCalls(), pickerCalls = HandlerCalls(), commandCalls = HandlerCalls()
            toggleCalls.attach(to: toggle)
            pickerCalls.attach(to: picker)
            commandCalls.attach(to: command)

            g_action_activate(gmk_action(UnsafeMutableRawPointer(toggle)), nil)
            XCTAssertEqual(toggleCalls.parameters, ["true"], "a Boolean activated without a parameter asks for the opposite")
            XCTAssertEqual(Self.state(of: toggle), "true")
            g_action_activate(gmk_action(UnsafeMutableRawPointer(picker)), g_variant_new_string("date"))
            XCTAssertEqual(pickerCalls.parameters, ["date"], "a parameter of the state's type asks for that state")
            XCTAssertEqual(Self.state(of: picker), "date")
            pickerCalls.setsState = false
            g_action_change_state(gmk_action(UnsafeMutableRawPointer(picker)), g_variant_new_string("size"))
            XCTAssertEqual(Self.state(of: picker), "date", "the handler decides whether the state changes")
            g_action_activate(gmk_action(UnsafeMutableRawPointer(command)), nil)
            XCTAssertEqual(commandCalls.parameters, [nil])

            gmk_menu_action_set_enabled(command, 0)
            XCTAssertEqual(g_action_get_enabled(gmk_action(UnsafeMutableRawPointer(command))), 0)
            g_action_activate(gmk_action(UnsafeMutableRawPointer(command)), nil)
            XCTAssertEqual(commandCalls.parameters, [nil], "a disabled action runs nothing")

            gmk_menu_action_set_handler(toggle, nil, nil, nil)
            g_action_change_state(gmk_action(UnsafeMutableRawPointer(toggle)), g_variant_new_boolean(0))
            XCTAssertEqual(Self.state(of: toggle), "false", "without a handler the state is set as asked")
            g_action_activate(gmk_action(UnsafeMutableRawPointer(toggle)), nil)
            XCTAssertEqual(toggleCalls.parameters, ["true"], "the removed handler is not called")
        }
    }

    /// A GAction of another kind, added through GActionMap, is followed through its notify
    /// signals until it is removed; a GMenuKit action held past its group keeps working.
    func testForeignActionsAndActionsThatOutliveTheirGroup() {
        onMain {
            let watcher = FinalizationWatcher()
            var group: OpaquePointer? = gmk_menu_action_group_new()
            watcher.watch(UnsafeMutableRawPointer(group!))
            let foreign = g_simple_action_new("close", nil)!
            let own = gmk_menu_action_new("open", nil, nil)!
            defer {
                g_object_unref(UnsafeMutableRawPointer(foreign))
                g_object_unref(UnsafeMutableRawPointer(own))
            }
            g_action_map_add_action(gmk_action_map(UnsafeMutableRawPointer(group!)), gmk_action(UnsafeMutableRawPointer(foreign)))
            gmk_menu_action_group_add(group, gmk_action(UnsafeMutableRawPointer(own)))
            XCTAssertEqual(g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(group!)), "close"),
                           gmk_action(UnsafeMutableRawPointer(foreign)))
            XCTAssertEqual(g_action_map_lookup_action(gmk_action_map(UnsafeMutableRawPointer(group!)), "open"),
                           gmk_action(UnsafeMutableRawPointer(own)))

            // The same GMenuKit action in a second group: that one follows its notify signals.
            let second = gmk_menu_action_group_new()!
            gmk_menu_action_group_add(second, gmk_action(UnsafeMutableRawPointer(own)))

            var signals: GroupSignals? = GroupSignals(gmk_action_group(UnsafeMutableRawPointer(group!)))
            let secondSignals = GroupSignals(gmk_action_group(UnsafeMutableRawPointer(second)))
            g_simple_action_set_enabled(foreign, 0)
            gmk_menu_action_set_enabled(own, 0)
            XCTAssertEqual(signals?.heard, ["action-enabled-changed close false", "action-enabled-changed open false"])
            XCTAssertEqual(secondSignals.heard, ["action-enabled-changed open false"])

            g_action_map_remove_action(gmk_action_map(UnsafeMutableRawPointer(group!)), "close")
            XCTAssertEqual(signals?.heard.last, "action-removed close")
            signals?.heard = []
            g_simple_action_set_enabled(foreign, 1)
            XCTAssertEqual(signals?.heard, [], "a removed action is no longer followed")

            // Replacing an action of the same name: the old one goes, the new one comes.
            let replacement = gmk_menu_action_new("open", nil, nil)!
            gmk_menu_action_group_add(group, gmk_action(UnsafeMutableRawPointer(replacement)))
            g_object_unref(UnsafeMutableRawPointer(replacement))
            XCTAssertEqual(signals?.heard, ["action-removed open", "action-added open"])

            signals = nil
            g_object_unref(UnsafeMutableRawPointer(group!))
            group = nil
            XCTAssertTrue(watcher.allFinalized, "the group holds no reference to itself")
            // The held actions no longer point to the group that went.
            gmk_menu_action_set_enabled(own, 1)
            g_simple_action_set_enabled(foreign, 0)
            XCTAssertEqual(secondSignals.heard.last, "action-enabled-changed open true", "the second group still follows it")
            g_object_unref(UnsafeMutableRawPointer(second))
        }
    }

    /// Invalidating a menu removes every action at once. Watched, each removal is heard while
    /// the action can still be queried; unwatched, the table goes in one step. Either way an
    /// action someone still holds does nothing, and a toggle's binding no longer reaches it.
    func testInvalidatingRemovesEveryActionAndWhatIsStillHeldDoesNothing() {
        for watched in [true, false] {
            onMain {
                let flag = ToggleFlag()
                var opened = 0
                let rendered = RenderedMenu(Menu("File") {
                    Button("Open") { opened += 1 }
                    Toggle("Autosave", isOn: Binding(flag, \.isOn))
                })
                let group = rendered.actionGroup.unsafePointer
                let signals = watched ? GroupSignals(group) : nil
                let names = actionNames(of: group)
                let open = names.first { $0.contains("open") }!, autosave = names.first { $0.contains("autosave") }!
                let map = gmk_action_map(UnsafeMutableRawPointer(group))
                let heldOpen = g_action_map_lookup_action(map, open)!, heldAutosave = g_action_map_lookup_action(map, autosave)!
                g_object_ref(UnsafeMutableRawPointer(heldOpen))
                g_object_ref(UnsafeMutableRawPointer(heldAutosave))
                defer {
                    g_object_unref(UnsafeMutableRawPointer(heldOpen))
                    g_object_unref(UnsafeMutableRawPointer(heldAutosave))
                }

                rendered.invalidate()

                XCTAssertEqual(actionNames(of: group), [], watched ? "watched" : "unwatched")
                if let signals {
                    XCTAssertEqual(Set(signals.heard), ["action-removed \(open)", "action-removed \(autosave)"])
                }
                g_action_activate(heldOpen, nil)
                XCTAssertEqual(opened, 0, "a held action does nothing")
                flag.isOn = true
                MainLoop.drain()
                let state = g_action_get_state(heldAutosave)!
                defer { g_variant_unref(state) }
                XCTAssertEqual(g_variant_get_boolean(state), 0, "the binding no longer reaches the held action")
            }
        }
    }
}

@Observable @MainActor private final class ToggleFlag {
    var isOn = false
}

