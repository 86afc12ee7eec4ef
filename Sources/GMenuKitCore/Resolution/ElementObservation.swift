import Observation
import Synchronization

/// An element whose content read state that changed: where it stood then, and its id; no id
/// for state that the content of elements observed together read.
/// Made on the main thread, read there; only carried across by the observation.
package struct ElementNote: @unchecked Sendable {
    package let hint: Int
    package let id: NotedElementID?
    /// The element itself, where elements are objects: tells one whose id changed with it from
    /// one that went.
    package var object: ObjectIdentifier? = nil
}

/// An element's id as its observation noted it, for the list that made the note to read back
/// as the type it is (``TypedElementID``): an `AnyHashable`, made at every observation and cast
/// back from `Any`, cost an object's label change 1.7 k instructions more than this box.
package class NotedElementID: @unchecked Sendable {}

/// The id of one list's elements.
package final class TypedElementID<ID>: NotedElementID, @unchecked Sendable {
    package let id: ID
    package init(_ id: ID) { self.id = id }
}

/// How a list observes what it reads: its data under one observation, its elements' content
/// under another (or one per element, where elements are objects). Each observation belongs to
/// the render whose lists these are, and is retired with it.
extension DeferredElements {
    /// Arms the observation of the list's data, and reads it.
    func observingData<T>(_ read: @MainActor () -> T) -> T {
        let retirement = deferral.retirement
        // A reading after the latest one's observation ended (the data changed: the reading of
        // almost every change) leaves this list no other tracking armed, and does not join the
        // retirement: joining cost a change a second registrar, as the tracking is installed
        // and as it ends (about 15% of a list's change). The tracking left when a full render
        // follows is one at most: it ends at the data's next change, and its handler, of a
        // reading no longer the latest, does nothing.
        let latest = observations.dataReadings.load(ordering: .relaxed)
        let replacesEnded = latest != 0 && observations.endedDataReading.load(ordering: .acquiring) == latest
        let joins = !replacesEnded && deferral.dataWasObserved(identity)
        // Only the latest reading's observation updates the list: a kept list reads its data
        // again at every full render (the earlier readings' observations are retired with
        // their render; this also covers one not retired, see ``ElementDeferral/follow(_:)``).
        let reading = observations.dataReadings.add(1, ordering: .relaxed).newValue
        return trackingObservation({
            if joins { retirement.enroll() }
            return read()
        }, onChange: dataChangeHandler(reading: reading))
    }

    /// Resolves elements' content, observed together unless each element is observed alone.
    func observingElements<T>(_ resolve: @MainActor () -> T) -> T {
        guard !observesEachElement else { return resolve() }
        let retirement = deferral.retirement
        let joins = deferral.elementsWereObserved(identity)
        return trackingObservation({
            if joins { retirement.enroll() }
            return resolve()
        }, onChange: noteChange(ElementNote(hint: 0, id: nil), observedTogether: true))
    }

    /// Resolves one element's content, under an observation of its own if elements are observed
    /// alone. The note is made only when the content read observable state, so an element that
    /// reads none costs nothing more. `afterItsChange`: the element's observation noted a change
    /// and ended; the new one then does not join the retirement (as a reading of the data
    /// after its change, ``observingData(_:)``): at most one such tracking of an element
    /// outlives a full render, until the element next changes.
    func observingElement<T>(
        at index: Int, id: @autoclosure () -> NotedElementID, object: @autoclosure () -> AnyObject,
        afterItsChange: Bool = false, _ resolve: @MainActor () -> T
    ) -> T {
        guard observesEachElement else { return resolve() }
        let retirement = deferral.retirement
        return trackingObservation({
            if !afterItsChange { retirement.enroll() }
            return resolve()
        }, onChange: noteChange(ElementNote(hint: index, id: id(), object: ObjectIdentifier(object()))))
    }

    /// The change handler of the list's data; made only when the reading touched observable
    /// state (Observation asks for it only then), which is noted for the next render.
    /// A handler holds the list's ``ListObservations``, not the list, nor its render: a
    /// tracking that did not join the retirement may outlive both.
    private func dataChangeHandler(reading: Int) -> @Sendable () -> Void {
        let (observations, retirement, dataChanged) = (observations, deferral.retirement, deferral.dataChanged)
        deferral.noteDataObserved(identity)
        return {
            ObservationRetirement.noteChange()
            guard !retirement.isRetired, observations.dataReadings.load(ordering: .relaxed) == reading else { return }
            observations.endedDataReading.store(reading, ordering: .releasing)
            dataChanged(observations)
        }
    }

    private func noteChange(_ note: ElementNote, observedTogether: Bool = false) -> @Sendable () -> Void {
        if observedTogether { deferral.noteElementsObserved(identity) }
        let (observations, retirement, elementsChanged) = (observations, deferral.retirement, deferral.elementsChanged)
        return {
            ObservationRetirement.noteChange()
            guard !retirement.isRetired else { return }
            let isFirst = observations.changedElements.withLock { notes in
                notes.append(note)
                return notes.count == 1
            }
            if isFirst { elementsChanged(observations) }
        }
    }
}
