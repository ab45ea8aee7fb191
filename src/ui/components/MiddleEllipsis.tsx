// A long name cut in its middle, never at its end: the head gives way (with "…") and the tail that
// tells replicas apart stays ("web-7d…-x2k4"). Pure CSS: the head shrinks, the tail does not.

import { nameParts } from '../format';

export function MiddleEllipsis({ text, className, title }: { text: string; className: string; title?: string }) {
  const [head, tail] = nameParts(text);
  return (
    // never narrower than "…" and the tail (in ch: chips and the cycle indicator are monospaced)
    <span className={`${className} middle-ellipsis`} style={{ minWidth: `${head === '' ? tail.length : tail.length + 1}ch` }} {...(title !== undefined ? { title } : {})}>
      <span className="me-head">{head}</span>
      <span className="me-tail">{tail}</span>
    </span>
  );
}
