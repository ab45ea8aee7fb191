// Name and label syntax, with upstream's messages.
// upstream: staging/src/k8s.io/apimachinery/pkg/api/validate/content/{kube.go,dns.go,errors.go},
// staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go,
// staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go (message shapes).

import { boundedJson, quote } from './quote';

/** upstream: RegexError */
export function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  // upstream appends " or " after "'x', ", hence the double space: "'MyName',  or 'my.name', "
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${re}')`;
}

export const maxLenError = (length: number): string => `must be no more than ${length} bytes`;
export const emptyError = (): string => 'must be non-empty';

const labelKeyFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const labelKeyErrMsg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelKeyRegexp = new RegExp(`^${labelKeyFmt}$`);
const labelValueFmt = `(${labelKeyFmt})?`;
const labelValueErrMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueRegexp = new RegExp(`^${labelValueFmt}$`);

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const dns1123LabelRegexp = new RegExp(`^${dns1123LabelFmt}$`);
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1123SubdomainRegexp = new RegExp(`^${dns1123SubdomainFmt}$`);
const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const dns1035LabelRegexp = new RegExp(`^${dns1035LabelFmt}$`);

/** Go's len(): bytes of the UTF-8 encoding (at least s.length: a long string is not walked). */
function byteLength(s: string): number {
  if (s.length > 253) return s.length;
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** upstream: IsDNS1123Subdomain */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxLenError(253));
  if (!dns1123SubdomainRegexp.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

/** upstream: IsDNS1123Label */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!dns1123LabelRegexp.test(value)) {
    if (dns1123SubdomainRegexp.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** upstream: IsDNS1035Label */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!dns1035LabelRegexp.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
  return errs;
}

/** upstream: content.IsLabelKey (IsQualifiedName) */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [`a valid label key ${regexError(labelKeyErrMsg, labelKeyFmt, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push(`name part ${emptyError()}`);
  else if (byteLength(name) > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!labelKeyRegexp.test(name)) errs.push(`name part ${regexError(labelKeyErrMsg, labelKeyFmt, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** upstream: content.IsLabelValue */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!labelValueRegexp.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

const percentFmt = '[0-9]+%';
/** upstream: IsValidPercent */
export function isValidPercent(value: string): string[] {
  if (/^[0-9]+%$/.test(value)) return [];
  return [regexError("a valid percent string must be a numeric string followed by an ending '%'", percentFmt, '1%', '93%')];
}

// ---- field error shapes (upstream: field.Error.Error()) ----

/** How upstream prints a value in "Invalid value: ..." (strings quoted, others as JSON). */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  return boundedJson(v);
}

export const invalid = (value: unknown, detail: string): string => `Invalid value: ${formatValue(value)}: ${detail}`;
export const required = (detail = ''): string => (detail ? `Required value: ${detail}` : 'Required value');
export const forbidden = (detail: string): string => `Forbidden: ${detail}`;
export const duplicate = (value: unknown): string => `Duplicate value: ${formatValue(value)}`;
export const notSupported = (value: unknown, supported: readonly string[]): string =>
  `Unsupported value: ${formatValue(value)}: supported values: ${supported.map(quote).join(', ')}`;
