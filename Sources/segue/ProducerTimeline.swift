import SegueWire

/// The time axis of a recorded transition: engine time, except that what a pan caused sits at the pan's own time.
///
/// segued decides every input waiting at the start of a turn at one engine time, so pans that arrived together (a
/// recording played fast, a producer that sends in bursts, a busy engine) leave their events and TRACKING frames at
/// one `time_us`, and a chart by engine time shows the screens jumping. The events a pan caused carry its
/// `producer_time_us`. From a touch-down (`began`, or the `interrupted` of a catch) on, they are placed at the
/// touch-down's place plus the producer time since it; everything else (SETTLING and DONE frames, `completed`, a
/// timeout) at its engine time moved as far as the newest of those events before it, so a settle keeps its own
/// timing and starts at the release. A log written before events carried producer time is drawn by engine time.
struct ProducerTimeline {
    /// The shift (placed minus engine time) in force from each event on, in log order.
    private var shifts: [(position: UInt64, shiftUs: Int64)] = []

    /// Whether any event carried producer time, i.e. whether the axis differs from engine time while tracking.
    private(set) var followsProducer = false

    /// The timeline of a transition's `events`, in log order.
    init(events: [Event]) {
        var shift: Int64 = 0
        var touchDown: (placedUs: Int64, producerUs: Int64)?
        for event in events {
            if let producerUs = event.producerTimeUs {
                followsProducer = true
                switch event.body {
                // A new gesture: its producer, and so its clock, may be another.
                case .began, .interrupted: touchDown = (event.timeUs + shift, producerUs)
                default: break
                }
                if let touchDown {
                    shift = touchDown.placedUs + (producerUs - touchDown.producerUs) - event.timeUs
                }
            }
            shifts.append((event.position, shift))
        }
    }

    /// Where `event` is placed.
    func time(of event: Event) -> Int64 {
        event.timeUs + shift(from: event.position)
    }

    /// Where `frame` is placed: moved as the newest event it reflects.
    func time(of frame: Frame) -> Int64 {
        frame.timeUs + shift(from: frame.position)
    }

    /// The shift of the newest event at or before `position` (0 before the first).
    private func shift(from position: UInt64) -> Int64 {
        var low = 0
        var high = shifts.count
        while low < high {
            let middle = (low + high) / 2
            if shifts[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : shifts[low - 1].shiftUs
    }
}
