// A long name cut in its middle, never at its end: the head gives way (with "…") and the tail that
// tells replicas apart stays ("web-7d…-x2k4"). Pure CSS: the head shrinks, the tail does not.

import { nameParts } from '../format';

export function MiddleEllipsis({ text, className, title }: { text: string; className: string; title?: string }) {
  const [head, tail] = nameParts(text);
  return (
    <span className={`${className} middle-ellipsis`} {...(title !== undefined ? { title } : {})}>
      <span className="me-head">{head}</span>
      <span className="me-tail">{tail}</span>
    </span>
  );
}
