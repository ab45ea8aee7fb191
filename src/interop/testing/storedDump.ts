// One run of a production-like dump's generator (fleetDump.ts, karpenterDump.ts): its objects as
// the API server stores them (apiServerStore.ts), each restamped as stored `minutes` before the
// dump was taken, the pods kept apart from the other items.

import { ApiServer, STORE_TIME } from './apiServerStore';
import { ago, uid } from './pendingClusterDump';

type Obj = Record<string, unknown>;

export class StoredDump {
  private readonly server = new ApiServer(35);
  protected seq = 0;
  readonly items: Obj[] = [];
  readonly pods: Obj[] = [];
  /**
   * `messages`: a Pending pod's FailedScheduling message by namespace/name; `uidSpace` keeps one
   * generator's uids apart from another's; `options` as ApiServer.store takes them
   */
  constructor(
    private readonly messages: Record<string, string>,
    private readonly uidSpace: number,
    private readonly options: { priority: Record<string, number>; defaultStorageClass?: string },
  ) {}

  /** `created` stored `minutes` ago; the store's clock replaced by that time */
  store(created: Obj, minutes: number, opts: { node?: string; pending?: boolean } = {}, into: Obj[] = this.items): Obj {
    const meta = created.metadata as Obj;
    meta.uid ??= uid(this.uidSpace, this.seq++);
    const key = `${String(meta.namespace)}/${String(meta.name)}`;
    const stored = this.server.store(created, { node: opts.node, pending: opts.pending ? this.messages[key] ?? '' : undefined, ...this.options });
    const restamped = JSON.parse(JSON.stringify(stored).replaceAll(STORE_TIME, ago(minutes))) as Obj;
    into.push(restamped);
    return restamped;
  }
}
