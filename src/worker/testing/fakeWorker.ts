// A stand-in for the engine worker in unit tests: records what it is sent, replies and crashes on cue.
import type { WorkerLike, WorkerReply, WorkerRequest } from '../protocol';

export class FakeWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  received: WorkerRequest[] = [];
  terminated = false;
  postMessage(message: WorkerRequest) { this.received.push(message); }
  terminate() { this.terminated = true; }
  reply(reply: WorkerReply) { this.onmessage?.({ data: reply } as MessageEvent<WorkerReply>); }
  crash(message: string) { this.onerror?.({ message, preventDefault() {} } as ErrorEvent); }
}
