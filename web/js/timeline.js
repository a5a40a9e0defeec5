// A stack's history on one time axis, as an animations panel shows it: a ruler, one row per transition (a bar
// from its began to its completed, coloured by how it ended), its events as markers (began, the release with its
// reason and velocity, completed), the visual progress of every frame as a curve under them, and the scrub head.
// A click on a marker jumps to its time, a click or drag anywhere else scrubs there.

const SVG = 'http://www.w3.org/2000/svg';
const RULER = 22;
const ROW = 20;
const CURVE = 70;
const PAD = 8;

export class Timeline {
  constructor(element, { onSeek }) {
    this.element = element;
    this.onSeek = onSeek;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('role', 'group');
    this.svg.setAttribute('aria-label', 'Timeline of the transitions: click a marker to jump to it, elsewhere to scrub');
    element.append(this.svg);
    this.startUs = 0;
    this.endUs = 1;
    let dragging = false;
    const seek = (event) => this.onSeek(this.timeAt(event));
    this.svg.addEventListener('pointerdown', (event) => {
      if (event.target.closest('.marker')) return;
      dragging = true;
      this.svg.setPointerCapture(event.pointerId);
      seek(event);
    });
    this.svg.addEventListener('pointermove', (event) => { if (dragging) seek(event); });
    this.svg.addEventListener('pointerup', () => { dragging = false; });
  }

  // Draws `events` and `frames` (those of a history) between `startUs` and `endUs`.
  show(events, frames, startUs, endUs) {
    this.startUs = startUs;
    this.endUs = Math.max(endUs, startUs + 1);
    this.width = Math.max(320, this.element.clientWidth || 600);
    const transitions = transitionsOf(events);
    this.height = RULER + transitions.length * ROW + CURVE + PAD;
    this.svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    this.svg.setAttribute('width', String(this.width));
    this.svg.setAttribute('height', String(this.height));
    this.svg.replaceChildren();
    this.drawRuler();
    transitions.forEach((transition, row) => this.drawTransition(transition, RULER + row * ROW));
    this.drawCurve(frames, RULER + transitions.length * ROW);
    this.head = node('line', { class: 'head', y1: 0, y2: this.height });
    this.svg.append(this.head);
    this.transitions = transitions;
  }

  // Moves the scrub head to `offsetUs` after the start.
  setHead(offsetUs) {
    if (!this.head) return;
    const x = this.x(this.startUs + offsetUs);
    this.head.setAttribute('x1', String(x));
    this.head.setAttribute('x2', String(x));
  }

  x(timeUs) {
    return PAD + ((timeUs - this.startUs) / (this.endUs - this.startUs)) * (this.width - 2 * PAD);
  }

  // The offset from the start (µs) of a pointer event's place on the axis.
  timeAt(event) {
    const box = this.svg.getBoundingClientRect();
    const fraction = (event.clientX - box.left - PAD) / Math.max(1, box.width - 2 * PAD);
    return Math.round(Math.min(Math.max(fraction, 0), 1) * (this.endUs - this.startUs));
  }

  drawRuler() {
    const span = this.endUs - this.startUs;
    const step = niceStep(span / 6);
    this.svg.append(node('line', { class: 'ruler', x1: PAD, x2: this.width - PAD, y1: RULER - 4, y2: RULER - 4 }));
    for (let t = 0; t <= span; t += step) {
      const x = this.x(this.startUs + t);
      this.svg.append(node('line', { class: 'tick', x1: x, x2: x, y1: RULER - 8, y2: RULER - 4 }));
      this.svg.append(node('text', { class: 'tick-label', x, y: RULER - 10 }, `${Math.round(t / 1000)} ms`));
    }
  }

  drawTransition(transition, y) {
    const { id, operation, began, decision, completed } = transition;
    const outcome = completed ? (completed.completed.finished ? 'finished' : 'cancelled') : 'running';
    const left = this.x(began.timeUs);
    const right = this.x(completed ? completed.timeUs : this.endUs);
    const bar = node('rect', { class: `bar ${outcome}`, x: left, y: y + 4, width: Math.max(2, right - left),
      height: ROW - 8, rx: 3 });
    bar.dataset.transition = String(id);
    bar.append(node('title', {}, `t${id} ${operation}: ${outcome}`));
    this.svg.append(bar, node('text', { class: 'bar-label', x: left + 8, y: y + ROW - 7 }, `t${id} ${operation}`));
    this.marker(began, 'began', y, `began ${operation}`);
    if (decision) {
      const [kind, body] = decision.kind;
      const velocity = body.velocity ? `, velocity ${Number(body.velocity).toFixed(2)}/s` : '';
      this.marker(decision.event, kind, y, `${kind} ${body.reason || ''}${velocity}`);
    }
    if (completed) this.marker(completed, 'completed', y, `completed ${outcome}`);
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

  drawCurve(frames, top) {
    const y = (progress) => top + PAD + (1 - progress) * (CURVE - 2 * PAD);
    this.svg.append(node('text', { class: 'curve-label', x: PAD, y: top + PAD }, 'visual progress'));
    let points = [];
    let transition = null;
    const flush = () => {
      if (points.length) this.svg.append(node('polyline', { class: 'curve', points: points.join(' ') }));
      points = [];
    };
    for (const frame of frames) {
      if (frame.transitionId !== transition) { flush(); transition = frame.transitionId; }
      points.push(`${this.x(frame.timeUs).toFixed(1)},${y(frame.progress || 0).toFixed(1)}`);
    }
    flush();
  }
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

// A round step for a ruler near `rough` µs: 1, 2 or 5 times a power of ten.
function niceStep(rough) {
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return factor * power;
  return 10 * power;
}

function node(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text) element.textContent = text;
  return element;
}
