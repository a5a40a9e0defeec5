// A stack's history on one time axis, as an animations panel shows it: a ruler, a row per transition (a bar from
// its began to its completed, coloured by how it ended), its events as markers (began; each progressed as a tick;
// the release's finished or cancelled with its reason and velocity; completed), and under them the curves of every
// frame: visual progress, where each screen is, and its scale when a profile scales screens. A click on a marker
// jumps to its time; a click or a drag anywhere else scrubs there. Ctrl + wheel (or the buttons, or + - 0 on the
// focused timeline) zooms about the pointer, shift + wheel pans.
//
// Time travel shows a whole history at once (`show`); the playground and the monitor add what arrives (`append`)
// and follow the newest, in a window the zoom sets.

import { Curves, screenLanes, svgElement as node } from './curves.js';

const RULER = 24;
const ROW = 20;
// More transitions than this in view share rows: a stack runs one at a time, so they never overlap.
const MAX_ROWS = 12;
// Ticks of one transition's progressed events drawn at most; past it the curves say enough.
const MAX_TICKS_PER_ROW = 200;
// What a live timeline keeps: the newest, dropping the oldest.
const MAX_FRAMES = 20000;
const MAX_EVENTS = 5000;
// The window a live timeline follows before it is zoomed: a swipe and its settle, with room.
const LIVE_WINDOW_US = 3_000_000;
const MIN_SPAN_US = 5_000;
const REDRAW_MS = 100;

export class Timeline {
  // `lanesOf(from, to)` replaces the curves of the frames (Compare draws several runs'); `labelOf(transition)` names
  // a transition's bar.
  constructor(element, { onSeek, live = false, lanesOf = null, labelOf = null }) {
    this.element = element;
    this.onSeek = onSeek;
    this.live = live;
    this.lanesOf = lanesOf;
    this.labelOf = labelOf || ((transition) => `t${transition.id} ${transition.operation}`);
    this.events = [];
    this.frames = [];
    this.size = { width: 390, height: 844 };
    this.startUs = 0;
    this.endUs = 1;
    this.view = null;  // [from, to] µs when zoomed or panned; null shows everything (or follows, live)
    this.windowUs = LIVE_WINDOW_US;
    this.headUs = null;
    element.append(this.tools());
    this.svg = node('svg', { role: 'group', tabindex: 0,
      'aria-label': 'Timeline of the transitions: click a marker to jump to it, elsewhere to scrub; + and - zoom' });
    element.append(this.svg);
    this.curves = new Curves(this.svg);
    this.bindPointer();
    this.svg.addEventListener('keydown', (event) => {
      if (event.key === '+' || event.key === '=') this.zoom(0.5);
      else if (event.key === '-') this.zoom(2);
      else if (event.key === '0') this.fit();
      else return;
      event.preventDefault();
    });
    window.addEventListener('resize', () => this.redraw());
  }

  tools() {
    const bar = document.createElement('div');
    bar.className = 'timeline-tools';
    const button = (label, title, action) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.title = title;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', action);
      bar.append(b);
    };
    button('+', 'Zoom in (+)', () => this.zoom(0.5));
    button('−', 'Zoom out (-)', () => this.zoom(2));
    button('Fit', 'Show everything (0)', () => this.fit());
    this.spanReadout = document.createElement('span');
    this.spanReadout.className = 'hint';
    bar.append(this.spanReadout);
    return bar;
  }

  bindPointer() {
    let dragging = false;
    const seek = (event) => this.onSeek(this.timeAt(event) - this.startUs);
    this.svg.addEventListener('pointerdown', (event) => {
      if (event.target.closest('.marker, .event-tick')) return;
      dragging = true;
      this.svg.setPointerCapture(event.pointerId);
      seek(event);
    });
    this.svg.addEventListener('pointermove', (event) => { if (dragging) seek(event); });
    this.svg.addEventListener('pointerup', () => { dragging = false; });
    this.svg.addEventListener('wheel', (event) => {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        this.zoom(event.deltaY > 0 ? 1.25 : 0.8, this.timeAt(event));
      } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        event.preventDefault();
        const [from, to] = this.range();
        this.pan(((event.deltaX || event.deltaY) / Math.max(1, this.plotWidth())) * (to - from));
      }
    }, { passive: false });
  }

  setDevice(size) { this.size = size; }

  // Shows `events` and `frames` (a history) between `startUs` and `endUs`, all of it.
  show(events, frames, startUs, endUs) {
    this.events = events;
    this.frames = frames;
    // Nothing to show (no times at all): an empty axis, not one from infinity.
    this.startUs = Number.isFinite(startUs) ? startUs : 0;
    this.endUs = Number.isFinite(endUs) ? Math.max(endUs, this.startUs + 1) : this.startUs + 1;
    this.view = null;
    this.redraw();
  }

  clear() {
    this.events = [];
    this.frames = [];
    this.startUs = 0;
    this.endUs = 1;
    this.view = null;
    this.headUs = null;
    this.redraw();
  }

  // A live event or frame of the stack: kept, and drawn within REDRAW_MS.
  append(item, isFrame) {
    const empty = !this.events.length && !this.frames.length;
    const list = isFrame ? this.frames : this.events;
    list.push(item);
    if (list.length > (isFrame ? MAX_FRAMES : MAX_EVENTS)) list.splice(0, list.length >> 3);
    const first = Math.min(this.events[0]?.timeUs ?? Infinity, this.frames[0]?.timeUs ?? Infinity);
    this.startUs = first;
    this.endUs = Math.max(empty ? item.timeUs : this.endUs, item.timeUs, first + 1);
    if (isFrame) this.headUs = item.timeUs;
    if (!this.pendingRedraw) {
      this.pendingRedraw = setTimeout(() => { this.pendingRedraw = null; this.redraw(); }, REDRAW_MS);
    }
  }

  // Moves the scrub head to `offsetUs` after the start; a zoomed view pans to keep it in sight.
  setHead(offsetUs) {
    this.headUs = this.startUs + offsetUs;
    const [from, to] = this.range();
    if (this.view && (this.headUs < from || this.headUs > to)) {
      const span = to - from;
      this.view = this.clamp(this.headUs - span * 0.1, span);
      this.redraw();
      return;
    }
    this.placeHead();
  }

  // Moves the head to `offsetUs` after the start, and gives the newest frame at or before it (or undefined).
  seek(offsetUs) {
    this.setHead(offsetUs);
    let low = 0, high = this.frames.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.frames[middle].timeUs <= this.headUs) low = middle + 1; else high = middle;
    }
    return this.frames[low - 1];
  }

  placeHead() {
    if (!this.head) return;
    const visible = this.headUs !== null;
    this.head.setAttribute('visibility', visible ? 'visible' : 'hidden');
    if (!visible) return;
    const x = this.x(this.headUs);
    this.head.setAttribute('x1', String(x));
    this.head.setAttribute('x2', String(x));
  }

  // The times on screen: a zoomed view, else everything, else (live) the newest window.
  range() {
    if (this.view) return this.view;
    if (this.live) return [Math.max(this.startUs, this.endUs - this.windowUs), Math.max(this.endUs, this.startUs + 1)];
    return [this.startUs, this.endUs];
  }

  // Zooms by `factor` (under 1 zooms in) about `centerUs` (the head's time, or the middle).
  zoom(factor, centerUs) {
    const [from, to] = this.range();
    // A live timeline zooms out to its window at least, however little it holds yet.
    const widest = Math.max(this.endUs - this.startUs, MIN_SPAN_US, this.live ? LIVE_WINDOW_US : 0);
    // A live timeline's window is what it zooms, whether or not it is filled yet.
    const current = this.live && !this.view ? this.windowUs : to - from;
    const span = Math.min(Math.max(current * factor, MIN_SPAN_US), widest);
    if (this.live && !this.view) {
      this.windowUs = span;
    } else {
      const center = centerUs ?? (this.headUs !== null && this.headUs >= from && this.headUs <= to
        ? this.headUs : (from + to) / 2);
      const share = (center - from) / Math.max(1, to - from);
      this.view = span >= this.endUs - this.startUs ? null : this.clamp(center - share * span, span);
    }
    this.redraw();
  }

  pan(deltaUs) {
    const [from, to] = this.range();
    this.view = this.clamp(from + deltaUs, to - from);
    this.redraw();
  }

  fit() {
    this.view = null;
    this.windowUs = this.live ? Math.max(LIVE_WINDOW_US, this.endUs - this.startUs) : LIVE_WINDOW_US;
    this.redraw();
  }

  clamp(from, span) {
    const start = Math.min(Math.max(from, this.startUs), Math.max(this.startUs, this.endUs - span));
    return [start, start + span];
  }

  plotWidth() { return this.width - 2 * Curves.PAD; }

  x(timeUs) {
    const [from, to] = this.range();
    return Curves.PAD + ((timeUs - from) / Math.max(1, to - from)) * this.plotWidth();
  }

  // The time (µs) of a pointer event's place on the axis.
  timeAt(event) {
    const box = this.svg.getBoundingClientRect();
    const scale = box.width / Math.max(1, this.width);
    const fraction = ((event.clientX - box.left) / scale - Curves.PAD) / Math.max(1, this.plotWidth());
    const [from, to] = this.range();
    return Math.round(from + Math.min(Math.max(fraction, 0), 1) * (to - from));
  }

  redraw() {
    // Drawn in CSS pixels of the element's width (the SVG takes that width, and scales if the element changes).
    this.width = Math.max(320, (this.element.clientWidth || 602) - 2);
    const [from, to] = this.range();
    const transitions = transitionsOf(this.events).filter((t) =>
      t.began.timeUs <= to && (t.completed ? t.completed.timeUs : this.endUs) >= from);
    const rows = placeRows(transitions);
    const rowCount = rows.length ? Math.max(...rows) + 1 : 0;
    this.svg.replaceChildren();
    this.drawRuler(from, to);
    transitions.forEach((transition, index) => this.drawBar(transition, RULER + rows[index] * ROW));
    const top = RULER + rowCount * ROW + 4;
    const lanes = this.lanesOf ? this.lanesOf(from, to) : screenLanes(framesBetween(this.frames, from, to), this.size);
    const height = this.curves.drawLanes(lanes, { top, width: this.width, x: (t) => this.x(t) });
    this.drawTicks(transitions, rows, from, to);
    transitions.forEach((transition, index) => this.drawMarkers(transition, RULER + rows[index] * ROW));
    this.height = top + height;
    this.svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    this.head = node('line', { class: 'head', y1: 0, y2: this.height });
    this.svg.append(this.head);
    this.placeHead();
    this.transitions = transitions;
    const zoomed = this.view || (this.live && to - from < this.endUs - this.startUs);
    this.spanReadout.textContent = `${formatSpan(to - from)} in view${zoomed ? ` of ${formatSpan(this.endUs - this.startUs)}` : ''}`;
  }

  drawRuler(from, to) {
    const step = niceStep((to - from) / Math.max(2, Math.floor(this.width / 110)));
    this.svg.append(node('line', { class: 'ruler', x1: Curves.PAD, x2: this.width - Curves.PAD, y1: RULER - 4, y2: RULER - 4 }));
    const first = Math.ceil((from - this.startUs) / step) * step;
    for (let t = first; this.startUs + t <= to; t += step) {
      const x = this.x(this.startUs + t);
      this.svg.append(node('line', { class: 'tick', x1: x, x2: x, y1: RULER - 8, y2: RULER - 4 }),
        node('text', { class: 'tick-label', x: Math.max(x, 14), y: RULER - 10 }, formatOffset(t, step)));
    }
  }

  // A transition's bar; its label and markers are drawn over the ticks, by `drawMarkers`.
  drawBar(transition, y) {
    const { id, operation, began, completed } = transition;
    const left = this.x(began.timeUs);
    const right = this.x(completed ? completed.timeUs : this.endUs);
    const bar = node('rect', { class: `bar ${outcomeOf(transition)}`, x: left, y: y + 4,
      width: Math.max(2, right - left), height: ROW - 8, rx: 3 });
    bar.dataset.transition = String(id);
    bar.append(node('title', {}, `t${id} ${operation}: ${outcomeOf(transition)}`));
    this.svg.append(bar);
  }

  drawMarkers(transition, y) {
    const { operation, began, decision, completed } = transition;
    const left = Math.max(this.x(began.timeUs), Curves.PAD);
    const right = this.x(completed ? completed.timeUs : this.endUs);
    const label = this.labelOf(transition);
    // A label wider than its bar would run into the next transition's on a shared row.
    if (right - left >= label.length * 6.2 + 12) {
      this.svg.append(node('text', { class: 'bar-label', x: left + 8, y: y + ROW - 7 }, label));
    }
    this.marker(began, 'began', y, `began ${operation}`);
    if (decision) {
      const [kind, body] = decision.kind;
      const velocity = body.velocity !== undefined ? `, released at ${Number(body.velocity).toFixed(2)}/s` : '';
      this.marker(decision.event, kind, y, `${kind} ${body.reason || ''}${velocity}`);
    }
    if (completed) this.marker(completed, 'completed', y, `completed ${outcomeOf(transition)}`);
  }

  // A tick per progressed event on its transition's row, at most MAX_TICKS_PER_ROW of a transition in view (every
  // other one, or fewer, past that): a click jumps to it. Not in the tab order: a swipe has a hundred, and the
  // frame keys reach the same times.
  drawTicks(transitions, rows, from, to) {
    const rowOf = new Map();
    transitions.forEach((t, index) => rowOf.set(t.id, rows[index]));
    const progressed = this.events.filter((event) => event.progressed && event.timeUs >= from && event.timeUs <= to
      && rowOf.has(event.progressed.transitionId));
    const counts = new Map();
    for (const event of progressed) counts.set(event.progressed.transitionId, (counts.get(event.progressed.transitionId) || 0) + 1);
    const seen = new Map();
    for (const event of progressed) {
      const id = event.progressed.transitionId;
      const index = seen.get(id) || 0;
      seen.set(id, index + 1);
      if (index % Math.ceil(counts.get(id) / MAX_TICKS_PER_ROW) !== 0) continue;
      const x = this.x(event.timeUs);
      const y = RULER + rowOf.get(id) * ROW;
      const tick = node('line', { class: 'event-tick', x1: x, x2: x, y1: y + 6, y2: y + ROW - 6 });
      tick.dataset.position = String(event.position);
      tick.dataset.kind = 'progressed';
      tick.append(node('title', {}, `#${event.position} progressed ${(Number(event.progressed.progress) || 0).toFixed(3)}`));
      tick.addEventListener('click', () => this.onSeek(event.timeUs - this.startUs));
      this.svg.append(tick);
    }
  }

  marker(event, kind, y, label) {
    const x = this.x(event.timeUs);
    const marker = node('circle', { class: `marker ${kind}`, cx: x, cy: y + ROW / 2, r: 5, tabindex: 0, role: 'button' });
    marker.dataset.position = String(event.position);
    marker.dataset.kind = kind;
    marker.setAttribute('aria-label', `#${event.position} ${label}: go to its time`);
    marker.append(node('title', {}, `#${event.position} ${label}`));
    const go = () => this.onSeek(event.timeUs - this.startUs);
    marker.addEventListener('click', go);
    marker.addEventListener('keydown', (key) => {
      if (key.key === 'Enter' || key.key === ' ') { key.preventDefault(); go(); }
    });
    this.svg.append(marker);
  }
}

function outcomeOf(transition) {
  if (!transition.completed) return 'running';
  return transition.completed.completed.finished ? 'finished' : 'cancelled';
}

// Each transition of a history: its began, its last finished or cancelled, and its completed events.
function transitionsOf(events) {
  const transitions = [];
  const running = new Map();  // transition id -> its entry (ids start again when a stack is made anew)
  for (const event of events) {
    for (const kind of ['began', 'finished', 'cancelled', 'completed']) {
      const body = event[kind];
      if (!body) continue;
      const id = body.transitionId;
      if (kind === 'began') {
        running.set(id, { id, operation: body.operation, began: event });
        transitions.push(running.get(id));
      }
      const transition = running.get(id);
      if (!transition) continue;
      if (kind === 'completed') transition.completed = event;
      else if (kind !== 'began') transition.decision = { event, kind: [kind, body] };
    }
  }
  return transitions;
}

// The row of each transition: its own, or shared ones when more than MAX_ROWS are in view.
function placeRows(transitions) {
  if (transitions.length <= MAX_ROWS) return transitions.map((_, index) => index);
  const ends = [];
  return transitions.map((t) => {
    let row = ends.findIndex((end) => end <= t.began.timeUs);
    if (row < 0) { row = Math.min(ends.length, MAX_ROWS - 1); }
    ends[row] = t.completed ? t.completed.timeUs : Infinity;
    return row;
  });
}

// The frames between two times, with one on either side so that curves reach the edges (frames are in time order).
function framesBetween(frames, from, to) {
  let low = 0, high = frames.length;
  while (low < high) { const middle = (low + high) >> 1; if (frames[middle].timeUs < from) low = middle + 1; else high = middle; }
  let end = low;
  while (end < frames.length && frames[end].timeUs <= to) end += 1;
  return frames.slice(Math.max(0, low - 1), Math.min(frames.length, end + 1));
}

// A round step for a ruler near `rough` µs: 1, 2 or 5 times a power of ten.
function niceStep(rough) {
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return factor * power;
  return 10 * power;
}

function formatOffset(us, step) {
  if (step >= 1_000_000) return `${(us / 1e6).toFixed(0)} s`;
  return `${(us / 1000).toFixed(step < 1000 ? 1 : 0)} ms`;
}

function formatSpan(us) {
  return us >= 1e6 ? `${(us / 1e6).toFixed(2)} s` : `${(us / 1000).toFixed(0)} ms`;
}
