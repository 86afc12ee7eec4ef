/// Rule I3: in a group of similar items, one icon on the first item introduces the group; the
/// others carry none.
///
/// - The same icon on two items of one group: warning on the later item, as a repeated icon
///   tells people nothing about either.
/// - An icon on every item of a group of three or more: hint, on the group's first item.
///
/// A group is the run of items between dividers, or the items of a section. Control groups and
/// palettes are exempt, since icons are how they show their items, and so is generated content.
extension GuidelineChecker {
    /// Two items with an icon each may both be familiar actions (I1); three make a pattern.
    package static let smallestIconicGroup = 3

    package mutating func checkGroupIcons(_ group: [CheckedItem]) {
        if group.count >= Self.smallestIconicGroup && group.allSatisfy({ $0.node.icon != nil }) {
            checkedIdentity = group[0].node.identity
            report("I3", .hint, path: group[0].path,
                   "all \(group.count) items of this group have an icon; let the first one introduce the group and leave the others without")
        }
        var firstTitleByIcon: [String: String] = [:]
        for item in group {
            guard let icon = item.node.icon else { continue }
            if let firstTitle = firstTitleByIcon[icon] {
                checkedIdentity = item.node.identity
                report("I3", .warning, path: item.path,
                       "repeats the icon \(icon) of “\(firstTitle)” in the same group; give it its own icon or none")
            } else {
                firstTitleByIcon[icon] = item.node.title
            }
        }
    }
}
