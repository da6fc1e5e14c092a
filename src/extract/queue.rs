//! The engine's queue of events: filled in batches, taken from the front, its slots reused.
//!
//! The engine queues events only when the queue is empty (a step runs only once the caller has
//! taken every event of the last one), so the queue is a run of slots from the front that
//! grows at the back and, once taken to the end, starts again at the first slot. A slot whose
//! event was lent and then dropped ([`Queue::drop_front`]) keeps its match in place: the next
//! match the one-pass lane finds for that slot is written over it, into the same text buffer
//! ([`Queue::push_match`]). So a caller that takes its events lent, as the command-line
//! tool does, neither allocates nor frees per URI, and no match is moved into the queue or out
//! of it. A match given away ([`Queue::pop_match`], the iterator of matches over a slice) is
//! moved out once and leaves a match with an empty text in its slot, which the next match for
//! that slot is written into, with a new buffer for its text.

use crate::matches::{Event, Match, MatchFields, Overlong, Span, UriText};

/// Events queued by the engine, front first; see the module docs.
#[derive(Debug, Default)]
pub(crate) struct Queue {
    /// `slots[head..end]` are queued; the slots after `end` hold spent events, kept only for
    /// the text buffers of their matches.
    slots: Vec<Event>,
    head: usize,
    end: usize,
}

/// What a slot holds once its event is given away or freed: an event with nothing to drop.
const EMPTY: Event = Event::Overlong(Overlong { span: Span::new(0, 0), line: 0 });

impl Queue {
    /// Text buffers larger than this are freed when their match is dropped, so that what the
    /// spent slots keep stays a few KiB (a slot for each event of a batch).
    const CAPACITY_MAX: usize = 512;

    /// How many events are queued.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.end - self.head
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.head == self.end
    }

    /// Queues `event` at the back, in the next slot.
    #[inline]
    pub(crate) fn push_back(&mut self, event: Event) {
        match self.slots.get_mut(self.end) {
            Some(slot) => *slot = event,
            None => self.slots.push(event),
        }
        self.end += 1;
    }

    /// Queues a match at the back with `text` (ASCII, as the caller has checked) as its URI
    /// and `fields` for the rest. When the slot holds a spent match, the new one is written
    /// over it field by field, its text into the same buffer, rather than built whole and
    /// moved there.
    #[inline(always)]
    pub(crate) fn push_match(&mut self, text: &[u8], fields: MatchFields) {
        match self.slots.get_mut(self.end) {
            Some(Event::Match(spent)) if spent.uri.0.capacity() != 0 => {
                spent.uri.refill(text);
                fields.write(spent);
                self.end += 1;
            }
            _ => self.push_new_match(text, fields),
        }
    }

    /// [`Queue::push_match`] when the slot holds no buffer to reuse: its match was given away
    /// ([`Queue::pop_match`] leaves an empty text behind), it held another event, or the queue
    /// has no slot there yet. The text gets a buffer of its size, and the match is built in
    /// its slot rather than moved there. Out of line, so that the callers of `push_match`
    /// stay small.
    #[inline(never)]
    fn push_new_match(&mut self, text: &[u8], fields: MatchFields) {
        match self.slots.get_mut(self.end) {
            Some(Event::Match(given)) => {
                given.uri = UriText::new(text);
                fields.write(given);
                self.end += 1;
            }
            Some(slot) => {
                *slot = Event::Match(fields.into_match(text));
                self.end += 1;
            }
            None => self.push_back(Event::Match(fields.into_match(text))),
        }
    }

    /// The front event.
    #[inline]
    pub(crate) fn front(&self) -> Option<&Event> {
        if self.is_empty() { None } else { self.slots.get(self.head) }
    }

    /// Takes the front event out.
    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<Event> {
        if self.is_empty() {
            return None;
        }
        let event = core::mem::replace(&mut self.slots[self.head], EMPTY);
        self.advance();
        Some(event)
    }

    /// Takes the front event out when it is a match; drops the events before it (those are
    /// rejected or overlong candidates, which an iterator of matches passes over). `None` once
    /// the queue is empty. The match is moved out of its slot once, not through an `Event`.
    #[inline]
    pub(crate) fn pop_match(&mut self) -> Option<Match> {
        while !self.is_empty() {
            let slot = &mut self.slots[self.head];
            let taken = match slot {
                // The slot keeps a match with an empty text, which the next match for it
                // overwrites field by field (`push_match`), as it does a lent one's.
                Event::Match(m) => Some(m.take()),
                _ => {
                    *slot = EMPTY;
                    None
                }
            };
            self.advance();
            if taken.is_some() {
                return taken;
            }
        }
        None
    }

    /// Drops the front event (one that was lent), keeping a match's text buffer in its slot
    /// when it is small, for a later match to reuse.
    #[inline(always)]
    pub(crate) fn drop_front(&mut self) {
        if self.is_empty() {
            return;
        }
        let slot = &mut self.slots[self.head];
        match slot {
            Event::Match(m) if m.uri.0.capacity() <= Self::CAPACITY_MAX => {
                // What only a few matches have is freed now rather than when the slot is
                // written again.
                if m.provenance.is_some() {
                    m.provenance = None;
                }
            }
            _ => *slot = EMPTY,
        }
        self.advance();
    }

    /// One event fewer at the front.
    #[inline]
    fn advance(&mut self) {
        self.head += 1;
        self.restart_when_empty();
    }

    /// Once no event is left, the next is queued in the first slot.
    #[inline]
    fn restart_when_empty(&mut self) {
        if self.head == self.end {
            self.head = 0;
            self.end = 0;
        }
    }

    /// Keeps the first `len` events queued; those after them are dropped.
    pub(crate) fn truncate(&mut self, len: usize) {
        if len < self.len() {
            let end = self.head + len;
            for slot in &mut self.slots[end..self.end] {
                *slot = EMPTY;
            }
            self.end = end;
            self.restart_when_empty();
        }
    }

    /// Gives each queued match and rejected candidate that has no line number yet the line
    /// `line_at` says holds the first byte of its span (events are in input order, so those
    /// offsets come in order).
    pub(crate) fn number_lines(&mut self, mut line_at: impl FnMut(u64) -> u64) {
        for slot in &mut self.slots[self.head..self.end] {
            match slot {
                Event::Match(m) if m.line == 0 => m.line = line_at(m.span.start),
                Event::Rejected(r) if r.line == 0 => r.line = line_at(r.span.start),
                Event::Overlong(o) if o.line == 0 => o.line = line_at(o.span.start),
                _ => {}
            }
        }
    }

    /// Calls `f` on each queued event, front first.
    pub(crate) fn for_each(&self, f: impl FnMut(&Event)) {
        self.slots[self.head..self.end].iter().for_each(f);
    }

    /// Keeps the queued events that `keep` says yes to, in order.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Event) -> bool) {
        let mut to = self.head;
        for from in self.head..self.end {
            if keep(&self.slots[from]) {
                if to != from {
                    self.slots.swap(to, from);
                }
                to += 1;
            }
        }
        for slot in &mut self.slots[to..self.end] {
            *slot = EMPTY;
        }
        self.end = to;
        self.restart_when_empty();
    }

    /// The queued events, front first, to be changed in place.
    pub(crate) fn events_mut(&mut self) -> &mut [Event] {
        &mut self.slots[self.head..self.end]
    }

    /// The `i`th event queued from the front.
    pub(crate) fn get(&self, i: usize) -> Option<&Event> {
        if i < self.len() { self.slots.get(self.head + i) } else { None }
    }

    /// Queues the events of `events` before the `i`th queued event (at the back when `i` is the
    /// length): the events after them move back.
    pub(crate) fn insert(&mut self, i: usize, events: impl IntoIterator<Item = Event>) {
        let at = self.head + i.min(self.len());
        let before = self.slots.len();
        self.slots.splice(at..at, events);
        self.end += self.slots.len() - before;
    }

    /// Queues the events of `events` at the back.
    pub(crate) fn extend(&mut self, events: impl IntoIterator<Item = Event>) {
        for event in events {
            self.push_back(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(text: &str) -> Vec<Match> {
        crate::extract_slice(text.as_bytes()).collect()
    }

    fn uri(event: Option<&Event>) -> Option<&[u8]> {
        match event? {
            Event::Match(m) => Some(m.uri_bytes()),
            _ => None,
        }
    }

    /// Events come out in the order they went in, whether taken or lent and dropped, and a
    /// queue taken to the end starts again at its first slot.
    /// The fields of a match like `m`, but for its text and its provenance.
    fn fields_like(m: &Match) -> MatchFields {
        MatchFields {
            span: m.span,
            wrap: m.wrap,
            parts: m.parts,
            provenance: None,
            delimiter: m.delimiter,
            grammar: m.grammar,
            abbreviated: false,
            quoted_printable: false,
        }
    }

    #[test]
    fn first_in_first_out() {
        let found = matches("http://a.example/ http://b.example/ http://c.example/");
        let mut queue = Queue::default();
        assert!(queue.is_empty() && queue.front().is_none() && queue.pop_front().is_none());
        queue.extend(found.iter().cloned().map(Event::Match));
        queue.push_back(Event::Overlong(Overlong { span: Span::new(1, 2), line: 0 }));
        assert_eq!(queue.len(), 4);
        assert_eq!(uri(queue.front()), Some(&b"http://a.example/"[..]));
        queue.drop_front();
        assert_eq!(queue.pop_front(), Some(Event::Match(found[1].clone())));
        assert_eq!(uri(queue.front()), Some(&b"http://c.example/"[..]));
        queue.drop_front();
        assert_eq!(queue.pop_front(), Some(Event::Overlong(Overlong { span: Span::new(1, 2), line: 0 })));
        assert!(queue.is_empty());
        assert_eq!((queue.head, queue.end), (0, 0));
        // Dropping from an empty queue does nothing.
        queue.drop_front();
        assert!(queue.is_empty());
    }

    /// A match lent and dropped leaves its text buffer in its slot, and the next match queued
    /// there is written into it, exactly; a large buffer, another event, or a match given away
    /// leave none.
    #[test]
    fn spent_slots_hold_their_buffers() {
        let long = format!("http://a.example/{}", "x".repeat(Queue::CAPACITY_MAX));
        let found = matches(&format!("<http://a.example/some/path> {long} http://b.example/"));
        let mut queue = Queue::default();
        queue.push_back(Event::Match(found[0].clone()));
        queue.push_back(Event::Rejected(crate::Rejected {
            text: "http://%".into(),
            span: Span::new(0, 8),
            outer: Span::new(0, 8),
            delimiter: crate::Delimiter::Bare,
            error: crate::uri::Uri::parse("http://%").unwrap_err(),
            line: 0,
        }));
        queue.push_back(Event::Match(found[1].clone()));
        queue.push_back(Event::Match(found[2].clone()));
        for _ in 0..3 {
            queue.drop_front();
        }
        assert_eq!(queue.pop_front(), Some(Event::Match(found[2].clone())));
        let buffer = |queue: &Queue, i: usize| match &queue.slots[i] {
            Event::Match(m) => Some(m.uri.0.capacity()),
            _ => None,
        };
        assert!(buffer(&queue, 0).is_some_and(|c| c >= "http://a.example/some/path".len()));
        assert_eq!([buffer(&queue, 1), buffer(&queue, 2), buffer(&queue, 3)], [None; 3]);
        // The next match in slot 0 reuses that buffer and holds its own text only.
        let before = match &queue.slots[0] {
            Event::Match(m) => m.uri.0.as_ptr(),
            _ => unreachable!(),
        };
        let like = || fields_like(&found[0]);
        queue.push_match(b"ftp://c.example/", like());
        let Some(Event::Match(m)) = queue.front() else { panic!("a match") };
        assert_eq!(m.uri_bytes(), b"ftp://c.example/");
        assert_eq!(m.uri.0.as_ptr(), before);
        // In a slot that held no match, a new buffer.
        queue.push_match(b"http://d.example/", like());
        assert_eq!(uri(queue.slots.get(1)), Some(&b"http://d.example/"[..]));
        assert_eq!(queue.len(), 2);
    }

    /// A match given away by `pop_match` takes its text with it and leaves an empty one in its
    /// slot; the events before it are passed over. The next match queued in that slot gets a
    /// buffer of its own, exactly its text, and the match given away keeps its own.
    #[test]
    fn matches_given_away_leave_no_text_behind() {
        let found = matches("http://a.example/ http://b.example/");
        let mut queue = Queue::default();
        queue.push_back(Event::Overlong(Overlong { span: Span::new(1, 2), line: 0 }));
        queue.push_back(Event::Match(found[0].clone()));
        queue.push_back(Event::Match(found[1].clone()));
        let first = queue.pop_match();
        assert_eq!(first.as_ref(), Some(&found[0]));
        assert!(matches!(&queue.slots[0], Event::Overlong(_)));
        assert!(matches!(&queue.slots[1], Event::Match(m) if m.uri.0.capacity() == 0));
        assert_eq!(queue.pop_match().as_ref(), Some(&found[1]));
        assert!(queue.is_empty() && queue.pop_match().is_none());
        let like = fields_like(&found[1]);
        // Slot 0 held an overlong candidate, slot 1 a match given away.
        queue.push_match(b"ftp://c.example/", MatchFields { provenance: None, ..like });
        queue.push_match(b"ftp://d.example/x", like);
        assert_eq!(uri(queue.slots.get(1)), Some(&b"ftp://d.example/x"[..]));
        assert_eq!(queue.pop_match().map(|m| m.uri.0), Some(b"ftp://c.example/".to_vec()));
        assert_eq!(first.map(|m| m.uri.0), Some(b"http://a.example/".to_vec()));
        assert_eq!(queue.len(), 1);
    }

    /// Truncating drops the events after the first `len`, frees their slots, and leaves the
    /// queue as before when it holds no more.
    #[test]
    fn truncate_keeps_the_front() {
        let found = matches("http://a.example/ http://b.example/ http://c.example/");
        let mut queue = Queue::default();
        queue.extend(found.iter().cloned().map(Event::Match));
        queue.drop_front();
        queue.truncate(5);
        assert_eq!(queue.len(), 2);
        queue.truncate(1);
        assert_eq!(queue.len(), 1);
        assert!(matches!(queue.slots[2], Event::Overlong(_)));
        assert_eq!(uri(queue.front()), Some(&b"http://b.example/"[..]));
        queue.truncate(0);
        assert!(queue.is_empty());
        assert_eq!((queue.head, queue.end), (0, 0));
    }
}
