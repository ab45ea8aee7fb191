// Colours that stay apart under the common colour-vision deficiencies (Okabe & Ito, "Color
// Universal Design"). Nothing is told by colour alone: states also carry a symbol and a word, and
// pod colours have a legend.

import type { PodOutcome } from '../engine/api';

const POD_COLOURS = ['#56B4E9', '#E69F00', '#CC79A7', '#009E73', '#F0E442', '#0072B2', '#D55E00'];
const NO_GROUP = '#C8C8C8';
/** Legend entries drawn before "and N more". */
const LEGEND_SHOWN = 8;

/** The labels that name an application, most specific first (Kubernetes' recommended labels). */
const APP_LABELS = ['app.kubernetes.io/name', 'app', 'k8s-app'];

/** What a pod is coloured by: its owning workload ("Deployment/web"), else its app label ("app=web"). */
export function podGroup(pod: Pick<PodOutcome, 'owner'> & { labels?: Record<string, string> }): string | undefined {
  if (pod.owner !== undefined) return pod.owner;
  const key = APP_LABELS.find((k) => pod.labels?.[k] !== undefined);
  return key === undefined ? undefined : `${key}=${pod.labels![key]}`;
}

export interface LegendEntry {
  group: string;
  colour: string;
  pods: number;
}

export interface PodPalette {
  colourOf(pod: PodOutcome): string;
  /** the groups in the order their first pod was created, with their colours */
  legend: LegendEntry[];
  /** groups beyond the legend's first entries */
  more: number;
}

/**
 * Pod colours by group, fixed for a run: the n-th group (in pod creation order) gets the n-th
 * colour, so a pod keeps its colour at every step; pods without a group are grey.
 */
export function podPalette(pods: readonly PodOutcome[]): PodPalette {
  const colours = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const pod of pods) {
    const group = podGroup(pod);
    if (group === undefined) continue;
    if (!colours.has(group)) colours.set(group, POD_COLOURS[colours.size % POD_COLOURS.length]!);
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  const legend = [...colours].slice(0, LEGEND_SHOWN).map(([group, colour]) => ({ group, colour, pods: counts.get(group)! }));
  return {
    colourOf: (pod) => {
      const group = podGroup(pod);
      // a pod of another run (drawn for a frame while the next run arrives) has no colour here: grey
      return group === undefined ? NO_GROUP : colours.get(group) ?? NO_GROUP;
    },
    legend,
    more: colours.size - legend.length,
  };
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text on a chip of this colour: black or white, whichever contrasts more. */
export function textOn(colour: string): string {
  return contrastRatio(colour, '#000000') >= contrastRatio(colour, '#FFFFFF') ? '#000000' : '#FFFFFF';
}

export const PALETTE_COLOURS: readonly string[] = [...POD_COLOURS, NO_GROUP];
