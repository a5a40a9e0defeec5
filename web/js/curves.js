// Curves over time in lanes, drawn into an SVG under a timeline: each lane a title, a legend and its value range,
// each series a line broken where its transition changes. `screenLanes` turns a stack's frames into the lanes
// the timeline shows; Compare builds its own from several runs.

const LANE = 58;
const LANE_GAP = 8;
const SVG = 'http://www.w3.org/2000/svg';

export class Curves {
  static PAD = 8;

  constructor(svg) { this.svg = svg; }

  // Draws `lanes` ([{title, series: [{label, kind, segments: [[[timeUs, value], ..], ..]}], min?, max?}]) from
  // `top`, placing times with `x`; returns the height used.
  drawLanes(lanes, { top, width, x }) {
    let y = top;
    for (const lane of lanes) {
      this.drawLane(lane, y, width, x);
      y += LANE + LANE_GAP;
    }
    return y - top;
  }

  drawLane(lane, top, width, x) {
    const PAD = Curves.PAD;
    const values = lane.series.flatMap((s) => s.segments.flatMap((points) => points.map(([, v]) => v)));
    let min = lane.min ?? Math.min(0, ...values.slice(0, 50000));
    let max = lane.max ?? Math.max(1, ...values.slice(0, 50000));
    if (max - min < 1e-6) max = min + 1;
    const plotTop = top + 14;
    const plotHeight = LANE - 16;
    const y = (value) => plotTop + (1 - (value - min) / (max - min)) * plotHeight;
    const group = svgElement('g', { class: 'lane' });
    group.dataset.lane = lane.title;
    group.append(svgElement('rect', { class: 'lane-back', x: PAD, y: plotTop, width: width - 2 * PAD, height: plotHeight }));
    if (min < 0 && max > 0) {
      group.append(svgElement('line', { class: 'lane-zero', x1: PAD, x2: width - PAD, y1: y(0), y2: y(0) }));
    }
    const title = svgElement('text', { class: 'curve-label', x: PAD, y: top + 10 }, lane.title);
    group.append(title);
    let legendX = PAD + 8 + lane.title.length * 5.6;
    for (const series of lane.series.filter((s) => s.label !== lane.title)) {
      group.append(svgElement('line', { class: `swatch ${series.kind}`, x1: legendX, x2: legendX + 14, y1: top + 7, y2: top + 7 }),
        svgElement('text', { class: 'curve-label', x: legendX + 18, y: top + 10 }, series.label));
      legendX += 26 + series.label.length * 5.6;
    }
    group.append(svgElement('text', { class: 'range-label', x: width - PAD - 2, y: plotTop + 9 }, format(max)),
      svgElement('text', { class: 'range-label', x: width - PAD - 2, y: plotTop + plotHeight - 2 }, format(min)));
    for (const series of lane.series) {
      for (const points of series.segments) {
        if (!points.length) continue;
        const line = svgElement('polyline', { class: `curve ${series.kind}`,
          points: points.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' ') });
        line.dataset.series = series.label;
        group.append(line);
      }
    }
    this.svg.append(group);
  }
}

// The lanes of a stack's frames: visual progress; each screen's offset from its rest, as a fraction of the device
// along the axis its transition moves it (x for a push or a pop, y for a sheet); and each screen's scale, only
// when a frame scales one.
export function screenLanes(frames, size) {
  const progress = { label: 'visual progress', kind: 'progress', segments: [] };
  const from = { label: 'from screen', kind: 'from', segments: [] };
  const to = { label: 'to screen', kind: 'to', segments: [] };
  const fromScale = { label: 'from screen', kind: 'from', segments: [] };
  const toScale = { label: 'to screen', kind: 'to', segments: [] };
  let scaled = false;
  for (const run of byTransition(frames)) {
    const axis = movingAxis(run, size);
    const add = (series, value) => series.segments.at(-1).push(value);
    for (const series of [progress, from, to, fromScale, toScale]) series.segments.push([]);
    for (const frame of run) {
      add(progress, [frame.timeUs, frame.progress || 0]);
      for (const [side, offset, scale] of [['from', from, fromScale], ['to', to, toScale]]) {
        const view = frame[side];
        if (!view?.screen) continue;
        add(offset, [frame.timeUs, offsetOf(view, axis, size)]);
        const s = scaleOf(view, size);
        if (s < 0.999) scaled = true;
        add(scale, [frame.timeUs, s]);
      }
    }
  }
  const lanes = [
    { title: 'visual progress', series: [progress], min: 0, max: 1 },
    { title: 'position, share of the device', series: [from, to] },
  ];
  if (scaled) lanes.push(scaleLane([fromScale, toScale]));
  return lanes;
}

// A lane of scales, from a round step under the smallest to 1 (screens scale by a tenth or so: from 0 it would be flat).
export function scaleLane(series) {
  const smallest = series.flatMap((s) => s.segments.flat()).reduce((low, [, value]) => Math.min(low, value), 1);
  return { title: 'scale', series, min: Math.max(0, Math.floor(smallest * 20) / 20 - 0.05), max: 1 };
}

// Consecutive frames of one transition each.
function byTransition(frames) {
  const runs = [];
  for (const frame of frames) {
    if (!runs.length || runs.at(-1)[0].transitionId !== frame.transitionId) runs.push([]);
    runs.at(-1).push(frame);
  }
  return runs;
}

// The axis along which a transition's frames move its screens the most: 'x' or 'y'.
export function movingAxis(frames, size) {
  let spanX = 0, spanY = 0;
  for (const side of ['from', 'to']) {
    const xs = frames.map((f) => (f[side]?.rect?.x || 0) / size.width);
    const ys = frames.map((f) => (f[side]?.rect?.y || 0) / size.height);
    spanX = Math.max(spanX, range(xs));
    spanY = Math.max(spanY, range(ys));
  }
  return spanY > spanX ? 'y' : 'x';
}

// A screen's offset from its rest along `axis`, a share of the device (a scaled screen's centre moves by as much
// as its rect's origin does not: the centre is what reads as where it is).
export function offsetOf(view, axis, size) {
  const rect = view.rect || {};
  const length = axis === 'x' ? size.width : size.height;
  const origin = axis === 'x' ? rect.x || 0 : rect.y || 0;
  const extent = axis === 'x' ? rect.width || 0 : rect.height || 0;
  return (origin + extent / 2 - length / 2) / length;
}

export function scaleOf(view, size) {
  return size.width > 0 ? (view.rect?.width || 0) / size.width : 1;
}

function range(values) {
  return values.length ? Math.max(...values) - Math.min(...values) : 0;
}

function format(value) {
  return Math.abs(value) >= 10 ? value.toFixed(0) : value.toFixed(2);
}

export function svgElement(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}
