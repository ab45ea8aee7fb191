// Claim constraints: matchAttribute (every device has the attribute, all with one value) and,
// with DRAConsumableCapacity, distinctAttribute (every device has it, each value once).
// upstream: staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
// constraint.go and allocator_experimental.go (matchAttributeConstraint, lookupAttribute), v1.35.

import type { Device, DeviceAttribute, DeviceConstraint } from '../model/resource';

/** upstream: constraint — add/remove as devices are tried */
export interface Constraint {
  add(base: string, sub: string | undefined, device: Device, driver: string): boolean;
  remove(base: string, sub: string | undefined, device: Device, driver: string): void;
}

/** a constraint's attribute name, split once (a constraint looks it up on every device it tries) */
interface AttributeName { name: string; domain: string | undefined; id: string }
function attributeName(name: string): AttributeName {
  const i = name.indexOf('/');
  return { name, domain: i < 0 ? undefined : name.slice(0, i), id: name.slice(i + 1) };
}

/** upstream: lookupAttribute — "domain/id", or just "id" when the domain is the driver's */
function lookupAttribute(device: Device, driver: string, a: AttributeName): DeviceAttribute | undefined {
  const attrs = device.attributes;
  if (attrs === undefined) return undefined;
  if (Object.hasOwn(attrs, a.name)) return attrs[a.name];
  if (a.domain === undefined || a.domain !== driver) return undefined;
  return Object.hasOwn(attrs, a.id) ? attrs[a.id] : undefined;
}

function attributeKey(a: DeviceAttribute): string | undefined {
  if (a.string !== undefined) return `s:${a.string}`;
  if (a.int !== undefined) return `i:${a.int}`;
  if (a.bool !== undefined) return `b:${a.bool}`;
  if (a.version !== undefined) return `v:${a.version}`;
  return undefined;
}

function appliesTo(requests: readonly string[] | undefined, base: string, sub: string | undefined): boolean {
  if (!requests || requests.length === 0) return true;
  return requests.includes(base) || (sub !== undefined && requests.includes(`${base}/${sub}`));
}

/** upstream: matchAttributeConstraint — every device has the attribute, all with one value */
export function matchAttributeConstraint(c: DeviceConstraint): Constraint {
  const attribute = attributeName(c.matchAttribute!);
  let value: string | undefined;
  let num = 0;
  return {
    add(base, sub, device, driver) {
      if (!appliesTo(c.requests, base, sub)) return true;
      const a = lookupAttribute(device, driver, attribute);
      const key = a && attributeKey(a);
      if (key === undefined) return false;
      if (num === 0) { value = key; num = 1; return true; }
      if (key !== value) return false;
      num++;
      return true;
    },
    remove(base, sub) { if (appliesTo(c.requests, base, sub)) num--; },
  };
}

/** upstream (incubating): distinctAttributeConstraint — every device has the attribute, each value once */
export function distinctAttributeConstraint(c: DeviceConstraint): Constraint {
  const attribute = attributeName(c.distinctAttribute!);
  const seen = new Map<string, number>();
  return {
    add(base, sub, device, driver) {
      if (!appliesTo(c.requests, base, sub)) return true;
      const a = lookupAttribute(device, driver, attribute);
      const key = a && attributeKey(a);
      if (key === undefined || seen.has(key)) return false;
      seen.set(key, 1);
      return true;
    },
    remove(base, sub, device, driver) {
      if (!appliesTo(c.requests, base, sub)) return;
      const a = lookupAttribute(device, driver, attribute);
      const key = a && attributeKey(a);
      if (key !== undefined) seen.delete(key);
    },
  };
}
