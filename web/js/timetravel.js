// Time travel: a stack's history read from the daemon's log, with its frames regenerated exactly as
// `segue replay --frames` does, scrubbed, stepped frame by frame or played at 0.1x to 1x.
import { Stage, upperSide, topScreen } from './stage.js';
import { EventList, eventBody, counted } from './panels.js';
import { Timeline } from './timeline.js';

export class TimeTravel {
  constructor(connection) {
    this.connection = connection;
    this.$ = (id) => document.getElementById(id);
    this.stage = new Stage(this.$('tt-stage'));
    this.events = new EventList(this.$('tt-events'), 100000, { follows: false });
    this.timeline = new Timeline(this.$('tt-timeline'), { onSeek: (offsetUs) => { this.pause(); this.show(offsetUs); } });
    this.frames = [];
    this.items = [];  // [event, list item]
    this.operations = new Map();
    this.playing = false;
    this.$('tt-load').addEventListener('click', () => this.load(this.$('tt-stack').value.trim()));
    this.$('tt-stack').addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.load(this.$('tt-stack').value.trim());
    });
    this.$('tt-scrub').addEventListener('input', () => this.show(Number(this.$('tt-scrub').value)));
    this.$('tt-play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    this.$('tt-back').addEventListener('click', () => this.step(-1));
    this.$('tt-forward').addEventListener('click', () => this.step(1));
    this.$('view-timetravel').addEventListener('keydown', (event) => {
      if (event.target.tagName === 'INPUT' && event.target.type !== 'range') return;
      if (event.key === ',' ) this.step(-1);
      else if (event.key === '.') this.step(1);
      else if (event.key === 'k') this.playing ? this.pause() : this.play();
    });
  }

  async offerStacks() {
    const answer = await this.connection.ask({ request: { listStacks: {} } });
    const list = this.$('tt-stacks');
    list.replaceChildren(...(answer.reply.stacks?.stackIds || []).map((id) => new Option(id, id)));
  }

  async load(stackId) {
    if (!stackId) return;
    this.pause();
    this.$('tt-summary').textContent = 'loading…';
    let history;
    try {
      history = (await this.connection.ask({ history: { stackId } })).history;
    } catch (error) {
      this.$('tt-summary').textContent = `${error.code || 'error'}: ${error.message}`;
      return;
    }
    this.frames = history.frames || [];
    const events = history.events || [];
    if (!events.length) {
      this.items = [];
      this.frames = [];
      this.events.clear();
      this.timeline.clear();
      this.$('tt-frame').textContent = '-';
      this.$('tt-summary').textContent = `no events of stack '${stackId}' in the log: is it the right id? `
        + '(the Monitor lists every stack)';
      return;
    }
    this.events.clear();
    this.operations.clear();
    this.pastCount = null;
    this.items = events.map((event) => {
      const [kind, body] = eventBody(event);
      if (kind === 'began') this.operations.set(body.transitionId, body.operation);
      if (kind === 'stackCreated') this.created = body;
      // The bars each screen shows, as the stack's history left them.
      if (kind === 'stackCreated' || kind === 'completed') this.stage.describe(body);
      const item = this.events.addEvent(event);
      item.title = 'Go to this event';
      // A control for keyboards too: focusable, and Enter or Space acts as a click.
      item.tabIndex = 0;
      item.setAttribute('role', 'button');
      const go = () => { this.pause(); this.show(event.timeUs - this.startUs); };
      item.addEventListener('click', go);
      item.addEventListener('keydown', (key) => {
        if (key.key === 'Enter' || key.key === ' ') { key.preventDefault(); go(); }
      });
      return [event, item];
    });
    const size = this.created?.config?.size || { width: 390, height: 844 };
    this.stage.setSize(size.width, size.height);
    // Not Math.min(...times): a long history has more values than a call may take arguments.
    const times = [...events.map((e) => e.timeUs), ...this.frames.map((f) => f.timeUs)];
    this.startUs = times.reduce((a, b) => Math.min(a, b), Infinity);
    this.endUs = times.reduce((a, b) => Math.max(a, b), -Infinity);
    const scrub = this.$('tt-scrub');
    scrub.min = '0';
    scrub.max = String(this.endUs - this.startUs);
    scrub.value = scrub.max;
    this.timeline.setDevice(size);
    this.timeline.show(events, this.frames, this.startUs, this.endUs);
    this.$('tt-summary').textContent = `${counted(events.length, 'event')}, ${counted(this.frames.length, 'frame')} over `
      + `${((this.endUs - this.startUs) / 1e6).toFixed(2)} s${history.truncated ? ' (newest only)' : ''}`;
    this.show(Number(scrub.max));
  }

  // The newest frame at or before the offset (µs from the first event), drawn exactly.
  frameAt(offsetUs) {
    const t = this.startUs + offsetUs;
    let low = 0, high = this.frames.length - 1, found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.frames[middle].timeUs <= t) { found = middle; low = middle + 1; } else high = middle - 1;
    }
    return found;
  }

  show(offsetUs) {
    this.offsetUs = offsetUs;
    this.$('tt-scrub').value = String(offsetUs);
    this.timeline.setHead(offsetUs);
    const index = this.frameAt(offsetUs);
    this.index = index;
    const t = this.startUs + offsetUs;
    if (index >= 0) {
      const frame = this.frames[index];
      const operation = this.operations.get(frame.transitionId);
      this.stage.drawNow(frame, upperSide(operation), operation);
      this.$('tt-frame').textContent = `t=${(offsetUs / 1000).toFixed(1)} ms  frame ${frame.sequence} of transition `
        + `${frame.transitionId}  ${frame.phase}  visual progress ${(frame.progress || 0).toFixed(4)}  position ${frame.position || 0}`;
    } else {
      this.stage.showScreen(this.created ? topScreen(this.created) : null);
      this.$('tt-frame').textContent = `t=${(offsetUs / 1000).toFixed(1)} ms  before the first frame`;
    }
    this.markPast(t);
  }

  // Dims the events after `t`, touching only those whose side of it changed (events are in time order), and
  // shows the newest before it in the middle of the list.
  markPast(t) {
    let low = 0, high = this.items.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.items[middle][0].timeUs <= t) low = middle + 1; else high = middle;
    }
    const before = this.pastCount ?? this.items.length;
    for (let i = Math.min(low, before); i < Math.max(low, before); i++) this.items[i][1].classList.toggle('future', i >= low);
    this.pastCount = low;
    const current = this.items[low - 1]?.[1];
    const list = this.$('tt-events');
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }

  step(direction) {
    this.pause();
    const index = Math.min(Math.max((this.index ?? -1) + direction, 0), this.frames.length - 1);
    if (index >= 0) this.show(this.frames[index].timeUs - this.startUs);
  }

  play() {
    if (!this.frames.length) return;
    this.playing = true;
    this.$('tt-play').textContent = 'Pause';
    if (this.offsetUs >= this.endUs - this.startUs) this.offsetUs = 0;
    let last = performance.now();
    const tick = (now) => {
      if (!this.playing) return;
      const speed = Number(this.$('tt-speed').value);
      const next = this.offsetUs + (now - last) * 1000 * speed;
      last = now;
      if (next >= this.endUs - this.startUs) { this.show(this.endUs - this.startUs); this.pause(); return; }
      this.show(next);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  pause() {
    this.playing = false;
    this.$('tt-play').textContent = 'Play';
  }
}

