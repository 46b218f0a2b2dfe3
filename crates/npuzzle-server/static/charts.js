// Small SVG charts drawn by hand: a horizontal bar chart on a log scale and
// a histogram with one bar marked.

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Bars for `rows` [{label, value}] on a log10 scale; rows without a value say why.
export function logBars(title, rows, format) {
  const rowHeight = 20;
  const labelWidth = 190;
  const width = 560;
  const barSpace = width - labelWidth - 90;
  const values = rows.filter((r) => r.value > 0).map((r) => r.value);
  const max = Math.max(10, ...values);
  const min = Math.min(1, ...values);
  const lo = Math.floor(Math.log10(min));
  const hi = Math.ceil(Math.log10(max));
  const scale = (v) => ((Math.log10(Math.max(v, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * barSpace;
  const height = rows.length * rowHeight + 34;
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `${title}, log scale` });
  svg.append(el('title', {}, `${title} (log scale)`));
  svg.append(el('text', { x: 0, y: 12, class: 'chart-title' }, `${title} (log scale)`));
  rows.forEach((row, i) => {
    const y = 22 + i * rowHeight;
    svg.append(el('text', { x: labelWidth - 6, y: y + 13, 'text-anchor': 'end', class: 'chart-label' }, row.label));
    if (row.value > 0) {
      const w = Math.max(2, scale(row.value));
      svg.append(el('rect', { x: labelWidth, y: y + 3, width: w, height: rowHeight - 6, class: 'bar' }));
      svg.append(el('text', { x: labelWidth + w + 4, y: y + 13, class: 'chart-value' }, format(row.value)));
    } else {
      svg.append(el('text', { x: labelWidth, y: y + 13, class: 'chart-value muted' }, row.note ?? '—'));
    }
  });
  for (let p = lo; p <= hi; p++) {
    const x = labelWidth + ((p - lo) / Math.max(1, hi - lo)) * barSpace;
    svg.append(el('line', { x1: x, x2: x, y1: 18, y2: height - 12, class: 'grid' }));
    svg.append(el('text', { x, y: height - 1, 'text-anchor': 'middle', class: 'chart-axis' }, power(p)));
  }
  return svg;
}

// 10^p as a reader writes it: 0.01, 0.1, 1, 10, 100, 1,000, then 10k, 100k,
// 1M… (short, so that neighbouring ticks do not run into each other).
export function power(p) {
  if (p < 4) return (10 ** p).toLocaleString('en-US', { maximumFractionDigits: Math.max(0, -p) });
  const [unit, exponent] = p < 6 ? ['k', 3] : p < 9 ? ['M', 6] : ['G', 9];
  return `${10 ** (p - exponent)}${unit}`;
}

// A histogram of counts per distance, the bar at `mark` highlighted; `unit`
// names what the distances count.
export function histogram(counts, mark, unit = 'moves') {
  const width = 560;
  const height = 180;
  const left = 8;
  const bottom = 22;
  const max = Math.max(...counts, 1);
  const bw = (width - left) / counts.length;
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': `boards at each distance from the goal${mark != null ? `; this board is ${mark} ${unit} away` : ''}`,
  });
  counts.forEach((count, d) => {
    const h = (count / max) * (height - bottom - 16);
    const rect = el('rect', {
      x: left + d * bw + 0.5,
      y: height - bottom - h,
      width: Math.max(1, bw - 1),
      height: Math.max(count > 0 ? 1 : 0, h),
      class: d === mark ? 'bar marked' : 'bar',
    });
    rect.append(el('title', {}, `${d} ${unit}: ${count.toLocaleString()} boards`));
    svg.append(rect);
  });
  const step = Math.max(1, Math.ceil(counts.length / 12));
  for (let d = 0; d < counts.length; d += step) {
    svg.append(el('text', { x: left + d * bw + bw / 2, y: height - 6, 'text-anchor': 'middle', class: 'chart-axis' }, d));
  }
  if (mark != null && mark < counts.length) {
    const x = left + mark * bw + bw / 2;
    // Beside the line, on the side with room: the label is far narrower than half the chart.
    const right = x < width / 2;
    svg.append(el('line', { x1: x, x2: x, y1: 16, y2: height - bottom, class: 'mark-line' }));
    svg.append(el('text', { x: right ? x + 4 : x - 4, y: 12, 'text-anchor': right ? 'start' : 'end', class: 'chart-mark' }, `this board: ${mark} ${unit}`));
  }
  return svg;
}
