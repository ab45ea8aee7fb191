// A long name cut in its middle, never at its end: the head gives way (with "…") and the tail that
// tells replicas apart stays ("web-7d…-x2k4"). Pure CSS: the head shrinks, the tail does not.

import { nameParts } from '../format';

export function MiddleEllipsis({ text, className, title }: { text: string; className: string; title?: string }) {
  const [head, tail] = nameParts(text);
  return (
    // never narrower than the tail and three characters of the head: Chromium draws no "…" in a
    // box one character wide, it cuts the head to its first letter ("d-x2k4q"); in ch, as chips
    // and the cycle indicator are monospaced
    <span className={`${className} middle-ellipsis`} style={{ minWidth: `${tail.length + Math.min(head.length, 3)}ch` }} {...(title !== undefined ? { title } : {})}>
      <span className="me-head">{head}</span>
      <span className="me-tail">{tail}</span>
    </span>
  );
}
