import { describe, expect, it } from 'vitest';
import { pod } from '../worker/testing/results';
import { contrastRatio, PALETTE_COLOURS, podGroup, podPalette, textOn } from './palette';

describe('podGroup', () => {
  it.each([
    ['the owning workload first', { owner: 'Deployment/web', labels: { app: 'shop' } }, 'Deployment/web'],
    ['app.kubernetes.io/name before app', { labels: { app: 'x', 'app.kubernetes.io/name': 'shop' } }, 'app.kubernetes.io/name=shop'],
    ['the app label', { labels: { app: 'ha', tier: 'db' } }, 'app=ha'],
    ['k8s-app', { labels: { 'k8s-app': 'dns' } }, 'k8s-app=dns'],
    ['nothing for a bare pod', { labels: { tier: 'db' } }, undefined],
  ])('%s', (_, p, group) => {
    expect(podGroup(p)).toBe(group);
  });
});

describe('podPalette', () => {
  const pods = [
    pod('default/a-1', { owner: 'ReplicaSet/a' }),
    pod('default/bare'),
    pod('default/b-1', { owner: 'ReplicaSet/b' }),
    pod('default/a-2', { owner: 'ReplicaSet/a' }),
  ];

  it('gives each group a colour of its own in creation order, and bare pods grey', () => {
    const palette = podPalette(pods);
    expect(palette.legend.map((e) => [e.group, e.pods])).toEqual([['ReplicaSet/a', 2], ['ReplicaSet/b', 1]]);
    expect(palette.colourOf(pods[0]!)).toBe(palette.colourOf(pods[3]!));
    expect(palette.colourOf(pods[0]!)).not.toBe(palette.colourOf(pods[2]!));
    expect(palette.colourOf(pods[1]!)).not.toBe(palette.colourOf(pods[0]!));
    expect(palette.legend.map((e) => e.colour)).not.toContain(palette.colourOf(pods[1]!));
  });

  it('is the same for the same pods (a pod keeps its colour at every step and on every render)', () => {
    const again = podPalette([...pods]);
    for (const p of pods) expect(again.colourOf(p)).toBe(podPalette(pods).colourOf(p));
  });

  it('does not reshuffle when a pod of a new group is created later', () => {
    const before = podPalette(pods);
    const after = podPalette([...pods, pod('default/c-1', { owner: 'ReplicaSet/c' })]);
    for (const p of pods) expect(after.colourOf(p)).toBe(before.colourOf(p));
  });

  it('colours a pod of a group it has never seen (another run\'s, for a frame) grey, a colour chips can take text on', () => {
    const stranger = pod('default/z-1', { owner: 'ReplicaSet/z' });
    const colour = podPalette(pods).colourOf(stranger);
    expect(colour).toBe(podPalette(pods).colourOf(pods[1]!));
    expect(textOn(colour)).toBe('#000000');
  });

  it('lists at most 8 groups and counts the rest', () => {
    const many = Array.from({ length: 11 }, (_, i) => pod(`default/p${i}`, { owner: `Job/j${i}` }));
    const palette = podPalette(many);
    expect(palette.legend).toHaveLength(8);
    expect(palette.more).toBe(3);
  });
});

describe('textOn', () => {
  it.each(PALETTE_COLOURS)('text on %s has at least 4.5:1 contrast (WCAG AA)', (colour) => {
    expect(contrastRatio(colour, textOn(colour))).toBeGreaterThanOrEqual(4.5);
  });

  it('computes WCAG contrast: black on white is 21:1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});
