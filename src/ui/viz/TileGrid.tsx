// A large cluster's nodes as small squares, coloured by their state at the current step.
//
// Each node is still an element (data-testid="node-card", data-node, data-state: the test hooks,
// the hover tooltip and its place in the grid), but an element that never changes class or
// style: the colours are painted on one canvas behind the grid. A step that changes the state
// of a thousand nodes then changes a thousand attributes no style rule reads — no style
// recalculation, no layout — and redraws one canvas (about a millisecond), where coloured
// elements cost the main thread 15–25 ms of restyling per step.

import { memo, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { NodeState } from '../../store/selectors';
import { STATE_LABEL } from './NodeCard';

export interface Tile {
  name: string;
  state: NodeState;
  /** the Filter plugin that rejected the node, when it was */
  plugin?: string | undefined;
}

interface TileColours { fill: string; border: string }

/** The palette, from the page's CSS variables (read once per grid). */
function paletteOf(element: Element): Record<NodeState, TileColours> {
  const css = getComputedStyle(element);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const filtered = v('--filtered', '#d55e00');
  return {
    idle: { fill: '#ffffff', border: v('--idle', '#8a8a8a') },
    feasible: { fill: '#cfe6f5', border: v('--feasible', '#0072b2') },
    filtered: { fill: filtered, border: filtered },
    selected: { fill: v('--selected', '#009e73'), border: '#000000' },
    candidate: { fill: '#fbe3b0', border: v('--candidate', '#e69f00') },
  };
}

/** where each tile element sits in the grid, relative to the grid (measured after layout) */
interface Boxes { width: number; height: number; at: { x: number; y: number; size: number }[] }

/**
 * Measures the tiles' places. A grid that only grew (the same width, more tiles: a big cluster
 * is drawn a batch of tiles per frame) keeps the places measured before its last row and measures
 * from there: the tiles before it do not move when tiles are added after them (the grid wraps
 * from the start). Measuring all 15,000 tiles of upstream's largest shape at each of its 120
 * batches was most of the page's main-thread time while it appeared (seconds of it).
 */
function measure(grid: HTMLElement, before?: Boxes): Boxes {
  const tiles = grid.getElementsByClassName('node-tile');
  const width = grid.clientWidth;
  let from = 0;
  if (before !== undefined && before.width === width && before.at.length <= tiles.length) {
    // the last row may still change: measured again with the new tiles
    const lastY = before.at.at(-1)?.y;
    from = before.at.length;
    while (from > 0 && before.at[from - 1]!.y === lastY) from--;
  }
  const at: Boxes['at'] = before === undefined || from === 0 ? [] : before.at.slice(0, from);
  for (let i = from; i < tiles.length; i++) {
    const child = tiles[i] as HTMLElement;
    at.push({ x: child.offsetLeft, y: child.offsetTop, size: child.offsetWidth });
  }
  return { width, height: grid.clientHeight, at };
}

function paint(canvas: HTMLCanvasElement, boxes: Boxes, tiles: readonly Tile[], palette: Record<NodeState, TileColours>): void {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(boxes.width * ratio));
  const height = Math.max(1, Math.round(boxes.height * ratio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, boxes.width, boxes.height);
  const square = (i: number, grow: number, c: TileColours) => {
    const box = boxes.at[i];
    if (box === undefined) return;
    const x = box.x - grow;
    const y = box.y - grow;
    const size = box.size + 2 * grow;
    ctx.fillStyle = c.border;
    ctx.fillRect(x, y, size, size);
    ctx.fillStyle = c.fill;
    ctx.fillRect(x + 2, y + 2, size - 4, size - 4);
  };
  let selected = -1;
  tiles.forEach((tile, i) => {
    if (tile.state === 'selected') selected = i;
    else square(i, 0, palette[tile.state]);
  });
  // the chosen node is drawn last, larger, over its neighbours
  if (selected >= 0) square(selected, 3, palette.selected);
}

function tooltip(event: PointerEvent<HTMLElement>): void {
  const tile = event.target as HTMLElement;
  if (!tile.classList.contains('node-tile')) return;
  const state = tile.dataset.state as NodeState;
  const plugin = tile.dataset.plugin;
  tile.title = `${tile.dataset.node}: ${STATE_LABEL[state].word}${plugin ? ` — ${plugin}` : ''}`;
}

/** One node's element; re-rendered only when its own state changes. */
const TileElement = memo(function TileElement({ name, state, plugin }: Tile) {
  return <span className="node-tile" data-testid="node-card" data-node={name} data-state={state} data-plugin={plugin} />;
});

export const TileGrid = memo(function TileGrid({ tiles }: { tiles: readonly Tile[] }) {
  const grid = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const palette = useRef<Record<NodeState, TileColours> | null>(null);
  const [boxes, setBoxes] = useState<Boxes | undefined>(undefined);
  const count = tiles.length;

  // the tiles' places: again when the grid is resized or gets more tiles (from the last row on
  // when it only grew)
  const measured = useRef<Boxes | undefined>(undefined);
  useEffect(() => {
    const element = grid.current;
    if (element === null) return;
    const update = () => {
      measured.current = measure(element, measured.current);
      setBoxes(measured.current);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [count]);

  useEffect(() => {
    if (canvas.current === null || grid.current === null || boxes === undefined) return;
    palette.current ??= paletteOf(grid.current);
    paint(canvas.current, boxes, tiles, palette.current);
  }, [boxes, tiles]);

  return (
    <div ref={grid} className="lane-nodes tile-grid" onPointerOver={tooltip}>
      <canvas ref={canvas} className="tile-canvas" aria-hidden="true" />
      {tiles.map((t) => <TileElement key={t.name} name={t.name} state={t.state} plugin={t.plugin} />)}
    </div>
  );
});
