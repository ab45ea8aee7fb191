// Colours that stay apart under the common colour-vision deficiencies (Okabe & Ito, "Color
// Universal Design"). Nothing is told by colour alone: states also carry a symbol and a word.

import { scaleOrdinal } from 'd3';
import type { PodOutcome } from '../engine/api';

const OWNER_COLOURS = ['#56B4E9', '#E69F00', '#CC79A7', '#009E73', '#F0E442', '#0072B2', '#D55E00'];
const NO_OWNER = '#C8C8C8';

/** Pod chip colours by owning workload, fixed for a run (owners in creation order). */
export function ownerPalette(pods: readonly PodOutcome[]): (owner: string | undefined) => string {
  const owners = [...new Set(pods.flatMap((p) => (p.owner === undefined ? [] : [p.owner])))];
  const scale = scaleOrdinal<string, string>().domain(owners).range(OWNER_COLOURS);
  return (owner) => (owner === undefined ? NO_OWNER : scale(owner));
}

/** Text on a chip of this colour: white on the dark ones, black on the rest. */
export function textOn(colour: string): string {
  return colour === '#0072B2' || colour === '#D55E00' ? '#FFFFFF' : '#000000';
}
