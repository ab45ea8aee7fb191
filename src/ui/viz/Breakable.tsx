// Names on the stage that a narrow card wraps between their parts, never inside a word.

import { Fragment } from 'react';

/**
 * A name or key=value:Effect with line-break opportunities after =, / and the dots of a domain,
 * before :, and between CamelCase words ("ToBeDeletedByCluster·Autoscaler", "node.·kubernetes.·io/",
 * "Dynamic·Resources"; not "…ClusterAuto" / "scaler", "node.kubernete" / "s.io" or
 * "DynamicResource" / "s": issue 19, names cut mid-word). The text read stays the name.
 */
export function breakable(text: string) {
  return text.split(/(?<=[=/.])|(?=:)|(?<=[a-z])(?=[A-Z])/).map((part, i) => <Fragment key={i}>{i > 0 && <wbr />}{part}</Fragment>);
}
