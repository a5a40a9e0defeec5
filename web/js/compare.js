// Compare: one gesture run through two to four profiles on fresh engines in the gateway (nothing reaches the
// log), their curves overlaid on one time axis (where each decides and settles, how far apart their screens are
// at each moment) and their phones beside it, in sync. The gesture is a sample, the playground's last swipe, or
// one of a recording (`segue record`) chosen or dropped on the view.
import { Stage, upperSide } from './stage.js';
import { eventBody } from './panels.js';
import { Timeline } from './timeline.js';
import { offsetOf, scaleOf, movingAxis, scaleLane } from './curves.js';

const SLOTS = ['a', 'b', 'c', 'd'];

export class Compare {
  constructor(connection, hello, playground) {
    this.connection = connection;
    this.playground = playground;
    // The largest recording file one message carries (the gateway's limit, as Base64).
    this.maxRecordingBytes = hello.maxRecordingBytes;
    this.$ = (id) => document.getElementById(id);
    this.stages = SLOTS.map((slot) => new Stage(this.$(`cmp-stage-${slot}`), { maxHeight: 440 }));
    this.runs = [];
    this.recorded = [];  // gestures of the last recording read: {stackId, gestureId, pans}
    SLOTS.forEach((slot, index) => {
      const select = this.$(`cmp-${slot}`);
      if (index >= 2) select.add(new Option('none', ''));
      for (const name of hello.profiles) select.add(new Option(name, name));
      const initial = ['ios', 'flutter'][index];
      select.value = index >= 2 ? '' : hello.profiles.includes(initial) ? initial : hello.profiles[0];
    });
    this.timeline = new Timeline(this.$('cmp-timeline'), {
      onSeek: (offsetUs) => this.show(offsetUs),
      lanesOf: () => this.lanes(),
      labelOf: (transition) => `${this.runs[transition.id - 1]?.profile} ${transition.operation}`,
    });
    this.$('cmp-run').addEventListener('click', () => this.run());
    this.$('cmp-play').addEventListener('click', () => this.play());
    this.$('cmp-scrub').addEventListener('input', () => this.show(Number(this.$('cmp-scrub').value)));
    this.$('cmp-file').addEventListener('change', () => {
      const file = this.$('cmp-file').files[0];
      if (file) this.readRecording(file);
    });
    const view = this.$('view-compare');
    view.addEventListener('dragover', (event) => { event.preventDefault(); view.classList.add('dropping'); });
    view.addEventListener('dragleave', () => view.classList.remove('dropping'));
    view.addEventListener('drop', (event) => {
      event.preventDefault();
      view.classList.remove('dropping');
      const file = event.dataTransfer?.files?.[0];
      if (file) this.readRecording(file);
    });
  }

  // The gestures of a recording file, read by the gateway, offered in the gesture list.
  async readRecording(file) {
    const note = this.$('cmp-recording');
    if (file.size > this.maxRecordingBytes) {
      note.textContent = `${file.name}: ${file.size} bytes, over the ${this.maxRecordingBytes} a page may send; `
        + 'record the one swipe to compare (segue record --stack S)';
      return;
    }
    note.textContent = `reading ${file.name}…`;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let answer;
    try {
      answer = await this.connection.ask({ recording: { data: toBase64(bytes) } });
    } catch (error) {
      note.textContent = `${file.name}: ${error.code || 'error'}: ${error.message}`;
      return;
    }
    const recording = answer.recording;
    this.recorded = recording.gestures || [];
    const list = this.$('cmp-gesture');
    for (const option of [...list.options]) if (option.value.startsWith('rec:')) option.remove();
    this.recorded.forEach((gesture, index) => {
      list.add(new Option(`${file.name}: ${gesture.stackId} gesture ${gesture.gestureId} (${gesture.pans.length} pans)`,
        `rec:${index}`));
    });
    if (this.recorded.length) list.value = 'rec:0';
    note.textContent = `${file.name}: ${this.recorded.length} swipe${this.recorded.length === 1 ? '' : 's'} in `
      + `${recording.inputs} inputs${recording.more ? ' (the first ones)' : ''}${recording.partial ? ', its last record cut short' : ''}`;
  }

  // The pans to compare, in the playground's device size.
  gesture(width, height) {
    const choice = this.$('cmp-gesture').value;
    if (choice.startsWith('rec:')) return this.recorded[Number(choice.slice(4))]?.pans || [];
    if (choice === 'last' && this.playground.lastGesture.length > 1) return this.playground.lastGesture;
    const flick = choice === 'flick';
    const pans = [];
    const y = height / 2, startX = 6, endX = flick ? width * 0.25 : width * 0.6;
    const steps = flick ? 10 : 48;
    const stepUs = 8333;
    // The first sample is already on its way, as a pan recognizer's BEGAN is.
    for (let i = 1; i <= steps; i++) {
      const x = startX + (endX - startX) * (flick ? i / steps : Math.sin((i / steps) * Math.PI / 2));
      pans.push({ gestureId: 1, phase: i === 1 ? 'PAN_BEGAN' : 'PAN_CHANGED', location: { x, y },
        translation: { x: x - startX, y: 0 }, timestampUs: i * stepUs });
    }
    const last = pans[pans.length - 1];
    // The slow drag rests 100 ms before it lets go; the flick lets go at speed.
    pans.push({ ...last, phase: 'PAN_ENDED', timestampUs: last.timestampUs + (flick ? stepUs : 100000) });
    return pans;
  }

  async run() {
    const [width, height] = this.$('pg-device').value.split('x').map(Number);
    this.size = { width, height };
    const profiles = SLOTS.map((slot) => this.$(`cmp-${slot}`).value).filter(Boolean);
    const pans = this.gesture(width, height);
    let answer;
    try {
      answer = await this.connection.ask({ compare: { profiles, size: { width, height }, pans,
        rightToLeft: this.$('pg-rtl').checked || undefined } });
    } catch (error) {
      this.$('cmp-caption-a').textContent = `${error.code || 'error'}: ${error.message}`;
      return;
    }
    this.runs = answer.comparison.runs.map((run) => {
      const operations = new Map();
      let decision = 'no transition';
      for (const event of run.events || []) {
        const [kind, body] = eventBody(event);
        if (kind === 'began') operations.set(body.transitionId, body.operation);
        if (kind === 'finished' || kind === 'cancelled') {
          decision = `${kind} (${body.reason}) at gesture progress ${(body.progress || 0).toFixed(2)}, settles in `
            + `${Math.round((body.settleUs || 0) / 1000)} ms`;
        }
      }
      if (run.error) decision = `refused: ${run.error.code} ${run.error.message}`;
      return { profile: run.profile, events: run.events || [], frames: run.frames || [], operations, decision };
    });
    SLOTS.forEach((slot, index) => {
      const run = this.runs[index];
      this.$(`cmp-figure-${slot}`).hidden = !run;
      if (!run) return;
      this.stages[index].setSize(width, height);
      this.stages[index].describe({ screens: ['Home', 'Detail'] });
      this.$(`cmp-caption-${slot}`).textContent = `${run.profile}: ${run.decision}`;
    });
    const times = this.runs.flatMap((run) => [...run.events, ...run.frames].map((item) => item.timeUs));
    this.startUs = times.reduce((a, b) => Math.min(a, b), Infinity);
    this.endUs = times.reduce((a, b) => Math.max(a, b), -Infinity);
    this.$('cmp-scrub').max = String(this.endUs - this.startUs);
    this.timeline.setDevice(this.size);
    // Each run's transition on its own row: its id becomes the run's number.
    const events = this.runs.flatMap((run, index) => run.events.map((event) => renumbered(event, index + 1)));
    this.timeline.show(events, [], this.startUs, this.endUs);
    this.show(0);
  }

  // The lanes of the runs overlaid: visual progress, the moving screen's place, how far it is from the first
  // profile's at each moment, and its scale where a profile scales it.
  lanes() {
    const size = this.size;
    const series = (label, kind, points) => ({ label, kind, segments: [points] });
    const progress = [], place = [], apart = [], scale = [];
    const traces = this.runs.map((run, index) => {
      const kind = `run-${index}`;
      // A run is one gesture, so one transition: its upper screen moves.
      const side = upperSide(run.operations.get(run.frames[0]?.transitionId)) || 'to';
      const axis = movingAxis(run.frames, size);
      const shown = run.frames.filter((frame) => frame[side]);
      const offsets = shown.map((frame) => [frame.timeUs, offsetOf(frame[side], axis, size)]);
      progress.push(series(run.profile, kind, run.frames.map((frame) => [frame.timeUs, frame.progress || 0])));
      place.push(series(run.profile, kind, offsets));
      scale.push(series(run.profile, kind, shown.map((frame) => [frame.timeUs, scaleOf(frame[side], size)])));
      const length = axis === 'x' ? size.width : size.height;
      return offsets.map(([t, offset]) => [t, offset * length]);
    });
    traces.slice(1).forEach((trace, index) => apart.push(series(`${this.runs[index + 1].profile} − ${this.runs[0].profile}`,
      `run-${index + 1} gap-line`, apartAt(traces[0], trace))));
    const lanes = [
      { title: 'visual progress', series: progress, min: 0, max: 1 },
      { title: 'moving screen, share of the device', series: place },
    ];
    if (apart.length) lanes.push({ title: 'apart, points', series: apart });
    if (scale.some((s) => s.segments[0].some(([, value]) => value < 0.999))) lanes.push(scaleLane(scale));
    return lanes;
  }

  show(offsetUs) {
    this.offsetUs = offsetUs;
    this.$('cmp-scrub').value = String(offsetUs);
    this.$('cmp-time').textContent = `t=${(offsetUs / 1000).toFixed(1)} ms of ${((this.endUs - this.startUs) / 1000).toFixed(0)} ms`;
    this.timeline.setHead(offsetUs);
    const t = this.startUs + offsetUs;
    this.runs.forEach((run, index) => {
      let frame = run.frames[0];
      for (const candidate of run.frames) { if (candidate.timeUs <= t) frame = candidate; else break; }
      const operation = run.operations.get(frame?.transitionId);
      if (frame) this.stages[index].drawNow(frame, upperSide(operation), operation);
    });
  }

  play() {
    if (!this.runs.length) return;
    const begin = performance.now();
    const span = this.endUs - this.startUs;
    const tick = (now) => {
      const offset = Math.min((now - begin) * 1000, span);
      this.show(offset);
      if (offset < span) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
}

// An event with its transition id replaced (each run's transitions get a row of their own on the timeline).
function renumbered(event, id) {
  const copy = { ...event };
  for (const kind of ['began', 'progressed', 'finished', 'cancelled', 'completed']) {
    if (copy[kind]) copy[kind] = { ...copy[kind], transitionId: id };
  }
  return copy;
}

// How far a trace is from another at each of both's times, in points: each holds its newest value until its next
// (a run that settled sooner stays where it came to rest). Both are in time order.
function apartAt(base, other) {
  const points = [];
  let i = 0, j = 0;
  while (i < base.length || j < other.length) {
    const t = Math.min(base[i]?.[0] ?? Infinity, other[j]?.[0] ?? Infinity);
    while (i < base.length && base[i][0] <= t) i += 1;
    while (j < other.length && other[j][0] <= t) j += 1;
    const a = base[Math.max(0, i - 1)]?.[1] ?? 0;
    const b = other[Math.max(0, j - 1)]?.[1] ?? 0;
    points.push([t, b - a]);
  }
  return points;
}

function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
