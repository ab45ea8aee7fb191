// The browser finder's decision table (e2e/chromium.mjs): which Chromium `npm test` uses, what it
// tries to install when there is none, and the one command it prints when it cannot.
import { describe, expect, it } from 'vitest';
import { APT_BINARY, findChromium, installers, missingCommand, type FindProbe } from './chromium.mjs';

const PLAYWRIGHT = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

function probe(executables: string[], overrides: Partial<FindProbe> = {}): FindProbe {
  return {
    override: undefined,
    isExecutable: (path) => executables.includes(path),
    pathDirs: ['/usr/local/bin', '/usr/bin'],
    playwrightPath: PLAYWRIGHT,
    ...overrides,
  };
}

describe('findChromium', () => {
  it.each([
    { name: 'PODPLAY_CHROMIUM wins over everything', exe: ['/opt/chrome', '/usr/bin/chromium', PLAYWRIGHT], over: { override: '/opt/chrome' }, want: { path: '/opt/chrome', source: 'PODPLAY_CHROMIUM' } },
    { name: 'a PODPLAY_CHROMIUM that is not there is an error, not a fallback', exe: ['/usr/bin/chromium'], over: { override: '/opt/none' }, want: { error: 'PODPLAY_CHROMIUM=/opt/none is not an executable file' } },
    { name: 'the first PATH directory that has one', exe: ['/usr/local/bin/google-chrome', '/usr/bin/chromium'], over: {}, want: { path: '/usr/local/bin/google-chrome', source: 'the system (PATH)' } },
    { name: 'chromium-browser (Ubuntu) on PATH', exe: ['/usr/bin/chromium-browser'], over: {}, want: { path: '/usr/bin/chromium-browser', source: 'the system (PATH)' } },
    { name: "Playwright's own when PATH has none", exe: [PLAYWRIGHT], over: {}, want: { path: PLAYWRIGHT, source: "Playwright's own download" } },
    { name: "system before Playwright's", exe: [PLAYWRIGHT, '/usr/bin/chromium'], over: {}, want: { path: '/usr/bin/chromium', source: 'the system (PATH)' } },
    { name: "Debian's binary when PATH lacks /usr/bin", exe: [APT_BINARY], over: { pathDirs: ['/empty'] }, want: { path: APT_BINARY, source: "Debian's chromium package" } },
    { name: 'nothing anywhere', exe: [], over: {}, want: undefined },
    { name: 'Playwright without a browser of its own', exe: [], over: { playwrightPath: undefined }, want: undefined },
  ])('$name', ({ exe, over, want }) => {
    expect(findChromium(probe(exe, over))).toEqual(want);
  });
});

describe('installers', () => {
  it.each([
    { name: 'download host answers, not root', p: { downloadReachable: true, isRoot: false, hasApt: true }, want: ['playwright'] },
    { name: 'download host answers, root with apt: Playwright first, apt as the fallback', p: { downloadReachable: true, isRoot: true, hasApt: true }, want: ['playwright', 'apt'] },
    { name: 'no network, root with apt (a mirror may still answer)', p: { downloadReachable: false, isRoot: true, hasApt: true }, want: ['apt'] },
    { name: 'no network, root without apt', p: { downloadReachable: false, isRoot: true, hasApt: false }, want: [] },
    { name: 'no network, not root', p: { downloadReachable: false, isRoot: false, hasApt: true }, want: [] },
  ])('$name', ({ p, want }) => {
    expect(installers(p)).toEqual(want);
  });
});

describe('missingCommand', () => {
  it.each([
    { name: 'apt but not root: sudo apt-get', p: { isRoot: false, hasApt: true }, want: 'sudo apt-get install -y chromium' },
    { name: 'no apt: Playwright', p: { isRoot: false, hasApt: false }, want: 'npx playwright install chromium' },
    { name: 'root with apt that failed: Playwright (apt was tried)', p: { isRoot: true, hasApt: true }, want: 'npx playwright install chromium' },
  ])('$name', ({ p, want }) => {
    expect(missingCommand(p)).toBe(want);
  });
});
