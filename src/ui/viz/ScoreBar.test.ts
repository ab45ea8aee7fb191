import { schemeTableau10 } from 'd3';
import { describe, expect, it } from 'vitest';
import { pluginColour, TABLEAU_10 } from './ScoreBar';

describe("the score plugins' colours", () => {
  it("are d3's Tableau 10, written out so the page does not load all of d3-scale-chromatic", () => {
    expect(TABLEAU_10).toEqual(schemeTableau10);
  });

  it('give each default score plugin its own colour, and any other plugin one of the ten', () => {
    const defaults = ['TaintToleration', 'NodeAffinity', 'NodeResourcesFit', 'VolumeBinding', 'PodTopologySpread', 'InterPodAffinity', 'NodeResourcesBalancedAllocation', 'ImageLocality', 'DynamicResources'];
    expect(new Set(defaults.map(pluginColour)).size).toBe(defaults.length);
    expect(TABLEAU_10).toContain(pluginColour('MyScorePlugin'));
    expect(pluginColour('MyScorePlugin')).toBe(pluginColour('MyScorePlugin'));
  });
});
