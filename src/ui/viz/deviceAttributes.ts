// The DRA device attributes a scenario's claims read, for the stage to draw beside each device
// (issue 19: dra-gpus asks which node has two GPUs on one PCIe root, and the stage drew no root).
// Read from the scenario's own objects, as written: ResourceSlices publish the attributes
// (spec.devices[].attributes), and a claim or claim template reads them through a constraint's
// matchAttribute or a CEL selector's device.attributes["domain"].name. Nothing here allocates;
// the devices each claim got come from the engine (./devices.ts).

import { parseAllDocuments } from 'yaml';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** `device.attributes["gpu.example.com"].pcieRoot` or `…["gpu.example.com"]["pcieRoot"]` in a CEL expression */
const CEL_ATTRIBUTE = /device\.attributes\["([^"]+)"\](?:\.([A-Za-z_][\w]*)|\["([^"]+)"\])/g;

/** The device spec of a ResourceClaim (spec.devices) or a ResourceClaimTemplate (spec.spec.devices). */
function claimDevices(doc: Json): Json | undefined {
  const spec = doc['spec'];
  if (!isObject(spec)) return undefined;
  const inner = doc['kind'] === 'ResourceClaimTemplate' ? spec['spec'] : spec;
  return isObject(inner) && isObject(inner['devices']) ? inner['devices'] : undefined;
}

/** Every CEL expression under a request (v1 `exactly` and `firstAvailable`, v1beta1's request itself). */
function celExpressions(request: unknown): string[] {
  if (!isObject(request)) return [];
  const exprs: string[] = [];
  for (const holder of [request, request['exactly'], ...list(request['firstAvailable'])]) {
    if (!isObject(holder)) continue;
    for (const s of list(holder['selectors'])) {
      const expression = isObject(s) && isObject(s['cel']) ? s['cel']['expression'] : undefined;
      if (typeof expression === 'string') exprs.push(expression);
    }
  }
  return exprs;
}

/** The qualified attribute names ("domain/name") the scenario's claims, claim templates and device classes read. */
export function attributesRead(docs: readonly Json[]): Set<string> {
  const names = new Set<string>();
  const fromCel = (expression: string) => {
    for (const m of expression.matchAll(CEL_ATTRIBUTE)) names.add(`${m[1]}/${m[2] ?? m[3]}`);
  };
  for (const doc of docs) {
    if (doc['kind'] === 'DeviceClass' && isObject(doc['spec'])) {
      for (const e of celExpressions(doc['spec'])) fromCel(e);
      continue;
    }
    if (doc['kind'] !== 'ResourceClaim' && doc['kind'] !== 'ResourceClaimTemplate') continue;
    const devices = claimDevices(doc);
    if (devices === undefined) continue;
    for (const c of list(devices['constraints'])) {
      const name = isObject(c) ? c['matchAttribute'] : undefined;
      if (typeof name === 'string') names.add(name);
    }
    for (const r of list(devices['requests'])) for (const e of celExpressions(r)) fromCel(e);
  }
  return names;
}

/** An attribute's value as a slice writes it: {string: …}, {int: …}, {bool: …} or {version: …}. */
function attributeValue(v: unknown): string | undefined {
  if (!isObject(v)) return undefined;
  for (const key of ['string', 'int', 'bool', 'version']) if (v[key] !== undefined && v[key] !== null) return String(v[key]);
  return undefined;
}

/**
 * Per device ("driver/pool/device", as allocations name it), the attributes the claims read, as
 * "name=value" (an unqualified attribute is in its driver's domain, as upstream qualifies it).
 */
export function deviceAttributes(text: string): Map<string, string[]> {
  const docs: Json[] = [];
  for (const doc of parseAllDocuments(text, { uniqueKeys: false })) {
    if (!('errors' in doc) || doc.errors.length > 0) continue;
    const value: unknown = doc.toJS();
    if (isObject(value) && value['kind'] === 'List') docs.push(...list(value['items']).filter(isObject));
    else if (isObject(value)) docs.push(value);
  }
  const read = attributesRead(docs);
  const byDevice = new Map<string, string[]>();
  if (read.size === 0) return byDevice;
  for (const slice of docs) {
    if (slice['kind'] !== 'ResourceSlice' || !isObject(slice['spec'])) continue;
    const spec = slice['spec'];
    const driver = spec['driver'];
    const pool = isObject(spec['pool']) ? spec['pool']['name'] : undefined;
    if (typeof driver !== 'string' || typeof pool !== 'string') continue;
    for (const device of list(spec['devices'])) {
      if (!isObject(device) || typeof device['name'] !== 'string') continue;
      const shown: string[] = [];
      for (const [key, v] of Object.entries(isObject(device['attributes']) ? device['attributes'] : {})) {
        const qualified = key.includes('/') ? key : `${driver}/${key}`;
        const value = attributeValue(v);
        if (read.has(qualified) && value !== undefined) shown.push(`${qualified.slice(qualified.indexOf('/') + 1)}=${value}`);
      }
      if (shown.length > 0) byDevice.set(`${driver}/${pool}/${device['name']}`, shown);
    }
  }
  return byDevice;
}
