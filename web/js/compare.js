// Compare: one gesture run through two to four profiles on fresh engines in the gateway (nothing reaches the
// log), their curves overlaid on one time axis (where each decides and settles, how far apart their screens are
// at each moment) and their phones beside it, in sync. The gesture is a sample, the playground's last swipe, or
// one of a recording (`segue record`) chosen or dropped on the view.
import { Stage, upperSide } from './stage.js';
import { eventBody, counted } from './panels.js';
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
      labelOf: (transition) => `${this.runs[transition.id - 1]?.label} ${transition.operation}`,
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
    let answer;
    try {
      // The browser may fail to read it (a folder, a file that changed or went away since it was chosen).
      const bytes = new Uint8Array(await file.arrayBuffer());
      answer = await this.connection.ask({ recording: { data: toBase64(bytes) } });
    } catch (error) {
      note.textContent = `${file.name}: ${error.code || error.name || 'error'}: ${error.message}`;
      return;
    } finally {
      // The same file chosen again (made anew since) is read again.
      this.$('cmp-file').value = '';
    }
    const recording = answer.recording;
    this.recorded = recording.gestures || [];
    const list = this.$('cmp-gesture');
    for (const option of [...list.options]) if (option.value.startsWith('rec:')) option.remove();
    this.recorded.forEach((gesture, index) => {
      // A gesture of more pans than a comparison takes comes cut: its release is missing.
      const pans = gesture.more ? `its first ${gesture.pans.length} pans: cut short, no release`
        : counted(gesture.pans.length, 'pan');
      list.add(new Option(`${file.name}: ${gesture.stackId} gesture ${gesture.gestureId} (${pans})`, `rec:${index}`));
    });
    if (this.recorded.length) list.value = 'rec:0';
    note.textContent = `${file.name}: ${counted(this.recorded.length, 'swipe')} in ${counted(recording.inputs, 'input')}`
      + `${recording.more ? ' (the first ones)' : ''}${recording.partial ? ', its last record cut short' : ''}`;
  }

  // The pans to compare, in the playground's device size and direction, with what they are.
  gesture(width, height, rightToLeft) {
    const choice = this.$('cmp-gesture').value;
    if (choice.startsWith('rec:')) return { pans: this.recorded[Number(choice.slice(4))]?.pans || [], what: 'the recorded swipe' };
    if (choice === 'last' && this.playground.lastGesture.length > 1) {
      return { pans: this.playground.lastGesture, what: 'your last swipe in the playground' };
    }
    const flick = choice === 'flick';
    const what = choice === 'last' ? 'no swipe in the playground yet: the sample drag that slows to rest'
      : flick ? 'the sample flick' : 'the sample drag that slows to rest';
    return { pans: sample(width, height, flick, rightToLeft), what };
  }

  async run() {
    const [width, height] = this.$('pg-device').value.split('x').map(Number);
    const rightToLeft = this.$('pg-rtl').checked;
    this.size = { width, height };
    const profiles = SLOTS.map((slot) => this.$(`cmp-${slot}`).value).filter(Boolean);
    const { pans, what } = this.gesture(width, height, rightToLeft);
    let answer;
    try {
      answer = await this.connection.ask({ compare: { profiles, size: { width, height }, pans,
        rightToLeft: rightToLeft || undefined } });
    } catch (error) {
      // Nothing of an earlier comparison stays on screen beside the refusal of this one.
      this.showRuns([]);
      this.$('cmp-time').textContent = `the comparison was refused: ${error.code || 'error'}: ${error.message}`;
      return;
    }
    this.showRuns(answer.comparison.runs.map((run) => {
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
    }));
    this.what = `${what}, ${width} × ${height}${rightToLeft ? ', right to left' : ''}`;
    this.show(0);
  }

  // Shows `runs`: a phone and caption each (a refused run its caption only), their rows and curves on the timeline.
  showRuns(runs) {
    this.runs = runs;
    const { width, height } = this.size;
    // Two runs of one profile are told apart by their place.
    const names = runs.map((run) => run.profile);
    for (const run of runs) {
      run.label = names.filter((name) => name === run.profile).length > 1
        ? `${run.profile} (${runs.indexOf(run) + 1})` : run.profile;
    }
    SLOTS.forEach((slot, index) => {
      const run = runs[index];
      this.$(`cmp-figure-${slot}`).hidden = !run;
      if (!run) return;
      this.$(`cmp-caption-${slot}`).textContent = `${run.label}: ${run.decision}`;
      if (!run.frames.length) {
        this.stages[index].element.hidden = true;
        return;
      }
      this.stages[index].setSize(width, height);
      this.stages[index].describe(this.gestureOfTabs(run)
        ? { tabs: ['Tab 1', 'Tab 2', 'Tab 3'], selectedTab: 0 } : { screens: ['Home', 'Detail'] });
    });
    const times = runs.flatMap((run) => [...run.events, ...run.frames].map((item) => item.timeUs));
    this.startUs = times.length ? times.reduce((a, b) => Math.min(a, b)) : 0;
    this.endUs = times.length ? times.reduce((a, b) => Math.max(a, b)) : 0;
    this.$('cmp-scrub').max = String(this.endUs - this.startUs);
    this.timeline.setDevice(this.size);
    // Each run's transition on its own row: its id becomes the run's number.
    const events = runs.flatMap((run, index) => run.events.map((event) => renumbered(event, index + 1)));
    this.timeline.show(events, [], this.startUs, this.endUs);
  }

  gestureOfTabs(run) {
    return [...run.operations.values()].includes('SELECT_TAB');
  }

  // The lanes of the runs overlaid: visual progress, the moving screen's place, how far it is from the first
  // profile's at each moment, and its scale where a profile scales it.
  lanes() {
    const size = this.size;
    const series = (label, kind, points) => ({ label, kind, segments: [points] });
    const progress = [], place = [], apart = [], scale = [];
    // Refused runs have no frames, so no curves, and nothing to be apart from.
    const traces = this.runs.map((run, index) => {
      if (!run.frames.length) return null;
      const kind = `run-${index}`;
      // A run is one gesture, so one transition: its upper screen moves.
      const side = upperSide(run.operations.get(run.frames[0].transitionId)) || 'to';
      const axis = movingAxis(run.frames, size);
      const shown = run.frames.filter((frame) => frame[side]);
      const offsets = shown.map((frame) => [frame.timeUs, offsetOf(frame[side], axis, size)]);
      progress.push(series(run.label, kind, run.frames.map((frame) => [frame.timeUs, frame.progress || 0])));
      place.push(series(run.label, kind, offsets));
      scale.push(series(run.label, kind, shown.map((frame) => [frame.timeUs, scaleOf(frame[side], size)])));
      const length = axis === 'x' ? size.width : size.height;
      return { run, kind, points: offsets.map(([t, offset]) => [t, offset * length]) };
    }).filter(Boolean);
    const [base, ...others] = traces;
    for (const other of others) {
      apart.push(series(`${other.run.label} − ${base.run.label}`, `${other.kind} gap-line`, apartAt(base.points, other.points)));
    }
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
    this.$('cmp-time').textContent = `t=${(offsetUs / 1000).toFixed(1)} ms of ${((this.endUs - this.startUs) / 1000).toFixed(0)} ms`
      + ` · ${this.what}`;
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

// A sample back swipe from the leading edge (the right one, right to left): a drag that slows to rest at 60% of the
// width and lets go 100 ms later, or a short flick that lets go at speed.
function sample(width, height, flick, rightToLeft) {
  const pans = [];
  const y = height / 2, start = 6, end = flick ? width * 0.25 : width * 0.6;
  const steps = flick ? 10 : 48;
  const stepUs = 8333;
  const along = (distance) => (rightToLeft ? width - distance : distance);
  // The first sample is already on its way, as a pan recognizer's BEGAN is.
  for (let i = 1; i <= steps; i++) {
    const distance = start + (end - start) * (flick ? i / steps : Math.sin((i / steps) * Math.PI / 2));
    pans.push({ gestureId: 1, phase: i === 1 ? 'PAN_BEGAN' : 'PAN_CHANGED', location: { x: along(distance), y },
      translation: { x: along(distance) - along(start), y: 0 }, timestampUs: i * stepUs });
  }
  const last = pans[pans.length - 1];
  pans.push({ ...last, phase: 'PAN_ENDED', timestampUs: last.timestampUs + (flick ? stepUs : 100000) });
  return pans;
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
